"""Seeded, structure-aware mutations of a valid hand-off stream, and the oracle that judges the reader's answer.

Shared by tests/test_descriptor_fuzz.py (a fixed set of seeds) and tools/fuzz_descriptors.py (a long run). A case
starts from valid ``hello`` + ``batch`` lines over real slot files written here (as a producer lays them out), applies
one mutation chosen by its seed, runs :class:`gvl_jvm.HandoffReader` over the bytes, and checks the outcome:

- ``error``: the reader must raise ``HandoffError`` naming the mutated descriptor line and matching a fragment;
- ``same``: the mutation keeps the stream valid and equivalent; the reader must give the baseline's arrays;
- ``any``: either a ``HandoffError`` naming a descriptor line (or the missing 'done'), or batches whose views all lie
  inside their slot mapping and agree with their descriptor (dense shape, ragged offsets from 0, never decreasing,
  inside the data).

Any other exception, or an answer the oracle refuses, is a finding (:class:`Finding`).
"""

from __future__ import annotations

import copy
import io
import json
import os
import random
import re
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np

from gvl_jvm import HandoffError, HandoffReader

SLOTS = 3  # slot-2.bin is a symbolic link out of the slot directory, for the mutations that point at it
FILE_BYTES = 1 << 16
HUGE = [-1, -64, -(1 << 31), -(1 << 63), (1 << 31), (1 << 32), (1 << 53) + 1, (1 << 63) - 1, 1 << 63, 1 << 64,
        10 ** 30]


class Finding(AssertionError):
    """The reader answered a case in a way the contract forbids."""


@dataclass
class Case:
    """One mutated stream and what the reader must answer."""

    seed: int
    mutator: str
    data: bytes
    expect: str  # "error", "same" or "any"
    line: Optional[int] = None  # for "error": the descriptor line the message must name (None: any or none)
    fragment: str = ""  # for "error": a regular expression the message must match
    note: str = ""


# ---- The valid stream ------------------------------------------------------------------------------------------

def _contents(variant: int) -> Dict[str, np.ndarray]:
    rng = np.random.default_rng(variant)
    return {"hap": rng.integers(65, 90, 9, dtype=np.uint8), "offsets": np.array([0, 3, 4, 7, 9], dtype="<i8"),
            "track": rng.random(9, dtype=np.float32), "dense": rng.random((2, 2, 5), dtype=np.float32),
            "ids": rng.integers(0, 1 << 40, (2, 3), dtype="<i8")}


def _slot_file(variant: int) -> bytes:
    c = _contents(variant)
    blob = bytearray(FILE_BYTES)
    for at, arr in ((0, c["hap"]), (1024, c["offsets"]), (2048, c["track"]), (4096, c["dense"]), (8192, c["ids"])):
        blob[at:at + arr.nbytes] = arr.tobytes()
    return bytes(blob)


def _arrays(variant: int) -> List[Dict[str, Any]]:
    c = _contents(variant)
    crc = lambda a: zlib.crc32(a.tobytes())  # noqa: E731
    return [
        {"name": "haplotypes", "kind": "ragged", "dtype": "uint8", "shape": [2, 2], "data_offset": 0,
         "data_bytes": 9, "data_crc32": crc(c["hap"]), "offsets_offset": 1024, "offsets_bytes": 40,
         "offsets_crc32": crc(c["offsets"])},
        {"name": "cov", "kind": "ragged", "dtype": "float32", "shape": [2, 2], "data_offset": 2048,
         "data_bytes": 36, "data_crc32": crc(c["track"]), "offsets_offset": 1024, "offsets_bytes": 40,
         "offsets_crc32": crc(c["offsets"])},
        {"name": "dense", "kind": "dense", "dtype": "float32", "shape": [2, 2, 5], "data_offset": 4096,
         "data_bytes": 80, "data_crc32": crc(c["dense"])},
        {"name": "ids", "kind": "dense", "dtype": "int64", "shape": [2, 3], "data_offset": 8192, "data_bytes": 48},
    ]


