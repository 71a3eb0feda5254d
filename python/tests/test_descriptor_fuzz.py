"""The reader against seeded mutations of a valid hand-off stream (tests/handoff_mutations.py): every mutated
descriptor, line or slot file is either refused with a HandoffError naming the descriptor line (and array) and what
is wrong, or, when the mutation keeps the stream valid, read into the unchanged arrays. tools/fuzz_descriptors.py
runs the same mutations for as long as asked."""

from __future__ import annotations

from pathlib import Path
from typing import Dict

import pytest

import handoff_mutations as hm

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
