"""Goldens for region metadata, splits, names and instance statistics, from GenVarLoader 0.43.1.

Run from the repository root (see README.md beside this file for the venv):

    /path/to/venv/bin/python tools/goldens/gvl043/gen_regions.py

It writes, under gvl-testdata/src/main/resources/gvl043/regions/:
- meta.bed       the 24 demo regions with a header and extra columns: gene and exon (exon numbers chosen so that
                 sorting them as text gives another order than sorting them as numbers), split (train/valid/test),
                 frac (floats), flag (true/false) and code (digits mixed with text);
- goldens.npz    GVL's outputs on its own write of meta.bed (demo VCF, max_jitter 8), and statistics of a dataset
                 written from the synthetic fixture with per-sample bigWigs and an annotation bigWig;
- goldens.json   the column types GVL stores, the text of str(view), and what was checked against gvl.

A BED with extra columns reaches GVL as a polars DataFrame (the user reads it with polars), so the extra columns
get polars' inferred types; the standard BED columns are cast as seqpro's reader types them. The generator also
writes meta.bed with this checkout's ./gvl and checks that GVL reads the same spliced haplotypes from it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

import genvarloader as gvl
import numpy as np
import polars as pl
import pyarrow.ipc as ipc

ROOT = Path(__file__).resolve().parents[3]
DEMO = ROOT / "demo-data"
SYN = ROOT.parent / "shared/data/gvl-fixtures/synthetic"
OUT = ROOT / "gvl-testdata/src/main/resources/gvl043/regions"
SAMPLES = ["S00", "S03"]
JITTER = 8
LENGTH = 512

# Exon numbers per gene: text order differs from numeric order (10 sorts before 2 as text).
PLUS_EXONS = [3, 1, 10, 2, 5, 4, 7, 6, 8]
MINUS_EXONS = [[12, 1, 11, 2, 10, 3, 9, 4, 8, 5, 7, 6], [2, 1, 3]]


def meta_bed(dst: Path) -> None:
    rows = [line.split("\t") for line in (DEMO / "regions.bed").read_text().splitlines()]
    plus = iter(PLUS_EXONS)
    minus = iter(MINUS_EXONS[0] + MINUS_EXONS[1])
    n_minus = 0
    out = ["#chrom\tchromStart\tchromEnd\tname\tscore\tstrand\tgene\texon\tsplit\tfrac\tflag\tcode"]
    for i, f in enumerate(rows):
        if f[5] == "+":
            gene, exon = "gp", next(plus)
        else:
            gene = "gm1" if n_minus < 12 else "gm2"
            exon = next(minus)
            n_minus += 1
        split = ["train", "valid", "test"][i % 3]
        frac = "." if i == 4 else f"{i / 8:.3f}"
        flag = "true" if i % 2 == 0 else "false"
        code = "x7" if i == 5 else str(100 + i)
        out.append("\t".join(f[:6] + [gene, str(exon), split, frac, flag, code]))
    dst.write_text("\n".join(out) + "\n")


def read_meta(path: Path) -> pl.DataFrame:
    df = pl.read_csv(path, separator="\t", null_values=".").rename({"#chrom": "chrom"})
    return df.with_columns(pl.col("chrom").cast(pl.Utf8), pl.col("name").cast(pl.Utf8),
                           pl.col("score").cast(pl.Float64), pl.col("strand").cast(pl.Utf8))


def column_types(arrow: Path) -> dict[str, str]:
    with ipc.open_file(arrow) as f:
        return {field.name: str(field.type) for field in f.schema}


def flat(rag) -> tuple[np.ndarray, np.ndarray]:
    """Ragged bytes as (data, offsets) in C order of the leading axes."""
    return np.asarray(rag.data).view(np.uint8).ravel(), np.asarray(rag.offsets, dtype=np.int64).ravel()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    meta_bed(OUT / "meta.bed")
    work = Path(tempfile.mkdtemp(prefix="gvl043-regions-"))
    arrays: dict[str, np.ndarray] = {}
    info: dict[str, object] = {}
    try:
        # GVL writes caches and indexes beside its inputs: give it copies.
        demo, syn_in = work / "demo", work / "synthetic"
        shutil.copytree(DEMO, demo)
        shutil.copytree(SYN, syn_in, ignore=shutil.ignore_patterns("*.gvlfa*", "*.gvi*"))
        ref = demo / "z.fa"
        vcf = demo / "z_synth16.norm.vcf.gz"
        py_ds = work / "py.gvl"
        gvl.write(py_ds, bed=read_meta(OUT / "meta.bed"), variants=vcf, max_jitter=JITTER, overwrite=True)
        info["gvl_types"] = column_types(py_ds / "input_regions.arrow")

        # The same BED written by gvl, read back by GVL.
        jv_ds = work / "jv.gvl"
        subprocess.run([str(ROOT / "gvl"), "write", str(jv_ds), "--bed", str(OUT / "meta.bed"), "--vcf", str(vcf),
                        "--max-jitter", str(JITTER)], check=True)
        info["gvl_java_types"] = column_types(jv_ds / "input_regions.arrow")

        spliced = {}
        for key, d in (("py", py_ds), ("jv", jv_ds)):
            ds = gvl.Dataset.open(d, ref, splice_info=("gene", "exon")).with_seqs("haplotypes")
            spliced[key] = ds[:, SAMPLES]
        data, offsets = flat(spliced["py"])
        jdata, joffsets = flat(spliced["jv"])
        assert np.array_equal(data, jdata) and np.array_equal(offsets, joffsets), "GVL reads gvl's dataset differently"
        arrays["spliced_data"], arrays["spliced_offsets"] = data, offsets
        info["spliced_shape"] = list(spliced["py"].shape)
        info["checked"] = ["GVL reads spliced haplotypes of gvl's meta.bed dataset identical to its own"]

        ds = gvl.Dataset.open(py_ds, ref).with_seqs("haplotypes").with_len(LENGTH)
        train = ds.subset_to(regions=(ds.regions["split"] == "train").to_numpy())
        arrays["train_haps"] = np.asarray(train[:, SAMPLES]).view(np.uint8)
        arrays["train_regions"] = train.regions["chromStart"].to_numpy().astype(np.int64)

        named = gvl.Dataset.open(py_ds, ref, region_names="name").with_seqs("haplotypes").with_len(LENGTH)
        picked = named.subset_to(regions=["r5", "r2", "r17"], samples=["S03", "S01"])
        arrays["named_haps"] = np.asarray(picked[:, :]).view(np.uint8)

        full = gvl.Dataset.open(py_ds, ref)
        arrays["hap_lengths_j0"] = np.asarray(full.haplotype_lengths(), dtype=np.int32)
        arrays["hap_lengths_j4"] = np.asarray(full.with_settings(jitter=4).haplotype_lengths(), dtype=np.int32)
        arrays["n_variants"] = np.asarray(full.n_variants(), dtype=np.int32)
        sub = full.subset_to(regions=[3, 0, 7], samples=[5, 2])
        arrays["sub_hap_lengths"] = np.asarray(sub.haplotype_lengths(), dtype=np.int32)
        arrays["sub_n_variants"] = np.asarray(sub.n_variants(), dtype=np.int32)
        info["str_view"] = str(picked.with_settings(jitter=3)).replace(str(py_ds), "<path>")
        info["str_full"] = str(full).replace(str(py_ds), "<path>")

        # Intervals: the synthetic fixture with per-sample bigWigs (s0..s2) and an annotation bigWig.
        syn = work / "syn.gvl"
        bws = gvl.BigWigs("bw", {s: str(syn_in / f"bw_seed42/{s}.bw") for s in ("s0", "s1", "s2")})
        gvl.write(syn, bed=syn_in / "regions.bed", variants=syn_in / "filtered.vcf.gz", tracks=bws,
                  annot_tracks={"annot": str(syn_in / "bw_5ss/s0.bw")}, max_jitter=4, overwrite=True)
        sds = gvl.Dataset.open(syn, syn_in / "ref.fa.bgz").with_tracks(["bw", "annot"])
        arrays["syn_n_intervals"] = np.asarray(sds.n_intervals(), dtype=np.int32)
        arrays["syn_n_intervals_annot_first"] = np.asarray(sds.with_tracks(["annot", "bw"]).n_intervals(),
                                                           dtype=np.int32)
        arrays["syn_n_variants"] = np.asarray(sds.n_variants(), dtype=np.int32)
        arrays["syn_hap_lengths"] = np.asarray(sds.haplotype_lengths(), dtype=np.int32)
        info["syn_tracks"] = sds.active_tracks

        np.savez_compressed(OUT / "goldens.npz", **arrays)
        info["shapes"] = {k: list(v.shape) for k, v in arrays.items()}
        (OUT / "goldens.json").write_text(json.dumps(info, indent=2) + "\n")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
