"""The consumer side of the gvl slot-ring hand-off (protocol version 1, docs/handoff.md in the gvl repository)."""

from __future__ import annotations

import collections
import json
import math
import mmap
import os
import signal
import socket
import stat
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

    def __init__(self, reader: "HandoffReader", descriptor: "_BatchSpec", view: memoryview):
        self._reader = reader
        self.epoch: int = descriptor.epoch
        self.index: int = descriptor.index
        self.slot: int = descriptor.slot
        self.regions: np.ndarray = np.asarray(descriptor.regions, dtype=np.int32)
        self.samples: np.ndarray = np.asarray(descriptor.samples, dtype=np.int32)
        self.instances: int = descriptor.instances
        self.arrays: Dict[str, HandoffArray] = {a.name: _array(a, view) for a in descriptor.arrays}
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


# ---- What the producer sends, checked before anything is mapped or viewed ----------------------------------------
# Every descriptor line is untrusted input: a value of the wrong type, out of range, or pointing outside the slot
# file raises HandoffError naming the line, the array and the field, never a KeyError, TypeError or a view past
# the mapping.

_MAX_LINE = 1 << 28  # bytes in one descriptor line (a batch of a million instances needs about 20 MB)
_MAX_SLOTS = 4096
_MAX_DIMS = 32  # numpy allows 64
_MAX_ELEMENTS = 1 << 48  # product of an array's non-zero dimensions
_INT32_MAX = (1 << 31) - 1
_INT64_MAX = (1 << 63) - 1
_DTYPES: Dict[str, np.dtype] = {name: np.dtype(name).newbyteorder("<")
                                for name in ("uint8", "int32", "int64", "float32")}
_KINDS = ("ragged", "dense")
_OFFSETS_FIELDS = ("offsets_offset", "offsets_bytes", "offsets_crc32")


def _show(value: Any, limit: int = 80) -> str:
    """A value for an error message, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _field(obj: Dict[str, Any], key: str, where: str) -> Any:
    if key not in obj:
        raise HandoffError(f"{where}: missing field '{key}'")
    return obj[key]


def _int_field(obj: Dict[str, Any], key: str, where: str, lo: int = 0, hi: int = _INT64_MAX) -> int:
    """``obj[key]``, a JSON integer (not a boolean or a float) in ``lo..hi``."""
    value = _field(obj, key, where)
    if type(value) is not int:
        raise HandoffError(f"{where}: '{key}' must be an integer, got {_show(value)}")
    if not lo <= value <= hi:
        raise HandoffError(f"{where}: '{key}' must be in {lo}..{hi}, got {value}")
    return value


def _str_field(obj: Dict[str, Any], key: str, where: str) -> str:
    value = _field(obj, key, where)
    if type(value) is not str or not value or "\x00" in value:
        raise HandoffError(f"{where}: '{key}' must be a non-empty string without NUL, got {_show(value)}")
    return value


def _int_list(obj: Dict[str, Any], key: str, where: str, lo: int, hi: int) -> List[int]:
    """``obj[key]``, a JSON array of integers in ``lo..hi``."""
    value = _field(obj, key, where)
    if type(value) is not list:
        raise HandoffError(f"{where}: '{key}' must be an array of integers, got {_show(value)}")
    for i, v in enumerate(value):
        if type(v) is not int or not lo <= v <= hi:
            raise HandoffError(f"{where}: '{key}'[{i}] must be an integer in {lo}..{hi}, got {_show(v)}")
    return value


def _optional_crc(obj: Dict[str, Any], key: str, where: str) -> Optional[int]:
    return _int_field(obj, key, where, 0, 0xFFFFFFFF) if key in obj else None


def _span(obj: Dict[str, Any], prefix: str, where: str, file_bytes: int, align: int) -> Tuple[int, int]:
    """``<prefix>_offset`` and ``<prefix>_bytes``: a byte range inside the slot file, ``align``-aligned."""
    offset = _int_field(obj, f"{prefix}_offset", where)
    size = _int_field(obj, f"{prefix}_bytes", where)
    if offset + size > file_bytes:
        raise HandoffError(f"{where}: {prefix}_offset {offset} + {prefix}_bytes {size} runs past the slot file's "
                           f"file_bytes {file_bytes}")
    if offset % align or size % align:
        raise HandoffError(f"{where}: {prefix}_offset {offset} and {prefix}_bytes {size} must be multiples of "
                           f"{align} (the element size)")
    return offset, size


@dataclass(frozen=True)
class _ArraySpec:
    """One checked entry of a batch descriptor's ``arrays``."""

    name: str
    kind: str
    dtype: np.dtype
    shape: Tuple[int, ...]
    data_offset: int
    data_bytes: int
    offsets_offset: int
    offsets_bytes: int
    data_crc32: Optional[int]
    offsets_crc32: Optional[int]
    where: str


