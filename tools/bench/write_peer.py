"""One fresh-process measurement of GenVarLoader 0.43.1's write, the peer of gvl-bench's WriteProbe (dev/write-bench).

Usage: write_peer.py OUT_DIR BED VARIANTS SAMPLES_FILE [BIGWIG_DIR] [WRITES]

Times `import genvarloader`, then WRITES (default 3) writes of the same dataset (the regions of BED, the samples
listed one per line in SAMPLES_FILE, the variants; with BIGWIG_DIR one bigWig track `cov` from BIGWIG_DIR/<sample>.bw),
each into a fresh directory under OUT_DIR, and prints one line of seconds: `import write1 write2 ...`. GenVarLoader's
log lines and progress bars go to standard error.
"""
import shutil
import sys
import time
from pathlib import Path

t0 = time.perf_counter()
import genvarloader as gvl  # noqa: E402

t1 = time.perf_counter()
out, bed, variants, samples_file = (Path(a) for a in sys.argv[1:5])
bigwigs = Path(sys.argv[5]) if len(sys.argv) > 5 and sys.argv[5] != "-" else None
writes = int(sys.argv[6]) if len(sys.argv) > 6 else 3
samples = [s.strip() for s in samples_file.read_text().splitlines() if s.strip()]
tracks = None
if bigwigs is not None:
    tracks = gvl.BigWigs("cov", {s: str(bigwigs / f"{s}.bw") for s in samples})
times = []
for i in range(writes):
    dest = out / f"peer-{i}.gvl"
    shutil.rmtree(dest, ignore_errors=True)
    a = time.perf_counter()
    gvl.write(dest, bed, variants=str(variants), tracks=tracks, samples=samples, overwrite=True)
    times.append(time.perf_counter() - a)
    shutil.rmtree(dest, ignore_errors=True)
print(f"{t1 - t0:.4f} " + " ".join(f"{t:.4f}" for t in times))
