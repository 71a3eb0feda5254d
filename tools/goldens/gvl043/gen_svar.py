"""Goldens for genoray `.svar` / `.svar2` stores and GenVarLoader 0.43.1 datasets linked to them.

Run from the repository root with a venv holding genvarloader==0.43.1 and genoray==6.0.2 (plus pysam and pyBigWig;
plink2 on PATH):

    /path/to/venv/bin/python tools/goldens/gvl043/gen_svar.py [--gvl042-python /tmp/venv-gvl042/bin/python]

Inputs come from shared/data (never written to: genoray puts a `.gvi.zst` index beside a VCF, so everything is
copied into a scratch directory first). The script builds the stores, writes datasets beside them (so that each
dataset's `svar_link` / `svar2_link` `relative_path` resolves inside the committed tree), reads every dataset with
GenVarLoader and writes `outputs_<dataset>.npz` + `outputs.json`. It then replaces
gvl-testdata/src/main/resources/gvl043/svar/ with the result. Checks (fail loudly): ragged haplotypes equal across
VCF / .svar / .svar2 on regions.bed, the .svar2 fixed-length divergence on the adversarial BED (spec svar.md 7.6),
and every npz reloads to what was read.

With --gvl042-python (a venv holding genvarloader==0.42.1) it also writes the legacy dense `.svar2` range cache
(`ds_svar2_dense`) and reads it with 0.43.1.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared" / "data"
if not SHARED.exists():
    SHARED = Path("/work/shared/data")
SYNTH = SHARED / "real-derived" / "vg-z-synth16"
FASTA = SHARED / "real" / "vg-1mb1kgp" / "z.fa"
OUT = ROOT / "gvl-testdata/src/main/resources/gvl043/svar"

SEED = 20260305  # dosage values and the adversarial BED's region lengths/strands
JITTER_SEED = 1234  # rng of the jittered reads
# deliberately not sorted; tuples because gvl.write sorts the `samples` list it is given in place, so every call gets
# a fresh list
SUBSET = ("S11", "S03", "S07", "S14", "S00")
MAX_JITTER = 8


def first_line(e: BaseException) -> str:
    msg = str(e).strip().splitlines()
    return f"{type(e).__name__}: {msg[0] if msg else ''}"


# --------------------------------------------------------------------------------------------------------------
# derived inputs


def write_dosage_vcf(src: Path, dst: Path) -> None:
    """The VCF without INFO plus FORMAT/DS: one decimal, the genotype's ALT count + a seeded offset in -0.3..0.3,
    clipped to 0..2."""
    import pysam

    rng = np.random.default_rng(SEED)
    with pysam.VariantFile(str(src)) as vin:
        header = vin.header.copy()
        header.add_line('##FORMAT=<ID=DS,Number=1,Type=Float,Description="Synthetic dosage (gvl test fixture)">')
        plain = dst.with_suffix("")  # .vcf
        with pysam.VariantFile(str(plain), "w", header=header) as vout:
            for rec in vin:
                new = vout.new_record(contig=rec.contig, start=rec.start, stop=rec.stop, alleles=rec.alleles,
                                      id=rec.id, qual=rec.qual, filter=list(rec.filter.keys()))
                # INFO is left out to keep the committed file small (no store built from it reads INFO)
                noise = rng.integers(-3, 4, size=len(rec.samples))  # -0.3 .. +0.3
                for i, s in enumerate(rec.samples):
                    gt = rec.samples[s]["GT"]
                    new.samples[s]["GT"] = gt
                    new.samples[s].phased = rec.samples[s].phased
                    n_alt = sum(1 for a in gt if a)
                    ds = min(20, max(0, n_alt * 10 + int(noise[i]))) / 10
                    new.samples[s]["DS"] = ds
                vout.write(new)
    pysam.tabix_compress(str(plain), str(dst), force=True)
    pysam.tabix_index(str(dst), preset="vcf", force=True)
    plain.unlink()


def read_calls(vcf: Path):
    """Per-record (pos0, ref, alt) and a (n, S, P) genotype array."""
    import pysam

    recs, gts = [], []
    with pysam.VariantFile(str(vcf)) as v:
        samples = list(v.header.samples)
        for rec in v:
            recs.append((rec.start, rec.ref, rec.alts[0]))
            gts.append([[1 if a else 0 for a in rec.samples[s]["GT"]] for s in samples])
    return recs, np.asarray(gts, dtype=np.int8), samples


def adversarial_bed(vcf: Path, dst: Path) -> dict:
    """Regions that end inside a deletion, and regions where a haplotype carries a deletion inside the region and an
    SNV at exactly chromEnd (svar.md 7.6). All 7.6 regions share one length W, the shortest in the file, so that
    with_len(W) shows the divergence on each. Strands alternate so that minus-strand regions are present."""
    recs, gts, samples = read_calls(vcf)
    n, S, P = gts.shape
    pos = np.array([r[0] for r in recs])
    reflen = np.array([len(r[1]) for r in recs])
    altlen = np.array([len(r[2]) for r in recs])
    span_end = pos + reflen
    multi = reflen > 1

    def clean_start(x: int) -> bool:
        # not inside any multi-base REF span, not right after an insertion anchor
        inside = np.any(multi & (pos < x) & (span_end > x))
        after_ins = np.any((altlen > reflen) & (pos == x - 1))
        return not inside and not after_ins

    rng = np.random.default_rng(SEED)
    used: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return all(b + 50 <= u0 or a >= u1 + 50 for u0, u1 in used)

    # 7.6 regions
    chosen76 = []
    for W in (120, 150, 200, 250, 300, 400):
        chosen76, used = [], []
        for h in range(S * P):
            s, p = divmod(h, P)
            carried = np.flatnonzero(gts[:, s, p] == 1)
            for k, i in enumerate(carried[:-1]):
                if not (reflen[i] > 1 and altlen[i] == 1):
                    continue
                j = carried[k + 1]
                if not (reflen[j] == 1 and altlen[j] == 1 and pos[j] >= span_end[i]):
                    continue
                q = int(pos[j])
                start = q - W
                if start >= pos[i] or not clean_start(start) or not clean_start(q):
                    continue
                # no indel on this haplotype between the region start and the deletion
                before = carried[(pos[carried] >= start) & (pos[carried] < pos[i])]
                if np.any((reflen[before] > 1) | (altlen[before] > 1)):
                    continue
                if not free(start, q):
                    continue
                used.append((start, q))
                chosen76.append(dict(start=start, end=q, hap=h, sample=samples[s], ploid=p, del_pos=int(pos[i]),
                                     del_len=int(reflen[i] - 1), snv_pos=q, snv=f"{recs[j][1]}>{recs[j][2]}"))
                break
            if len(chosen76) >= 8:
                break
        if len(chosen76) >= 6:
            break
    assert len(chosen76) >= 4, "could not find regions for the 7.6 case"
    W76 = chosen76[0]["end"] - chosen76[0]["start"]

    # regions ending inside a deletion (end = anchor + 2, i.e. after the first deleted base)
    ends_in = []
    dels = np.flatnonzero((reflen >= 3) & (altlen == 1) & (gts.reshape(n, -1).sum(1) > 0))
    for i in rng.permutation(dels):
        end = int(pos[i]) + 2
        length = int(rng.integers(W76 + 1, 4 * W76))
        start = end - length
        if not clean_start(start) or not free(start, end):
            continue
        used.append((start, end))
        ends_in.append(dict(start=start, end=end, del_pos=int(pos[i]), del_len=int(reflen[i] - 1)))
        if len(ends_in) >= 6:
            break
    assert len(ends_in) >= 4

    rows = [("s76", r) for r in chosen76] + [("endin", r) for r in ends_in]
    rows.sort(key=lambda x: x[1]["start"])
    lines = []
    for k, (kind, r) in enumerate(rows):
        r["name"] = f"adv{k}_{kind}"
        r["strand"] = "-" if k % 2 else "+"
        lines.append(f"z\t{r['start']}\t{r['end']}\t{r['name']}\t0\t{r['strand']}\n")
    dst.write_text("".join(lines))
    return {
        "shortest_region_length": W76,
        "s76_regions": [r for k, r in rows if k == "s76"],
        "end_inside_deletion_regions": [r for k, r in rows if k == "endin"],
    }


# --------------------------------------------------------------------------------------------------------------
# stores and datasets


def build_stores(work: Path, build: Path, log: dict) -> None:
    from genoray import PGEN, VCF, SparseVar, SparseVar2

    vcf = work / "z_synth16.norm.vcf.gz"
    dsvcf = build / "inputs" / "zds.vcf.gz"
    fa = work / "z.fa"
    SparseVar.from_vcf(build / "z.svar", VCF(vcf), max_mem="1g", n_jobs=1)
    SparseVar2.from_vcf(build / "z.svar2", vcf, fa, threads=1, progress=False)
    SparseVar.from_vcf(build / "zds.svar", VCF(dsvcf, dosage_field="DS"), max_mem="1g", with_dosages=True, n_jobs=1)
    SparseVar2.from_vcf(build / "zds.svar2", dsvcf, fa, format_fields=["DS"], threads=1, progress=False)
    SparseVar2.from_vcf(build / "zf.svar2", vcf, fa, info_fields=["AF", "DP"], threads=1, progress=False)
    subprocess.run(["plink2", "--vcf", str(vcf), "--make-pgen", "--vcf-half-call", "r", "--allow-extra-chr",
                    "--threads", "1", "--out", str(work / "zp")], check=True, stdout=subprocess.DEVNULL)
    SparseVar.from_pgen(build / "zp.svar", PGEN(work / "zp.pgen"), max_mem="1g", n_jobs=1)
    # the genoray VCF index sidecars land beside the copies in work/ and build/inputs/: drop the latter
    for f in (build / "inputs").glob("*.gvi*"):
        f.unlink()
    log["stores"] = {
        "z.svar": "SparseVar.from_vcf(VCF(z_synth16.norm.vcf.gz), max_mem='1g', n_jobs=1)",
        "z.svar2": "SparseVar2.from_vcf(z_synth16.norm.vcf.gz, z.fa, threads=1)",
        "zds.svar": "SparseVar.from_vcf(VCF(inputs/zds.vcf.gz, dosage_field='DS'), with_dosages=True, n_jobs=1)",
        "zds.svar2": "SparseVar2.from_vcf(inputs/zds.vcf.gz, z.fa, format_fields=['DS'], threads=1)",
        "zf.svar2": "SparseVar2.from_vcf(z_synth16.norm.vcf.gz, z.fa, info_fields=['AF', 'DP'], threads=1)",
        "zp.svar": "SparseVar.from_pgen(PGEN(zp.pgen)) after plink2 --vcf z_synth16.norm.vcf.gz --make-pgen "
                   "--vcf-half-call r --allow-extra-chr --threads 1 --out zp",
    }


def write_datasets(work: Path, build: Path, log: dict) -> dict[str, dict]:
    import genvarloader as gvl

    vcf = work / "z_synth16.norm.vcf.gz"
    bed = build / "inputs" / "regions.bed"
    adv = build / "inputs" / "adv.bed"
    specs = {
        "ds_vcf": dict(bed=bed, variants=vcf),
        "ds_svar": dict(bed=bed, variants=build / "z.svar"),
        "ds_svar2": dict(bed=bed, variants=build / "z.svar2"),
        "ds_svar_ds": dict(bed=bed, variants=build / "zds.svar"),
        "ds_svar2_ds": dict(bed=bed, variants=build / "zds.svar2"),
        "ds_svar2_f": dict(bed=bed, variants=build / "zf.svar2"),
        "ds_svar_pgen": dict(bed=bed, variants=build / "zp.svar"),
        "ds_vcf_subset": dict(bed=bed, variants=vcf, samples=SUBSET),
        "ds_svar_subset": dict(bed=bed, variants=build / "z.svar", samples=SUBSET),
        "ds_svar2_subset": dict(bed=bed, variants=build / "z.svar2", samples=SUBSET),
        "ds_vcf_adv": dict(bed=adv, variants=vcf),
        "ds_svar_adv": dict(bed=adv, variants=build / "z.svar"),
        "ds_svar2_adv": dict(bed=adv, variants=build / "z.svar2"),
        "ds_vcf_jit": dict(bed=bed, variants=vcf, max_jitter=MAX_JITTER),
        "ds_svar_jit": dict(bed=bed, variants=build / "z.svar", max_jitter=MAX_JITTER),
        "ds_svar2_jit": dict(bed=bed, variants=build / "z.svar2", max_jitter=MAX_JITTER),
    }
    written = {}
    for name, spec in specs.items():
        kw = {k: v for k, v in spec.items() if k not in ("bed", "variants")}
        desc = {"bed": spec["bed"].name, "variants": spec["variants"].name, **kw}
        if "samples" in kw:
            kw["samples"] = list(kw["samples"])
            desc["samples"] = list(spec["samples"])
        try:
            gvl.write(build / name, bed=spec["bed"], variants=spec["variants"], max_mem="1g", **kw)
            written[name] = desc
            if "samples" in kw:  # gvl.write sorts the list it was given in place
                desc["samples_list_after_write"] = kw["samples"]
        except Exception as e:  # recorded, e.g. if GVL refuses jitter on a source
            desc["error"] = first_line(e)
            print(f"gvl.write {name} refused: {desc['error']}", file=sys.stderr)
        log.setdefault("datasets", {})[name] = desc
        lock = build / f"{name}.lock"
        if lock.exists():
            lock.unlink()
    # the VCF dataset's variants.arrow is a hardlink to the index beside work/'s VCF copy; make it a plain file
    for name, spec in specs.items():
        va = build / name / "genotypes" / "variants.arrow"
        if va.exists():
            data = va.read_bytes()
            va.unlink()
            va.write_bytes(data)
    for name in written:
        meta = json.loads((build / name / "metadata.json").read_text())
        for key in ("svar_link", "svar2_link"):
            link = meta.get(key)
            if link:
                target = (build / name / link["relative_path"]).resolve()
                assert target.parent == build.resolve() and target.exists(), (name, link)
                written[name]["link"] = {key: link["relative_path"]}
    return written


# --------------------------------------------------------------------------------------------------------------
# reading


def ragged_arrays(r, prefix: str, out: dict) -> None:
    p = r.to_packed()
    data = np.asarray(p.data)
    out[f"{prefix}_data"] = data.view(np.uint8) if data.dtype.kind == "S" else data
    out[f"{prefix}_offsets"] = np.asarray(p.offsets, dtype=np.int64)


def read_dataset(path: Path, ref: Path, info: dict, lean: bool = False) -> tuple[dict, dict]:
    """All outputs of one dataset. lean (subset and jitter datasets, whose other outputs repeat ds_vcf's): one fixed
    length, no rc_neg=False copy, no annotated output."""
    import genvarloader as gvl

    out: dict[str, np.ndarray] = {}
    meta: dict = {"errors": {}, "settings": {}}
    ds = gvl.Dataset.open(path, reference=ref)
    R, S = ds.n_regions, ds.n_samples
    meta["shape"] = [R, S, ds.ploidy]
    meta["samples"] = list(ds.samples)
    meta["available_var_fields"] = list(ds.available_var_fields)
    meta["region_names"] = ds.regions["name"].to_list()
    strands = ds.regions["strand"].to_list()
    lengths = (ds.regions["chromEnd"] - ds.regions["chromStart"]).to_list()
    shortest = int(min(lengths))
    meta["shortest_region_length"] = shortest

    def attempt(key: str, fn) -> None:
        try:
            fn()
        except Exception as e:
            meta["errors"][key] = first_line(e)

    hap = ds.with_seqs("haplotypes")

    def ragged():
        ragged_arrays(hap.with_len("ragged")[:, :], "hap_ragged", out)

    attempt("hap_ragged", ragged)

    fixed_lens = [shortest] if lean else [shortest, 1000] if shortest > 1000 else [shortest, shortest // 2]
    meta["settings"]["fixed_lengths"] = fixed_lens
    tried = fixed_lens + [shortest + 1]  # longer than the shortest region: GVL refuses (error recorded)
    for L in tried:
        def fixed(L=L):
            out[f"hap_fixed_{L}"] = np.asarray(hap.with_len(L)[:, :]).view(np.uint8)
            if "-" in strands and not lean:
                out[f"hap_fixed_{L}_norc"] = np.asarray(
                    hap.with_len(L).with_settings(rc_neg=False)[:, :]).view(np.uint8)

        attempt(f"hap_fixed_{L}", fixed)

    def annotated():
        a = ds.with_seqs("annotated").with_len("ragged")[:, :]
        # the annotated bytes and offsets equal hap_ragged_* (checked), so only var_idxs and ref_coords are kept
        tmp: dict = {}
        ragged_arrays(a.haps, "h", tmp)
        ragged_arrays(a.var_idxs, "v", tmp)
        rc = a.ref_coords.to_packed()
        assert same(tmp["h_data"], out["hap_ragged_data"]) and same(tmp["h_offsets"], out["hap_ragged_offsets"])
        assert same(tmp["v_offsets"], out["hap_ragged_offsets"])
        assert np.array_equal(np.asarray(rc.offsets, dtype=np.int64), out["hap_ragged_offsets"])
        out["annot_var_idxs"] = tmp["v_data"]
        flat = np.asarray(rc.data, dtype=np.int64)
        out["annot_ref_coords_delta"] = np.diff(flat, prepend=0).astype(np.int32)
        assert np.array_equal(np.cumsum(out["annot_ref_coords_delta"], dtype=np.int64), flat)

    if not lean:
        attempt("annotated", annotated)

    want = ["alt", "start", "ilen"] + list(info.get("extra_var_fields", []))
    meta["settings"]["var_fields"] = want

    def variants():
        v = ds.with_settings(var_fields=want).with_seqs("variants")[:, :]
        lay = v.alt._layout
        offs = [np.asarray(o, dtype=np.int64) for o in lay.offsets]
        assert len(offs) == 1
        out["var_offsets"] = offs[0]
        out["var_alt_data"] = np.asarray(lay.data).view(np.uint8)
        out["var_alt_offsets"] = np.asarray(lay.str_offsets, dtype=np.int64)
        for f in want:
            if f == "alt":
                continue
            x = getattr(v, f) if f in ("start", "ilen", "dosage") else v[f]
            xp = x.to_packed()
            assert np.array_equal(np.asarray(xp.offsets, dtype=np.int64), out["var_offsets"]), f
            out[f"var_{f}"] = np.asarray(xp.data)

    attempt("variants", variants)
    attempt("n_variants", lambda: out.__setitem__("n_variants", np.asarray(ds.n_variants())))
    attempt("haplotype_lengths", lambda: out.__setitem__("haplotype_lengths", np.asarray(ds.haplotype_lengths())))

    if ds.max_jitter > 0:
        # the 8 shortest regions (keeps the committed arrays small), in BED order
        jit_regions = sorted(np.argsort(lengths, kind="stable")[:8].tolist())
        meta["settings"]["jitter"] = {"regions": jit_regions,"jitter": ds.max_jitter, "rng": JITTER_SEED, "deterministic": False,
                                      "note": "Dataset.open(path, reference, jitter=J, rng=SEED, deterministic=False)"
                                              " then one read of [regions, :] per key, each from a fresh open"}

        def jit(kind: str, key: str):
            d = gvl.Dataset.open(path, reference=ref, jitter=ds.max_jitter, rng=JITTER_SEED, deterministic=False)
            ragged_arrays(d.with_seqs(kind).with_len("ragged")[jit_regions, :], key, out)

        attempt("jit_hap_ragged", lambda: jit("haplotypes", "jit_hap_ragged"))
        attempt("jit_ref_ragged", lambda: jit("reference", "jit_ref_ragged"))

        def jit_var():
            d = gvl.Dataset.open(path, reference=ref, jitter=ds.max_jitter, rng=JITTER_SEED, deterministic=False)
            d.with_seqs("variants")[:, :]

        attempt("jit_variants", jit_var)
    return out, meta


def svar2_unsupported(build: Path, ref: Path) -> dict:
    """The first line of GVL's error for each option svar.md 7.3 lists as unsupported on .svar2."""
    import genvarloader as gvl
    from genvarloader._dataset._flat_variants import VarWindowOpt

    errs = {}
    p = build / "ds_svar2"

    def t(key, fn):
        try:
            fn()
            errs[key] = "no error"
        except Exception as e:
            errs[key] = first_line(e)

    t("annotated", lambda: gvl.Dataset.open(p, reference=ref).with_seqs("annotated")[:, :])
    t("min_af", lambda: gvl.Dataset.open(p, reference=ref, min_af=0.1).with_seqs("haplotypes")[:, :])
    t("max_af", lambda: gvl.Dataset.open(p, reference=ref, max_af=0.9).with_seqs("haplotypes")[:, :])
    t("variant_windows_ref_allele", lambda: gvl.Dataset.open(p, reference=ref).with_seqs(
        "variant-windows", VarWindowOpt(flank_length=4, token_alphabet="ACGT", unknown_token=4, ref="allele"))[:, :])
    if (build / "ds_svar2_jit").exists():
        t("variants_read_jitter", lambda: gvl.Dataset.open(build / "ds_svar2_jit", reference=ref, jitter=4, rng=1)
          .with_seqs("variants")[:, :])
        t("variants_written_with_max_jitter", lambda: gvl.Dataset.open(build / "ds_svar2_jit", reference=ref)
          .with_seqs("variants")[:, :])
    t("write_extend_to_length_false", lambda: gvl.write(build.parent / "x_noext", bed=build / "inputs/regions.bed",
                                                          variants=build / "z.svar2", extend_to_length=False))
    t("var_field_dosage", lambda: gvl.Dataset.open(build / "ds_svar2_ds", reference=ref, var_fields=["dosage"])
      .with_seqs("variants")[:, :])
    return errs


def link_errors(build: Path, scratch: Path, ref: Path) -> dict:
    """Errors for a store that cannot be found and for stores whose fingerprint no longer matches."""
    import genvarloader as gvl

    errs = {}
    for store, kind in (("z.svar", "svar"), ("z.svar2", "svar2")):
        # moved away: write against a copy, move the dataset elsewhere, delete the copy
        a = scratch / f"moved_{kind}" / "a"
        b = scratch / f"moved_{kind}" / "b"
        a.mkdir(parents=True)
        b.mkdir(parents=True)
        shutil.copytree(build / store, a / store)
        gvl.write(a / "ds", bed=build / "inputs/regions.bed", variants=a / store, max_mem="1g")
        shutil.move(str(a / "ds"), str(b / "ds"))
        shutil.rmtree(a)
        try:
            gvl.Dataset.open(b / "ds", reference=ref)
            errs[f"{kind}_store_missing"] = "no error"
        except Exception as e:
            errs[f"{kind}_store_missing"] = first_line(e)
        # fingerprint: a copy of store + dataset side by side, then one payload file changes size
        c = scratch / f"fp_{kind}"
        c.mkdir()
        shutil.copytree(build / store, c / store)
        shutil.copytree(build / f"ds_{kind}", c / f"ds_{kind}")
        target = c / store / ("variant_idxs.npy" if kind == "svar" else "z/var_key/snp/positions.bin")
        with open(target, "ab") as f:
            f.write(b"\0\0\0\0")
        try:
            gvl.Dataset.open(c / f"ds_{kind}", reference=ref)
            errs[f"{kind}_fingerprint_mismatch"] = "no error"
        except Exception as e:
            errs[f"{kind}_fingerprint_mismatch"] = first_line(e)
        errs[f"{kind}_fingerprint_changed_file"] = str(target.relative_to(c / store)) + " (+4 zero bytes)"
    return errs


# --------------------------------------------------------------------------------------------------------------
# extras: realigned tracks, a 2-contig store, the legacy dense range cache

TRACK_SAMPLES = ("S02", "S00")  # not sorted; two samples keep the per-sample intervals small


def make_bigwig(bed: Path, dst: Path) -> int:
    """One bigWig on contig z: 3-bp steps with value (x // 3) % 11 over each BED region +-40 bp."""
    import pyBigWig

    starts, ends, vals = [], [], []
    for line in bed.read_text().splitlines():
        f = line.split("\t")
        a, b = int(f[1]) - 40, int(f[2]) + 40
        for x in range(a, b, 3):
            starts.append(x)
            ends.append(min(x + 3, b))
            vals.append(float((x // 3) % 11))
    bw = pyBigWig.open(str(dst), "w")
    bw.addHeader([("z", 1_000_000)])
    bw.addEntries(["z"] * len(starts), starts, ends=ends, values=vals)
    bw.close()
    return len(starts)


def track_datasets(work: Path, build: Path, ref: Path, log: dict) -> dict:
    import genvarloader as gvl

    bw = build / "inputs" / "sig.bw"
    n = make_bigwig(build / "inputs" / "adv.bed", bw)
    log["bigwig"] = {"file": "inputs/sig.bw", "intervals": n, "recipe": make_bigwig.__doc__}
    results, metas = {}, {}
    sources = {"ds_vcf_trk": work / "z_synth16.norm.vcf.gz", "ds_svar_trk": build / "z.svar",
               "ds_svar2_trk": build / "z.svar2"}
    W = None
    for name, src in sources.items():
        gvl.write(build / name, bed=build / "inputs/adv.bed", variants=src, samples=list(TRACK_SAMPLES),
                  tracks=gvl.BigWigs("sig", {s: str(bw) for s in TRACK_SAMPLES}), max_mem="1g")
        (build / f"{name}.lock").unlink(missing_ok=True)
        va = build / name / "genotypes" / "variants.arrow"
        if va.exists():
            data = va.read_bytes()
            va.unlink()
            va.write_bytes(data)
        log["datasets"][name] = {"bed": "adv.bed", "variants": src.name, "samples": list(TRACK_SAMPLES),
                                 "tracks": "BigWigs('sig', {sample: inputs/sig.bw for each sample})"}
        ds = gvl.Dataset.open(build / name, reference=ref)
        lengths = (ds.regions["chromEnd"] - ds.regions["chromStart"]).to_list()
        W = int(min(lengths))
        out, meta = {}, {"errors": {}, "samples": list(ds.samples), "shape": [ds.n_regions, ds.n_samples, ds.ploidy],
                         "region_names": ds.regions["name"].to_list(),
                         "settings": {"with_tracks": "sig", "fixed_length": W}}
        base = ds.with_seqs("haplotypes").with_tracks("sig")
        for key, view in (("trk", base.with_settings(rc_neg=False)), ("trk_rc", base),
                          (f"trk_fixed_{W}", base.with_len(W).with_settings(rc_neg=False)),
                          (f"trk_fixed_{W}_rc", base.with_len(W))):
            try:
                h, t = view[:, :]
                if key.startswith("trk_fixed"):
                    out[f"{key}_hap"] = np.asarray(h).view(np.uint8)
                    out[f"{key}_values"] = np.asarray(t)
                else:
                    ragged_arrays(h, f"{key}_hap", out)
                    ragged_arrays(t, f"{key}_values", out)
            except Exception as e:
                meta["errors"][key] = first_line(e)
        results[name], metas[name] = out, meta
    v, s1, s2 = (results[n] for n in sources)
    for k in v:
        assert k in s1 and same(v[k], s1[k]), ("tracks .svar vs VCF", k)
    for k in ("trk_hap_data", "trk_hap_offsets", "trk_values_data", "trk_values_offsets"):
        assert same(v[k], s2[k]), ("tracks .svar2 vs VCF", k)
    log["checks"]["tracks: ragged realigned tracks (rc_neg=False) identical across"] = list(sources)
    return results, metas


def two_contig(work: Path, build: Path, log: dict) -> tuple[dict, dict]:
    """Contigs y and z in natural order: y = z.fa[600000:630000], z = z.fa[0:30000]; the VCF takes the records of
    those windows (y's shifted by -600000)."""
    import genvarloader as gvl
    import pysam
    from genoray import VCF, SparseVar, SparseVar2

    fa = read_fasta(work / "z.fa")["z"]
    win = {"y": (600_000, 630_000), "z": (0, 30_000)}
    inp = build / "inputs"
    with open(inp / "yz.fa", "w") as f:
        for c, (a, b) in win.items():
            f.write(f">{c}\n")
            seq = fa[a:b].decode()
            for i in range(0, len(seq), 80):
                f.write(seq[i:i + 80] + "\n")
    pysam.faidx(str(inp / "yz.fa"))
    with pysam.VariantFile(str(work / "z_synth16.norm.vcf.gz")) as vin:
        hdr = pysam.VariantHeader()
        hdr.add_line("##fileformat=VCFv4.2")
        for c, (a, b) in win.items():
            hdr.add_line(f"##contig=<ID={c},length={b - a}>")
        hdr.add_line('##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">')
        for smp in vin.header.samples:
            hdr.add_sample(smp)
        plain = inp / "yz.vcf"
        with pysam.VariantFile(str(plain), "w", header=hdr) as vout:
            for c, (a, b) in win.items():
                for rec in vin.fetch("z", a, b):
                    if rec.start < a or rec.stop > b:
                        continue
                    new = vout.new_record(contig=c, start=rec.start - a, stop=rec.stop - a, alleles=rec.alleles,
                                          id=rec.id)
                    for smp in rec.samples:
                        new.samples[smp]["GT"] = rec.samples[smp]["GT"]
                        new.samples[smp].phased = rec.samples[smp].phased
                    vout.write(new)
    pysam.tabix_compress(str(plain), str(inp / "yz.vcf.gz"), force=True)
    pysam.tabix_index(str(inp / "yz.vcf.gz"), preset="vcf", force=True)
    plain.unlink()
    (inp / "yz.bed").write_text("".join(
        f"{c}\t{a}\t{b}\t{c}{k}\t0\t{st}\n" for k, (c, a, b, st) in enumerate(
            [("y", 1000, 3500, "+"), ("y", 12000, 15000, "-"), ("y", 25000, 26500, "+"),
             ("z", 2000, 4200, "-"), ("z", 9000, 12000, "+"), ("z", 20000, 23000, "-")])))
    # copies in work/ so that genoray's index sidecar is not written into the committed inputs
    for f in ("yz.vcf.gz", "yz.vcf.gz.tbi", "yz.fa", "yz.fa.fai"):
        shutil.copy(inp / f, work / f)
    SparseVar.from_vcf(build / "yz.svar", VCF(work / "yz.vcf.gz"), max_mem="1g", n_jobs=1)
    SparseVar2.from_vcf(build / "yz.svar2", work / "yz.vcf.gz", work / "yz.fa", threads=1, progress=False)
    log["stores"]["yz.svar"] = "SparseVar.from_vcf(VCF(inputs/yz.vcf.gz)) (contigs y, z: natural order)"
    log["stores"]["yz.svar2"] = "SparseVar2.from_vcf(inputs/yz.vcf.gz, inputs/yz.fa)"
    log["two_contig_recipe"] = two_contig.__doc__
    results, metas = {}, {}
    for name, src in (("ds_yz_vcf", work / "yz.vcf.gz"), ("ds_yz_svar", build / "yz.svar"),
                      ("ds_yz_svar2", build / "yz.svar2")):
        gvl.write(build / name, bed=inp / "yz.bed", variants=src, max_mem="1g")
        (build / f"{name}.lock").unlink(missing_ok=True)
        va = build / name / "genotypes" / "variants.arrow"
        if va.exists():
            data = va.read_bytes()
            va.unlink()
            va.write_bytes(data)
        log["datasets"][name] = {"bed": "yz.bed", "variants": src.name}
        results[name], metas[name] = read_dataset(build / name, work / "yz.fa", {})
    a, b, c = results.values()
    for k in ("hap_ragged_data", "hap_ragged_offsets"):
        assert same(a[k], b[k]) and same(a[k], c[k]), ("2-contig", k)
    log["checks"]["yz: ragged haplotypes identical"] = list(results)
    log["checks"]["zy (not committed): file order z, y"] = reversed_order(work, results["ds_yz_vcf"])
    return results, metas


def reversed_order(work: Path, yz_vcf_out: dict) -> dict:
    """svar.md 10.2: the same records with z before y (header and body). Built in the scratch directory only; records
    how many haplotypes each source gets wrong against the natural-order VCF dataset."""
    import genvarloader as gvl
    import pysam
    from genoray import VCF, SparseVar, SparseVar2

    zy = work / "zy"
    zy.mkdir()
    with pysam.VariantFile(str(work / "yz.vcf.gz")) as vin:
        hdr = pysam.VariantHeader()
        hdr.add_line("##fileformat=VCFv4.2")
        for c in ("z", "y"):
            hdr.add_line(f"##contig=<ID={c},length={vin.header.contigs[c].length}>")
        hdr.add_line('##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">')
        for smp in vin.header.samples:
            hdr.add_sample(smp)
        with pysam.VariantFile(str(zy / "zy.vcf"), "w", header=hdr) as vout:
            for c in ("z", "y"):
                for rec in vin.fetch(c):
                    new = vout.new_record(contig=c, start=rec.start, stop=rec.stop, alleles=rec.alleles, id=rec.id)
                    for smp in rec.samples:
                        new.samples[smp]["GT"] = rec.samples[smp]["GT"]
                        new.samples[smp].phased = rec.samples[smp].phased
                    vout.write(new)
    pysam.tabix_compress(str(zy / "zy.vcf"), str(zy / "zy.vcf.gz"), force=True)
    pysam.tabix_index(str(zy / "zy.vcf.gz"), preset="vcf", force=True)
    SparseVar.from_vcf(zy / "zy.svar", VCF(zy / "zy.vcf.gz"), max_mem="1g", n_jobs=1)
    SparseVar2.from_vcf(zy / "zy.svar2", zy / "zy.vcf.gz", work / "yz.fa", threads=1, progress=False)
    want = hap_view(yz_vcf_out)
    res = {}
    for name, src in (("vcf", zy / "zy.vcf.gz"), ("svar", zy / "zy.svar"), ("svar2", zy / "zy.svar2")):
        gvl.write(zy / f"ds_{name}", bed=work.parent / "svar/inputs/yz.bed", variants=src, max_mem="1g")
        out, _ = read_dataset(zy / f"ds_{name}", work / "yz.fa", {}, lean=True)
        got = hap_view(out)
        res[f"{name}: haplotypes differing from the natural-order VCF dataset"] = (
            f"{sum(a != b for a, b in zip(got, want))} of {len(want)}")
    return res


def dense_cache(py: str, build: Path, ref: Path, log: dict) -> tuple[dict, dict] | None:
    """The pre-0.43 dense .svar2 range cache, written by GenVarLoader 0.42.1 in another venv."""
    if not Path(py).exists():
        log["skipped"] = log.get("skipped", []) + [f"ds_svar2_dense: no {py}"]
        return None
    code = ("import sys, genvarloader as gvl, genoray; print(gvl.__version__, genoray.__version__); "
            "gvl.write(sys.argv[1], bed=sys.argv[2], variants=sys.argv[3], max_mem='1g')")
    r = subprocess.run([py, "-c", code, str(build / "ds_svar2_dense"), str(build / "inputs/regions.bed"),
                        str(build / "z.svar2")], capture_output=True, text=True, check=True)
    gvl_v, genoray_v = r.stdout.split()[:2]
    (build / "ds_svar2_dense.lock").unlink(missing_ok=True)
    log["datasets"]["ds_svar2_dense"] = {"bed": "regions.bed", "variants": "z.svar2",
                                         "written_by": {"genvarloader": gvl_v, "genoray": genoray_v}}
    out, meta = read_dataset(build / "ds_svar2_dense", ref, {})
    return {"ds_svar2_dense": out}, {"ds_svar2_dense": meta}


# --------------------------------------------------------------------------------------------------------------
# grouping, checks, output

GROUPS = {
    # datasets of one BED and sample set; the first one is the primary whose heavy arrays the others reuse
    "regions": ["ds_vcf", "ds_svar", "ds_svar2", "ds_svar_ds", "ds_svar2_ds", "ds_svar2_f", "ds_svar_pgen"],
    "subset": ["ds_vcf_subset", "ds_svar_subset", "ds_svar2_subset"],
    "adv": ["ds_vcf_adv", "ds_svar_adv", "ds_svar2_adv"],
    "jit": ["ds_vcf_jit", "ds_svar_jit", "ds_svar2_jit"],
    "trk": ["ds_vcf_trk", "ds_svar_trk", "ds_svar2_trk"],
    "yz": ["ds_yz_vcf", "ds_yz_svar", "ds_yz_svar2"],
    "dense": ["ds_svar2_dense"],
}
HEAVY = ("hap_", "annot_", "jit_", "trk")
EXTRA_VAR_FIELDS = {"ds_svar_ds": ["dosage"], "ds_svar2_ds": ["DS"], "ds_svar2_f": ["AF", "DP"]}


def same(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b)


def hap_view(out: dict, prefix: str = "hap_ragged"):
    d, o = out[f"{prefix}_data"], out[f"{prefix}_offsets"]
    return [bytes(d[o[i]:o[i + 1]]) for i in range(len(o) - 1)]


def adv_variant_diff(a: dict, c: dict, meta: dict) -> dict:
    """On adv.bed the VCF/.svar variants output keeps the length-walk variants past chromEnd, .svar2 does not:
    per haplotype, .svar2's list must be a prefix of the VCF list, and every extra variant must start at or after
    the region end."""
    names = meta["region_names"]
    S, P = meta["shape"][1], meta["shape"][2]
    bed = {n: None for n in names}
    extra = []
    for i in range(len(a["var_offsets"]) - 1):
        x0, x1 = a["var_offsets"][i], a["var_offsets"][i + 1]
        y0, y1 = c["var_offsets"][i], c["var_offsets"][i + 1]
        assert y1 - y0 <= x1 - x0
        assert np.array_equal(a["var_start"][x0:x0 + (y1 - y0)], c["var_start"][y0:y1])
        if x1 - x0 > y1 - y0:
            r, rest = divmod(i, S * P)
            s, p = divmod(rest, P)
            extra.append({"region": names[r], "r": r, "s": s, "ploid": p,
                          "extra_starts": a["var_start"][x0 + (y1 - y0):x1].tolist()})
    return {"haplotypes_with_extra_variants_in_vcf_and_svar": extra}


def more_checks(g: dict, meta: dict, work: Path, checks: dict) -> None:
    import pysam

    # dosages: .svar (dosages.npy) and .svar2 (FORMAT/DS field) give the same per-call values
    assert same(g["ds_svar_ds"]["var_dosage"], g["ds_svar2_ds"]["var_DS"])
    checks["dosage: ds_svar_ds var_dosage == ds_svar2_ds var_DS"] = True
    # INFO fields: each variant's AF / DP equal the VCF record's
    info = {}
    with pysam.VariantFile(str(work / "z_synth16.norm.vcf.gz")) as v:
        for rec in v:
            info[(rec.start, len(rec.alts[0]) - len(rec.ref))] = (rec.info["AF"][0], rec.info["DP"])
    f = g["ds_svar2_f"]
    for st, il, af, dp in zip(f["var_start"], f["var_ilen"], f["var_AF"], f["var_DP"]):
        want = info[(int(st), int(il))]
        assert np.float32(want[0]) == af and want[1] == dp, (st, il, af, dp, want)
    checks["info: ds_svar2_f var_AF / var_DP equal the VCF's INFO/AF, INFO/DP"] = True
    # n_variants on .svar2 datasets (GVL issue #363)
    checks["n_variants all zero on .svar2 datasets"] = sorted(
        n for n, o in g.items() if "n_variants" in o and not o["n_variants"].any())


def check_links(build: Path) -> None:
    for md in build.glob("*/metadata.json"):
        meta = json.loads(md.read_text())
        for key in ("svar_link", "svar2_link"):
            link = meta.get(key)
            if link:
                target = (md.parent / link["relative_path"]).resolve()
                assert target.parent == build.resolve() and target.is_dir(), (md, link)


def run_checks(results: dict, adv_info: dict, meta: dict) -> dict:
    checks = {}
    g = results
    # 7.5: ragged haplotypes identical across sources
    for group in ("regions", "subset", "adv"):
        names = [n for n in GROUPS[group] if n in g]
        base = g[names[0]]["hap_ragged_data"], g[names[0]]["hap_ragged_offsets"]
        for n in names[1:]:
            ok = same(g[n]["hap_ragged_data"], base[0]) and same(g[n]["hap_ragged_offsets"], base[1])
            assert ok, f"ragged haplotypes of {n} differ from {names[0]}"
        checks[f"{group}: ragged haplotypes identical"] = names
    # the subset equals the matching rows of the full VCF dataset (dataset samples are sorted)
    full = hap_view(g["ds_vcf"])
    sub = hap_view(g["ds_vcf_subset"])
    all_s = meta["ds_vcf"]["samples"]
    sub_s = meta["ds_vcf_subset"]["samples"]
    R, P = 24, 2
    for r in range(R):
        for i, s in enumerate(sub_s):
            for p in range(P):
                assert sub[(r * len(sub_s) + i) * P + p] == full[(r * len(all_s) + all_s.index(s)) * P + p]
    checks["subset: equals the full VCF dataset's rows for those samples"] = True
    # fixed-length outputs on regions.bed identical too
    for key in g["ds_vcf"]:
        if key.startswith("hap_fixed"):
            for n in ("ds_svar", "ds_svar2"):
                assert same(g[n][key], g["ds_vcf"][key]), (n, key)
    checks["regions: fixed-length haplotypes identical (vcf, svar, svar2)"] = True
    # 7.6: .svar2 differs at with_len(W) on the adversarial BED; .svar equals VCF
    W = adv_info["shortest_region_length"]
    key = f"hap_fixed_{W}"
    v, s1, s2 = (g[n][key] for n in ("ds_vcf_adv", "ds_svar_adv", "ds_svar2_adv"))
    assert same(v, s1), ".svar fixed-length output differs from VCF on adv.bed"
    diff = np.argwhere(v != s2)
    assert len(diff) > 0, "expected the 7.6 divergence (.svar2 vs VCF at with_len(W)) but found none"
    names = meta["ds_vcf_adv"]["region_names"]
    samples = meta["ds_vcf_adv"]["samples"]
    cells = sorted({(int(r), int(s), int(p)) for r, s, p, _ in diff})
    checks["adv: 7.6 divergence"] = {
        "key": key,
        "n_differing_bytes": int(len(diff)),
        "differing_haplotypes": [
            {"region": names[r], "r": r, "sample": samples[s], "s": s, "ploid": p,
             "positions": [int(x[3]) for x in diff if (x[0], x[1], x[2]) == (r, s, p)],
             "vcf_svar": bytes(v[r, s, p][[int(x[3]) for x in diff if (x[0], x[1], x[2]) == (r, s, p)]]).decode(),
             "svar2": bytes(s2[r, s, p][[int(x[3]) for x in diff if (x[0], x[1], x[2]) == (r, s, p)]]).decode()}
            for r, s, p in cells],
    }
    s76 = {r["name"] for r in adv_info["s76_regions"]}
    hit = {names[r] for r, _, _ in cells}
    checks["adv: 7.6 regions showing the divergence"] = sorted(hit & s76)
    checks["adv: 7.6 regions not showing it"] = sorted(s76 - hit)
    assert hit & s76
    # variants: .svar equals VCF; .svar2 equals them except for empty deletion ALTs
    for group in ("regions", "adv", "subset"):
        a, b, c = (g[n] for n in GROUPS[group][:3])
        for k in ("var_offsets", "var_start", "var_ilen", "var_alt_data", "var_alt_offsets"):
            assert same(a[k], b[k]), (group, k)
        if group == "adv":
            checks["adv: variants .svar2 vs VCF/.svar"] = adv_variant_diff(a, c, meta["ds_vcf_adv"])
            continue
        for k in ("var_offsets", "var_start", "var_ilen"):
            assert same(a[k].astype(np.int64), c[k].astype(np.int64)), (group, k)
        alts_v = [bytes(a["var_alt_data"][x:y]) for x, y in zip(a["var_alt_offsets"][:-1], a["var_alt_offsets"][1:])]
        alts_2 = [bytes(c["var_alt_data"][x:y]) for x, y in zip(c["var_alt_offsets"][:-1], c["var_alt_offsets"][1:])]
        ilen = a["var_ilen"]
        mism = [i for i, (x, y) in enumerate(zip(alts_v, alts_2)) if x != y]
        assert all(ilen[i] < 0 and alts_2[i] == b"" and len(alts_v[i]) == 1 for i in mism), group
        checks[f"{group}: variants vcf == svar; svar2 differs only by empty deletion ALTs"] = len(mism)
    # jitter: the seeded reads agree across sources?
    jn = [n for n in GROUPS["jit"] if n in g and "jit_hap_ragged_data" in g[n]]
    checks["jit: seeded jittered haplotypes identical across"] = [
        n for n in jn if same(g[n]["jit_hap_ragged_data"], g[jn[0]]["jit_hap_ragged_data"])
        and same(g[n]["jit_hap_ragged_offsets"], g[jn[0]]["jit_hap_ragged_offsets"])]
    return checks


def jitter_shifts(out: dict, regions, fasta: dict, S: int, P: int, J: int) -> np.ndarray | None:
    """Recover each instance's jitter shift from the jittered reference read (unambiguous or None)."""
    comp = bytes.maketrans(b"ACGTN", b"TGCAN")
    d, o = out["jit_ref_ragged_data"], out["jit_ref_ragged_offsets"]
    n_inst = len(o) - 1
    per = n_inst // len(regions)
    shifts = np.zeros((len(regions), per), dtype=np.int32)
    seq = fasta["z"]
    for r, (start, end, strand) in enumerate(regions):
        for i in range(per):
            got = bytes(d[o[r * per + i]:o[r * per + i + 1]])
            hits = []
            for j in range(-J, J + 1):
                w = seq[start + j:end + j]
                if strand == "-":
                    w = w.translate(comp)[::-1]
                if w == got:
                    hits.append(j)
            if len(hits) != 1:
                return None
            shifts[r, i] = hits[0]
    return shifts


def read_fasta(path: Path) -> dict:
    seqs, name, buf = {}, None, []
    for line in path.read_text().splitlines():
        if line.startswith(">"):
            if name:
                seqs[name] = "".join(buf).encode()
            name, buf = line[1:].split()[0], []
        else:
            buf.append(line.strip())
    if name:
        seqs[name] = "".join(buf).encode()
    return seqs


INPUT_NOTES = {
    "inputs/regions.bed": "copy of shared/data/real-derived/vg-z-synth16/regions.bed (24 regions, strands + and -)",
    "inputs/adv.bed": "adversarial BED made by adversarial_bed() from the VCF's genotypes (see outputs.json adv_bed)",
    "inputs/zds.vcf.gz": "z_synth16.norm.vcf.gz without INFO plus FORMAT/DS (pysam; write_dosage_vcf(), seed in "
                         "outputs.json)",
    "inputs/zds.vcf.gz.tbi": "tabix index of zds.vcf.gz (pysam)",
    "inputs/sig.bw": "bigWig on contig z for the track datasets (pyBigWig; make_bigwig())",
    "inputs/yz.fa": "2-contig FASTA: y = z.fa[600000:630000], z = z.fa[0:30000] (two_contig())",
    "inputs/yz.fa.fai": "samtools-style index of yz.fa (pysam.faidx)",
    "inputs/yz.vcf.gz": "the synth16 records inside those two windows, y shifted by -600000, GT only (pysam)",
    "inputs/yz.vcf.gz.tbi": "tabix index of yz.vcf.gz",
    "inputs/yz.bed": "6 regions, 3 on y and 3 on z",
}

README_HEAD = """# `.svar` / `.svar2` stores and linked GenVarLoader datasets (goldens)

Written by `tools/goldens/gvl043/gen_svar.py` (rerun it from the repository root to regenerate; it replaces this
directory). Versions: {versions}.
The FASTA `z.fa` and the VCF `z_synth16.norm.vcf.gz` are not copied here: tests read them from
`../shared/data/real/vg-1mb1kgp/z.fa` and `../shared/data/real-derived/vg-z-synth16/` (relative to the repository
root). Everything else the datasets need is in this directory.

Careful when opening these datasets with Python GVL: `Dataset.open(..., reference=<fasta>)` writes a `<fasta>.gvlfa/`
sequence cache and a `.lock` file beside the FASTA (even in a read-only-looking shared directory when run as root),
and genoray writes a `.gvi.zst` index beside a VCF. Copy FASTA and VCF to a scratch directory first, as the
generator does.

## Stores

| store | source | notes |
|---|---|---|
| `z.svar` | synth16 VCF | SVAR1: `metadata.json`, `index.arrow` (genoray's VCF index: REF, ALT, POS, CHROM (dictionary), ILEN; the column order follows Python's string hashing, see below), `offsets.npy`, `variant_idxs.npy` |
| `z.svar2` | synth16 VCF + z.fa | SVAR2, no fields |
| `zds.svar` | `inputs/zds.vcf.gz` | SVAR1 with `dosages.npy` (FORMAT/DS) |
| `zds.svar2` | `inputs/zds.vcf.gz` + z.fa | SVAR2 with the FORMAT field `DS` (f32); the field changes the var_key/dense routing |
| `zf.svar2` | synth16 VCF + z.fa | SVAR2 with INFO fields `AF` (f32) and `DP` (u16) |
| `zp.svar` | PGEN from plink2 | SVAR1 whose `index.arrow` is the `.pvar` as Arrow (CHROM string, POS int64, ID, REF, ALT, QUAL, FILTER, INFO; no ILEN) |
| `yz.svar`, `yz.svar2` | `inputs/yz.vcf.gz` (+ `inputs/yz.fa`) | two contigs `y`, `z` in natural order |

## Datasets

| dataset | store / source | BED | notes |
|---|---|---|---|
| `ds_vcf`, `ds_svar`, `ds_svar2` | VCF, `z.svar`, `z.svar2` | regions.bed | haplotypes identical (ragged and fixed) |
| `ds_svar_ds`, `ds_svar2_ds` | `zds.svar`, `zds.svar2` | regions.bed | `var_fields` `dosage` (.svar) and `DS` (.svar2; `dosage` is refused there) |
| `ds_svar2_f` | `zf.svar2` | regions.bed | `var_fields` `AF`, `DP` |
| `ds_svar_pgen` | `zp.svar` | regions.bed | |
| `ds_vcf_subset`, `ds_svar_subset`, `ds_svar2_subset` | VCF, `z.svar`, `z.svar2` | regions.bed | `samples={subset}` given in that order; datasets store them sorted (and `gvl.write` sorts the caller's list in place) |
| `ds_vcf_adv`, `ds_svar_adv`, `ds_svar2_adv` | VCF, `z.svar`, `z.svar2` | adv.bed | spec 7.6 divergence at `with_len({w})` |
| `ds_vcf_jit`, `ds_svar_jit`, `ds_svar2_jit` | VCF, `z.svar`, `z.svar2` | regions.bed | `max_jitter={mj}` (accepted by all three) |
| `ds_vcf_trk`, `ds_svar_trk`, `ds_svar2_trk` | VCF, `z.svar`, `z.svar2` | adv.bed | samples `{trk}`, bigWig track `sig` (`inputs/sig.bw`) |
| `ds_yz_vcf`, `ds_yz_svar`, `ds_yz_svar2` | `inputs/yz.vcf.gz`, `yz.svar`, `yz.svar2` | inputs/yz.bed | read with `inputs/yz.fa` |
| `ds_svar2_dense` | `z.svar2` | regions.bed | {dense} |

## What GVL did (all asserted or recorded by the generator; details in `outputs.json`)

* Ragged haplotypes are byte-identical across VCF, `.svar`, `.svar2` (and PGEN-built `.svar`, the dosage/INFO
  stores) on regions.bed, on the subset, on adv.bed, on the 2-contig set and for the seeded jittered read.
* adv.bed: `.svar2` differs from VCF/`.svar` at `with_len({w})` ({w} = the shortest region, every 7.6-type region
  has that length) in {ndiff} bytes on {nhap} haplotypes, in every 7.6-type region: VCF/`.svar` apply the SNV at
  chromEnd that the length walk pulls in, `.svar2` emits the reference base. `regions.npy` ends are chromEnd + 1
  for VCF/`.svar` and chromEnd for `.svar2`; the `variants` output of VCF/`.svar` holds {nextra} haplotypes with
  extra variants at or past chromEnd that `.svar2` leaves out.
* `variants` output: `.svar` equals VCF; `.svar2` differs only by empty ALTs for pure deletions.
* `n_variants()` is all zeros on every `.svar2` dataset (GVL issue #363).
* `.svar2` refusals: {unsup}.
* Tracks on `.svar2`: ragged with rc_neg False works and equals VCF/`.svar`; rc_neg True and fixed length are refused.
* Links: {links}.
* genoray 6.0.2 `.svar` from a VCF whose contigs are in the order z, y (not committed): {zy}.
* genoray's VCF index lists its columns in an order that follows Python's string hashing; the generator pins
  `PYTHONHASHSEED=0` so that reruns are byte-identical. Readers must find Arrow columns by name.

## Links between datasets and stores

Each `ds_*` dataset linked to a store has `svar_link` or `svar2_link` in its `metadata.json`; `relative_path`
(for example `../z.svar`) points at the store committed beside it. `absolute_path` is the generator's temporary
directory, which no longer exists; GVL tries the relative path first, so the datasets open as committed.
Dataset and store directories are copied as GVL and genoray wrote them, except that the `<name>.lock` files
GVL leaves beside each dataset are not kept and a VCF-sourced dataset's `genotypes/variants.arrow` (a hard link
to genoray's VCF index in the scratch directory) is a plain copy.

## Output arrays (`outputs_<dataset>.npz`, read with GVL {gvl})

Every dataset was opened with `genvarloader.Dataset.open(path, reference=<fasta>)` and read for all regions and
all samples at once (`ds[:, :]`). Region order is the order of the BED file (GVL's `ds.regions`), sample order is
the dataset's (sorted) sample list, recorded in `outputs.json` (`outputs.<dataset>.samples`). Instance
`i = (r * S + s) * P + p`.

| key | dtype | layout |
|---|---|---|
| `hap_ragged_data`, `hap_ragged_offsets` | u1, i8 | `with_seqs("haplotypes").with_len("ragged")`: the bytes of every haplotype concatenated in instance order; offsets has `R*S*P + 1` entries. Minus-strand regions are reverse-complemented (rc_neg default True). |
| `hap_fixed_<L>` | u1 `(R, S, P, L)` | `with_len(L)`, rc_neg True. L = the shortest region length and a shorter one (subset and jitter datasets: the shortest only); a length one longer than the shortest is refused by GVL unless the dataset has max_jitter (its error is in `outputs.json`). |
| `hap_fixed_<L>_norc` | u1 `(R, S, P, L)` | the same with `with_settings(rc_neg=False)` (where the BED has minus-strand regions; not for subset and jitter datasets) |
| `annot_var_idxs` | i4 | (not for subset and jitter datasets) `with_seqs("annotated")` ragged: per base, the variant index (-1 = reference base); offsets = `hap_ragged_offsets` and the annotated bytes equal `hap_ragged_data` (both checked, so not stored again) |
| `annot_ref_coords_delta` | i4 | the annotated reference coordinates, delta-encoded over the whole flat array: `ref_coords = cumsum(delta)` (int64 cumsum, starting from 0) |
| `var_offsets` | i8 | `with_seqs("variants")`: CSR over instances in variant units (`R*S*P + 1`) |
| `var_start`, `var_ilen` | i4 | per variant, 0-based start and ilen |
| `var_alt_data`, `var_alt_offsets` | u1, i8 | per variant ALT bytes and their CSR (variant count + 1); `.svar2` gives an empty ALT for a pure deletion |
| `var_dosage` / `var_DS` / `var_AF`, `var_DP` | f4 / f4 / f4, u2 | extra `var_fields` on `ds_svar_ds` / `ds_svar2_ds` / `ds_svar2_f` |
| `n_variants` | i8 `(R, S, P)` | `Dataset.n_variants()` (all zeros on `.svar2`: GVL issue #363) |
| `haplotype_lengths` | i4 `(R, S, P)` | `Dataset.haplotype_lengths()` |
| `jit_hap_ragged_data`, `jit_hap_ragged_offsets` | u1, i8 | datasets written with max_jitter 8: `Dataset.open(path, reference, jitter=8, rng={jseed}, deterministic=False).with_seqs("haplotypes").with_len("ragged")[regions, :]` with `regions` = the 8 shortest regions in BED order (`outputs.<dataset>.settings.jitter.regions`); instance `(k * S + s) * P + p` for the k-th of those regions |
| `jit_shift` | i4 `(8, S)` | the jitter shift of each (region, sample) of that read, recovered from a jittered reference read made the same way (`with_seqs("reference")`, same seed, fresh open); each shift matched exactly one offset in -8..8 |
| `trk_hap_*`, `trk_values_*` | u1/i8, f4/i8 | track datasets: `with_seqs("haplotypes").with_tracks("sig")` with rc_neg False, ragged; values shape `(R, S, 1, P, None)` flattened in that order |
| `trk_rc_*` | | the same with rc_neg True |
| `trk_fixed_<W>_hap`, `trk_fixed_<W>_values` (`_rc`) | u1, f4 | `with_len(W)` fixed length, values `(R, S, 1, P, W)` |

A key listed in `outputs.<dataset>.same_as` was byte-identical to the same key of the named npz, so it is stored
only there. `outputs.<dataset>.errors` holds the first line of GVL's error for everything it refused.
`outputs.json` also has `checks` (what the generator asserted), `svar2_unsupported`, `link_errors`, `adv_bed`
(the adversarial regions and the haplotypes that make them adversarial), `stores`, `datasets`, `versions`.

## Files

| path | bytes | made by |
|---|---|---|
"""


def write_readme(build: Path, log: dict) -> None:
    v = log["versions"]
    versions = ", ".join(f"{k} {val}" for k, val in v.items() if k != "plink2") + f", {v['plink2']}"
    c = log["checks"]
    d76 = c["adv: 7.6 divergence"]
    dense = log["datasets"].get("ds_svar2_dense")
    dense = (f"legacy dense range cache written by GVL {dense['written_by']['genvarloader']} (genoray "
             f"{dense['written_by']['genoray']}); 0.43.1 reads it like the sparse one" if dense else "skipped")
    fill = dict(
        versions=versions, gvl=v["genvarloader"], jseed=JITTER_SEED, subset=list(SUBSET), mj=MAX_JITTER,
        trk=list(TRACK_SAMPLES), dense=dense, w=log["adv_bed"]["shortest_region_length"],
        ndiff=d76["n_differing_bytes"], nhap=len(d76["differing_haplotypes"]),
        nextra=len(c["adv: variants .svar2 vs VCF/.svar"]["haplotypes_with_extra_variants_in_vcf_and_svar"]),
        unsup="".join(f"\n  * {k}: {e}" for k, e in log["svar2_unsupported"].items()),
        links="".join(f"\n  * {k}: {e}" for k, e in log["link_errors"].items()),
        zy="".join(f"\n  * {k}: {e}" for k, e in c["zy (not committed): file order z, y"].items()))
    text = README_HEAD.format(**fill)
    rows = []
    for f in sorted(p for p in build.rglob("*") if p.is_file()):
        rel = f.relative_to(build).as_posix()
        top = rel.split("/")[0]
        if rel in INPUT_NOTES:
            what = INPUT_NOTES[rel]
        elif top in log["stores"]:
            what = f"genoray {v['genoray']}: `{log['stores'][top]}`"
        elif top in log.get("datasets", {}):
            d = log["datasets"][top]
            by = d.get("written_by", {"genvarloader": v["genvarloader"]})
            what = f"`gvl.write` (GVL {by['genvarloader']}) from `{d['variants']}` over `{d['bed']}`" + "".join(
                f", {k}={d[k]}" for k in ("samples", "max_jitter") if k in d)
        elif rel.startswith("outputs_"):
            what = f"GVL {v['genvarloader']} reads of `{rel[8:-4]}` (np.savez_compressed)"
        elif rel == "outputs.json":
            what = "shapes, settings, errors and checks of the generator"
        else:
            what = "?"
        rows.append(f"| `{rel}` | {f.stat().st_size:,} | {what} |")
    total = sum(p.stat().st_size for p in build.rglob("*") if p.is_file())
    text += "\n".join(rows) + f"\n\nTotal (without this README): {total:,} bytes.\n"
    skipped = log.get("skipped")
    if skipped:
        text += "\nSkipped: " + "; ".join(skipped) + "\n"
    (build / "README.md").write_text(text)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--gvl042-python", default="/tmp/venv-gvl042/bin/python",
                    help="python of a venv with genvarloader==0.42.1 for the legacy dense range cache (skipped if absent)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch directory")
    args = ap.parse_args()

    import genoray
    import genvarloader as gvl
    import polars as pl
    import pyarrow

    # a fixed scratch path keeps the (stale) absolute_path in the datasets' metadata.json the same on every run
    scratch = Path(tempfile.gettempdir()) / "gvl043-svar-scratch"
    if scratch.exists():
        shutil.rmtree(scratch)
    scratch.mkdir()
    work = scratch / "work"
    build = scratch / "svar"
    (build / "inputs").mkdir(parents=True)
    work.mkdir()
    log: dict = {
        "generator": "tools/goldens/gvl043/gen_svar.py",
        "versions": {"genvarloader": gvl.__version__, "genoray": genoray.__version__, "numpy": np.__version__,
                     "polars": pl.__version__, "pyarrow": pyarrow.__version__,
                     "plink2": subprocess.run(["plink2", "--version"], capture_output=True, text=True).stdout.strip()},
        "seeds": {"dosage_and_adv_bed": SEED, "jitter_rng": JITTER_SEED, "PYTHONHASHSEED": os.environ.get("PYTHONHASHSEED")},
        "subset_samples_given": list(SUBSET),
    }
    try:
        for f in ("z_synth16.norm.vcf.gz", "z_synth16.norm.vcf.gz.tbi", "regions.bed"):
            shutil.copy(SYNTH / f, work / f)
        for f in (FASTA, Path(str(FASTA) + ".fai")):
            shutil.copy(f, work / f.name)
        ref = work / "z.fa"
        shutil.copy(work / "regions.bed", build / "inputs" / "regions.bed")
        write_dosage_vcf(work / "z_synth16.norm.vcf.gz", build / "inputs" / "zds.vcf.gz")
        adv_info = adversarial_bed(work / "z_synth16.norm.vcf.gz", build / "inputs" / "adv.bed")
        log["adv_bed"] = adv_info

        build_stores(work, build, log)
        written = write_datasets(work, build, log)

        results, metas = {}, {}
        for name in written:
            info = {"extra_var_fields": EXTRA_VAR_FIELDS.get(name, [])}
            lean = any(name in GROUPS[gr] for gr in ("subset", "jit"))
            out, meta = read_dataset(build / name, ref, info, lean)
            results[name], metas[name] = out, meta
            print(f"read {name}: {sorted(out)} errors={meta['errors']}", file=sys.stderr)

        # jitter shifts (from the jittered reference read)
        fa = read_fasta(ref)
        bed_rows = [(int(a), int(b), c) for a, b, c in
                    (line.split("\t")[1:3] + [line.split("\t")[5]] for line in
                     (build / "inputs/regions.bed").read_text().splitlines())]
        for name in GROUPS["jit"]:
            if name in results and "jit_ref_ragged_data" in results[name]:
                rows = [bed_rows[i] for i in metas[name]["settings"]["jitter"]["regions"]]
                sh = jitter_shifts(results[name], rows, fa, 16, 2, MAX_JITTER)
                assert sh is not None, f"{name}: jitter shift not recoverable from the reference read"
                results[name]["jit_shift"] = sh
                del results[name]["jit_ref_ragged_data"], results[name]["jit_ref_ragged_offsets"]

        checks = run_checks(results, adv_info, metas)
        log["checks"] = checks
        more_checks(results, metas, work, checks)

        # extras
        for part in (lambda: track_datasets(work, build, ref, log), lambda: two_contig(work, build, log),
                     lambda: dense_cache(args.gvl042_python, build, ref, log)):
            got = part()
            if got:
                results.update(got[0])
                metas.update(got[1])
        if "ds_svar2_dense" in results:
            for k in ("hap_ragged_data", "hap_ragged_offsets", "hap_fixed_2202", "hap_fixed_1000"):
                assert same(results["ds_svar2_dense"][k], results["ds_vcf"][k]), ("dense", k)
            checks["dense: 0.43.1 reads the 0.42.1 dense cache like the sparse one"] = True
        check_links(build)
        log["svar2_unsupported"] = svar2_unsupported(build, ref)
        log["link_errors"] = link_errors(build, scratch / "errs", ref)

        # dedupe heavy arrays: a key equal to the one ds_vcf or the group's first dataset stores is not stored again
        full = {n: dict(o) for n, o in results.items()}
        for group, names in GROUPS.items():
            names = [n for n in names if n in results]
            for n in names:
                if n == "ds_vcf":
                    continue
                reuse = {}
                for k in list(results[n]):
                    if not k.startswith(HEAVY):
                        continue
                    for cand in ("ds_vcf", names[0]):
                        if cand != n and k in results[cand] and same(full[n][k], results[cand][k]):
                            reuse[k] = f"outputs_{cand}.npz"
                            del results[n][k]
                            break
                metas[n]["same_as"] = reuse
        for name, out in results.items():
            path = build / f"outputs_{name}.npz"
            np.savez_compressed(path, **out)
            with np.load(path) as z:
                assert sorted(z.files) == sorted(out)
                for k in z.files:
                    assert same(z[k], out[k]), (name, k)
            metas[name]["keys"] = {k: {"dtype": str(v.dtype), "shape": list(v.shape)} for k, v in out.items()}
        log["outputs"] = metas

        (build / "outputs.json").write_text(json.dumps(log, indent=1, default=str) + "\n")
        write_readme(build, log)
        if OUT.exists():
            shutil.rmtree(OUT)
        shutil.copytree(build, OUT, symlinks=False)
        for d in [OUT, *[p for p in OUT.rglob("*") if p.is_dir()]]:
            os.chmod(d, 0o755)
        for f in OUT.rglob("*"):
            if f.is_file():
                os.chmod(f, 0o644)
        total = sum(f.stat().st_size for f in OUT.rglob("*") if f.is_file())
        print(f"wrote {OUT} ({total:,} bytes)", file=sys.stderr)
    finally:
        if args.keep:
            print(f"scratch kept at {scratch}", file=sys.stderr)
        else:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    # genoray's VCF index (which becomes a .svar's index.arrow and a VCF dataset's variants.arrow) lists its columns
    # in an order that follows Python's string hashing (seen: CHROM,REF,POS,ALT,ILEN and REF,CHROM,ALT,POS,ILEN;
    # REF,ALT,POS,CHROM,ILEN with PYTHONHASHSEED=0); pin the hash seed so that a rerun writes the same bytes
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    main()
