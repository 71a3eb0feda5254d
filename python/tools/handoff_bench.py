"""What a PyTorch training loop receives per second: gvl's hand-off (gvl_jvm) against GenVarLoader's own torch loader.

Run by dev/handoff-bench, which writes the dataset (the bundled demo data: 16 samples, 16 kb regions, a seeded coverage
bigWig per sample) and passes its paths. Both sides read the same dataset (written by gvl; GenVarLoader opens it as
its own) with the same view, haplotypes and the coverage track realigned to them at one fixed length, in shuffled
batches of the same size, and hand the loop torch tensors:

- gvl: ``DataLoader(GvlTorchDataset(Producer(...)), batch_size=None)``; the producer (``gvl handoff``, a JVM) writes
  each batch into a shared-memory slot and the loop receives tensors over that memory;
- GenVarLoader 0.43.1: ``Dataset.to_dataloader(batch_size, shuffle=True, mode=...)`` in the loop's process, with
  ``mode=None`` (its default) and ``mode="buffered"`` (its prefetching loader).

The loop consumes every batch the same way on both sides: ``--consume read`` sums every tensor (torch reads every
byte), ``--consume receive`` only takes each tensor's first element (both by default). Each side runs whole epochs
adding up to about ``--batches`` batches; the first ``--warmup-share`` of them (half) are not timed (the JVM compiles gvl's kernels while they run; GenVarLoader's numba kernels are
compiled before its first batch), then instances per second over the rest. Time to the first batch is reported too.
The sides must receive the same bytes: the script fails if the per-epoch byte sums differ.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any, Callable, Dict, Iterable, List, Tuple

import numpy as np
import torch
from torch.utils.data import DataLoader

from gvl_jvm import Producer
from gvl_jvm.torch import GvlTorchDataset


def consumer(kind: str) -> Callable[[List[torch.Tensor]], Tuple[int, float]]:
    """The loop's work per batch: (sum of the haplotype bytes, sum of the track values), or first elements only."""
    if kind == "read":
        return lambda t: (int(t[0].sum(dtype=torch.int64)), float(t[1].sum(dtype=torch.float64)))
    return lambda t: (int(t[0].reshape(-1)[0]), float(t[1].reshape(-1)[0]))


def run_side(name: str, batches: Callable[[], Iterable[Tuple[int, List[torch.Tensor]]]], consume: Callable,
             warmup: int, epochs: int) -> Dict[str, Any]:
    start = time.perf_counter()
    first = None
    marks: List[Tuple[float, int]] = []
    sums = [[0, 0.0] for _ in range(epochs)]
    instances = 0
    epoch_seen = 0
    for epoch, tensors in batches():
        if epoch != epoch_seen:  # an epoch ended just before this batch
            marks.append((time.perf_counter(), instances))
            epoch_seen = epoch
        hap, track = consume(tensors)
        sums[epoch][0] += hap
        sums[epoch][1] += track
        instances += tensors[0].shape[0]
        if first is None:
            first = time.perf_counter() - start
    marks.append((time.perf_counter(), instances))
    if len(marks) != epochs:
        raise SystemExit(f"{name}: {len(marks)} epochs seen, {epochs} expected")
    (t0, n0), (t1, n1) = marks[warmup - 1], marks[-1]
    per_epoch = [(marks[e][1] - marks[e - 1][1]) / (marks[e][0] - marks[e - 1][0]) for e in range(warmup, epochs)]
    return {"side": name, "first_batch_s": round(first, 3), "instances_per_s": round((n1 - n0) / (t1 - t0)),
            "instances_per_s_epoch_median": round(statistics.median(per_epoch)),
            "instances_per_s_all_epochs": round(n1 / (t1 - start)), "instances_per_epoch": marks[0][1],
            "sums": sums}


def gvl_batches(args, length: int, batch_size: int, parallel: str) -> Callable:
    producer = Producer(args.dataset, reference=args.reference, batch_size=batch_size, epochs=args.epochs,
                        shuffle=True, seed=7, length=length, tracks=[args.track], launcher=args.launcher,
                        parallel=parallel, mode=args.gvl_mode, slot_bytes=4 << 20)

    def batches():
        for item in DataLoader(GvlTorchDataset(producer), batch_size=None):
            yield item["epoch"], [item["haplotypes"], item["tracks"]]
    return batches


