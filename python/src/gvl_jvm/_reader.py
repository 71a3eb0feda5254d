"""The consumer side of the gvl slot-ring hand-off (protocol version 1, docs/handoff.md in the gvl repository)."""

from __future__ import annotations

import collections
import json
import math
import mmap
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import weakref
import zlib
from dataclasses import dataclass
from typing import IO, Any, Deque, Dict, Iterator, List, Optional, Sequence, Tuple

import numpy as np

PROTOCOL = 1
_STDERR_LINES = 40
# The JDK prints this on every start of a JVM that uses the Vector API; it is not the producer's to report.
_JDK_NOTICE = "WARNING: Using incubator modules: jdk.incubator.vector"


class HandoffError(RuntimeError):
    """The producer reported an error, exited early, never connected, or sent something outside the protocol."""


@dataclass(frozen=True)
class HandoffArray:
    """One output of a batch, read in place from its slot file.

    ``data`` is a numpy view of the values. For ``kind == "ragged"``, ``offsets`` are the int64 row offsets
    (``prod(shape) + 1`` values from 0) and row ``i`` is ``data[offsets[i]:offsets[i + 1]]``; for ``"dense"``,
    ``data`` already has the full ``shape`` and ``offsets`` is None. The views are writable (the slot is the
    consumer's until it is released) and valid until the batch is released; copy what must live longer.
    """

    name: str
    kind: str
    dtype: np.dtype
    shape: Tuple[int, ...]
    data: np.ndarray
    offsets: Optional[np.ndarray]
    data_crc32: Optional[int]
    offsets_crc32: Optional[int]

    def verify(self) -> None:
        """Recomputes the CRC32 of the data (and offsets) and raises HandoffError on a mismatch."""
        if self.data_crc32 is None:
            raise HandoffError(f"array '{self.name}': the producer sent no checksums; start it with checksums=True")
        got = zlib.crc32(self.data.reshape(-1).view(np.uint8))
        if got != self.data_crc32:
            raise HandoffError(f"array '{self.name}': data CRC32 {got} != {self.data_crc32} sent by the producer")
        if self.offsets is not None and zlib.crc32(self.offsets.view(np.uint8)) != self.offsets_crc32:
            raise HandoffError(f"array '{self.name}': offsets CRC32 differs from the producer's")

    def rows(self) -> List[np.ndarray]:
        """The rows of a ragged array as views (C order over ``shape``); a dense array's rows along its last axis."""
        if self.offsets is None:
            return list(self.data.reshape(-1, self.shape[-1]))
        o = self.offsets
        return [self.data[o[i]:o[i + 1]] for i in range(len(o) - 1)]

    def to_arrow(self) -> Any:
        """The array as pyarrow, over the same memory: LargeList (ragged) or FixedSizeList (dense) per axis."""
        import pyarrow as pa

        value_type = pa.from_numpy_dtype(self.dtype)
        flat = self.data.reshape(-1)
        if self.kind == "ragged":
            rows = math.prod(self.shape)
            values = pa.Array.from_buffers(value_type, len(flat), [None, pa.py_buffer(flat)])
            arr = pa.Array.from_buffers(pa.large_list(value_type), rows, [None, pa.py_buffer(self.offsets)],
                                        children=[values])
        else:
            arr = pa.Array.from_buffers(value_type, len(flat), [None, pa.py_buffer(flat)])
        for width in reversed(self.shape[1:]):
            arr = pa.FixedSizeListArray.from_arrays(arr, int(width))
        return arr

    def to_torch(self) -> Any:
        """A torch tensor over the same memory (dense: shaped; ragged: the flat values). Needs torch."""
        import torch  # optional dependency

        return torch.from_numpy(self.data)


