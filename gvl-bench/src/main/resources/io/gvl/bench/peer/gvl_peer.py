"""GenVarLoader as a benchmark peer of gvl's harness.

Started once per thread count by ``io.gvl.bench.harness.GvlPythonPeer`` with ``GVL_NUM_THREADS`` already set
(GenVarLoader sizes its thread pool at import). It reads one JSON command per line on stdin and answers one JSON
line on stdout, so the JVM can interleave its own cells with this process's without paying a Python start-up per
cell. Every timing is taken here, around the GenVarLoader call only; parsing the command is outside it.

Commands:
  {"op": "open", "dataset": PATH, "reference": FASTA}
  {"op": "query", "view": VIEW, "batches": [[[r, ...], [s, ...]], ...]}   -> seconds and bytes per batch
  {"op": "epoch", "view": VIEW, "batch": B, "mode": "none|buffered|double_buffered", "copy": bool,
   "buffer_bytes": N, "epochs": K}                                       -> seconds and bytes per epoch
  {"op": "drop_loaders"}                                                   -> closes the kept loaders
  {"op": "quit"}
A loader is built once per distinct epoch request and kept until drop_loaders, so a cell's repeated rounds time
epochs, not loader construction (a double-buffered loader spawns its producer process on first use).
VIEW: {"seqs": "reference|haplotypes|annotated|variants|none", "tracks": [NAME, ...], "length": N | "ragged"}
"""

import json
import os
import sys
import time

import numpy as np


def nbytes(obj):
    """Bytes held by one output: arrays, ragged containers, annotated haplotypes, tensors, tuples of those."""
    if obj is None:
        return 0
    if isinstance(obj, np.ndarray):
        return int(obj.nbytes)
    if isinstance(obj, (tuple, list)):
        return sum(nbytes(o) for o in obj)
    if hasattr(obj, "element_size") and hasattr(obj, "numel"):
        return int(obj.element_size() * obj.numel())
    total = 0
    for field in ("data", "offsets", "haps", "var_idxs", "ref_coords", "alts", "ilens", "starts", "dosages"):
        part = getattr(obj, field, None)
        if part is not None and part is not obj:
            total += nbytes(part)
    if total == 0 and hasattr(obj, "nbytes"):
        return int(obj.nbytes)
    return total


class Peer:
    def __init__(self):
        self.base = None
        self.loaders = {}

    def open(self, cmd):
        import genvarloader as gvl

        self.base = gvl.Dataset.open(cmd["dataset"], reference=cmd["reference"])
        return {"ok": True, "version": gvl.__version__, "shape": list(self.base.shape),
                "threads": os.environ.get("GVL_NUM_THREADS")}

    def view(self, spec):
        ds = self.base
        seqs = spec.get("seqs", "haplotypes")
        tracks = spec.get("tracks", [])
        ds = ds.with_tracks(tracks if tracks else False) if self.base.available_tracks else ds
        ds = ds.with_seqs(None if seqs == "none" else seqs)
        length = spec.get("length", "ragged")
        return ds.with_len(length)

    def query(self, cmd):
        ds = self.view(cmd["view"])
        batches = [(np.asarray(r, dtype=np.intp), np.asarray(s, dtype=np.intp)) for r, s in cmd["batches"]]
        seconds, sizes = [], []
        for r, s in batches:
            t0 = time.perf_counter_ns()
            out = ds[r, s]
            t1 = time.perf_counter_ns()
            seconds.append((t1 - t0) / 1e9)
            sizes.append(nbytes(out))
            del out
        return {"ok": True, "seconds": seconds, "bytes": sizes}

    def loader(self, cmd):
        key = json.dumps({k: cmd.get(k) for k in ("view", "batch", "mode", "copy", "buffer_bytes")}, sort_keys=True)
        loader = self.loaders.get(key)
        if loader is None:
            ds = self.view(cmd["view"])
            kwargs = {"batch_size": cmd["batch"], "shuffle": False}
            if cmd["mode"] != "none":
                kwargs.update(mode=cmd["mode"], copy=bool(cmd.get("copy", True)),
                              buffer_bytes=int(cmd.get("buffer_bytes", 2 * 1024 ** 3)))
            loader = ds.to_dataloader(**kwargs)
            self.loaders[key] = loader
        return loader

    def epoch(self, cmd):
        loader = self.loader(cmd)
        seconds, sizes = [], []
        for _ in range(int(cmd.get("epochs", 1))):
            total = 0
            t0 = time.perf_counter_ns()
            for batch in loader:
                total += nbytes(batch)
                del batch
            t1 = time.perf_counter_ns()
            seconds.append((t1 - t0) / 1e9)
            sizes.append(total)
        return {"ok": True, "seconds": seconds, "bytes": sizes}

    def drop_loaders(self, cmd):
        for loader in self.loaders.values():
            close = getattr(loader, "close", None)
            if close is not None:
                close()
        self.loaders.clear()
        return {"ok": True}


def main():
    # Answers go to a private copy of stdout; anything GenVarLoader itself prints lands on stderr.
    out = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    peer = Peer()
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            cmd = json.loads(line)
            op = cmd.get("op")
            if op == "quit":
                peer.drop_loaders(cmd)
                break
            handler = {"open": peer.open, "query": peer.query, "epoch": peer.epoch,
                       "drop_loaders": peer.drop_loaders}.get(op)
            if handler is None:
                answer = {"ok": False, "error": "unknown op %r" % (op,)}
            else:
                answer = handler(cmd)
        except Exception as e:  # the JVM shows this and stops the suite
            answer = {"ok": False, "error": "%s: %s" % (type(e).__name__, e)}
        out.write(json.dumps(answer) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
