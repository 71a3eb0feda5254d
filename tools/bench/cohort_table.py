"""The Markdown tables of dev/cohort-bench from its results.jsonl (Python standard library only).

Usage: cohort_table.py RESULTS_JSONL
"""

import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

SIDES = {"gvl": "gvl", "genvarloader": "GenVarLoader 0.43.1", "GenVarLoader": "GenVarLoader 0.43.1"}
WRITES = [("write", "vcf", "VCF → format 2.0"), ("write", "bcf", "BCF → format 2.0"),
          ("write", "pgen", "PGEN → format 2.0"), ("convert", "svar2", "PGEN → `.svar2` store"),
          ("write", "linked", "`.svar2` → linked dataset")]


def mb(n: float) -> str:
    return f"{n / 1e6:,.1f} MB"


def times(theirs: float, ours: float, better: str = "faster", worse: str = "slower") -> str:
    x = theirs / ours if ours else float("inf")
    return f"{x:.1f}× {better}" if x >= 1 else f"{1 / x:.1f}× {worse}"


def rates(stored: int | None, r: dict, threads: int | None) -> str:
    """Millions of stored calls per core-second of wall time (gvl's writes, whose threads are set) and per CPU-second."""
    if stored is None or not r["wall_s"] or not r["cpu_s"]:
        return ""
    per_cpu = f"{stored / r['cpu_s'] / 1e6:.1f}"
    return f"{stored / (r['wall_s'] * threads) / 1e6:.1f} / {per_cpu}" if threads else f"– / {per_cpu}"


def main() -> None:
    rows = [json.loads(line) for line in Path(sys.argv[1]).read_text().splitlines() if line.strip()]
    by_step = {r["step"]: r for r in rows if ("bytes" not in r or "finished" in r) and "stored_calls" not in r}
    disk = {r["step"]: r["bytes"] for r in rows if "bytes" in r and "finished" not in r}
    calls = {r["step"]: r["stored_calls"] for r in rows if "stored_calls" in r}
    run = by_step.get("run", {})
    end = by_step.get("end", {})
    print(f"Cohort `{Path(run.get('cohort', '?')).name}`: {run.get('samples', '?'):,} samples, "
          f"{run.get('regions', '?')} regions; {run.get('nproc', '?')} cores, load average before "
          f"{run.get('load_before', '?')}, after {end.get('load_after', '?')}; run took "
          f"{end.get('run_s', 0) / 60:.1f} min.\n")

    threads = run.get("threads")
    print("| input → output | side | wall | CPU (user+sys) | peak RSS (process tree) | on disk | gvl against GVL "
          f"| M stored calls per core-s (wall × {threads or '?'} threads; gvl) / per CPU-s |")
    print("|---|---|---|---|---|---|---|---|")
    for verb, src, label in WRITES:
        walls, cpus = {}, {}
        for side in ("gvl", "genvarloader"):
            step = f"{verb} {side} {src}"
            r = by_step.get(step)
            if r is None:
                continue
            if not r["finished"]:
                walls[side] = None
                print(f"| {label} | {SIDES[side]} | did not finish in {r['timeout_s'] / 60:.0f} min | | | | | |")
                continue
            if r["exit"] != 0:
                walls[side] = None
                print(f"| {label} | {SIDES[side]} | failed (exit {r['exit']}) after {r['wall_s']:.1f} s | "
                      f"{r['cpu_s']:.1f} s | {r['peak_rss_tree_mb'] / 1024:.2f} GB | | | |")
                continue
            walls[side], cpus[side] = r["wall_s"], r["cpu_s"]
            ratio = ""
            if side == "genvarloader" and walls.get("gvl"):
                ratio = f"{times(r['wall_s'], walls['gvl'])}; {times(r['cpu_s'], cpus['gvl'], 'less CPU', 'more CPU')}"
            print(f"| {label} | {SIDES[side]} | {r['wall_s']:.1f} s | {r['cpu_s']:.1f} s | "
                  f"{r['peak_rss_tree_mb'] / 1024:.2f} GB | {mb(disk[step]) if step in disk else ''} | {ratio} | "
                  f"{rates(calls.get(step), r, threads if side == 'gvl' else None)} |")
    print()

    reads = [r for r in rows if r["step"] == "read"]
    fresh = defaultdict(list)
    for r in rows:
        if r["step"] == "fresh open":
            fresh[(r["side"], r["dataset"])].append(r)
    print("| dataset (written by) | read by | warm open | batches/s (16 kb × 64 haplotypes) | fresh process: open "
          "| fresh process: first batch | fresh process: start to first batch |")
    print("|---|---|---|---|---|---|---|")
    def order(x):  # format 2.0 first; each side reading its own dataset before the cross reads; gvl first
        ds = Path(x["dataset"])
        own = (ds.parent.name == "gvl") == (x["side"] == "gvl")
        return (ds.name != "pgen", not own, x["side"] != "gvl")

    for r in sorted(reads, key=order):
        ds = Path(r["dataset"])
        kind = "format 2.0 from PGEN" if ds.name == "pgen" else "linked to `.svar2`"
        f = fresh.get((r["side"], r["dataset"]), [])
        cells = ["", "", ""]
        if f:
            med = lambda k: statistics.median(x[k] for x in f)  # noqa: E731
            # start to first batch: the whole process's wall time less the 20 batches after the first
            cells = [f"{med('open_s'):.3f} s", f"{med('first_batch_s'):.3f} s",
                     f"{statistics.median(x['process_wall_s'] - x['next_20_s'] for x in f):.2f} s ({len(f)} runs)"]
        print(f"| {kind} ({SIDES[ds.parent.name]}) | {SIDES[r['side']]} | {r['open_s']:.3f} s | "
              f"{r['batches_per_s']:,.0f} | " + " | ".join(cells) + " |")
    print()
    same = by_step.get("same bytes")
    cons = by_step.get("consensus")
    if same and same["datasets"] < 2:
        print("Same bytes: fewer than two format-2.0 datasets were written; nothing to compare.")
    elif same:
        print(f"Same bytes: the {same['datasets']} format-2.0 datasets hold identical genotype arrays; the two "
              f"`.svar2` stores and the two linked datasets are equal file by file (when both sides made them).")
    if cons:
        print(f"Consensus: {cons['haplotypes']} haplotypes ({cons['pairs']} seeded (region, sample) pairs, "
              f"{cons['bases']:,} bp) of gvl's dataset `{Path(cons['dataset']).parent.name}/{Path(cons['dataset']).name}` equal "
              f"`bcftools consensus` of the VCF.")


if __name__ == "__main__":
    main()
