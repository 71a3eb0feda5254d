"""gvl's genoray stores and store-linked datasets, read back by genoray 6.0.2 and GenVarLoader 0.43.1.

Run by dev/store-check (which makes the venv and builds ./gvl). Everything happens in a scratch directory: the inputs
are copied there first (genoray writes an index beside a VCF, GenVarLoader a cache beside a FASTA).

1. `gvl convert` turns the VCF into a .svar2 store; genoray's own conversion of the same file must have the same
   files with the same bytes.
2. gvl writes datasets linked to that store, to genoray's .svar2 store and to genoray's .svar store (seeded random
   regions on both strands, a sample subset given out of order, max_jitter); GenVarLoader writes the same datasets
   from genoray's stores. GenVarLoader then opens every dataset: the dataset files must be equal (apart from the
   store's absolute path, and Arrow tables by content) and so must every output read (ragged and fixed-length
   haplotypes, variants).
Exit status 0 when everything matches; otherwise the first difference, and 1.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np

SEED = 20261206
SUBSET = ["S12", "S01", "S09", "S04", "S15", "S07"]
MAX_JITTER = 4


def fail(msg: str) -> None:
    print(f"store-check: FAILED: {msg}", file=sys.stderr)
    sys.exit(1)


def random_bed(fai: Path, out: Path, n: int) -> None:
    """n seeded regions of 500 bp to 12 kb on contig z, random strands, sorted and non-overlapping-free."""
    length = int(fai.read_text().split("\t")[1])
    rng = random.Random(SEED)
    rows = []
    for i in range(n):
        size = rng.randint(500, 12_000)
        start = rng.randint(0, length - size - 1)
        rows.append((start, start + size, f"q{i}", rng.choice("+-")))
    rows.sort()
    out.write_text("".join(f"z\t{s}\t{e}\t{name}\t0\t{st}\n" for s, e, name, st in rows))


def same_tree(a: Path, b: Path, ignore: tuple[str, ...] = (".lock",)) -> None:
    fa = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file() and not p.name.endswith(ignore))
    fb = sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file() and not p.name.endswith(ignore))
    if fa != fb:
        fail(f"{a} and {b} hold different files: {sorted(set(fa) ^ set(fb))}")
    for rel in fa:
        if rel.name == "metadata.json":
            ma, mb = json.loads((a / rel).read_text()), json.loads((b / rel).read_text())
            for m in (ma, mb):
                for key in ("svar_link", "svar2_link"):
                    if m.get(key):
                        m[key]["absolute_path"] = None
            if ma != mb:
                fail(f"{rel}: {ma} != {mb}")
        elif rel.suffix == ".arrow":
            # polars' IPC writer lays bytes out its own way (and uses string views where gvl writes plain
            # strings, which readers return alike): the table's values are what must agree
            import pyarrow as pa

            ta, tb = (pa.ipc.open_file(p).read_all() for p in (a / rel, b / rel))
            if ta.column_names != tb.column_names or ta.to_pylist() != tb.to_pylist():
                fail(f"{a / rel} and {b / rel} hold different tables")
        elif not filecmp.cmp(a / rel, b / rel, shallow=False):
            fail(f"{a / rel} and {b / rel} differ")


def outputs(path: Path, fasta: Path) -> dict[str, np.ndarray]:
    import genvarloader as gvl

    ds = gvl.Dataset.open(path, reference=fasta)
    out: dict[str, np.ndarray] = {}
    hap = ds.with_seqs("haplotypes").with_len("ragged")[:, :].to_packed()
    out["hap_data"] = np.asarray(hap.data).view(np.uint8)
    out["hap_offsets"] = np.asarray(hap.offsets)
    shortest = int((ds.regions["chromEnd"] - ds.regions["chromStart"]).min())
    out["hap_fixed"] = np.asarray(ds.with_seqs("haplotypes").with_len(shortest)[:, :]).view(np.uint8)
    if ds.max_jitter == 0:
        v = ds.with_settings(var_fields=["alt", "start", "ilen"]).with_seqs("variants")[:, :]
        lay = v.alt._layout
        out["var_offsets"] = np.asarray(lay.offsets[0])
        out["var_alt"] = np.asarray(lay.data).view(np.uint8)
        out["var_start"] = np.asarray(v.start.to_packed().data)
        out["var_ilen"] = np.asarray(v.ilen.to_packed().data)
    return out


def same_outputs(a: Path, b: Path, fasta: Path, svar2: bool) -> int:
    oa, ob = outputs(a, fasta), outputs(b, fasta)
    if oa.keys() != ob.keys():
        fail(f"{a} and {b}: different outputs {sorted(oa)} vs {sorted(ob)}")
    for k in oa:
        if not np.array_equal(oa[k], ob[k]):
            fail(f"{a} vs {b}: GenVarLoader reads different {k}")
    return len(oa)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--gvl", required=True, help="the ./gvl launcher")
    ap.add_argument("--data", required=True, help="shared/data")
    ap.add_argument("--work", required=True, help="scratch directory")
    a = ap.parse_args()
    import genoray
    import genvarloader
    from genoray import VCF, SparseVar, SparseVar2

    work = Path(a.work)
    src = Path(a.data) / "real-derived/vg-z-synth16"
    for f in ("z_synth16.norm.vcf.gz", "z_synth16.norm.vcf.gz.tbi"):
        shutil.copy(src / f, work / f)
    for f in ("z.fa", "z.fa.fai"):
        shutil.copy(Path(a.data) / "real/vg-1mb1kgp" / f, work / f)
    vcf, fasta = work / "z_synth16.norm.vcf.gz", work / "z.fa"
    print(f"store-check: genvarloader {genvarloader.__version__}, genoray {genoray.__version__}")

    subprocess.run([a.gvl, "convert", str(vcf), "--reference", str(fasta), "--out", str(work / "gvl.svar2")],
                   check=True)
    SparseVar2.from_vcf(work / "genoray.svar2", vcf, fasta, threads=1, progress=False)
    same_tree(work / "gvl.svar2", work / "genoray.svar2")
    print("store-check: gvl convert == genoray SparseVar2.from_vcf, file by file")
    SparseVar.from_vcf(work / "genoray.svar", VCF(vcf), max_mem="1g", n_jobs=1)

    bed = work / "random.bed"
    random_bed(work / "z.fa.fai", bed, 40)
    import genvarloader as gvl

    cases = [("svar2-own", work / "gvl.svar2", {}), ("svar2", work / "genoray.svar2", {}),
             ("svar", work / "genoray.svar", {}),
             ("svar2-subset", work / "genoray.svar2", {"samples": SUBSET}),
             ("svar-subset", work / "genoray.svar", {"samples": SUBSET}),
             ("svar2-jitter", work / "genoray.svar2", {"max_jitter": MAX_JITTER}),
             ("svar-jitter", work / "genoray.svar", {"max_jitter": MAX_JITTER})]
    for name, store, opts in cases:
        ours, theirs = work / f"gvl-{name}", work / f"py-{name}"
        cmd = [a.gvl, "write", str(ours), "--bed", str(bed), "--variants", str(store), "--reference", str(fasta)]
        if "samples" in opts:
            cmd += ["--samples", ",".join(opts["samples"])]
        if "max_jitter" in opts:
            cmd += ["--max-jitter", str(opts["max_jitter"])]
        subprocess.run(cmd, check=True)
        reference_store = work / ("genoray.svar2" if store.suffix == ".svar2" else "genoray.svar")
        py_store = SparseVar2(reference_store) if store.suffix == ".svar2" else SparseVar(reference_store)
        gvl.write(theirs, gvl.read_bedlike(bed), variants=py_store, samples=list(opts.get("samples", [])) or None,
                  max_jitter=opts.get("max_jitter", 0), max_mem="1g")
        if name != "svar2-own":
            same_tree(ours, theirs)
        n = same_outputs(ours, theirs, fasta, store.suffix == ".svar2")
        print(f"store-check: {name}: gvl's linked dataset reads in GenVarLoader as its own ({n} arrays)")
    print("store-check: all checks passed")


if __name__ == "__main__":
    main()
