"""Goldens for interval-form track output (with_tracks(kind="intervals")), from GenVarLoader 0.43.1.

Run from the repository root (see README.md beside this file for the venv):

    /path/to/venv/bin/python tools/goldens/gvl043/gen_intervals.py

GVL writes the synthetic fixture (regions.bed, filtered.vcf.gz, the per-sample bigWigs of bw_seed42 as the sample
track "bw" and bw_5ss/s0.bw as the annotation track "annot", max_jitter 4) and this script saves, under
gvl-testdata/src/main/resources/gvl043/intervals/:
- goldens.npz   per case, the ragged intervals as flat arrays in C order of (instances, tracks, ~intervals):
                <case>_starts and <case>_ends (int32), <case>_values (float32), <case>_offsets (int64), and for the
                cases with sequences the sequence bytes (<case>_seq, plus <case>_seq_offsets when ragged);
- goldens.json  the shapes, the indices and settings of each case, and GVL's error text for intervals with
                haplotypes while realign_tracks is on.

Cases: every instance (no sequences); chosen pairs with the annotation track first; the reference with jitter and
reverse-complemented minus strands, queried twice from one generator; fixed-length random haplotypes with jitter
(realign_tracks off); one instance (leading axis squeezed away).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import genvarloader as gvl
import numpy as np

ROOT = Path(__file__).resolve().parents[3]
SYN = ROOT.parent / "shared/data/gvl-fixtures/synthetic"
OUT = ROOT / "gvl-testdata/src/main/resources/gvl043/intervals"
PAIRS_R = [9, 0, 4, 4, 7, 1]
PAIRS_S = [2, 0, 1, 2, 0, 1]


def put_intervals(arrays: dict, info: dict, case: str, itv) -> None:
    arrays[f"{case}_starts"] = np.asarray(itv.starts.data, dtype=np.int32).ravel()
    arrays[f"{case}_ends"] = np.asarray(itv.ends.data, dtype=np.int32).ravel()
    arrays[f"{case}_values"] = np.asarray(itv.values.data, dtype=np.float32).ravel()
    arrays[f"{case}_offsets"] = np.asarray(itv.starts.offsets, dtype=np.int64).ravel()
    for other in (itv.ends, itv.values):
        assert np.array_equal(np.asarray(other.offsets).ravel(), arrays[f"{case}_offsets"])
    info.setdefault("shapes", {})[case] = [-1 if d is None else int(d) for d in itv.shape]


def put_ragged_seq(arrays: dict, case: str, rag) -> None:
    arrays[f"{case}_seq"] = np.asarray(rag.data).view(np.uint8).ravel()
    arrays[f"{case}_seq_offsets"] = np.asarray(rag.offsets, dtype=np.int64).ravel()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="gvl043-intervals-"))
    arrays: dict[str, np.ndarray] = {}
    info: dict[str, object] = {"pairs_regions": PAIRS_R, "pairs_samples": PAIRS_S}
    try:
        # GVL writes caches and indexes beside its inputs: give it copies.
        syn_in = work / "synthetic"
        shutil.copytree(SYN, syn_in, ignore=shutil.ignore_patterns("*.gvlfa*", "*.gvi*"))
        path = work / "syn.gvl"
        bws = gvl.BigWigs("bw", {s: str(syn_in / f"bw_seed42/{s}.bw") for s in ("s0", "s1", "s2")})
        gvl.write(path, bed=syn_in / "regions.bed", variants=syn_in / "filtered.vcf.gz", tracks=bws,
                  annot_tracks={"annot": str(syn_in / "bw_5ss/s0.bw")}, max_jitter=4, overwrite=True)
        ds = gvl.Dataset.open(path, syn_in / "ref.fa.bgz")
        info["shape"] = list(ds.shape)

        try:
            ds.with_tracks(["bw", "annot"], kind="intervals")
            raise AssertionError("GVL accepted intervals with realigned haplotypes")
        except ValueError as e:
            info["realign_error"] = str(e)

        only = ds.with_seqs(None).with_tracks(["bw", "annot"], kind="intervals")
        put_intervals(arrays, info, "grid", only[:, :])

        annot_first = ds.with_seqs(None).with_tracks(["annot", "bw"], kind="intervals")
        put_intervals(arrays, info, "annot_first", annot_first[PAIRS_R, PAIRS_S])

        ref = (ds.with_seqs("reference").with_tracks(["bw", "annot"], kind="intervals")
               .with_settings(jitter=4, rng=7, rc_neg=True))
        for call in ("ref_first", "ref_second"):
            seq, itv = ref[PAIRS_R, PAIRS_S]
            put_ragged_seq(arrays, call, seq)
            put_intervals(arrays, info, call, itv)
        info["ref_settings"] = {"jitter": 4, "seed": 7, "rc_neg": True}

        haps = (ds.with_seqs("haplotypes").with_settings(realign_tracks=False, jitter=3, rng=11,
                                                         deterministic=False, rc_neg=True)
                .with_tracks(["bw"], kind="intervals").with_len(16))
        seq, itv = haps[PAIRS_R, PAIRS_S]
        arrays["haps_seq"] = np.asarray(seq).view(np.uint8)
        put_intervals(arrays, info, "haps", itv)
        info["haps_settings"] = {"jitter": 3, "seed": 11, "deterministic": False, "rc_neg": True, "length": 16}

        put_intervals(arrays, info, "one", only[3, 1])

        np.savez_compressed(OUT / "goldens.npz", **arrays)
        (OUT / "goldens.json").write_text(json.dumps(info, indent=2) + "\n")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