class Workspace:
    """A directory with the slot directory (slot-0.bin, slot-1.bin, slot-2.bin -> ../outside.bin) beside
    outside.bin and an empty directory. ``reset()`` writes the files afresh (new inodes: old mappings stay valid)."""

    def __init__(self, root: Path):
        self.root = root
        self.dir = root / "slots"
        self.dir.mkdir(parents=True, exist_ok=True)
        (root / "empty").mkdir(exist_ok=True)
        self.outside = root / "outside.bin"
        self._files = {0: _slot_file(0), 1: _slot_file(1)}
        self.reset()

    def reset(self) -> None:
        for slot, blob in self._files.items():
            self._write(self.dir / f"slot-{slot}.bin", blob)
        self._write(self.outside, _slot_file(7))
        link = self.dir / "slot-2.bin"
        if not link.is_symlink():
            if link.exists():
                _remove(link)
            link.symlink_to("../outside.bin")

    @staticmethod
    def _write(path: Path, blob: bytes) -> None:
        if path.is_dir() and not path.is_symlink():
            path.rmdir()
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(blob)
        os.replace(tmp, path)

    def messages(self) -> List[Dict[str, Any]]:
        def batch(index: int, slot: int, regions: List[int], samples: List[int]) -> Dict[str, Any]:
            return {"type": "batch", "epoch": 0, "index": index, "slot": slot, "file": f"slot-{slot}.bin",
                    "file_bytes": FILE_BYTES, "instances": 2, "regions": regions, "samples": samples,
                    "arrays": _arrays(slot)}

        return [{"type": "hello", "protocol": 1, "dir": str(self.dir), "slots": SLOTS},
                batch(0, 0, [0, 1], [1, 0]), batch(1, 1, [2, 3], [0, 1]),
                {"type": "epoch_end", "epoch": 0, "batches": 2},
                batch(2, 0, [4, 5], [1, 1]), {"type": "done"}]


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        path.rmdir()
    else:
        path.unlink()


def encode(messages: List[Any]) -> List[bytes]:
    return [json.dumps(m).encode() + b"\n" for m in messages]


# ---- Running the reader ----------------------------------------------------------------------------------------

Snapshot = Tuple[Any, ...]


def _root_buffer(a: np.ndarray) -> memoryview:
    base: Any = a
    while not isinstance(base, memoryview):
        base = base.base
        if base is None:
            raise Finding("an array is not a view of the slot mapping")
    return base


def _inside(a: np.ndarray, what: str) -> None:
    """The view ``a`` lies inside the memoryview (the slot mapping) it was made from."""
    whole = np.frombuffer(_root_buffer(a), dtype=np.uint8)
    lo, hi = np.lib.array_utils.byte_bounds(whole)
    a_lo, a_hi = np.lib.array_utils.byte_bounds(a)
    if a.size and not (lo <= a_lo and a_hi <= hi):
        raise Finding(f"{what}: view [{a_lo}, {a_hi}) outside the mapping [{lo}, {hi})")


def _snapshot(batch: Any) -> Snapshot:
    arrays = []
    for name, a in batch.arrays.items():
        _inside(a.data, f"array {name} data")
        if a.kind == "dense":
            if a.data.shape != a.shape or a.offsets is not None:
                raise Finding(f"dense array {name}: data shape {a.data.shape} != {a.shape}")
        else:
            o = a.offsets
            _inside(o, f"array {name} offsets")
            if len(o) != int(np.prod(a.shape)) + 1 or o[0] != 0 or (np.diff(o) < 0).any() or o[-1] > len(a.data):
                raise Finding(f"ragged array {name}: offsets {o[:8]} do not fit its {len(a.data)} elements")
            rows = a.rows()
            if sum(len(r) for r in rows) != int(o[-1]):
                raise Finding(f"ragged array {name}: rows do not add up to the last offset")
        if a.data_crc32 is not None:
            try:
                a.verify()
            except HandoffError as e:
                if "CRC32" not in str(e):
                    raise
        arrays.append((name, a.kind, a.dtype.str, tuple(a.shape), a.data.tobytes(),
                       None if a.offsets is None else a.offsets.tobytes()))
    return (batch.epoch, batch.index, batch.slot, batch.regions.tolist(), batch.samples.tolist(), tuple(arrays))


def run(data: bytes) -> Tuple[str, Any]:
    """Reads ``data`` as a descriptor stream: ("ok", snapshots) or ("error", the HandoffError's message)."""
    reader = HandoffReader(io.BytesIO(data), io.BytesIO())
    try:
        return "ok", [_snapshot(b) for b in reader]
    except HandoffError as e:
        return "error", str(e)
    finally:
        reader.close()


# ---- Mutations -------------------------------------------------------------------------------------------------

