"""Seeded coverage bigWigs for dev/write-bench: one file per sample, OUT_DIR/<sample>.bw.

Usage: make_bigwigs.py OUT_DIR FASTA_FAI SAMPLES_FILE [SEED]

Every contig of the .fai is tiled with intervals of 10-200 bp whose values follow a slowly varying, noisy coverage
(gamma noise around a per-sample level), about what a read-coverage track looks like; the same seed gives the same
files. Needs pyBigWig and numpy (both in the peer venv of dev/peer-venv).
"""
import sys
from pathlib import Path

import numpy as np
import pyBigWig

out, fai, samples_file = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
seed = int(sys.argv[4]) if len(sys.argv) > 4 else 20261206
out.mkdir(parents=True, exist_ok=True)
contigs = [(line.split("\t")[0], int(line.split("\t")[1])) for line in fai.read_text().splitlines() if line]
samples = [s.strip() for s in samples_file.read_text().splitlines() if s.strip()]
rng = np.random.default_rng(seed)
for sample in samples:
    bw = pyBigWig.open(str(out / f"{sample}.bw"), "w")
    bw.addHeader(contigs)
    level = rng.uniform(5, 40)
    for name, length in contigs:
        widths = rng.integers(10, 201, size=length // 100 + 10)
        ends = np.cumsum(widths)
        ends = ends[ends < length]
        ends = np.append(ends, length)
        starts = np.concatenate(([0], ends[:-1]))
        trend = level * (1 + 0.5 * np.sin(starts / 50_000.0 + rng.uniform(0, 6.3)))
        values = rng.gamma(4.0, trend / 4.0).astype(np.float64)
        bw.addEntries([name] * len(starts), starts.tolist(), ends=ends.tolist(), values=values.tolist())
    bw.close()
print(f"{len(samples)} bigWigs in {out}")
