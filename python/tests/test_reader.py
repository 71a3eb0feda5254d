"""The reader against a producer written here in Python (no JVM): the protocol as docs/handoff.md states it."""

from __future__ import annotations

import json
import os
import threading
import zlib
from pathlib import Path
from typing import List

import numpy as np
import pytest

from gvl_jvm import HandoffError, HandoffReader


class FakeProducer:
    """Writes slot files and descriptor lines; collects the reader's release lines."""

    def __init__(self, tmp: Path, slots: int = 2):
        self.dir = tmp / "slots"
        self.dir.mkdir()
        self.slots = slots
        d_read, self.d_write = os.pipe()
        self.r_read, r_write = os.pipe()
        self.reader_side = (os.fdopen(d_read, "rb"), os.fdopen(r_write, "wb"))
        self.descriptors = os.fdopen(self.d_write, "wb")
        self.releases: List[dict] = []
        self._collector = threading.Thread(target=self._collect, daemon=True)
        self._collector.start()

    def _collect(self) -> None:
        with os.fdopen(self.r_read, "rb") as f:
            for line in f:
                self.releases.append(json.loads(line))

    def send(self, message: dict) -> None:
        self.descriptors.write(json.dumps(message).encode() + b"\n")
        self.descriptors.flush()

    def hello(self, protocol: int = 1) -> None:
        self.send({"type": "hello", "protocol": protocol, "dir": str(self.dir), "slots": self.slots})

    def batch(self, slot: int, index: int, ragged: np.ndarray, offsets: np.ndarray, dense: np.ndarray) -> None:
        blob = bytearray(1 << 16)
        blob[0:ragged.nbytes] = ragged.tobytes()
        blob[1024:1024 + offsets.nbytes] = offsets.tobytes()
        blob[4096:4096 + dense.nbytes] = dense.tobytes()
        (self.dir / f"slot-{slot}.bin").write_bytes(bytes(blob))
        self.send({"type": "batch", "epoch": 0, "index": index, "slot": slot, "file": f"slot-{slot}.bin",
                   "file_bytes": len(blob), "instances": 2, "regions": [0, 1], "samples": [1, 0],
                   "arrays": [{"name": "haplotypes", "kind": "ragged", "dtype": "uint8", "shape": [2, 2],
                               "data_offset": 0, "data_bytes": ragged.nbytes,
                               "data_crc32": zlib.crc32(ragged.tobytes()), "offsets_offset": 1024,
                               "offsets_bytes": offsets.nbytes, "offsets_crc32": zlib.crc32(offsets.tobytes())},
                              {"name": "cov", "kind": "dense", "dtype": "float32", "shape": list(dense.shape),
                               "data_offset": 4096, "data_bytes": dense.nbytes}]})

    def reader(self) -> HandoffReader:
        return HandoffReader(*self.reader_side)


def rows() -> tuple:
    ragged = np.frombuffer(b"ACGTTAGGC", dtype=np.uint8)
    offsets = np.array([0, 3, 4, 7, 9], dtype="<i8")
    dense = np.arange(2 * 2 * 5, dtype="<f4").reshape(2, 2, 5)
    return ragged, offsets, dense


def test_batches_are_read_in_place_and_released_in_order(tmp_path: Path) -> None:
    p = FakeProducer(tmp_path)
    ragged, offsets, dense = rows()
    p.hello()
    p.batch(0, 0, ragged, offsets, dense)
    p.batch(1, 1, ragged[::-1].copy(), offsets, dense * 2)
    p.send({"type": "epoch_end", "epoch": 0, "batches": 2})
    p.send({"type": "done"})
    p.descriptors.close()
    seen = []
    with p.reader() as reader:
        for batch in reader:
            hap = batch["haplotypes"]
            hap.verify()
            assert [bytes(r) for r in hap.rows()] == [bytes(ragged[offsets[i]:offsets[i + 1]]) if batch.index == 0
                                                     else bytes(ragged[::-1][offsets[i]:offsets[i + 1]])
                                                     for i in range(4)]
            assert batch["cov"].data.shape == (2, 2, 5)
            assert batch["cov"].data.flags.writeable, "the slot is the consumer's until released"
            np.testing.assert_array_equal(batch["cov"].data, dense * (1 + batch.index))
            seen.append((batch.index, batch.regions.tolist(), batch.samples.tolist()))
    assert seen == [(0, [0, 1], [1, 0]), (1, [0, 1], [1, 0])]
    assert reader.done and reader.epoch_ends == [{"type": "epoch_end", "epoch": 0, "batches": 2}]
    p._collector.join(timeout=5)
    assert p.releases == [{"type": "release", "slot": 0}, {"type": "release", "slot": 1}]


def test_a_held_batch_is_released_only_when_asked(tmp_path: Path) -> None:
    p = FakeProducer(tmp_path)
    ragged, offsets, dense = rows()
    p.hello()
    p.batch(0, 0, ragged, offsets, dense)
    p.batch(1, 1, ragged, offsets, dense)
    p.send({"type": "done"})
    p.descriptors.close()
    reader = p.reader()
    it = iter(reader)
    first = next(it).hold()
    next(it)  # the second batch: the first stays held
    assert list(it) == []
    reader.close()
    p._collector.join(timeout=5)
    assert p.releases == [{"type": "release", "slot": 1}]
    first.release()  # after close: nothing is sent, nothing raised


@pytest.mark.parametrize("lines,message", [
    ([{"type": "batch"}], "expected a 'hello' line first"),
    ([{"type": "hello", "protocol": 2, "dir": "/x", "slots": 1}], "protocol 2"),
    ([{"type": "hello", "protocol": 1, "dir": "/x", "slots": 1}, {"type": "error", "message": "disk full"}],
     "the gvl producer failed: disk full"),
    ([{"type": "hello", "protocol": 1, "dir": "/x", "slots": 1}, {"type": "surprise"}], "unknown message type"),
    ([{"type": "hello", "protocol": 1, "dir": "/x", "slots": 1}], "ended without 'done'|closed the connection"),
])
def test_protocol_violations_raise_handoff_errors(tmp_path: Path, lines: list, message: str) -> None:
    p = FakeProducer(tmp_path)
    for line in lines:
        p.send(line)
    p.descriptors.close()
    with pytest.raises(HandoffError, match=message):
        with p.reader() as reader:
            list(reader)


def test_a_closed_reader_cannot_be_iterated_again(tmp_path: Path) -> None:
    p = FakeProducer(tmp_path)
    p.hello()
    p.send({"type": "done"})
    p.descriptors.close()
    reader = p.reader()
    assert list(reader) == []
    reader.close()
    reader.close()  # twice is harmless
    with pytest.raises(HandoffError, match="closed"):
        list(reader)