_REQUIRED = {
    "hello": ["type", "protocol", "dir", "slots"],
    "batch": ["type", "epoch", "index", "slot", "file", "file_bytes", "instances", "regions", "samples", "arrays"],
    "epoch_end": ["type", "epoch", "batches"],
    "done": ["type"],
}
_ARRAY_REQUIRED = {"ragged": ["name", "kind", "dtype", "shape", "data_offset", "data_bytes", "offsets_offset",
                              "offsets_bytes"],
                   "dense": ["name", "kind", "dtype", "shape", "data_offset", "data_bytes"]}
_SPANS = ("data_offset", "data_bytes", "offsets_offset", "offsets_bytes")
_OTHER_TYPES: List[Any] = [None, True, False, 1.5, 0.0, "7", "", [], [1], {}, {"a": 1}]


def _pick_batch(rng: random.Random, msgs: List[Dict[str, Any]]) -> int:
    return rng.choice([i for i, m in enumerate(msgs) if m["type"] == "batch"])


def _error(ws: Workspace, seed: int, name: str, msgs: List[Any], line: Optional[int], fragment: str,
           note: str = "") -> Case:
    return Case(seed, name, b"".join(encode(msgs)), "error", line, fragment, note)


def m_drop_key(rng: random.Random, ws: Workspace, seed: int) -> Case:
    msgs = ws.messages()
    i = rng.randrange(len(msgs))
    m = msgs[i]
    if m["type"] == "batch" and rng.random() < 0.5:
        k = rng.randrange(len(m["arrays"]))
        a = m["arrays"][k]
        key = rng.choice(_ARRAY_REQUIRED[a["kind"]] + (["data_crc32", "offsets_crc32"] if a["kind"] == "ragged"
                                                       else []))
        del a[key]
        return _error(ws, seed, "drop_key", msgs, i + 1, rf"arrays\[{k}\]|array '", f"array {k} without {key}")
    key = rng.choice(_REQUIRED[m["type"]])
    del m[key]
    if i == 0 and key == "type":
        return _error(ws, seed, "drop_key", msgs, 1, "no string 'type'")
    if key == "type":
        return _error(ws, seed, "drop_key", msgs, i + 1, "no string 'type'")
    return _error(ws, seed, "drop_key", msgs, i + 1, f"'{key}'", f"line {i + 1} without {key}")


def m_wrong_type(rng: random.Random, ws: Workspace, seed: int) -> Case:
    msgs = ws.messages()
    i = rng.randrange(len(msgs))
    m = msgs[i]
    target, key, where = m, rng.choice(_REQUIRED[m["type"]]), ""
    if m["type"] == "batch" and rng.random() < 0.5:
        k = rng.randrange(len(m["arrays"]))
        target = m["arrays"][k]
        key = rng.choice(_ARRAY_REQUIRED[target["kind"]] + ["data_crc32"])
        where = rf"arrays\[{k}\]|array '"
    old = target.get(key)
    choices = [v for v in _OTHER_TYPES if type(v) is not type(old)]
    if type(old) is int:
        choices += [float(old), str(old)]
    target[key] = rng.choice(choices)
    if key == "type":
        frag = "unknown message type|no string 'type'"
    elif i == 0 and key == "protocol":
        frag = "protocol"
    else:
        frag = where or f"'{key}'"
    return _error(ws, seed, "wrong_type", msgs, i + 1, frag, f"{key} = {target[key]!r}")


def m_number(rng: random.Random, ws: Workspace, seed: int) -> Case:
    """An integer field set to a neighbour, a multiple, or a huge or negative value."""
    msgs = ws.messages()
    fields: List[Tuple[int, Optional[int], str]] = []
    for i, m in enumerate(msgs):
        for key, v in m.items():
            if type(v) is int:
                fields.append((i, None, key))
        for k, a in enumerate(m.get("arrays", [])):
            fields += [(i, k, key) for key, v in a.items() if type(v) is int]
            fields += [(i, k, "shape")]
    i, k, key = rng.choice(fields)
    target = msgs[i] if k is None else msgs[i]["arrays"][k]
    old = target[key]
    if key == "shape":
        axis = rng.randrange(len(old))
        old[axis] = rng.choice([0, 1, 3, old[axis] + 1, -1, 1 << 40, 1 << 62])
        return Case(seed, "number", b"".join(encode(msgs)), "any", note=f"shape {old}")
    new = rng.choice(HUGE + [old + 1, old - 1, old * 2, old + 64, old - 64, FILE_BYTES, FILE_BYTES + 1,
                             rng.randrange(0, FILE_BYTES * 2)])
    target[key] = new
    data = b"".join(encode(msgs))
    note = f"line {i + 1}{'' if k is None else f' array {k}'} {key} {old} -> {new}"
    if new < 0 or new > (1 << 63) - 1:
        return Case(seed, "number", data, "error", i + 1, "protocol" if key == "protocol" else f"'?{key}", note)
    if key in _SPANS and new > FILE_BYTES:
        return Case(seed, "number", data, "error", i + 1, key, note)
    if key == "slot" and new >= SLOTS:
        return Case(seed, "number", data, "error", i + 1, "'slot'", note)
    if key == "file_bytes" and new > FILE_BYTES:
        return Case(seed, "number", data, "error", i + 1, "file_bytes", note)
    return Case(seed, "number", data, "any", note=note)


