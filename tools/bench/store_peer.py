"""GenVarLoader 0.43.1's side of dev/store-bench: open time and batch rate of each dataset given.

Batches are 32 random (region, sample) pairs of 16 kb haplotypes (64 haplotypes), as StoreReadBench reads them; 8
trials of 100 batches (GVL_STORE_PEER_BATCHES, e.g. fewer where GenVarLoader is slow), the median of the last 5 reported. Prints one JSON line per dataset (also dev/cohort-bench's reads). The FASTA must be a copy
(GenVarLoader writes a cache beside it).
"""

import json
import os
import sys
import time

import genvarloader as gvl
import numpy as np


def main() -> None:
    fasta, paths = sys.argv[1], sys.argv[2:]
    for path in paths:
        gvl.Dataset.open(path, reference=fasta)  # first open: caches and imports
        t0 = time.perf_counter()
        ds = gvl.Dataset.open(path, reference=fasta)
        opened = time.perf_counter() - t0
        view = ds.with_seqs("haplotypes").with_len(16384)
        rates = []
        batches = int(os.environ.get("GVL_STORE_PEER_BATCHES", "100"))
        for trial in range(8):
            rng = np.random.default_rng(trial)
            t1 = time.perf_counter()
            for _ in range(batches):
                view[rng.integers(0, ds.n_regions, 32), rng.integers(0, ds.n_samples, 32)]
            rates.append(batches / (time.perf_counter() - t1))
        print(json.dumps({"side": "GenVarLoader", "dataset": path, "open_s": round(opened, 4),
                          "batches_per_s": round(float(np.median(rates[3:])), 1)}), flush=True)


if __name__ == "__main__":
    main()