@dataclass(frozen=True)
class _BatchSpec:
    """A checked ``batch`` message."""

    epoch: int
    index: int
    slot: int
    file: str
    file_bytes: int
    instances: int
    regions: List[int]
    samples: List[int]
    arrays: Tuple[_ArraySpec, ...]
    where: str


def _shape(a: Dict[str, Any], where: str) -> Tuple[int, ...]:
    value = _field(a, "shape", where)
    if type(value) is not list or not 1 <= len(value) <= _MAX_DIMS:
        raise HandoffError(f"{where}: 'shape' must be an array of 1..{_MAX_DIMS} integers, got {_show(value)}")
    for i, d in enumerate(value):
        if type(d) is not int or d < 0:
            raise HandoffError(f"{where}: 'shape'[{i}] must be a non-negative integer, got {_show(d)}")
    if math.prod(max(d, 1) for d in value) > _MAX_ELEMENTS:
        raise HandoffError(f"{where}: 'shape' {value} has more than 2**48 elements")
    return tuple(value)


def _array_spec(a: Any, k: int, batch_where: str, file_bytes: int) -> _ArraySpec:
    """Checks entry ``k`` of a batch's ``arrays`` against the protocol and the slot file's size."""
    where = f"{batch_where}, arrays[{k}]"
    if type(a) is not dict:
        raise HandoffError(f"{where}: must be a JSON object, got {_show(a)}")
    name = _str_field(a, "name", where)
    where = f"{batch_where}, array '{_show(name, 40)[1:-1]}' (arrays[{k}])"
    kind = _field(a, "kind", where)
    if type(kind) is not str or kind not in _KINDS:
        raise HandoffError(f"{where}: 'kind' must be one of {', '.join(_KINDS)}, got {_show(kind)}")
    dtype_name = _field(a, "dtype", where)
    if type(dtype_name) is not str or dtype_name not in _DTYPES:
        raise HandoffError(f"{where}: 'dtype' must be one of {', '.join(_DTYPES)}, got {_show(dtype_name)}")
    dtype = _DTYPES[dtype_name]
    shape = _shape(a, where)
    data_offset, data_bytes = _span(a, "data", where, file_bytes, dtype.itemsize)
    rows = math.prod(shape)
    offsets_offset = offsets_bytes = 0
    if kind == "ragged":
        offsets_offset, offsets_bytes = _span(a, "offsets", where, file_bytes, 8)
        if offsets_bytes != 8 * (rows + 1):
            raise HandoffError(f"{where}: offsets_bytes {offsets_bytes} must be 8 x (prod(shape) + 1) = "
                               f"{8 * (rows + 1)} for shape {list(shape)}")
        if ("data_crc32" in a) != ("offsets_crc32" in a):
            raise HandoffError(f"{where}: a ragged array has both data_crc32 and offsets_crc32 or neither")
    else:
        extra = [f for f in _OFFSETS_FIELDS if f in a]
        if extra:
            raise HandoffError(f"{where}: a dense array has no offsets, but {', '.join(extra)} was sent")
        if data_bytes != rows * dtype.itemsize:
            raise HandoffError(f"{where}: data_bytes {data_bytes} does not match shape {list(shape)} of "
                               f"{dtype_name} ({rows * dtype.itemsize} bytes)")
    return _ArraySpec(name, kind, dtype, shape, data_offset, data_bytes, offsets_offset, offsets_bytes,
                      _optional_crc(a, "data_crc32", where), _optional_crc(a, "offsets_crc32", where), where)


