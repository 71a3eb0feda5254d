"""Fixtures: gvl's launcher (required: $GVL_LAUNCHER, set by the repository's dev/python-test) and datasets it writes
from the shared real data (../shared/data beside the checkout, or $GVL_SHARED_DATA)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Dict

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("GVL_SHARED_DATA", ROOT.parent / "shared" / "data"))


@pytest.fixture(scope="session")
def launcher() -> str:
    path = os.environ.get("GVL_LAUNCHER")
    if not path:
        pytest.fail("GVL_LAUNCHER is not set: run these tests with dev/python-test (it builds gvl and sets it), or "
                    "set GVL_LAUNCHER to the checkout's ./gvl", pytrace=False)
    return path


def _write(launcher: str, out: Path, *args: str) -> Path:
    done = subprocess.run([launcher, "write", *args, str(out)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.fail(f"gvl write failed ({done.returncode}):\n{done.stderr}", pytrace=False)
    return out


@pytest.fixture(scope="session")
def haplotypes_dataset(launcher: str, tmp_path_factory: pytest.TempPathFactory) -> Dict[str, Path]:
    """vg-z-synth16: real 1000 Genomes sites (GRCh37 chr20 slice), 16 phased samples, its regions."""
    src = DATA / "real-derived" / "vg-z-synth16"
    fasta = DATA / "real" / "vg-1mb1kgp" / "z.fa"
    out = _write(launcher, tmp_path_factory.mktemp("hap") / "ds.gvl", "--bed", str(src / "regions.bed"),
                 "--vcf", str(src / "z_synth16.norm.vcf.gz"), "--reference", str(fasta))
    return {"dataset": out, "reference": fasta}


@pytest.fixture(scope="session")
def tracks_dataset(launcher: str, tmp_path_factory: pytest.TempPathFactory) -> Dict[str, Path]:
    """GenVarLoader's synthetic fixture with one bigWig per sample as track 'cov'."""
    syn = DATA / "gvl-fixtures" / "synthetic"
    work = tmp_path_factory.mktemp("tracks")
    table = work / "bw.tsv"
    table.write_text("sample\tpath\n" + "".join(f"{s}\t{syn / 'bw_seed42' / (s + '.bw')}\n"
                                                for s in ("s0", "s1", "s2")))
    out = _write(launcher, work / "ds.gvl", "--bed", str(syn / "regions.bed"), "--vcf", str(syn / "filtered.vcf.gz"),
                 "--reference", str(syn / "ref.fa.bgz"), "--bigwig", f"cov={table}")
    return {"dataset": out, "reference": syn / "ref.fa.bgz"}