def m_list_item(rng: random.Random, ws: Workspace, seed: int) -> Case:
    msgs = ws.messages()
    i = _pick_batch(rng, msgs)
    key = rng.choice(["regions", "samples"])
    value = msgs[i][key]
    what = rng.randrange(4)
    if what == 0:
        value[rng.randrange(len(value))] = rng.choice([-1, 1 << 31, 1 << 63, 1.0, "0", None, True])
    elif what == 1:
        value.append(0)
    elif what == 2:
        value.pop()
    else:
        msgs[i][key] = {"0": 0}
    return _error(ws, seed, "list_item", msgs, i + 1, f"'{key}'", f"{key} = {msgs[i][key]!r}")


def m_names(rng: random.Random, ws: Workspace, seed: int) -> Case:
    """dtype or kind swapped for another protocol name or a name outside it; array names duplicated or empty."""
    msgs = ws.messages()
    i = _pick_batch(rng, msgs)
    k = rng.randrange(len(msgs[i]["arrays"]))
    a = msgs[i]["arrays"][k]
    what = rng.randrange(4)
    if what == 0:
        a["dtype"] = rng.choice(["float64", "int8", "<f4", "f4", "U8", "object", "", "uint8 ", "UINT8", "bool",
                                 "V8", "int16", "complex64", "float32\x00"])
        return _error(ws, seed, "names", msgs, i + 1, "'dtype'", a["dtype"])
    if what == 1:
        new = rng.choice([d for d in ("uint8", "int32", "int64", "float32") if d != a["dtype"]])
        a["dtype"] = new
        return Case(seed, "names", b"".join(encode(msgs)), "any", note=f"dtype {new}")
    if what == 2:
        a["kind"] = rng.choice(["ragged", "dense", "sparse", "Dense", "", " ragged"])
        if a["kind"] in ("ragged", "dense") and a["kind"] != ws.messages()[i]["arrays"][k]["kind"]:
            return _error(ws, seed, "names", msgs, i + 1, "offsets", a["kind"])
        if a["kind"] in ("ragged", "dense"):
            return Case(seed, "names", b"".join(encode(msgs)), "same")
        return _error(ws, seed, "names", msgs, i + 1, "'kind'", a["kind"])
    other = rng.choice([j for j in range(len(msgs[i]["arrays"])) if j != k])
    a["name"] = rng.choice([msgs[i]["arrays"][other]["name"], ""])
    return _error(ws, seed, "names", msgs, i + 1, "two arrays are named|'name'", a["name"])


def m_files(rng: random.Random, ws: Workspace, seed: int) -> Case:
    """The file name, the slot or the announced directory pointing somewhere else."""
    msgs = ws.messages()
    i = _pick_batch(rng, msgs)
    m = msgs[i]
    what = rng.randrange(4)
    if what == 0:
        m["file"] = rng.choice(["../outside.bin", str(ws.outside), "/etc/passwd", "slot-0.bin/../slot-0.bin",
                                "./slot-0.bin", "slot-1.bin" if m["slot"] == 0 else "slot-0.bin", "", "..", ".",
                                "slots/slot-0.bin", str(ws.dir / m["file"]), m["file"] + "\x00", m["file"] + "/",
                                "slot-2.bin", "SLOT-0.BIN", "slot-00.bin", "slot-" + str(m["slot"]) + ".bin.tmp"])
        return _error(ws, seed, "files", msgs, i + 1, "'file'", repr(m["file"]))
    if what == 1:
        m["slot"], m["file"] = 2, "slot-2.bin"
        return _error(ws, seed, "files", msgs, i + 1, "outside the announced directory")
    if what == 2:
        msgs[0]["dir"] = rng.choice([str(ws.root / "empty"), str(ws.root), "/", str(ws.root / "missing")])
        return _error(ws, seed, "files", msgs, 2, "cannot open slot file")
    msgs[0]["dir"] = rng.choice(["slots", "", "./slots", "~/slots", 7, None])
    return _error(ws, seed, "files", msgs, 1, "'dir'")


