"""The PyTorch side: GvlTorchDataset in a DataLoader, zero-copy tensors, worker sharding, the training example."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Dict

import numpy as np
import pytest
import torch
from torch.utils.data import DataLoader

from gvl_jvm import Producer
from gvl_jvm.torch import GvlTorchDataset, RaggedTensor, batch_to_torch

ROOT = Path(__file__).resolve().parents[2]


def producer(ds: Dict[str, Path], launcher: str, **kwargs) -> Producer:
    return Producer(ds["dataset"], reference=ds["reference"], launcher=launcher, **kwargs)


def test_items_are_tensors_over_the_slot_memory(launcher: str, haplotypes_dataset: Dict[str, Path]) -> None:
    with producer(haplotypes_dataset, launcher, batch_size=8, length=300, checksums=True).start() as reader:
        for batch in reader:
            item = batch_to_torch(batch)
            hap = item["haplotypes"]
            assert isinstance(hap, torch.Tensor) and hap.shape == (batch.instances, 2, 300)
            assert hap.dtype == torch.uint8
            assert hap.data_ptr() == batch["haplotypes"].data.ctypes.data, "no copy"
            via_dlpack = torch.utils.dlpack.from_dlpack(batch["haplotypes"].data)
            assert via_dlpack.data_ptr() == hap.data_ptr()
            copied = batch_to_torch(batch, copy=True)["haplotypes"]
            assert copied.data_ptr() != hap.data_ptr() and torch.equal(copied, hap)
            batch["haplotypes"].verify()
            assert item["regions"].tolist() == batch.regions.tolist()


def test_dataloader_delivers_every_batch_once(launcher: str, tracks_dataset: Dict[str, Path]) -> None:
    ds = GvlTorchDataset(producer(tracks_dataset, launcher, batch_size=3, tracks=["cov"], epochs=2))
    pairs = []
    for item in DataLoader(ds, batch_size=None):
        assert isinstance(item["haplotypes"], RaggedTensor) and isinstance(item["tracks"], RaggedTensor)
        hap, cov = item["haplotypes"], item["tracks"]
        n = item["regions"].shape[0]
        assert hap.shape == (n, 2) and cov.shape == (n, 1, 2)
        assert hap.row(n - 1, 1).shape[0] == cov.row(n - 1, 0, 1).shape[0]
        pairs += [(item["epoch"], r, s) for r, s in zip(item["regions"].tolist(), item["samples"].tolist())]
    per_epoch = [sorted(p[1:] for p in pairs if p[0] == e) for e in (0, 1)]
    assert per_epoch[0] == per_epoch[1] and len(set(per_epoch[0])) == len(per_epoch[0]) > 0


def fingerprint(item: dict) -> tuple:
    return (item["epoch"], item["index"], tuple(item["regions"].tolist()), tuple(item["samples"].tolist()),
            item["haplotypes"].numpy().tobytes())


@pytest.mark.filterwarnings("ignore:This DataLoader will create")  # 3 workers on a 2-core machine
@pytest.mark.parametrize("workers", [2, 3])
def test_workers_split_each_epoch_and_together_send_what_one_producer_sends(
        launcher: str, haplotypes_dataset: Dict[str, Path], workers: int) -> None:
    p = producer(haplotypes_dataset, launcher, batch_size=5, length=64, epochs=2, shuffle=True, seed=11)
    alone = [fingerprint(item) for item in DataLoader(GvlTorchDataset(p), batch_size=None)]
    split = [fingerprint(item) for item in DataLoader(GvlTorchDataset(p), batch_size=None, num_workers=workers)]
    assert len(split) == len(alone) and sorted(split) == sorted(alone)
    assert len({(f[0], f[1]) for f in split}) == len(split), "no batch twice"


def test_attach_to_needs_one_socket_per_worker(tmp_path: Path) -> None:
    ds = GvlTorchDataset(attach_to=[tmp_path / "a.sock", tmp_path / "b.sock"])
    with pytest.raises(ValueError, match="one per worker"):
        next(iter(ds))
    with pytest.raises(ValueError, match="either a producer"):
        GvlTorchDataset()


def test_the_training_example_learns(launcher: str, haplotypes_dataset: Dict[str, Path]) -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    done = subprocess.run([sys.executable, str(ROOT / "python" / "examples" / "train_torch.py"),
                           "--dataset", str(haplotypes_dataset["dataset"]),
                           "--reference", str(haplotypes_dataset["reference"]), "--launcher", launcher,
                           "--steps", "40"], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    m = re.search(r"trained 40 steps: mean loss of the first 5 ([\d.]+), of the last 5 ([\d.]+)", done.stdout)
    assert m, done.stdout
    first, last = float(m.group(1)), float(m.group(2))
    assert last < first / 2, f"the loss did not fall: {first} -> {last}"