class HandoffBatch:
    """One batch in one slot. Release it (or let the reader do so when the next batch is requested) when done."""

    def __init__(self, reader: "HandoffReader", descriptor: Dict[str, Any], view: memoryview):
        self._reader = reader
        self.epoch: int = descriptor["epoch"]
        self.index: int = descriptor["index"]
        self.slot: int = descriptor["slot"]
        self.regions: np.ndarray = np.asarray(descriptor["regions"], dtype=np.int32)
        self.samples: np.ndarray = np.asarray(descriptor["samples"], dtype=np.int32)
        self.instances: int = descriptor["instances"]
        self.arrays: Dict[str, HandoffArray] = {a["name"]: _array(a, view) for a in descriptor["arrays"]}
        self.held = False
        self._released = False

    def __getitem__(self, name: str) -> HandoffArray:
        return self.arrays[name]

    def hold(self) -> "HandoffBatch":
        """Keeps the slot after the next batch is requested; the caller must then call release()."""
        self.held = True
        return self

    def to_arrow(self) -> Any:
        """A pyarrow RecordBatch with one column per output, one row per instance, over the slot's memory."""
        import pyarrow as pa

        return pa.RecordBatch.from_arrays([a.to_arrow() for a in self.arrays.values()], names=list(self.arrays))

    def release(self) -> None:
        """Tells the producer it may reuse this slot; the arrays must not be read afterwards. Idempotent."""
        if not self._released:
            self._released = True
            self._reader._release(self.slot)

    def __enter__(self) -> "HandoffBatch":
        return self.hold()

    def __exit__(self, *exc: Any) -> None:
        self.release()


def _array(a: Dict[str, Any], view: memoryview) -> HandoffArray:
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


class _StderrTail:
    """Drains a child's standard error on a daemon thread, echoing it and keeping the last lines for error messages."""

    def __init__(self, stream: IO[bytes], echo: bool):
        self.lines: Deque[str] = collections.deque(maxlen=_STDERR_LINES)
        self._thread = threading.Thread(target=self._drain, args=(stream, echo), name="gvl-producer-stderr",
                                        daemon=True)
        self._thread.start()

    def _drain(self, stream: IO[bytes], echo: bool) -> None:
        for raw in iter(stream.readline, b""):
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self.lines.append(line)
            if echo and line != _JDK_NOTICE:
                print(line, file=sys.stderr, flush=True)
        stream.close()

    def text(self) -> str:
        self._thread.join(timeout=2)
        return "\n".join(self.lines)


