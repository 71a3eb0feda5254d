"""The reader against seeded mutations of a valid hand-off stream (tests/handoff_mutations.py): every mutated
descriptor, line or slot file is either refused with a HandoffError naming the descriptor line (and array) and what
is wrong, or, when the mutation keeps the stream valid, read into the unchanged arrays. tools/fuzz_descriptors.py
runs the same mutations for as long as asked."""

from __future__ import annotations

import io
import re
from typing import Dict

import numpy as np
import pytest

import handoff_mutations as hm
from gvl_jvm import HandoffError, HandoffReader

CASES = 770  # a few seconds; each of the 11 mutators gets 70 seeds (seed % 11 picks it)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> hm.Workspace:
    return hm.Workspace(tmp_path_factory.mktemp("fuzz"))


@pytest.fixture(scope="module")
def classes() -> Dict[str, int]:
    return {}


@pytest.mark.parametrize("seed", range(CASES), ids=lambda s: f"seed{s}-{hm.mutator_name(s)}")
def test_mutated_stream(workspace: hm.Workspace, classes: Dict[str, int], seed: int) -> None:
    case = hm.make_case(workspace, seed)
    status, outcome = hm.check(workspace, case)
    classes[outcome] = classes.get(outcome, 0) + 1


def test_the_seeds_reach_every_mutator_and_both_answers(classes: Dict[str, int]) -> None:
    """Runs after the seeded cases (same module): each mutator was refused at least once, and valid input read."""
    assert len(classes) > 0, "run this test together with test_mutated_stream"
    for m in hm.MUTATORS:
        name = m.__name__[2:]
        assert any(c.startswith(name + ":") for c in classes), f"mutator {name} produced no outcome"
    assert any(c.endswith(": ok") for c in classes), "no mutated stream was accepted"
    assert len(classes) >= 40, f"only {len(classes)} distinct outcomes: {sorted(classes)}"


def _stream(ws: hm.Workspace, edit) -> bytes:
    msgs = ws.messages()
    edit(msgs)
    return b"".join(hm.encode(msgs))


def _set(path: str, value):
    """An edit setting msgs[i][key] (or msgs[i]['arrays'][k][key]) from a path 'i.key' or 'i.k.key'."""
    parts = path.split(".")

    def edit(msgs):
        target = msgs[int(parts[0])]
        if len(parts) == 3:
            target = target["arrays"][int(parts[1])]
        target[parts[-1]] = value
    return edit


# What the reader did before these checks, found by the seeded cases: each now a HandoffError naming the line.
REGRESSIONS = {
    "deep-nesting-RecursionError": (lambda ws: b"[" * 100000 + b"\n", "descriptor line 1 is not JSON"),
    "utf16-autodetected-by-json": (lambda ws: '{"type":"done"}\n'.encode("utf-16"), "line 1 is not UTF-8"),
    "latin1-UnicodeDecodeError": (lambda ws: b'{"type":"d\xf6ne"}\n', "line 1 is not UTF-8"),
    "nan-accepted": (lambda ws: b'{"type":"hello","protocol":NaN}\n', "line 1 is not JSON"),
    "cut-final-line-accepted": (lambda ws: b"".join(hm.encode(ws.messages()))[:-1], "line 6 is cut off"),
    "protocol-true-accepted": (lambda ws: _stream(ws, _set("0.protocol", True)), "protocol True"),
    "slots-2**62-loops-on-cleanup": (lambda ws: _stream(ws, _set("0.slots", 1 << 62)), "line 1 .*'slots' must be"),
    "second-hello-moves-dir": (lambda ws: b"".join(hm.encode(ws.messages()[:1] * 2)), "line 2: a second 'hello'"),
    "missing-slot-KeyError": (lambda ws: _stream(ws, lambda m: m[1].pop("slot")), "line 2 .*missing field 'slot'"),
    "file-dotdot-read-outside": (lambda ws: _stream(ws, _set("1.file", "../outside.bin")), "line 2 .*'file' must"),
    "symlink-out-of-dir": (lambda ws: _stream(ws, lambda m: m[1].update(slot=2, file="slot-2.bin")),
                           "line 2 .*outside the announced directory"),
    "file-bytes-past-file-ValueError": (lambda ws: _stream(ws, _set("1.file_bytes", 1 << 20)),
                                        "line 2 .*file_bytes 1048576 is more than the 65536 bytes"),
    "negative-offset-ValueError": (lambda ws: _stream(ws, _set("1.2.data_offset", -64)),
                                   r"line 2 .*array 'dense' \(arrays\[2\]\): 'data_offset' must be in 0\.\."),
    "offset-2**63-OverflowError": (lambda ws: _stream(ws, _set("1.0.offsets_offset", 1 << 63)),
                                   "line 2 .*'offsets_offset' must be in"),
    "shape-not-matching-ValueError": (lambda ws: _stream(ws, _set("1.3.shape", [3, 3])),
                                      "line 2 .*array 'ids'.*data_bytes 48 does not match shape"),
    "dtype-float64-accepted": (lambda ws: _stream(ws, _set("1.2.dtype", "float64")), "line 2 .*'dtype' must be one"),
    "dtype-bigendian-accepted": (lambda ws: _stream(ws, _set("1.2.dtype", ">f4")), "line 2 .*'dtype' must be one"),
    "kind-sparse-as-dense": (lambda ws: _stream(ws, _set("1.3.kind", "sparse")), "line 2 .*'kind' must be one"),
    "bool-slot-accepted": (lambda ws: _stream(ws, _set("1.slot", False)), "line 2 .*'slot' must be an integer"),
    "regions-2**31-OverflowError": (lambda ws: _stream(ws, lambda m: m[1]["regions"].__setitem__(0, 1 << 31)),
                                    r"line 2 .*'regions'\[0\] must be"),
    "duplicate-name-drops-array": (lambda ws: _stream(ws, _set("1.1.name", "haplotypes")),
                                   "line 2 .*two arrays are named 'haplotypes'"),
    "dense-with-offsets-accepted": (lambda ws: _stream(ws, _set("1.2.offsets_offset", 1024)),
                                    "line 2 .*a dense array has no offsets"),
    "one-crc-verify-misleads": (lambda ws: _stream(ws, lambda m: m[1]["arrays"][0].pop("offsets_crc32")),
                                "line 2 .*both data_crc32 and offsets_crc32 or neither"),
    "epoch-end-string-accepted": (lambda ws: _stream(ws, _set("3.batches", "2")), "line 4 .*'batches' must be"),
}


