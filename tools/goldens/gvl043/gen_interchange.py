"""Goldens for dataset interchange with GenVarLoader 0.43.1: float strands, big seeds, gvl-written variant tables.

Run from the repository root (see README.md beside this file for the venv):

    /path/to/venv/bin/python tools/goldens/gvl043/gen_interchange.py

It writes, under gvl-testdata/src/main/resources/gvl043/interchange/:
- dot_ds/        a dataset written by GenVarLoader from the first six demo regions with '.' strands on every second
                 one, so its regions.npy is float64 with NaN strands (a GVL quirk gvl must open);
- seed_ds/       the same six regions with their real strands;
- mixed_ds/      genvarloader.concat of seed_ds and gvl's write of the next six regions with --reuse-gvl-index;
- outputs.npz    GVL's outputs: deterministic fixed-length haplotypes of dot_ds, and jittered, randomly shifted
                 haplotypes of seed_ds for each seed in outputs.json (seeds beyond 64 bits included);
- outputs.json   the seeds (as decimal strings), shapes, and the checks made against a gvl-written dataset.

The gvl-written dataset comes from this checkout's own command line (./gvl write), so the generator also records
how GenVarLoader reads gvl's variants.arrow (column types) and whether genvarloader.concat accepts a mix.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import genvarloader as gvl
import numpy as np
import pyarrow.ipc as ipc

ROOT = Path(__file__).resolve().parents[3]
DEMO = ROOT / "demo-data"
OUT = ROOT / "gvl-testdata/src/main/resources/gvl043/interchange"
SAMPLES = ["S00", "S03"]
LENGTH = 1000
JITTER = 16
SEEDS = [0, 7, 2**63 - 1, 2**63, 2**64, 2**64 + 12345, 2**100, 3**90]


def first_regions(src: Path, dst: Path, dots: bool, n: int = 6, skip: int = 0) -> None:
    """BED rows skip .. skip + n; with dots, every second strand becomes '.'."""
    rows = src.read_text().splitlines()[skip:skip + n]
    out = []
    for i, line in enumerate(rows):
        f = line.split("\t")
        if dots and i % 2 == 1:
            f[5] = "."
        out.append("\t".join(f))
    dst.write_text("\n".join(out) + "\n")


def haps(ds: gvl.Dataset, **settings) -> np.ndarray:
    view = ds.with_seqs("haplotypes").with_len(LENGTH).with_settings(**settings)
    return np.asarray(view[:, SAMPLES])


def column_types(arrow: Path) -> dict[str, str]:
    with ipc.open_file(arrow) as f:
        return {field.name: str(field.type) for field in f.schema}


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="gvl043-interchange-"))
    try:
        for f in DEMO.iterdir():
            shutil.copy(f, work / f.name)
        bed = work / "dot.bed"
        first_regions(work / "regions.bed", bed, dots=True)
        seed_bed = work / "seed.bed"
        first_regions(work / "regions.bed", seed_bed, dots=False)
        vcf = work / "z_synth16.norm.vcf.gz"
        ref = work / "z.fa"

        gvl_py = work / "dot_ds"
        gvl.write(gvl_py, bed=bed, variants=vcf, max_jitter=JITTER, overwrite=True)
        regions = np.load(gvl_py / "regions.npy")
        assert regions.dtype == np.float64 and np.isnan(regions[:, 3]).any(), regions.dtype

        ds = gvl.Dataset.open(gvl_py, ref)
        arrays = {"deterministic": haps(ds, deterministic=True)}
        # GVL serves only deterministic, unjittered queries on float regions (a random shift fails to cast), so
        # the seeds run on the same regions written with real strands.
        seed_py = work / "seed_ds"
        gvl.write(seed_py, bed=seed_bed, variants=vcf, max_jitter=JITTER, overwrite=True)
        seed_ds = gvl.Dataset.open(seed_py, ref)
        for i, seed in enumerate(SEEDS):
            arrays[f"seed{i}"] = haps(seed_ds, jitter=JITTER, deterministic=False, rng=seed)

        # A dataset written by gvl from the same inputs, read by GenVarLoader.
        gvl_java = work / "gvl_ds"
        subprocess.run([str(ROOT / "gvl"), "write", "--bed", str(seed_bed), "--vcf", str(vcf),
                        "--max-jitter", str(JITTER), str(gvl_java)], check=True)
        java_ds = gvl.Dataset.open(gvl_java, ref)
        same_haps = all(
            bool(np.array_equal(haps(java_ds, jitter=JITTER, deterministic=False, rng=s),
                                haps(seed_ds, jitter=JITTER, deterministic=False, rng=s)))
            for s in SEEDS)
        var_java = java_ds.with_seqs("variants")[0, SAMPLES[0]]
        var_py = seed_ds.with_seqs("variants")[0, SAMPLES[0]]
        checks = {
            "gvl_written_haplotypes_equal": same_haps,
            "gvl_written_variants_arrow_types": column_types(gvl_java / "genotypes/variants.arrow"),
            "gvl043_variants_arrow_types": column_types(gvl_py / "genotypes/variants.arrow"),
            "gvl_written_start_dtype": str(np.asarray(var_java["start"].data).dtype),
            "gvl043_start_dtype": str(np.asarray(var_py["start"].data).dtype),
        }
        try:
            gvl.concat(work / "mixed", [seed_py, gvl_java], axis="regions", overwrite=True)
            checks["concat_mixed"] = "accepted"
        except Exception as e:  # recorded, not hidden: the goldens say what GVL does with a mix
            checks["concat_mixed"] = f"refused: {type(e).__name__}: {str(e).splitlines()[0]}"

        # With --reuse-gvl-index gvl stores GVL's own index (left beside the VCF by the write above), so GVL's concat
        # takes the mix; the concatenated dataset is kept for gvl to read.
        gvl_reuse = work / "gvl_reuse_ds"
        next_bed = work / "next.bed"
        first_regions(work / "regions.bed", next_bed, dots=False, skip=6)
        subprocess.run([str(ROOT / "gvl"), "write", "--bed", str(next_bed), "--vcf", str(vcf), "--reuse-gvl-index",
                        "--max-jitter", str(JITTER), str(gvl_reuse)], check=True)
        mixed = work / "mixed_ds"
        gvl.concat(mixed, [seed_py, gvl_reuse], axis="regions", overwrite=True)
        mixed_ds = gvl.Dataset.open(mixed, ref)
        n = len(seed_bed.read_text().splitlines())
        halves = haps(mixed_ds, deterministic=True)
        checks["concat_with_reused_index"] = "accepted"
        checks["concat_halves_equal_inputs"] = bool(
            np.array_equal(halves[:n], haps(seed_ds, deterministic=True))
            and np.array_equal(halves[n:], haps(gvl.Dataset.open(gvl_reuse, ref), deterministic=True)))
        arrays["mixed_deterministic"] = halves

        if OUT.exists():
            shutil.rmtree(OUT)
        OUT.mkdir(parents=True)
        shutil.copytree(gvl_py, OUT / "dot_ds", ignore=shutil.ignore_patterns("*.lock"))
        shutil.copytree(seed_py, OUT / "seed_ds", ignore=shutil.ignore_patterns("*.lock"))
        shutil.copytree(mixed, OUT / "mixed_ds", ignore=shutil.ignore_patterns("*.lock"))
        np.savez_compressed(OUT / "outputs.npz", **arrays)
        meta = {
            "generator": "tools/goldens/gvl043/gen_interchange.py",
            "genvarloader": gvl.__version__ if hasattr(gvl, "__version__") else "0.43.1",
            "samples": SAMPLES,
            "length": LENGTH,
            "jitter": JITTER,
            "seeds": [str(s) for s in SEEDS],
            "shape": list(arrays["deterministic"].shape),
            "checks": checks,
        }
        (OUT / "outputs.json").write_text(json.dumps(meta, indent=2) + "\n")
        print(json.dumps(checks, indent=2))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
