"""Goldens for table tracks (GVL's Table) and annotation tracks from interval tables, from GenVarLoader 0.43.1.

Run from the repository root (see README.md beside this file for the venv):

    /path/to/venv/bin/python tools/goldens/gvl043/gen_tables.py

It writes, under gvl-testdata/src/main/resources/gvl043/tables/:
- table.{tsv,csv,parquet,snappy.parquet,arrow,zstd.arrow}
                  one long-form table in every format: seeded random intervals of samples s0, s1, s2 (the
                  synthetic VCF's) and sx (not in the VCF), around the synthetic regions on chr1 and chr2 and on a
                  chr3 the dataset lacks; overlapping, zero-length and shuffled rows, one NaN value, columns named
                  sample/chr/from/to/signal (a column map renames them) and an extra column that is ignored;
- exact.arrow     the rows of s0, s1 and s2 only (update needs exactly the dataset's samples);
- annot.{tsv,parquet,arrow}
                  a sample-less table (chrom, start, end, value) used as an annotation track;
- intervals/tbl/*.npy, annot_intervals/annot/*.npy
                  GVL's arrays for the synthetic regions and VCF with max_jitter 4: the table track written by
                  gvl.write, the annotation added by gvl.update (GVL 0.43.1 cannot write a Table and an annotation
                  in one call: its parallel job runner fails to pickle the table);
- goldens.json    the dataset's samples and what was checked.

Interval starts are unique per sample and contig: GVL's order of intervals with equal starts follows its
multithreaded sort and is not specified.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import genvarloader as gvl
import numpy as np
import polars as pl

ROOT = Path(__file__).resolve().parents[3]
SYN = ROOT.parent / "shared/data/gvl-fixtures/synthetic"
OUT = ROOT / "gvl-testdata/src/main/resources/gvl043/tables"
SEED = 20261203
JITTER = 4
COLUMN_MAP = {"sample_id": "sample", "chrom": "chr", "start": "from", "end": "to", "value": "signal"}
ARRAYS = (("offsets", np.int64), ("starts", np.int32), ("ends", np.int32), ("values", np.float32))


def random_rows(rng: np.random.Generator, regions: pl.DataFrame) -> pl.DataFrame:
    rows = []
    for sample in ("s0", "s1", "s2", "sx"):
        used: dict[str, set[int]] = {}
        for chrom, start, end in regions.select("chrom", "chromStart", "chromEnd").iter_rows():
            for _ in range(int(rng.integers(0, 7))):
                s = int(rng.integers(start - 70, end + 40))
                if s in used.setdefault(chrom, set()):
                    continue
                used[chrom].add(s)
                rows.append((sample, chrom, s, s + int(rng.integers(0, 60))))
        for chrom in ("chr1", "chr2", "chr3"):
            for s in rng.choice(1_200_000, 3, replace=False):
                if int(s) not in used.setdefault(chrom, set()):
                    used[chrom].add(int(s))
                    rows.append((sample, chrom, int(s), int(s) + 100))
    df = pl.DataFrame(rows, schema=["sample", "chr", "from", "to"], orient="row")
    values = np.round(rng.normal(size=df.height) * 10, 3)
    values[3] = np.nan
    df = df.with_columns(signal=pl.Series(values), note=pl.lit("x"))
    return df.sample(fraction=1.0, shuffle=True, seed=SEED)


def write_formats(df: pl.DataFrame, stem: str, formats: tuple[str, ...]) -> list[Path]:
    out = []
    for fmt in formats:
        p = OUT / f"{stem}.{fmt}"
        if fmt == "tsv":
            df.write_csv(p, separator="\t")
        elif fmt == "csv":
            df.write_csv(p)
        elif fmt == "parquet":
            df.write_parquet(p)  # zstd, polars' default
        elif fmt == "snappy.parquet":
            df.write_parquet(p, compression="snappy")
        elif fmt == "arrow":
            df.write_ipc(p, compression="uncompressed")
        elif fmt == "zstd.arrow":
            df.write_ipc(p, compression="zstd")
        out.append(p)
    return out


def read_arrays(d: Path) -> dict[str, np.ndarray]:
    return {name: np.fromfile(d / f"{name}.npy", dtype=dt) for name, dt in ARRAYS}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(SEED)
    regions = pl.read_csv(SYN / "regions.bed", separator="\t", has_header=False,
                          new_columns=["chrom", "chromStart", "chromEnd", "name", "score", "strand"])
    table = random_rows(rng, regions)
    tables = write_formats(table, "table", ("tsv", "csv", "parquet", "snappy.parquet", "arrow", "zstd.arrow"))
    write_formats(table.filter(pl.col("sample") != "sx"), "exact", ("arrow",))
    annot = random_rows(rng, regions).filter(pl.col("sample") == "s1").select(
        chrom="chr", start="from", end="to", value="signal")
    annots = write_formats(annot, "annot", ("tsv", "parquet", "arrow"))

    work = Path(tempfile.mkdtemp(prefix="gvl043-tables-"))
    info: dict[str, object] = {"seed": SEED, "max_jitter": JITTER, "column_map": COLUMN_MAP, "checked": []}
    try:
        # GVL writes caches and indexes beside its inputs: give it copies.
        syn = work / "synthetic"
        shutil.copytree(SYN, syn, ignore=shutil.ignore_patterns("*.gvlfa*", "*.gvi*"))
        golden = None
        for t in tables:
            ds = work / f"{t.name}.gvl"
            track = gvl.Table.from_path("tbl", shutil.copy(t, work / t.name), column_map=COLUMN_MAP)
            gvl.write(ds, bed=syn / "regions.bed", variants=syn / "filtered.vcf.gz", tracks=track,
                      max_jitter=JITTER, overwrite=True)
            got = read_arrays(ds / "intervals/tbl")
            if golden is None:
                golden, golden_ds = got, ds
            else:
                assert all(np.array_equal(golden[k], got[k], equal_nan=True) for k in golden), t.name
        info["checked"].append("the table track's arrays are identical from every table format")
        info["samples"] = json.loads((golden_ds / "metadata.json").read_text())["samples"]

        # update: the exact-samples table on a dataset written without tracks gives the same arrays
        bare = work / "bare.gvl"
        gvl.write(bare, bed=syn / "regions.bed", variants=syn / "filtered.vcf.gz", max_jitter=JITTER)
        gvl.update(bare, tracks=gvl.Table.from_path("tbl", shutil.copy(OUT / "exact.arrow", work / "exact.arrow"),
                                                     column_map=COLUMN_MAP))
        got = read_arrays(bare / "intervals/tbl")
        assert all(np.array_equal(golden[k], got[k], equal_nan=True) for k in golden)
        info["checked"].append("gvl.update with exact.arrow gives the write's arrays")

        annot_golden = None
        for a in annots:
            df = {"tsv": lambda p: pl.read_csv(p, separator="\t"), "parquet": pl.read_parquet,
                  "arrow": pl.read_ipc}[a.suffix[1:]](a)
            df = df.rename({"start": "chromStart", "end": "chromEnd", "value": "score"})
            gvl.update(golden_ds, annot_tracks={"annot": df}, overwrite=True)
            got = read_arrays(golden_ds / "annot_intervals/annot")
            if annot_golden is None:
                annot_golden = got
            else:
                assert all(np.array_equal(annot_golden[k], got[k], equal_nan=True) for k in got), a.name
        info["checked"].append("the annotation arrays are identical from every annotation table format")

        for sub in ("intervals/tbl", "annot_intervals/annot"):
            dst = OUT / sub
            if dst.exists():
                shutil.rmtree(dst)
            dst.mkdir(parents=True)
            for name, _ in ARRAYS:
                shutil.copy(golden_ds / sub / f"{name}.npy", dst / f"{name}.npy")
        info["n_intervals"] = int(golden["offsets"][-1])
        info["n_annot_intervals"] = int(annot_golden["offsets"][-1])
        (OUT / "goldens.json").write_text(json.dumps(info, indent=2) + "\n")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