def m_slot_file(rng: random.Random, ws: Workspace, seed: int) -> Case:
    """The slot file itself: shorter than file_bytes, missing, a directory, or with offsets that do not fit."""
    msgs = ws.messages()
    slot = rng.randrange(2)
    line = 1 + next(i for i, m in enumerate(msgs) if m.get("slot") == slot)
    path = ws.dir / f"slot-{slot}.bin"
    what = rng.randrange(6)
    data = b"".join(encode(msgs))
    if what == 0:
        ws._write(path, path.read_bytes()[:rng.randrange(FILE_BYTES)])
        return Case(seed, "slot_file", data, "error", line, "file_bytes", "shortened")
    if what == 1:
        path.unlink()
        return Case(seed, "slot_file", data, "error", line, "cannot open slot file", "missing")
    if what == 2:
        path.unlink()
        path.mkdir()
        return Case(seed, "slot_file", data, "error", line, "cannot open slot file|not a regular file", "directory")
    blob = bytearray(path.read_bytes())
    offsets = np.frombuffer(blob, dtype="<i8", count=5, offset=1024).copy()
    if what == 3:
        offsets[0] = rng.choice([1, -1, 1 << 62])
    elif what == 4:
        j = rng.randrange(1, 4)
        offsets[j] = rng.choice([-(1 << 63), -1, int(offsets[j + 1]) + 1 + rng.randrange(100)])
        if offsets[j] > 9:
            offsets[j + 1:] = offsets[j] + 1  # rising, but past the data
    else:
        offsets[4] = rng.choice([10, 1 << 40, (1 << 63) - 1, -(1 << 63)])  # int64 min: a wrapping np.diff missed it
    blob[1024:1064] = offsets.tobytes()
    ws._write(path, bytes(blob))
    return Case(seed, "slot_file", data, "error", line, "offset", f"offsets {offsets.tolist()}")


def m_lines(rng: random.Random, ws: Workspace, seed: int) -> Case:
    """Whole lines: truncated at the end of the stream, cut, dropped, doubled, garbage or non-objects inserted."""
    lines = encode(ws.messages())
    i = rng.randrange(len(lines))
    what = rng.randrange(9)
    if what == 0:  # the stream ends inside line i
        cut = rng.randrange(1, len(lines[i]))
        return Case(seed, "lines", b"".join(lines[:i]) + lines[i][:cut], "error", i + 1, "cut off",
                    f"line {i + 1} cut at {cut}")
    if what == 1:  # line i cut short, the stream goes on
        cut = rng.randrange(1, len(lines[i]) - 1)
        lines[i] = lines[i][:cut] + b"\n"
        return Case(seed, "lines", b"".join(lines), "error", i + 1, "not JSON", f"line {i + 1} cut at {cut}")
    if what == 2:
        bad = rng.choice([b"\xff", b"\x80", b"\xc3", b"\xed\xa0\x80", b"\xf5\x80\x80\x80", b"\xc0\xaf"])
        at = rng.randrange(len(lines[i]) - 1)
        lines[i] = lines[i][:at] + bad + lines[i][at:]
        return Case(seed, "lines", b"".join(lines), "error", i + 1, "not UTF-8", f"{bad!r} at {at}")
    if what == 3:
        at = rng.randrange(1, len(lines[i]) - 1)
        lines[i] = lines[i][:at] + rng.choice([b"\x00", b"\x01", b"\x1f", b"\t\x00"]) + lines[i][at:]
        return Case(seed, "lines", b"".join(lines), "any", note=f"control byte at {at}")
    if what == 4:
        junk = rng.choice([b"\n", b" \n", b"[]\n", b"1\n", b'"batch"\n', b"null\n", b"[" * 100000 + b"\n",
                           b'{"type": NaN}\n', b'{"type": "batch", "epoch": Infinity}\n', b"1" * 5000 + b"\n",
                           b'{"type": "' + b"x" * 5000 + b'"}\n', b"\xef\xbb\xbf{}\n", b'{"type": 1}\n',
                           b'{"type": null}\n', b"{}\n",
                           json.dumps({"type": "x"}).encode("utf-16") + b"\n"])
        lines.insert(i, junk)
        if i == 0 and junk.startswith(b'{"type": "x'):
            return Case(seed, "lines", b"".join(lines), "error", 1, "expected a 'hello'")
        return Case(seed, "lines", b"".join(lines), "error", i + 1,
                    "not JSON|JSON object|no string 'type'|not UTF-8|unknown message type|expected a 'hello'",
                    repr(junk[:20]))
    if what == 5:
        del lines[i]
        if i == 0:
            return Case(seed, "lines", b"".join(lines), "error", 1, "expected a 'hello'")
        if i == len(lines):
            return Case(seed, "lines", b"".join(lines), "error", None, "without 'done'|closed the connection")
        return Case(seed, "lines", b"".join(lines), "any", note=f"line {i + 1} dropped")
    if what == 6:
        lines.insert(i, lines[i])
        if i == 0:
            return Case(seed, "lines", b"".join(lines), "error", 2, "second 'hello'")
        return Case(seed, "lines", b"".join(lines), "any", note=f"line {i + 1} doubled")
    if what == 7:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return Case(seed, "lines", b"".join(lines), "any", note=f"lines {i + 1} and {j + 1} swapped")
    at = rng.randrange(len(lines[i]))
    lines[i] = lines[i][:at] + bytes([rng.randrange(0x20, 0x7f)]) + lines[i][at + 1:]
    return Case(seed, "lines", b"".join(lines), "any", note=f"byte {at} of line {i + 1} replaced")