@pytest.mark.parametrize("name", sorted(REGRESSIONS))
def test_regression(workspace: hm.Workspace, name: str) -> None:
    make, fragment = REGRESSIONS[name]
    workspace.reset()
    status, value = hm.run(make(workspace))
    assert status == "error", f"{name}: accepted, must raise HandoffError matching {fragment!r}"
    assert re.search(fragment, value), f"{name}: {value!r} does not match {fragment!r}"


@pytest.mark.parametrize("offsets,fragment", [
    ([1, 3, 4, 7, 9], "must start at 0, got 1"),
    ([0, 3, 2, 7, 9], r"decrease at row 1 \(3 then 2\)"),
    ([0, 3, 4, 7, 10], "last offset 10 runs past the data's 9 elements"),
    ([0, 3, 4, 7, -(1 << 63)], "decrease at row 3"),
], ids=["first-not-0", "decreasing", "past-data", "int64-min"])
def test_offsets_in_the_slot_are_checked_before_rows_are_viewed(workspace: hm.Workspace, offsets: list,
                                                                fragment: str) -> None:
    workspace.reset()
    path = workspace.dir / "slot-0.bin"
    blob = bytearray(path.read_bytes())
    blob[1024:1064] = np.array(offsets, dtype="<i8").tobytes()
    workspace._write(path, bytes(blob))
    status, value = hm.run(b"".join(hm.encode(workspace.messages())))
    assert status == "error" and re.search(r"line 2 .*array 'haplotypes' \(arrays\[0\]\): .*" + fragment, value), value


def test_a_held_slot_announced_again_is_refused(workspace: hm.Workspace) -> None:
    workspace.reset()
    msgs = workspace.messages()
    reader = HandoffReader(io.BytesIO(b"".join(hm.encode(msgs))), io.BytesIO())
    it = iter(reader)
    held = next(it).hold()  # slot 0, index 0
    assert next(it).slot == 1
    with pytest.raises(HandoffError, match=r"line 5 .*slot 0 still holds batch epoch 0 index 0, which the reader "
                                           r"has not released"):
        next(it)
    held.release()
    reader.close()


def test_released_slots_are_announced_again_as_usual(workspace: hm.Workspace) -> None:
    workspace.reset()
    status, value = hm.run(b"".join(hm.encode(workspace.messages())))
    assert status == "ok" and [b[1] for b in value] == [0, 1, 2] and [b[2] for b in value] == [0, 1, 0]
    assert value[0][5][0][4] == hm._contents(0)["hap"].tobytes()
