"""Goldens for genvarloader.concat (GenVarLoader 0.43.1): datasets split by regions and by samples, and GVL's join.

Run from the repository root (see README.md beside this file for the venv):

    /path/to/venv/bin/python tools/goldens/gvl043/gen_concat.py

It writes, under gvl-testdata/src/main/resources/gvl043/concat/:
- demo_r0/, demo_r1/    the demo VCF over the even and the odd rows of the first twelve demo regions (all samples,
                        max_jitter 16), so the joined region order interleaves the two inputs;
- demo_regions/         genvarloader.concat([demo_r0, demo_r1], axis="regions");
- demo_s0/, demo_s1/    the first eight demo regions for the even and the odd samples (max_jitter 16);
- demo_samples/         genvarloader.concat([demo_s0, demo_s1], axis="samples");
- syn_r0/, syn_r1/      the synthetic fixture (per-sample bigWig track "bw", annotation track "annot", max_jitter 4)
                        over its first five and last five regions;
- syn_regions/          genvarloader.concat([syn_r0, syn_r1], axis="regions");
- syn_s0/, syn_s1/      the synthetic fixture for samples s0, s2 and for s1;
- syn_samples/          genvarloader.concat([syn_s0, syn_s1], axis="samples");
- refusals.json         the first line of GVL's error for each input pair that concat refuses.

GVL writes indexes beside its inputs, so every input is copied into a temporary directory first.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

import genvarloader as gvl

ROOT = Path(__file__).resolve().parents[3]
DEMO = ROOT / "demo-data"
SYN = ROOT.parent / "shared/data/gvl-fixtures/synthetic"
OUT = ROOT / "gvl-testdata/src/main/resources/gvl043/concat"
DEMO_SAMPLES = [f"S{i:02d}" for i in range(16)]


def bed_rows(src: Path, dst: Path, rows: list[int]) -> Path:
    lines = src.read_text().splitlines()
    dst.write_text("\n".join(lines[i] for i in rows) + "\n")
    return dst


def refusal(out: Path, inputs: list[Path], axis: str) -> str:
    try:
        gvl.concat(out, inputs, axis=axis, overwrite=True)
    except Exception as e:  # recorded: the goldens say which check GVL applies
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"
    return "accepted"


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="gvl043-concat-"))
    try:
        demo, syn_in = work / "demo", work / "synthetic"
        shutil.copytree(DEMO, demo)
        shutil.copytree(SYN, syn_in, ignore=shutil.ignore_patterns("*.gvlfa*", "*.gvi*"))
        vcf = demo / "z_synth16.norm.vcf.gz"
        ds = work / "ds"
        ds.mkdir()

        even = bed_rows(demo / "regions.bed", work / "even.bed", list(range(0, 12, 2)))
        odd = bed_rows(demo / "regions.bed", work / "odd.bed", list(range(1, 12, 2)))
        gvl.write(ds / "demo_r0", bed=even, variants=vcf, max_jitter=16, overwrite=True)
        gvl.write(ds / "demo_r1", bed=odd, variants=vcf, max_jitter=16, overwrite=True)
        gvl.concat(ds / "demo_regions", [ds / "demo_r0", ds / "demo_r1"], axis="regions", overwrite=True)

        first8 = bed_rows(demo / "regions.bed", work / "first8.bed", list(range(8)))
        gvl.write(ds / "demo_s0", bed=first8, variants=vcf, samples=DEMO_SAMPLES[0::2], max_jitter=16,
                  overwrite=True)
        gvl.write(ds / "demo_s1", bed=first8, variants=vcf, samples=DEMO_SAMPLES[1::2], max_jitter=16,
                  overwrite=True)
        gvl.concat(ds / "demo_samples", [ds / "demo_s0", ds / "demo_s1"], axis="samples", overwrite=True)

        bws = gvl.BigWigs("bw", {s: str(syn_in / f"bw_seed42/{s}.bw") for s in ("s0", "s1", "s2")})
        annot = {"annot": str(syn_in / "bw_5ss/s0.bw")}
        syn_vcf = syn_in / "filtered.vcf.gz"
        head = bed_rows(syn_in / "regions.bed", work / "syn_head.bed", list(range(5)))
        tail = bed_rows(syn_in / "regions.bed", work / "syn_tail.bed", list(range(5, 10)))
        for name, bed in (("syn_r0", head), ("syn_r1", tail)):
            gvl.write(ds / name, bed=bed, variants=syn_vcf, tracks=bws, annot_tracks=annot, max_jitter=4,
                      overwrite=True)
        gvl.concat(ds / "syn_regions", [ds / "syn_r0", ds / "syn_r1"], axis="regions", overwrite=True)
        for name, samples in (("syn_s0", ["s0", "s2"]), ("syn_s1", ["s1"])):
            gvl.write(ds / name, bed=syn_in / "regions.bed", variants=syn_vcf, tracks=bws, annot_tracks=annot,
                      samples=samples, max_jitter=4, overwrite=True)
        gvl.concat(ds / "syn_samples", [ds / "syn_s0", ds / "syn_s1"], axis="samples", overwrite=True)

        refused = work / "refused"
        refusals = {
            "regions_with_different_samples": refusal(refused, [ds / "demo_s0", ds / "demo_s1"], "regions"),
            "samples_with_different_regions": refusal(refused, [ds / "demo_r0", ds / "demo_r1"], "samples"),
            "samples_overlapping": refusal(refused, [ds / "demo_r0", ds / "demo_r0"], "samples"),
            "different_variant_tables": refusal(refused, [ds / "demo_r0", ds / "syn_r0"], "regions"),
            "different_tracks": refusal(refused, [ds / "syn_s0", ds / "demo_s1"], "samples"),
        }

        if OUT.exists():
            shutil.rmtree(OUT)
        OUT.mkdir(parents=True)
        for d in sorted(ds.iterdir()):
            if d.is_dir():
                shutil.copytree(d, OUT / d.name, ignore=shutil.ignore_patterns("*.lock"))
        meta = {
            "generator": "tools/goldens/gvl043/gen_concat.py",
            "genvarloader": gvl.__version__ if hasattr(gvl, "__version__") else "0.43.1",
            "refusals": refusals,
        }
        (OUT / "refusals.json").write_text(json.dumps(meta, indent=2) + "\n")
        print(json.dumps(refusals, indent=2))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
