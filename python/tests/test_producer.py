"""The reader against gvl's real producer (``gvl handoff``), started as a child or attached over a Unix socket."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Dict

import numpy as np
import pytest

from gvl_jvm import HandoffError, Producer, attach, find_launcher

SLOT_ROOT = Path("/dev/shm") if os.access("/dev/shm", os.W_OK) else None


def slot_dir(tmp_path: Path, name: str) -> Path:
    return (SLOT_ROOT or tmp_path) / f"gvl-jvm-test-{os.getpid()}-{name}"


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (exited, not yet reaped) counts as gone.
    with open(f"/proc/{pid}/stat") as f:
        return f.read().split(")")[-1].split()[0] != "Z"


def test_every_instance_of_every_epoch_arrives_with_the_producers_checksums(
        launcher: str, haplotypes_dataset: Dict[str, Path], tmp_path: Path) -> None:
    p = Producer(haplotypes_dataset["dataset"], reference=haplotypes_dataset["reference"], batch_size=7, epochs=2,
                 shuffle=True, seed=3, length=1000, checksums=True, launcher=launcher,
                 slot_dir=slot_dir(tmp_path, "all"))
    seen = {0: [], 1: []}
    with p.start() as reader:
        for batch in reader:
            hap = batch["haplotypes"]
            hap.verify()
            assert hap.data.shape == (batch.instances, 2, 1000) and hap.data.dtype == np.uint8
            assert set(np.unique(hap.data)) <= set(b"ACGTN")
            seen[batch.epoch] += list(zip(batch.regions.tolist(), batch.samples.tolist()))
    regions = len(seen[0]) // 16
    grid = sorted((r, s) for r in range(regions) for s in range(16))
    assert sorted(seen[0]) == grid and sorted(seen[1]) == grid
    assert seen[0] != seen[1], "each epoch is shuffled anew"
    assert [e["batches"] for e in reader.epoch_ends] == [-(-len(grid) // 7)] * 2
    assert not p.slot_dir or not Path(p.slot_dir).exists(), "the producer removes its slot directory"


def test_ragged_haplotypes_and_realigned_tracks_share_offsets(launcher: str, tracks_dataset: Dict[str, Path],
                                                             tmp_path: Path) -> None:
    p = Producer(tracks_dataset["dataset"], reference=tracks_dataset["reference"], batch_size=4, tracks=["cov"],
                 checksums=True, launcher=launcher, slot_dir=slot_dir(tmp_path, "tracks"))
    batches = 0
    with p.start() as reader:
        for batch in reader:
            hap, cov = batch["haplotypes"], batch["tracks"]
            hap.verify()
            cov.verify()
            assert hap.kind == cov.kind == "ragged" and cov.dtype == np.float32
            assert cov.shape == (batch.instances, 1, 2) and hap.shape == (batch.instances, 2)
            np.testing.assert_array_equal(hap.offsets, cov.offsets)
            assert hap.offsets.ctypes.data == cov.offsets.ctypes.data, "one offsets buffer in the slot"
            batches += 1
    assert batches > 0


def test_attach_to_a_producer_listening_on_a_socket(launcher: str, haplotypes_dataset: Dict[str, Path],
                                                    tmp_path: Path) -> None:
    sock = tmp_path / "producer.sock"
    p = Producer(haplotypes_dataset["dataset"], reference=haplotypes_dataset["reference"], batch_size=16,
                 length=256, checksums=True, launcher=launcher, slot_dir=slot_dir(tmp_path, "attach"))
    server = subprocess.Popen(p.serve_command(sock), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        instances = 0
        with attach(sock, timeout=60) as reader:
            for batch in reader:
                batch["haplotypes"].verify()
                instances += batch.instances
        assert server.wait(timeout=60) == 0, server.stderr.read()
        assert "waiting for a consumer on" in server.stderr.read()
        assert instances % 16 == 0 and instances > 0
        assert not sock.exists(), "the socket file is removed once the reader is connected"
    finally:
        server.kill()


def test_attach_without_a_producer_names_the_socket(tmp_path: Path) -> None:
    sock = tmp_path / "nobody.sock"
    with pytest.raises(HandoffError, match=f"no gvl producer listening on {sock}.*--listen"):
        attach(sock, timeout=0.3)


def test_a_bad_dataset_is_reported_with_the_producers_message(launcher: str, tmp_path: Path) -> None:
    p = Producer(tmp_path / "missing.gvl", launcher=launcher, echo_stderr=False, slot_dir=slot_dir(tmp_path, "bad"))
    with pytest.raises(HandoffError, match=r"(?s)exit status 1.*missing\.gvl"):
        with p.start() as reader:
            list(reader)


def test_a_killed_producer_is_reported_not_waited_for(launcher: str, haplotypes_dataset: Dict[str, Path],
                                                      tmp_path: Path) -> None:
    slots = slot_dir(tmp_path, "killed")
    p = Producer(haplotypes_dataset["dataset"], reference=haplotypes_dataset["reference"], batch_size=2, epochs=50,
                 length=100, launcher=launcher, slot_dir=slots)
    reader = p.start()
    with pytest.raises(HandoffError, match="killed by signal SIGKILL"):
        for i, _ in enumerate(reader):
            if i == 1:
                os.kill(reader.process.pid, signal.SIGKILL)
    reader.close()
    assert not slots.exists(), "the reader removes the slot files a killed producer could not"


def test_closing_early_stops_the_producer_and_removes_its_slots(launcher: str, haplotypes_dataset: Dict[str, Path],
                                                                tmp_path: Path) -> None:
    slots = slot_dir(tmp_path, "early")
    p = Producer(haplotypes_dataset["dataset"], reference=haplotypes_dataset["reference"], batch_size=2, epochs=50,
                 length=100, launcher=launcher, slot_dir=slots)
    with p.start() as reader:
        for _ in reader:
            assert slots.is_dir()
            break
    assert reader.process.returncode is not None
    assert not slots.exists()


def test_ctrl_c_ends_the_training_process_and_its_producer(launcher: str, haplotypes_dataset: Dict[str, Path],
                                                           tmp_path: Path) -> None:
    slots = slot_dir(tmp_path, "sigint")
    script = tmp_path / "loop.py"
    script.write_text(textwrap.dedent(f"""
        import sys, time
        from gvl_jvm import Producer
        p = Producer({str(haplotypes_dataset['dataset'])!r}, reference={str(haplotypes_dataset['reference'])!r},
                     batch_size=2, epochs=100, length=100, launcher={launcher!r}, slot_dir={str(slots)!r})
        with p.start() as reader:
            for batch in reader:
                print(reader.process.pid, flush=True)
                time.sleep(0.05)
    """))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    loop = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)
    try:
        producer = int(loop.stdout.readline())
        loop.send_signal(signal.SIGINT)
        _, err = loop.communicate(timeout=60)
        assert loop.returncode != 0 and "KeyboardInterrupt" in err
        deadline = time.monotonic() + 30
        while pid_alive(producer) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not pid_alive(producer), "the producer outlived the training process"
        assert not slots.exists(), "the producer's slot files were left behind"
    finally:
        loop.kill()


def test_find_launcher_explains_what_is_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GVL_LAUNCHER", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(HandoffError, match="no gvl launcher.*GVL_LAUNCHER"):
        find_launcher()
    (tmp_path / "gvl").write_text("not executable")
    with pytest.raises(HandoffError, match="not an executable"):
        find_launcher(tmp_path / "gvl")
    assert find_launcher(["java", "-cp", "x", "io.gvl.handoff.HandoffMain"])[-1] == "io.gvl.handoff.HandoffMain"
    (tmp_path / "gvl").chmod(0o755)
    assert find_launcher("gvl") == [str(tmp_path / "gvl"), "handoff"], "a bare name is looked up on PATH"


@pytest.mark.parametrize("kwargs,message", [
    ({"seqs": "dna"}, "seqs="), ({"mode": "fast"}, "mode="), ({"batch_size": 0}, "batch_size"),
    ({"length": 0}, "length"), ({"tracks": "cov"}, "sequence of track names"),
])
def test_bad_settings_are_refused_before_anything_starts(kwargs: dict, message: str) -> None:
    with pytest.raises((ValueError, TypeError), match=message):
        Producer("x.gvl", **kwargs)
