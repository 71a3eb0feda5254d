"""Goldens for writing from PLINK 2 PGEN with GenVarLoader 0.43.1.

Run from the repository root (see README.md beside this file for the venv; needs plink2 on PATH):

    /path/to/venv/bin/python tools/goldens/gvl043/gen_pgen.py

plink2 turns the demo VCF into a PGEN fileset with the flags gvl's tests use (--allow-extra-chr --output-chr chrM
--vcf-half-call r); GenVarLoader writes a dataset from that PGEN (max_jitter 8) and, for comparison, from the VCF.
It writes, under gvl-testdata/src/main/resources/gvl043/pgen/, the PGEN dataset's regions.npy, metadata.json and
genotypes/{offsets,variant_idxs}.npy, and pgen.json with what was checked (GVL's PGEN and VCF writes agree on those
files; the column types of GVL's PGEN variants table).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

import genvarloader as gvl
import pyarrow.ipc as ipc

ROOT = Path(__file__).resolve().parents[3]
DEMO = ROOT / "demo-data"
OUT = ROOT / "gvl-testdata/src/main/resources/gvl043/pgen"
FILES = ["regions.npy", "metadata.json", "genotypes/offsets.npy", "genotypes/variant_idxs.npy"]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="gvl043-pgen-"))
    try:
        # GVL and genoray write caches and indexes beside their inputs: give them copies.
        demo = work / "demo"
        shutil.copytree(DEMO, demo)
        vcf = demo / "z_synth16.norm.vcf.gz"
        subprocess.run(["plink2", "--vcf", str(vcf), "--allow-extra-chr", "--output-chr", "chrM", "--vcf-half-call",
                        "r", "--make-pgen", "--threads", "1", "--out", str(demo / "z")], check=True,
                       stdout=subprocess.DEVNULL)
        from_pgen = work / "pgen.gvl"
        from_vcf = work / "vcf.gvl"
        gvl.write(from_pgen, bed=demo / "regions.bed", variants=demo / "z.pgen", max_jitter=8, overwrite=True)
        gvl.write(from_vcf, bed=demo / "regions.bed", variants=vcf, max_jitter=8, overwrite=True)
        same = {f: (from_pgen / f).read_bytes() == (from_vcf / f).read_bytes() for f in FILES}
        assert all(same.values()), same
        for f in FILES:
            dst = OUT / f.replace("/", "_")
            shutil.copy(from_pgen / f, dst)
        with ipc.open_file(from_pgen / "genotypes/variants.arrow") as f:
            types = {field.name: str(field.type) for field in f.schema}
            rows = f.read_all().num_rows
        info = {
            "generator": "tools/goldens/gvl043/gen_pgen.py",
            "files": {f: f.replace("/", "_") for f in FILES},
            "checked": ["GVL's write from the PGEN equals its write from the VCF on " + ", ".join(FILES)],
            "gvl_pgen_variant_types": types,
            "variants": rows,
            "max_jitter": 8,
        }
        (OUT / "pgen.json").write_text(json.dumps(info, indent=2) + "\n")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
