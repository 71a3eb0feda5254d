#!/usr/bin/env python3
"""Long run of the hand-off reader's descriptor fuzzing: the seeded mutations of tests/handoff_mutations.py (the
ones tests/test_descriptor_fuzz.py runs for seeds 0..769), for seeds from --seed upward, for --seconds.

    PYTHONPATH=python/src python3 python/tools/fuzz_descriptors.py --seconds 600 --seed 1000000

Prints the executions, their rate and the distinct outcome classes (an accepted stream, or a kind of HandoffError
with numbers and names blurred), and every finding: an exception other than HandoffError, a refusal that names no
descriptor line or the wrong thing, an accepted stream whose arrays are wrong or lie outside the slot mapping. Each
finding gives its seed; replay it with --seed SEED --count 1. Exit status 1 if there was a finding.
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import handoff_mutations as hm  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=60.0, help="how long to run (default 60)")
    ap.add_argument("--seed", type=int, default=None, help="first seed (default: from the clock, printed)")
    ap.add_argument("--count", type=int, default=None, help="stop after this many cases")
    ap.add_argument("--max-findings", type=int, default=20, help="stop after this many findings (default 20)")
    ap.add_argument("--verbose", action="store_true", help="print every outcome class with its count")
    args = ap.parse_args()
    first = args.seed if args.seed is not None else int(time.time()) * 1000
    print(f"fuzz_descriptors: seeds from {first}, {args.seconds:g} s, {len(hm.MUTATORS)} mutators", flush=True)
    classes: collections.Counter = collections.Counter()
    findings = []
    n = 0
    start = time.monotonic()
    report = start + 60
    with tempfile.TemporaryDirectory(prefix="gvl-fuzz-descriptors-") as tmp:
        ws = hm.Workspace(Path(tmp))
        while time.monotonic() - start < args.seconds and (args.count is None or n < args.count):
            seed = first + n
            n += 1
            try:
                case = hm.make_case(ws, seed)
                _, outcome = hm.check(ws, case)
                classes[outcome] += 1
            except Exception as e:  # noqa: BLE001 - a finding, reported with its seed
                findings.append(f"seed {seed} ({hm.mutator_name(seed)}): {type(e).__name__}: {e}")
                print("FINDING " + findings[-1], flush=True)
                if len(findings) >= args.max_findings:
                    break
            if time.monotonic() > report:
                report += 60
                print(f"  {n} executions, {len(classes)} outcome classes, {len(findings)} findings", flush=True)
    elapsed = time.monotonic() - start
    print(f"fuzz_descriptors: {n} executions in {elapsed:.0f} s ({n / elapsed:.0f}/s), seeds {first}..{first + n - 1}, "
          f"{len(classes)} distinct outcome classes, {len(findings)} findings")
    per_mutator = collections.Counter(c.split(":")[0] for c in classes)
    print("  classes per mutator: " + ", ".join(f"{m} {k}" for m, k in sorted(per_mutator.items())))
    if args.verbose:
        for c, k in sorted(classes.items()):
            print(f"  {k:8d}  {c}")
    for f in findings:
        print("  finding: " + f)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