def genvarloader_batches(args, length: int, batch_size: int, mode: Any) -> Callable:
    import genvarloader as gvl

    def batches():
        ds = gvl.Dataset.open(args.dataset, args.peer_reference).with_seqs("haplotypes").with_tracks(
            args.track).with_len(length)
        kwargs: Dict[str, Any] = {"batch_size": batch_size, "shuffle": True}
        if mode is not None:
            kwargs["mode"] = mode
        for epoch in range(args.epochs):
            for haps, tracks in ds.to_dataloader(**kwargs):
                # GenVarLoader gives sequences as numpy bytes (S1); a torch user views them as uint8, no copy.
                yield epoch, [torch.from_numpy(np.asarray(haps).view(np.uint8)), torch.as_tensor(tracks)]
    return batches


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dataset", required=True)
    p.add_argument("--reference", required=True, help="FASTA for gvl")
    p.add_argument("--peer-reference", required=True, help="a copy of the FASTA for GenVarLoader (it indexes beside it)")
    p.add_argument("--track", default="coverage")
    p.add_argument("--launcher", required=True, help="gvl's launcher (./gvl)")
    p.add_argument("--cells", nargs="+", default=["16384x64", "1024x128"], help="LENGTHxBATCH")
    p.add_argument("--batches", type=int, default=3000,
                   help="batches per side and cell, rounded up to whole epochs (JIT warm-up takes about 2,000)")
    p.add_argument("--warmup-share", type=float, default=0.5, help="the share of epochs run before timing starts")
    p.add_argument("--rounds", type=int, default=2, help="each side runs this many times per cell, interleaved")
    p.add_argument("--consume", nargs="+", choices=["receive", "read"], default=["receive", "read"])
    p.add_argument("--gvl-parallel", default="auto", help="the producer's --parallel")
    p.add_argument("--gvl-mode", default="direct", help="the producer's --mode (direct, none, buffered, ...)")
    p.add_argument("--json", help="write every result here")
    p.add_argument("--instances-per-epoch", type=int, default=56 * 16, help="regions x samples of the dataset")
    args = p.parse_args()
    torch.set_num_threads(1)  # the loop's own work on one thread, as a data-loading benchmark should
    results = []
    runs = [(cell, kind) for cell in args.cells for kind in args.consume]
    for cell, kind in runs:
        length, batch_size = (int(x) for x in cell.split("x"))
        args.epochs = max(4, -(-args.batches * batch_size // args.instances_per_epoch))
        args.warmup = max(1, int(args.epochs * args.warmup_share))
        consume = consumer(kind)
        sides = [("gvl hand-off", gvl_batches(args, length, batch_size, args.gvl_parallel)),
                 ("GenVarLoader to_dataloader(mode=None)", genvarloader_batches(args, length, batch_size, None)),
                 ("GenVarLoader to_dataloader(mode='buffered')",
                  genvarloader_batches(args, length, batch_size, "buffered"))]
        for r in range(args.rounds):
            for name, batches in sides:
                res = run_side(name, batches, consume, args.warmup, args.epochs)
                res.update(cell=cell, round=r, consume=kind, epochs=args.epochs, warmup=args.warmup)
                results.append(res)
                print(f"handoff-bench: {cell} {kind} round {r}: {name}: first batch {res['first_batch_s']} s, "
                      f"{res['instances_per_s']:,} instances/s (epoch median {res['instances_per_s_epoch_median']:,};"
                      f" all epochs {res['instances_per_s_all_epochs']:,})", flush=True)
        if kind == "read":
            # Every instance once per epoch on both sides (in different orders): equal haplotype byte sums, and
            # track sums equal up to the order of float additions.
            sums = [res["sums"] for res in results if res["cell"] == cell and res["consume"] == kind]
            same = all(s[e][0] == sums[0][e][0] and np.isclose(s[e][1], sums[0][e][1], rtol=1e-9)
                       for s in sums for e in range(args.epochs))
            if not same:
                print(f"handoff-bench: {cell}: the sides received different data: {sums}", file=sys.stderr)
                sys.exit(1)
    print("\n| cell | loop | side | first batch s | instances/s, timed epochs | instances/s, whole run |"
          " timed vs best GenVarLoader |")
    print("|---|---|---|---|---|---|---|")
    for cell, kind in runs:
        rows = [r for r in results if r["cell"] == cell and r["consume"] == kind]
        med = {}
        for name in dict.fromkeys(r["side"] for r in rows):
            mine = [r for r in rows if r["side"] == name]
            med[name] = tuple(statistics.median(r[k] for r in mine)
                              for k in ("instances_per_s", "instances_per_s_all_epochs", "first_batch_s"))
        peer = max(v[0] for k, v in med.items() if k.startswith("GenVarLoader"))
        for name, (rate, whole, first) in med.items():
            print(f"| {cell} | {kind} | {name} | {first:.2f} | {rate:,.0f} | {whole:,.0f} | {rate / peer:.2f}x |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"batches": args.batches, "results": results}, f, indent=1)


if __name__ == "__main__":
    main()