def m_neutral(rng: random.Random, ws: Workspace, seed: int) -> Case:
    """Changes that keep the stream valid and equivalent: unknown keys, key order, whitespace, escapes, CRLF."""
    msgs = ws.messages()
    what = rng.randrange(6)
    if what == 0:
        target = rng.choice(msgs) if rng.random() < 0.5 else rng.choice(msgs[_pick_batch(rng, msgs)]["arrays"])
        target[rng.choice(["extra", "z", "future_field", "comment"])] = rng.choice([1, "x", None, [1, 2], {"a": {}}])
        return Case(seed, "neutral", b"".join(encode(msgs)), "same")
    if what == 1:
        out = []
        for m in msgs:
            keys = list(m)
            rng.shuffle(keys)
            out.append(json.dumps({k: m[k] for k in keys}).encode() + b"\n")
        return Case(seed, "neutral", b"".join(out), "same")
    if what == 2:
        sep = rng.choice([(",", ":"), (" , ", " : "), (",\t", ":\t")])
        return Case(seed, "neutral", b"".join(json.dumps(m, separators=sep).encode() + b"\n" for m in msgs), "same")
    if what == 3:
        return Case(seed, "neutral", b"".join(json.dumps(m, ensure_ascii=True).replace('"h', '"\\u0068').encode()
                                              + b"\n" for m in msgs), "same")
    if what == 4:
        return Case(seed, "neutral", b"".join(b"  " + line[:-1] + b" \r\n" for line in encode(msgs)), "same")
    i = _pick_batch(rng, msgs)
    for a in msgs[i]["arrays"]:
        a.pop("data_crc32", None)
        a.pop("offsets_crc32", None)
    return Case(seed, "neutral", b"".join(encode(msgs)), "same")


def m_slots(rng: random.Random, ws: Workspace, seed: int) -> Case:
    """The hello's slot count, protocol or a second batch in a slot the reader still holds."""
    msgs = ws.messages()
    what = rng.randrange(3)
    if what == 0:
        msgs[0]["slots"] = rng.choice([0, -1, 4097, 1 << 40, 1 << 63])
        return _error(ws, seed, "slots", msgs, 1, "'slots'", str(msgs[0]["slots"]))
    if what == 1:
        msgs[0]["slots"] = 1
        return _error(ws, seed, "slots", msgs, 3, "'slot' must be in 0..0")
    msgs[0]["protocol"] = rng.choice([0, 2, True, "1", 1.0, None])
    return _error(ws, seed, "slots", msgs, 1, "protocol")


