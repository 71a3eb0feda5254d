"""Run one command and measure it as a whole process tree: wall time, user+sys CPU, peak RSS, with a time limit.

Usage: treetime.py NAME TIMEOUT_S OUT_JSONL -- COMMAND...   (Python standard library only; Linux /proc)

The command runs in its own process group. Every 50 ms the resident set sizes of every live process of that group
are summed (VmRSS from /proc); the largest sum is `peak_rss_tree_mb`. `peak_rss_max_mb` is the kernel's figure for
the largest single process (ru_maxrss of the waited children, what `/usr/bin/time` prints as %M), and `cpu_s` their
user+sys seconds. A command still running after TIMEOUT_S is killed with its group and reported with
`"finished": false`. Appends one JSON line to OUT_JSONL and prints it; exits with the command's status (124 on a
timeout). The command's stdout goes to this process's stderr, so the JSON line is all that is printed on stdout.
"""

import json
import os
import resource
import signal
import subprocess
import sys
import time


def group_rss_kib(pgid: int) -> int:
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                stat = f.read()
            # fields after the command name (which may hold spaces) start after the last ')'
            fields = stat[stat.rindex(b")") + 2:].split()
            if int(fields[2]) != pgid:  # field 5, pgrp
                continue
            with open(f"/proc/{pid}/status", "rb") as f:
                for line in f:
                    if line.startswith(b"VmRSS:"):
                        total += int(line.split()[1])
                        break
        except (OSError, ValueError):
            continue  # the process ended while it was read
    return total


def main() -> None:
    if len(sys.argv) < 6 or sys.argv[4] != "--":
        sys.exit("usage: treetime.py NAME TIMEOUT_S OUT_JSONL -- COMMAND...")
    name, timeout, out, cmd = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[5:]
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=sys.stderr, start_new_session=True)
    peak = 0
    finished = True
    while proc.poll() is None:
        peak = max(peak, group_rss_kib(proc.pid))
        if time.monotonic() - t0 > timeout:
            finished = False
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            break
        time.sleep(0.05)
    wall = time.monotonic() - t0
    try:  # a child that left the group behind (none expected) would be killed here too
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    rc = proc.returncode if finished else 124
    line = {"step": name, "finished": finished, "exit": rc, "timeout_s": timeout, "wall_s": round(wall, 2),
            "cpu_s": round(ru.ru_utime + ru.ru_stime, 2), "peak_rss_tree_mb": round(peak / 1024, 1),
            "peak_rss_max_mb": round(ru.ru_maxrss / 1024, 1)}
    with open(out, "a") as f:
        f.write(json.dumps(line) + "\n")
    print(json.dumps(line), flush=True)
    sys.exit(rc)


if __name__ == "__main__":
    main()
