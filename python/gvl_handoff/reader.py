"""The consumer side of the gvl slot-ring hand-off (protocol version 1, see docs/handoff.md)."""

from __future__ import annotations

import json
import math
import mmap
import os
import subprocess
import zlib
from dataclasses import dataclass
from typing import IO, Iterator, Optional, Sequence

import numpy as np

PROTOCOL = 1


class HandoffError(RuntimeError):
    """The writer reported an error, exited early, or sent something that is not part of the protocol."""


@dataclass(frozen=True)
class HandoffArray:
    """One output of a batch, read in place from its slot file.

    ``data`` is a read-only numpy view of the values. For ``kind == "ragged"``, ``offsets`` are the int64 row offsets
    (``prod(shape) + 1`` values from 0) and row ``i`` is ``data[offsets[i]:offsets[i + 1]]``; for ``"dense"``,
    ``data`` already has the full ``shape`` and ``offsets`` is None. Valid until the batch is released.
    """

    name: str
    kind: str
    dtype: np.dtype
    shape: tuple
    data: np.ndarray
    offsets: Optional[np.ndarray]
    data_crc32: Optional[int]
    offsets_crc32: Optional[int]

    def verify(self) -> None:
        """Recomputes the CRC32 of the data (and offsets) and raises HandoffError on a mismatch."""
        if self.data_crc32 is None:
            raise HandoffError(f"array '{self.name}': the writer sent no checksums; start it with --checksums")
        got = zlib.crc32(self.data.reshape(-1).view(np.uint8))
        if got != self.data_crc32:
            raise HandoffError(f"array '{self.name}': data CRC32 {got} != {self.data_crc32} sent by the writer")
        if self.offsets is not None and zlib.crc32(self.offsets.view(np.uint8)) != self.offsets_crc32:
            raise HandoffError(f"array '{self.name}': offsets CRC32 differs from the writer's")

    def to_arrow(self):
        """The array as pyarrow, over the same memory: LargeList (ragged) or FixedSizeList (dense) per axis."""
        import pyarrow as pa

        value_type = pa.from_numpy_dtype(self.dtype)
        flat = self.data.reshape(-1)
        if self.kind == "ragged":
            rows = math.prod(self.shape)
            values = pa.Array.from_buffers(value_type, len(flat), [None, pa.py_buffer(flat)])
            arr = pa.Array.from_buffers(pa.large_list(value_type), rows, [None, pa.py_buffer(self.offsets)],
                                        children=[values])
            axes = self.shape[1:]
        else:
            arr = pa.Array.from_buffers(value_type, len(flat), [None, pa.py_buffer(flat)])
            axes = self.shape[1:]
        for width in reversed(axes):
            arr = pa.FixedSizeListArray.from_arrays(arr, int(width))
        return arr

    def to_torch(self):
        """A torch tensor over the same memory (dense: shaped; ragged: the flat values). Needs torch."""
        import torch  # optional dependency

        return torch.from_numpy(self.data)


class HandoffBatch:
    """One batch in one slot. Release it (or let the reader do so when the next batch is requested) when done."""

    def __init__(self, reader: "HandoffReader", descriptor: dict, view: memoryview):
        self._reader = reader
        self.epoch: int = descriptor["epoch"]
        self.index: int = descriptor["index"]
        self.slot: int = descriptor["slot"]
        self.regions = np.asarray(descriptor["regions"], dtype=np.int32)
        self.samples = np.asarray(descriptor["samples"], dtype=np.int32)
        self.instances: int = descriptor["instances"]
        self.arrays = {a["name"]: _array(a, view) for a in descriptor["arrays"]}
        self.held = False
        self._released = False

    def __getitem__(self, name: str) -> HandoffArray:
        return self.arrays[name]

    def hold(self) -> "HandoffBatch":
        """Keeps the slot after the next batch is requested; the caller must then call release()."""
        self.held = True
        return self

    def to_arrow(self):
        """A pyarrow RecordBatch with one column per output, one row per instance, over the slot's memory."""
        import pyarrow as pa

        return pa.RecordBatch.from_arrays([a.to_arrow() for a in self.arrays.values()], names=list(self.arrays))

    def release(self) -> None:
        """Tells the writer it may reuse this slot; the arrays must not be read afterwards. Idempotent."""
        if not self._released:
            self._released = True
            self._reader._release(self.slot)

    def __enter__(self) -> "HandoffBatch":
        return self.hold()

    def __exit__(self, *exc) -> None:
        self.release()