def m_stack(rng: random.Random, ws: Workspace, seed: int) -> Case:
    """Two to five random fields anywhere (messages, arrays, lists) set to values from every JSON type."""
    msgs = ws.messages()
    pool: List[Any] = HUGE + _OTHER_TYPES + [0, 1, 2, 3, 8, 9, 36, 40, 64, 1024, 4096, FILE_BYTES, "uint8", "int64",
                                             "float32", "ragged", "dense", "slot-0.bin", "slot-1.bin", "../x",
                                             [0, 1], [2, 2], [2, 2, 5], [-1]]
    for _ in range(rng.randrange(2, 6)):
        m = rng.choice(msgs)
        target: Any = m
        arrays = m.get("arrays")
        if isinstance(arrays, list) and arrays and rng.random() < 0.6:
            target = rng.choice(arrays)
            if isinstance(target, dict) and isinstance(target.get("shape"), list) and rng.random() < 0.2:
                target = target["shape"]
        elif isinstance(m.get("regions"), list) and rng.random() < 0.2:
            target = m["regions"]
        if isinstance(target, list) and target:  # values copied: a pool list put inside itself cannot be encoded
            target[rng.randrange(len(target))] = copy.deepcopy(rng.choice(pool))
        elif isinstance(target, dict):
            key = rng.choice(list(target) + ["extra"])
            if rng.random() < 0.15:
                target.pop(key, None)
            else:
                target[key] = copy.deepcopy(rng.choice(pool))
    return Case(seed, "stack", b"".join(encode(msgs)), "any")


MUTATORS: List[Callable[[random.Random, Workspace, int], Case]] = [
    m_drop_key, m_wrong_type, m_number, m_list_item, m_names, m_files, m_slot_file, m_lines, m_neutral, m_slots, m_stack]


def mutator_name(seed: int) -> str:
    return MUTATORS[seed % len(MUTATORS)].__name__[2:]


def make_case(ws: Workspace, seed: int) -> Case:
    """The case of ``seed`` (its mutator is ``MUTATORS[seed % len(MUTATORS)]``); resets the workspace first."""
    ws.reset()
    return MUTATORS[seed % len(MUTATORS)](random.Random(seed), ws, seed)


_baseline: Dict[str, Any] = {}


def baseline(ws: Workspace) -> Any:
    key = str(ws.root)
    if key not in _baseline:
        ws.reset()
        status, value = run(b"".join(encode(ws.messages())))
        if status != "ok":
            raise Finding(f"the unmutated stream fails: {value}")
        _baseline[key] = value
    return _baseline[key]


def check(ws: Workspace, case: Case) -> Tuple[str, str]:
    """Runs the case; raises Finding if the reader's answer breaks the contract, else returns (status, class)."""
    expected = baseline(ws) if case.expect == "same" else None
    try:
        status, value = run(case.data)
    except Finding:
        raise
    except BaseException as e:  # noqa: BLE001 - anything but HandoffError is a finding
        raise Finding(f"seed {case.seed} ({case.mutator}: {case.note}): {type(e).__name__}: {e}") from e
    where = f"seed {case.seed} ({case.mutator}: {case.note})"
    if status == "error":
        if case.expect == "same":
            raise Finding(f"{where}: a valid stream was refused: {value}")
        if case.line is not None and not re.search(rf"line {case.line}\b", value):
            raise Finding(f"{where}: the error does not name descriptor line {case.line}: {value}")
        if case.expect == "error" and not re.search(case.fragment, value):
            raise Finding(f"{where}: the error does not match {case.fragment!r}: {value}")
        if case.expect == "any" and not re.search(r"line \d+|without 'done'|closed the connection", value):
            raise Finding(f"{where}: the error names no descriptor line: {value}")
        return status, outcome_class(case.mutator, value)
    if case.expect == "error":
        raise Finding(f"{where}: accepted, but must raise HandoffError matching {case.fragment!r}")
    if case.expect == "same" and value != expected:
        raise Finding(f"{where}: the arrays differ from the unmutated stream's")
    return status, f"{case.mutator}: ok"


def outcome_class(mutator: str, message: str) -> str:
    """An error message with its numbers, quoted values and paths blurred: one class per kind of refusal."""
    text = re.split(r"\bgot\b|: [{\[]|protocol ", message.split("\n")[0])[0]
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", text)
    text = re.sub(r"(/[^\s,:)]+)+", "PATH", text)
    text = re.sub(r"-?\d+", "N", text)
    text = re.sub(r"\(epoch N index N\)", "", text)
    return f"{mutator}: {text[:110]}"
