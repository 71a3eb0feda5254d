"""A PyTorch ``IterableDataset`` over a gvl producer: batches of a gvl dataset as tensors, one item per batch.

Use it with ``torch.utils.data.DataLoader(dataset, batch_size=None)``: the batches are already made by gvl.
With ``num_workers=0`` (recommended: gvl's producer already works in parallel with the training loop, in its own
process) the tensors are views of the shared slot memory, valid until the next item is requested; copy what must
live longer (``copy=True`` does so for every item). With ``num_workers=N`` each worker starts its own producer
sending every N-th batch of each epoch, and items are copied (PyTorch moves them between processes).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Dict, Iterator, Optional, Sequence, Tuple, Union

import numpy as np
import torch
from torch.utils.data import IterableDataset, get_worker_info

from ._producer import PathLike, Producer, attach
from ._reader import HandoffBatch, HandoffReader


@dataclass(frozen=True)
class RaggedTensor:
    """A ragged output: ``values`` flat, row ``i`` is ``values[offsets[i]:offsets[i + 1]]``.

    Rows are in C order over ``shape`` (e.g. ``(instances, ploidy)`` for haplotypes). A dataclass, not a tuple, so
    PyTorch's DataLoader passes it through unchanged.
    """

    values: torch.Tensor
    offsets: torch.Tensor
    shape: Tuple[int, ...]

    def row(self, *index: int) -> torch.Tensor:
        """The row at ``index`` (one integer per axis of ``shape``)."""
        flat = int(np.ravel_multi_index(index, self.shape))
        return self.values[int(self.offsets[flat]):int(self.offsets[flat + 1])]


Item = Dict[str, Union[torch.Tensor, RaggedTensor, int]]


def batch_to_torch(batch: HandoffBatch, copy: bool = False) -> Item:
    """A batch as a dict of tensors: one entry per output (dense arrays shaped, ragged ones as
    :class:`RaggedTensor`), plus ``regions`` and ``samples`` (int32, one per instance) and ``epoch`` and ``index``.

    Without ``copy`` the tensors share the slot's memory (valid until the batch is released).
    """
    item: Item = {}
    for name, a in batch.arrays.items():
        data = torch.from_numpy(a.data.copy() if copy else a.data)
        if a.offsets is None:
            item[name] = data
        else:
            offsets = torch.from_numpy(a.offsets.copy() if copy else a.offsets)
            item[name] = RaggedTensor(data, offsets, tuple(a.shape))
    item["regions"] = torch.from_numpy(batch.regions)
    item["samples"] = torch.from_numpy(batch.samples)
    item["epoch"] = batch.epoch
    item["index"] = batch.index
    return item


class GvlTorchDataset(IterableDataset):
    """Batches of a gvl dataset as dicts of tensors (see :func:`batch_to_torch`), from a producer it starts or one
    it attaches to.

    Args:
        producer: what to send; each iteration (and each worker) starts its own ``gvl handoff`` child process.
        attach_to: instead, the Unix socket of a producer started elsewhere (``gvl handoff DIR --listen PATH``), or
            one socket per data-loader worker (each producer started with its ``--shard I/N``).
        copy: copy every item out of the slot memory (default: only in data-loader workers, where it is needed).
        attach_timeout: seconds to wait for an attached producer's socket.
    """

    def __init__(self, producer: Optional[Producer] = None, *, attach_to: Union[None, PathLike,
                 Sequence[PathLike]] = None, copy: Optional[bool] = None, attach_timeout: float = 60.0):
        super().__init__()
        if (producer is None) == (attach_to is None):
            raise ValueError("give either a producer to start or a socket to attach_to, not both or neither")
        self.producer = producer
        self.attach_to = attach_to
        self.copy = copy
        self.attach_timeout = attach_timeout

    def _reader(self) -> tuple:
        worker = get_worker_info()
        workers = worker.num_workers if worker is not None else 1
        wid = worker.id if worker is not None else 0
        if self.producer is not None:
            shard = (wid, workers) if workers > 1 else None
            return self.producer.start(shard), worker
        single = isinstance(self.attach_to, (str, os.PathLike))
        sockets = [self.attach_to] if single else list(self.attach_to)
        if len(sockets) != workers:
            raise ValueError(f"{len(sockets)} socket(s) to attach to for {workers} data-loader worker(s): give one "
                             "per worker, each producer started with --shard WORKER/WORKERS")
        return attach(sockets[wid], self.attach_timeout), worker

    def __iter__(self) -> Iterator[Item]:
        reader: HandoffReader
        reader, worker = self._reader()
        copy = self.copy if self.copy is not None else worker is not None
        try:
            for batch in reader:
                yield batch_to_torch(batch, copy)
        finally:
            reader.close()

    def __repr__(self) -> str:
        source: Any = self.producer if self.producer is not None else f"attach_to={self.attach_to!r}"
        return f"GvlTorchDataset({source})"