def _stop(process: subprocess.Popen) -> None:
    """Ends a producer that is still running: SIGTERM (its slot files are deleted by its shutdown hook), then SIGKILL."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class HandoffReader:
    """Iterates the batches a gvl producer sends over ``descriptors``, answering on ``releases``.

    Each yielded batch is valid until the next one is requested, unless it was ``hold()``-ed, in which case it is
    valid until its ``release()``. Hold at most ``slots - 1`` batches, or the producer waits for a release and, after
    its timeout, fails. Make one with :meth:`spawn` (the producer as a child process), :func:`gvl_jvm.attach` (a
    producer started with ``gvl handoff --listen SOCKET``) or :meth:`gvl_jvm.Producer.start`.
    """

    def __init__(self, descriptors: IO[bytes], releases: IO[bytes], process: Optional[subprocess.Popen] = None,
                 stderr_tail: Optional[_StderrTail] = None, closer: Optional[Any] = None):
        self._in = descriptors
        self._out = releases
        self.process = process
        self._stderr = stderr_tail
        self._closer = closer
        self._maps: Dict[Tuple[int, int], memoryview] = {}
        self._dir: Optional[str] = None
        self._slots = 0
        self._previous: Optional[HandoffBatch] = None
        self.epoch_ends: List[Dict[str, Any]] = []
        self.done = False
        self._closed = False
        # A reader dropped without close() (or the interpreter exiting) still stops its producer.
        self._finalizer = weakref.finalize(self, _stop, process) if process is not None else None

    @classmethod
    def spawn(cls, command: Sequence[str], env: Optional[Dict[str, str]] = None,
              echo_stderr: bool = True) -> "HandoffReader":
        """Starts the producer (e.g. ``[gvl, "handoff", DIR, ...]``) as a child process and reads from it.

        The child runs in its own session, so a Ctrl-C reaches this process only and closing the reader ends the
        child in order (its slot files are removed). Its standard error is echoed to ours (``echo_stderr``) and
        the last lines are quoted when it fails.
        """
        process = subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, env=env, start_new_session=True)
        return cls(process.stdout, process.stdin, process, _StderrTail(process.stderr, echo_stderr))

    @classmethod
    def attach(cls, path: str, timeout: float = 60.0) -> "HandoffReader":
        """Connects to a producer waiting on the Unix socket ``path`` (``gvl handoff DIR --listen PATH``).

        Waits up to ``timeout`` seconds for the socket to appear, so the producer may be started after the reader.
        """
        deadline = time.monotonic() + timeout
        while True:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.connect(os.fspath(path))
                break
            except (FileNotFoundError, ConnectionRefusedError) as e:
                sock.close()
                if time.monotonic() >= deadline:
                    raise HandoffError(f"no gvl producer listening on {path} after {timeout} s ({e}); start one "
                                       f"with: gvl handoff DATASET --listen {path}") from e
                time.sleep(0.05)
        return cls(sock.makefile("rb"), sock.makefile("wb"), closer=sock)

    def __iter__(self) -> Iterator[HandoffBatch]:
        if self._closed:
            raise HandoffError("the reader is closed")
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
                raise HandoffError(f"the gvl producer failed: {message.get('message')}")
            else:
                raise HandoffError(f"unknown message type {kind!r}: {message}")

    def _next_message(self) -> Dict[str, Any]:
        line = self._in.readline()
        if not line:
            raise HandoffError(self._ended_early())
        message = json.loads(line)
        if message.get("type") == "hello":
            if message.get("protocol") != PROTOCOL:
                raise HandoffError(f"producer speaks protocol {message.get('protocol')}, this reader {PROTOCOL}")
            self._dir = message["dir"]
            self._slots = message["slots"]
            return self._next_message()
        if self._dir is None:
            raise HandoffError(f"expected a 'hello' line first, got {message}")
        return message

    def _ended_early(self) -> str:
        if self.process is None:
            return "the gvl producer closed the connection without 'done'; see its standard error"
        try:
            code = self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            code = None
        if code is not None and code < 0:
            status = f"killed by signal {signal.Signals(-code).name}"
        else:
            status = f"exit status {code}"
        if code is not None:
            self._remove_slot_files()
        tail = self._stderr.text() if self._stderr is not None else ""
        return (f"the gvl producer ended without 'done' ({status})"
                + (f"; its last standard error lines:\n{tail}" if tail else ""))

    def _remove_slot_files(self) -> None:
        """After the producer died: its slot files (a SIGKILL leaves them), and the directory if nothing else is in it."""
        if self._dir is None:
            return
        for k in range(self._slots):
            try:
                os.remove(os.path.join(self._dir, f"slot-{k}.bin"))
            except OSError:
                pass
        try:
            os.rmdir(self._dir)
        except OSError:
            pass  # not empty (not only ours), or already gone

    def _map(self, d: Dict[str, Any]) -> memoryview:
        key = (d["slot"], d["file_bytes"])
        view = self._maps.get(key)
        if view is None:
            # A slot that grew is mapped again; an old mapping stays alive while arrays still refer to it. The
            # mapping is shared and writable: the slot is the consumer's until released, and writable views let
            # torch and DLPack take the memory without a copy or a warning.
            with open(os.path.join(self._dir, d["file"]), "r+b") as f:
                mm = mmap.mmap(f.fileno(), d["file_bytes"], access=mmap.ACCESS_WRITE)
            for old in [k for k in self._maps if k[0] == d["slot"]]:
                del self._maps[old]
            view = memoryview(mm)
            self._maps[key] = view
        return view

    def _release(self, slot: int) -> None:
        if self._closed:
            return
        try:
            self._out.write(b'{"type":"release","slot":%d}\n' % slot)
            self._out.flush()
        except (BrokenPipeError, ConnectionResetError, ValueError):
            pass  # the producer is gone; reading the next message reports why

    def close(self) -> None:
        """Releases the current batch and ends the producer: waits for its exit after 'done', else stops it.

        Idempotent. A producer that ended early is stopped with SIGTERM (it removes its slot files) and, if it does
        not exit within 20 s, killed.
        """
        if self._closed:
            return
        if self._previous is not None:
            self._previous.release()
        self._closed = True
        for stream in (self._out, self._in):
            try:
                stream.close()
            except (BrokenPipeError, ConnectionResetError, ValueError):
                pass
        if self._closer is not None:
            self._closer.close()
        if self.process is None:
            return
        if not self.done:
            # Stopped early: the producer may be blocked waiting for a release nobody sends, so end it.
            _stop(self.process)
        try:
            code = self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise HandoffError("the gvl producer did not exit within 60 s of close; it was killed")
        finally:
            if self._finalizer is not None:
                self._finalizer.detach()
        if self.done and code != 0:
            raise HandoffError(f"the gvl producer exited with status {code} after 'done'")

    def __enter__(self) -> "HandoffReader":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