def _array(a: dict, view: memoryview) -> HandoffArray:
    dtype = np.dtype(a["dtype"]).newbyteorder("<")
    shape = tuple(a["shape"])
    count = a["data_bytes"] // dtype.itemsize
    data = np.frombuffer(view, dtype=dtype, count=count, offset=a["data_offset"])
    offsets = None
    if a["kind"] == "ragged":
        offsets = np.frombuffer(view, dtype="<i8", count=a["offsets_bytes"] // 8, offset=a["offsets_offset"])
    else:
        data = data.reshape(shape)
    return HandoffArray(a["name"], a["kind"], dtype, shape, data, offsets, a.get("data_crc32"), a.get("offsets_crc32"))


class HandoffReader:
    """Iterates the batches a gvl hand-off writer sends over ``descriptors``, answering on ``releases``.

    Each yielded batch is valid until the next one is requested, unless it was ``hold()``-ed, in which case it is
    valid until its ``release()``. Hold at most ``slots - 1`` batches, or the writer waits for a release and, after
    its timeout, fails. Use ``HandoffReader.spawn([...java command...])`` to start the writer as a child process.
    """

    def __init__(self, descriptors: IO[bytes], releases: IO[bytes], process: Optional[subprocess.Popen] = None):
        self._in = descriptors
        self._out = releases
        self._process = process
        self._maps: dict = {}
        self._dir: Optional[str] = None
        self._slots = 0
        self._previous: Optional[HandoffBatch] = None
        self.epoch_ends: list = []
        self.done = False

    @classmethod
    def spawn(cls, command: Sequence[str], **popen_kwargs) -> "HandoffReader":
        """Starts the writer (e.g. ``java -cp ... io.gvl.handoff.HandoffMain --dataset ...``) and reads from it."""
        process = subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, **popen_kwargs)
        return cls(process.stdout, process.stdin, process)

    def __iter__(self) -> Iterator[HandoffBatch]:
        while True:
            if self._previous is not None and not self._previous.held:
                self._previous.release()
            self._previous = None
            message = self._next_message()
            kind = message.get("type")
            if kind == "batch":
                batch = HandoffBatch(self, message, self._map(message))
                self._previous = batch
                yield batch
            elif kind == "epoch_end":
                self.epoch_ends.append(message)
            elif kind == "done":
                self.done = True
                return
            elif kind == "error":
                raise HandoffError(f"the gvl writer failed: {message.get('message')}")
            else:
                raise HandoffError(f"unknown message type {kind!r}: {message}")

    def _next_message(self) -> dict:
        line = self._in.readline()
        if not line:
            code = self._process.wait(timeout=30) if self._process else None
            raise HandoffError(f"the gvl writer ended without 'done' (exit status {code}); see its standard error")
        message = json.loads(line)
        if message.get("type") == "hello":
            if message.get("protocol") != PROTOCOL:
                raise HandoffError(f"writer speaks protocol {message.get('protocol')}, this reader {PROTOCOL}")
            self._dir = message["dir"]
            self._slots = message["slots"]
            return self._next_message()
        if self._dir is None:
            raise HandoffError(f"expected a 'hello' line first, got {message}")
        return message

    def _map(self, d: dict) -> memoryview:
        key = (d["slot"], d["file_bytes"])
        view = self._maps.get(key)
        if view is None:
            # A slot that grew is mapped again; an old mapping stays alive while arrays still refer to it.
            with open(os.path.join(self._dir, d["file"]), "rb") as f:
                mm = mmap.mmap(f.fileno(), d["file_bytes"], access=mmap.ACCESS_READ)
            for old in [k for k in self._maps if k[0] == d["slot"]]:
                del self._maps[old]
            view = memoryview(mm)
            self._maps[key] = view
        return view

    def _release(self, slot: int) -> None:
        try:
            self._out.write(json.dumps({"type": "release", "slot": slot}).encode() + b"\n")
            self._out.flush()
        except BrokenPipeError:
            pass  # the writer is gone; reading the next message reports why

    def close(self) -> None:
        """Releases the current batch and ends the writer: waits for its exit after 'done', else stops it."""
        if self._previous is not None:
            self._previous.release()
        try:
            self._out.close()
        except BrokenPipeError:
            pass
        if self._process is None:
            return
        if not self.done:
            # Stopped early: the writer may be blocked writing descriptors nobody reads, so end it.
            self._process.terminate()
        try:
            code = self._process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self._process.kill()
            raise HandoffError("the gvl writer did not exit within 60 s of close; it was killed")
        finally:
            self._in.close()
        if self.done and code != 0:
            raise HandoffError(f"the gvl writer exited with status {code} after 'done'")

    def __enter__(self) -> "HandoffReader":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