def _batch_spec(d: Dict[str, Any], line: int, slots: int) -> _BatchSpec:
    """Checks a ``batch`` message (line ``line`` of the stream) before its slot is mapped."""
    where = f"descriptor line {line} ('batch')"
    epoch = _int_field(d, "epoch", where)
    index = _int_field(d, "index", where)
    where = f"descriptor line {line} ('batch' epoch {epoch} index {index})"
    slot = _int_field(d, "slot", where, 0, slots - 1)
    file = _str_field(d, "file", where)
    if file != f"slot-{slot}.bin":
        raise HandoffError(f"{where}: 'file' must be slot-{slot}.bin, the file of slot {slot} in the announced "
                           f"directory, got {_show(file)}")
    file_bytes = _int_field(d, "file_bytes", where, 1)
    instances = _int_field(d, "instances", where, 0, _INT32_MAX)
    regions = _int_list(d, "regions", where, 0, _INT32_MAX)
    samples = _int_list(d, "samples", where, 0, _INT32_MAX)
    if len(regions) != instances or len(samples) != instances:
        raise HandoffError(f"{where}: 'regions' ({len(regions)}) and 'samples' ({len(samples)}) must have "
                           f"'instances' ({instances}) entries each")
    arrays = _field(d, "arrays", where)
    if type(arrays) is not list:
        raise HandoffError(f"{where}: 'arrays' must be an array of objects, got {_show(arrays)}")
    specs = tuple(_array_spec(a, k, where, file_bytes) for k, a in enumerate(arrays))
    names = [a.name for a in specs]
    for k, name in enumerate(names):
        if name in names[:k]:
            raise HandoffError(f"{where}: two arrays are named {_show(name)} (arrays[{names.index(name)}] and "
                               f"arrays[{k}])")
    return _BatchSpec(epoch, index, slot, file, file_bytes, instances, regions, samples, specs, where)


