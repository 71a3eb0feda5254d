"""Throughput of the Python hand-off against GenVarLoader's own to_dataloader, run by dev/handoff-bench.

Both sides read the same dataset (written by gvl, which GenVarLoader opens as its own) with the same view:
haplotypes at one fixed length, shuffled batches of the same size, no jitter. Each batch is consumed the same way
(numpy sums its bytes, so every byte is really read). Reported per side: seconds to the first batch (start-up:
the JVM and the dataset open for gvl, the dataset open for GenVarLoader) and instances per second over the
epochs after the first (steady state).

gvl's side is the slot ring: a Java writer (io.gvl.handoff.HandoffMain) running the gvl loader, and the pure-Python
reader (gvl_handoff) yielding zero-copy numpy arrays. GenVarLoader's side is Dataset.to_dataloader, with and without
its own prefetching (mode=None and mode="buffered").
"""

import argparse
import json
import os
import sys
import time

import numpy as np

from gvl_jvm import HandoffReader


def gvl_side(args, java, flags, cp, writer_mode):
    mode, *suffixes = writer_mode.split("+")
    cmd = [java, *flags, "-cp", cp, "io.gvl.handoff.HandoffMain", "--dataset", args.dataset,
           "--reference", args.reference, "--dir", args.slot_dir, "--slots", "3",
           "--slot-bytes", str(args.slot_bytes), "--batch-size", str(args.batch_size),
           "--epochs", str(args.epochs), "--shuffle", "--seed", "7", "--length", str(args.length),
           "--mode", mode, *(["--checksums"] if "crc" in suffixes else []),
           *(["--parallel", "true"] if "parallel" in suffixes else [])]
    start = time.perf_counter()
    first = None
    marks = []  # time at the end of each epoch
    instances = 0
    checksum = 0
    with HandoffReader.spawn(cmd) as reader:
        for batch in reader:
            # an epoch_end line is read just before the next epoch's first batch (or the end): mark it then
            marks.extend((time.perf_counter(), instances) for _ in reader.epoch_ends[len(marks):])
            checksum += int(batch["haplotypes"].data.sum(dtype=np.uint64))
            instances += batch.instances
            if first is None:
                first = time.perf_counter() - start
            batch.release()
        marks.extend((time.perf_counter(), instances) for _ in reader.epoch_ends[len(marks):])
    return summary(f"gvl hand-off (slot ring, writer mode={writer_mode})", first, marks, checksum)


def gvl043_side(args, mode):
    import genvarloader as gvl

    start = time.perf_counter()
    ds = gvl.Dataset.open(args.dataset, args.peer_reference).with_seqs("haplotypes").with_len(args.length)
    kwargs = {"batch_size": args.batch_size, "shuffle": True}
    if mode is not None:
        kwargs["mode"] = mode
    first = None
    marks = []
    instances = 0
    checksum = 0
    for _ in range(args.epochs):
        for b in ds.to_dataloader(**kwargs):
            a = b.numpy() if hasattr(b, "numpy") else np.asarray(b)
            checksum += int(a.view(np.uint8).sum(dtype=np.uint64))
            instances += a.shape[0]
            if first is None:
                first = time.perf_counter() - start
        marks.append((time.perf_counter(), instances))
    return summary(f"GenVarLoader {gvl.__version__} to_dataloader(mode={mode})", first, marks, checksum)


def summary(name, first, marks, checksum):
    if len(marks) < 2:
        raise SystemExit(f"{name}: need at least 2 epochs, got {len(marks)}")
    (t0, n0), (t1, n1) = marks[0], marks[-1]
    return {"side": name, "first_batch_s": round(first, 3), "steady_instances_per_s": round((n1 - n0) / (t1 - t0)),
            "instances_per_epoch": marks[0][1], "checksum": checksum}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--dataset", required=True)
    p.add_argument("--reference", required=True, help="FASTA for gvl")
    p.add_argument("--peer-reference", required=True, help="a copy of the FASTA for GenVarLoader (it writes beside it)")
    p.add_argument("--slot-dir", required=True)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--length", type=int, default=2048)
    p.add_argument("--epochs", type=int, default=30, help="the first epoch warms up (JIT), the rest are timed")
    p.add_argument("--slot-bytes", type=int, default=32 << 20)
    p.add_argument("--writer-mode", nargs="+", default=["direct"],
                   help="HandoffMain --mode of each gvl side run per round: direct (queries fill the slots), or a"
                        " loader mode (none, buffered, double_buffered: the batch is copied into the slot); a"
                        " '+crc' suffix adds --checksums, e.g. 'buffered+crc' is the writer before direct mode")
    p.add_argument("--rounds", type=int, default=3, help="each side runs this many times, interleaved")
    p.add_argument("--json", help="write the results here")
    args = p.parse_args()
    java, cp = os.environ["GVL_JAVA_BIN"], os.environ["GVL_CLASSPATH"]
    flags = os.environ["GVL_JVM_FLAGS"].split()
    results = []
    for r in range(args.rounds):
        runs = [lambda m=m: gvl_side(args, java, flags, cp, m) for m in args.writer_mode]
        for run in (*runs, lambda: gvl043_side(args, None), lambda: gvl043_side(args, "buffered")):
            res = run()
            res["round"] = r
            results.append(res)
            print(f"handoff-bench: round {r}: {res['side']}: first batch {res['first_batch_s']} s, "
                  f"{res['steady_instances_per_s']} instances/s", flush=True)
    sums = {res["checksum"] for res in results}
    if len(sums) != 1:
        print("handoff-bench: the sides read different bytes (checksums " + str(sorted(sums)) + ")", file=sys.stderr)
        sys.exit(1)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"batch_size": args.batch_size, "length": args.length, "epochs": args.epochs,
                       "results": results}, f, indent=1)


if __name__ == "__main__":
    main()
