"""GenVarLoader 0.43.1's side of dev/cohort-bench, and the check that both sides wrote the same genotypes.

  cohort_peer.py write OUT BED VARIANTS        genvarloader.write(OUT, BED, variants=VARIANTS) with its defaults
                                               (max_mem 4g; VARIANTS a path: .vcf.gz, .pgen or .svar2 directory)
  cohort_peer.py convert PGEN FASTA OUT THREADS genoray SparseVar2.from_pgen (GenVarLoader's biobank route)
  cohort_peer.py same REFERENCE OTHER...       every OTHER dataset holds REFERENCE's genotypes (see below)
  cohort_peer.py same-tree A B                 A and B hold the same files with the same contents (store-check's rule)

Each write and convert runs in its own process (dev/cohort-bench times it with tools/bench/treetime.py). `same`
compares what must be equal whatever wrote the dataset and whatever the input was: metadata.json's samples,
contigs, n_regions, ploidy and max_jitter; regions.npy, genotypes/offsets.npy and genotypes/variant_idxs.npy byte
for byte; and in genotypes/variants.arrow the columns that describe a variant (POS, REF, ALT; ID, ILEN and the other
columns may differ by input: a PGEN carries the IDs plink2 gave, a VCF none). Exits 1 naming the first difference.
"""

from __future__ import annotations

import filecmp
import json
import sys
from pathlib import Path

RAW = ("regions.npy", "genotypes/offsets.npy", "genotypes/variant_idxs.npy")
META = ("samples", "contigs", "n_regions", "ploidy", "max_jitter")
VARIANT_COLUMNS = ("POS", "REF", "ALT")


def fail(msg: str) -> None:
    print(f"cohort-bench: FAILED: {msg}", file=sys.stderr)
    sys.exit(1)


def write(out: str, bed: str, variants: str) -> None:
    import genvarloader as gvl

    gvl.write(out, bed, variants=variants)


def convert(pgen: str, fasta: str, out: str, threads: str) -> None:
    from genoray import SparseVar2

    SparseVar2.from_pgen(out, pgen, fasta, threads=int(threads), progress=False)


def variant_table(path: Path):
    import pyarrow as pa

    with pa.memory_map(str(path)) as src:
        return pa.ipc.open_file(src).read_all()


def label(p: Path) -> str:
    return f"{p.parent.name}/{p.name}"


def same(reference: Path, others: list[Path]) -> None:
    ref_meta = json.loads((reference / "metadata.json").read_text())
    ref_table = variant_table(reference / "genotypes/variants.arrow")
    for other in others:
        meta = json.loads((other / "metadata.json").read_text())
        for key in META:
            if ref_meta.get(key) != meta.get(key):
                fail(f"metadata.json {key}: {reference} has {str(ref_meta.get(key))[:200]}, {other} has "
                     f"{str(meta.get(key))[:200]}")
        for rel in RAW:
            a, b = reference / rel, other / rel
            if a.exists() != b.exists():
                fail(f"{rel} is in only one of {reference} and {other}")
            if a.exists() and not filecmp.cmp(a, b, shallow=False):
                fail(f"{a} and {b} differ ({a.stat().st_size:,} and {b.stat().st_size:,} bytes)")
        table = variant_table(other / "genotypes/variants.arrow")
        if table.num_rows != ref_table.num_rows:
            fail(f"variants.arrow: {reference} has {ref_table.num_rows:,} rows, {other} {table.num_rows:,}")
        for col in VARIANT_COLUMNS:
            if col not in ref_table.column_names or col not in table.column_names:
                fail(f"variants.arrow: column {col} missing ({ref_table.column_names} / {table.column_names})")
            if ref_table.column(col).to_pylist() != table.column(col).to_pylist():
                fail(f"variants.arrow column {col} differs between {reference} and {other}")
        print(f"cohort-bench: same genotypes: {label(other)} == {label(reference)} (regions.npy, offsets.npy, "
              f"variant_idxs.npy byte for byte; variants {', '.join(VARIANT_COLUMNS)}; "
              f"{ref_table.num_rows:,} variants)", flush=True)


def same_tree(a: Path, b: Path) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "interop"))
    import check_stores

    check_stores.fail = fail  # its rule, this harness's message
    check_stores.same_tree(a, b)
    print(f"cohort-bench: same files: {label(a)} == {label(b)}", flush=True)


def main() -> None:
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "write":
        write(*args)
    elif cmd == "convert":
        convert(*args)
    elif cmd == "same":
        same(Path(args[0]), [Path(p) for p in args[1:]])
    elif cmd == "same-tree":
        same_tree(Path(args[0]), Path(args[1]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