def _array(a: _ArraySpec, view: memoryview) -> HandoffArray:
    """The numpy views of a checked array; a ragged array's offsets are checked against its data first."""
    count = a.data_bytes // a.dtype.itemsize
    data = np.frombuffer(view, dtype=a.dtype, count=count, offset=a.data_offset)
    offsets = None
    if a.kind == "ragged":
        offsets = np.frombuffer(view, dtype="<i8", count=a.offsets_bytes // 8, offset=a.offsets_offset)
        _check_offsets(offsets, count, a.where)
    else:
        data = data.reshape(a.shape)
    return HandoffArray(a.name, a.kind, a.dtype, a.shape, data, offsets, a.data_crc32, a.offsets_crc32)


def _check_offsets(offsets: np.ndarray, count: int, where: str) -> None:
    """Row offsets start at 0, never decrease and end inside the data (``count`` elements)."""
    if offsets[0] != 0:
        raise HandoffError(f"{where}: the offsets must start at 0, got {int(offsets[0])}")
    # Compared, not subtracted: np.diff of int64 offsets wraps (7 - -2**63 is negative), hiding a decrease.
    down = offsets[1:] < offsets[:-1]
    if down.any():
        row = int(np.argmax(down))
        raise HandoffError(f"{where}: the offsets decrease at row {row} ({int(offsets[row])} then "
                           f"{int(offsets[row + 1])}); they must never decrease")
    if int(offsets[-1]) > count:
        raise HandoffError(f"{where}: the last offset {int(offsets[-1])} runs past the data's {count} elements")


def _hello(message: Dict[str, Any], line: int) -> Tuple[str, int]:
    """The slot directory and slot count of a ``hello`` message."""
    where = f"descriptor line {line} ('hello')"
    protocol = _field(message, "protocol", where)
    if type(protocol) is not int or protocol != PROTOCOL:
        raise HandoffError(f"producer speaks protocol {_show(protocol)}, this reader {PROTOCOL} ({where}); use "
                           f"a gvl-jvm package of the producer's gvl version")
    directory = _str_field(message, "dir", where)
    if not os.path.isabs(directory):
        raise HandoffError(f"{where}: 'dir' must be an absolute path, got {_show(directory)}")
    return directory, _int_field(message, "slots", where, 1, _MAX_SLOTS)


def _parse_line(raw: bytes, line: int) -> Dict[str, Any]:
    """One descriptor line (with its newline) as a JSON object with a string 'type'."""
    where = f"descriptor line {line}"
    if len(raw) > _MAX_LINE:
        raise HandoffError(f"{where} is longer than {_MAX_LINE} bytes (or has no newline)")
    if not raw.endswith(b"\n"):
        raise HandoffError(f"{where} is cut off at the end of the stream (no newline after {len(raw)} bytes: "
                           f"{_show(raw[:60])}); the producer stopped in the middle of a message")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise HandoffError(f"{where} is not UTF-8 ({e.reason} at byte {e.start}): {_show(raw[:60])}") from None
    try:
        message = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as e:
        raise HandoffError(f"{where} is not JSON ({_show(str(e), 120)[1:-1]}): {_show(text[:60])}") from None
    if type(message) is not dict:
        raise HandoffError(f"{where} must be a JSON object, got {_show(message)}")
    if type(message.get("type")) is not str:
        raise HandoffError(f"{where} has no string 'type': {_show(message)}")
    return message


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _slot_path(directory: str, spec: _BatchSpec) -> str:
    """The slot file of a batch, which must be a regular file directly in the producer's announced directory."""
    path = os.path.join(directory, spec.file)
    real = os.path.realpath(path)
    if os.path.dirname(real) != os.path.realpath(directory) or os.path.basename(real) != spec.file:
        raise HandoffError(f"{spec.where}: slot file {path} resolves to {real}, outside the announced directory "
                           f"{directory}")
    return real

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
        self._line = 0  # descriptor lines read, for error messages
        self._busy: Dict[int, str] = {}  # slots whose batch the reader has not released -> that batch
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
            kind = message["type"]
            if kind == "batch":
                spec = _batch_spec(message, self._line, self._slots)
                if spec.slot in self._busy:
                    raise HandoffError(f"{spec.where}: slot {spec.slot} still holds {self._busy[spec.slot]}, which "
                                       f"the reader has not released; a producer writes a slot only after its release")
                batch = HandoffBatch(self, spec, self._map(spec))
                self._busy[spec.slot] = f"batch epoch {spec.epoch} index {spec.index}"
                self._previous = batch
                yield batch
            elif kind == "epoch_end":
                where = f"descriptor line {self._line} ('epoch_end')"
                _int_field(message, "epoch", where)
                _int_field(message, "batches", where)
                self.epoch_ends.append(message)
            elif kind == "done":
                self.done = True
                return
            elif kind == "error":
                raise HandoffError(f"the gvl producer failed: {_show(message.get('message'), 4000)[1:-1]}")
            else:
                raise HandoffError(f"descriptor line {self._line}: unknown message type {_show(kind)}: "
                                   f"{_show(message, 200)}")

    def _next_message(self) -> Dict[str, Any]:
        """The next message after the 'hello' line (which must come first, once), as a checked JSON object."""
        while True:
            raw = self._in.readline(_MAX_LINE + 1)
            if not raw:
                raise HandoffError(self._ended_early())
            self._line += 1
            message = _parse_line(raw, self._line)
            if message["type"] != "hello":
                break
            if self._dir is not None:
                raise HandoffError(f"descriptor line {self._line}: a second 'hello' line; the producer sends one, "
                                   f"first")
            self._dir, self._slots = _hello(message, self._line)
        if self._dir is None:
            raise HandoffError(f"expected a 'hello' line first, got {_show(message, 200)} on descriptor line "
                               f"{self._line}")
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

    def _map(self, spec: _BatchSpec) -> memoryview:
        key = (spec.slot, spec.file_bytes)
        view = self._maps.get(key)
        if view is None:
            # A slot that grew is mapped again; an old mapping stays alive while arrays still refer to it. The
            # mapping is shared and writable: the slot is the consumer's until released, and writable views let
            # torch and DLPack take the memory without a copy or a warning.
            assert self._dir is not None
            path = _slot_path(self._dir, spec)
            try:
                fd = os.open(path, os.O_RDWR | os.O_NOFOLLOW | os.O_CLOEXEC)
            except OSError as e:
                raise HandoffError(f"{spec.where}: cannot open slot file {path}: {e.strerror}") from None
            try:
                info = os.fstat(fd)
                if not stat.S_ISREG(info.st_mode):
                    raise HandoffError(f"{spec.where}: slot file {path} is not a regular file")
                if info.st_size < spec.file_bytes:
                    raise HandoffError(f"{spec.where}: file_bytes {spec.file_bytes} is more than the {info.st_size} "
                                       f"bytes of slot file {path}")
                try:
                    mm = mmap.mmap(fd, spec.file_bytes, access=mmap.ACCESS_WRITE)
                except (OSError, ValueError, OverflowError) as e:
                    raise HandoffError(f"{spec.where}: cannot map {spec.file_bytes} bytes of {path}: {e}") from None
            finally:
                os.close(fd)
            for old in [k for k in self._maps if k[0] == spec.slot]:
                del self._maps[old]
            view = memoryview(mm)
            self._maps[key] = view
        return view

    def _release(self, slot: int) -> None:
        self._busy.pop(slot, None)
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
