"""One fresh-process measurement of GenVarLoader 0.43.1, the peer of gvl-bench's ColdOpenProbe (dev/open-bench).

Times `import genvarloader`, `Dataset.open`, the first batch of 16 kb haplotypes of 32 random (region, sample) pairs
and 20 more batches, and prints one line of seconds: `import open first_batch next_20`. Python start-up before the
first line of this script is not included (dev/open-bench times the whole process too).
"""
import sys
import time

t0 = time.perf_counter()
import genvarloader as gvl  # noqa: E402
import numpy as np  # noqa: E402

t1 = time.perf_counter()
ds = gvl.Dataset.open(sys.argv[1], sys.argv[2])
t2 = time.perf_counter()
haps = ds.with_seqs("haplotypes").with_len(16384)
rng = np.random.default_rng(7)
n_regions, n_samples = ds.shape


def batch():
    r = rng.integers(0, n_regions, 32)
    s = rng.integers(0, n_samples, 32)
    return haps[r, s]


batch()
t3 = time.perf_counter()
for _ in range(20):
    batch()
t4 = time.perf_counter()
print(f"{t1 - t0:.4f} {t2 - t1:.4f} {t3 - t2:.4f} {t4 - t3:.4f}")
