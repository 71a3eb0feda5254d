"""Starting a gvl producer (``gvl handoff``) or attaching to one, from Python."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple, Union

from ._reader import HandoffError, HandoffReader

PathLike = Union[str, "os.PathLike[str]"]
_SEQS = ("haplotypes", "reference", "annotated", "none")
_MODES = ("direct", "none", "buffered", "double_buffered")


def find_launcher(launcher: Union[None, PathLike, Sequence[str]] = None) -> List[str]:
    """The command prefix that runs ``gvl handoff``.

    ``launcher`` may be the path of gvl's launcher (the checkout's ``./gvl``), or a full command prefix that takes
    the same options (e.g. ``[java, *flags, "-cp", classpath, "io.gvl.handoff.HandoffMain"]``). Without it:
    ``$GVL_LAUNCHER``, then ``gvl`` on ``PATH``.
    """
    if launcher is not None and not isinstance(launcher, (str, os.PathLike)):
        prefix = [os.fspath(part) for part in launcher]
        if not prefix:
            raise HandoffError("the launcher command is empty")
        return prefix
    path = os.fspath(launcher) if launcher is not None else os.environ.get("GVL_LAUNCHER") or shutil.which("gvl")
    if path and os.sep not in path:
        path = shutil.which(path) or path  # a bare command name, looked up on PATH
    if not path:
        raise HandoffError("no gvl launcher: pass launcher='/path/to/gvl' (the gvl checkout's ./gvl), set "
                           "GVL_LAUNCHER, or put gvl on PATH")
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise HandoffError(f"the gvl launcher {path} is not an executable file")
    return [path, "handoff"]


@dataclass(frozen=True)
class Producer:
    """What a gvl producer sends: the dataset view, batches and epochs, and the slot ring.

    ``start()`` runs it as a child process (``gvl handoff``) and returns a :class:`HandoffReader`;
    ``serve_command(path)`` is the command that starts it elsewhere, waiting on a Unix socket for
    :func:`gvl_jvm.attach`. Batches come in ``epochs`` epochs of the dataset's ``regions x samples`` grid, each in C
    order or shuffled (seeded by ``seed`` and the epoch), ``batch_size`` instances per batch (the last one shorter).

    Args:
        dataset: a gvl (or GenVarLoader) dataset directory.
        reference: the reference FASTA; needed for sequence outputs of datasets that do not store it.
        batch_size: instances per batch.
        epochs: epochs to send.
        shuffle: shuffle each epoch.
        seed: the shuffle's seed (the same seed sends the same batches).
        seqs: ``"haplotypes"``, ``"reference"``, ``"annotated"`` or ``"none"``.
        tracks: names of the dataset's tracks to send (none by default).
        length: a fixed output length (centred on each region); ``None`` keeps each region's own length (ragged).
        slots: slot files in the ring; a reader may hold up to ``slots - 1`` batches.
        slot_bytes: initial size of each slot file (they grow as needed).
        mode: ``"direct"`` (the queries write into the slots, no copy) or a gvl loader mode whose batches are
            copied into the slots.
        parallel: split each query over the producer's threads: ``"true"`` (the producer's default), ``"auto"`` (only
            batches of 1 MiB or more) or ``"false"``.
        release_timeout: seconds the producer waits for a release before it gives up.
        checksums: add a CRC32 of every buffer to the descriptors (``HandoffArray.verify()``).
        slot_dir: the slot directory (default: ``/dev/shm/gvl-handoff-<producer pid>``).
        launcher: see :func:`find_launcher`.
        java_options: extra JVM options (e.g. ``["-Xmx4g"]``), passed to gvl's launcher as ``GVL_JAVA_OPTS``.
        echo_stderr: echo the producer's standard error (warnings and errors only, unless ``verbose``).
        verbose: the producer's log level: 0 warnings, 1 INFO, 2 DEBUG.
    """

    dataset: PathLike
    reference: Optional[PathLike] = None
    batch_size: int = 32
    epochs: int = 1
    shuffle: bool = False
    seed: int = 0
    seqs: str = "haplotypes"
    tracks: Sequence[str] = ()
    length: Optional[int] = None
    slots: int = 3
    slot_bytes: int = 8 << 20
    mode: str = "direct"
    parallel: Optional[str] = None
    release_timeout: int = 60
    checksums: bool = False
    slot_dir: Optional[PathLike] = None
    launcher: Union[None, PathLike, Sequence[str]] = None
    java_options: Sequence[str] = field(default=())
    echo_stderr: bool = True
    verbose: int = 0

    def __post_init__(self) -> None:
        if self.seqs not in _SEQS:
            raise ValueError(f"seqs={self.seqs!r} is not one of {_SEQS}")
        if self.mode not in _MODES:
            raise ValueError(f"mode={self.mode!r} is not one of {_MODES}")
        for name in ("batch_size", "epochs", "slots", "release_timeout"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be >= 1, got {getattr(self, name)}")
        if self.length is not None and self.length < 1:
            raise ValueError(f"length must be >= 1, got {self.length}")
        if isinstance(self.tracks, str):
            raise TypeError("tracks is a sequence of track names, e.g. ['coverage'], not a string")

    def arguments(self, shard: Optional[Tuple[int, int]] = None, listen: Optional[PathLike] = None) -> List[str]:
        """The producer's command-line arguments (after ``gvl handoff``) for these settings."""
        args = [os.fspath(self.dataset), "--batch-size", str(self.batch_size), "--epochs", str(self.epochs),
                "--seed", str(self.seed), "--seqs", self.seqs, "--slots", str(self.slots),
                "--slot-bytes", str(self.slot_bytes), "--mode", self.mode,
                "--timeout-seconds", str(self.release_timeout)]
        if self.reference is not None:
            args += ["--reference", os.fspath(self.reference)]
        if self.shuffle:
            args.append("--shuffle")
        if self.tracks:
            args += ["--tracks", ",".join(self.tracks)]
        if self.length is not None:
            args += ["--length", str(self.length)]
        if self.parallel is not None:
            args += ["--parallel", self.parallel]
        if self.checksums:
            args.append("--checksums")
        if self.slot_dir is not None:
            slot_dir = os.fspath(self.slot_dir)
            args += ["--dir", slot_dir if shard is None else f"{slot_dir}-{shard[0]}"]
        if shard is not None:
            index, count = shard
            if not 0 <= index < count:
                raise ValueError(f"shard {index}/{count}: need 0 <= index < count")
            args += ["--shard", f"{index}/{count}"]
        if listen is not None:
            args += ["--listen", os.fspath(listen)]
        return args

    def command(self, shard: Optional[Tuple[int, int]] = None, listen: Optional[PathLike] = None) -> List[str]:
        """The whole command line: the launcher, then :meth:`arguments` (and ``-v`` per verbosity level)."""
        return find_launcher(self.launcher) + ["-v"] * self.verbose + self.arguments(shard, listen)

    def serve_command(self, path: PathLike, shard: Optional[Tuple[int, int]] = None) -> List[str]:
        """The command that starts this producer elsewhere, waiting on the Unix socket ``path`` for :func:`attach`."""
        return self.command(shard, listen=path)

    def environment(self) -> Dict[str, str]:
        """The environment of the child: ours, with ``java_options`` appended to ``GVL_JAVA_OPTS``."""
        env = dict(os.environ)
        if self.java_options:
            env["GVL_JAVA_OPTS"] = " ".join([env.get("GVL_JAVA_OPTS", ""), *self.java_options]).strip()
        return env

    def start(self, shard: Optional[Tuple[int, int]] = None) -> HandoffReader:
        """Starts the producer as a child process and returns the reader of its batches.

        Args:
            shard: ``(index, count)`` to send only batches ``b`` with ``b % count == index`` of each epoch (one
                producer per data-loader worker; all shards together send every batch once).
        """
        return HandoffReader.spawn(self.command(shard), env=self.environment(), echo_stderr=self.echo_stderr)


def attach(path: PathLike, timeout: float = 60.0) -> HandoffReader:
    """The reader of a producer started elsewhere with ``gvl handoff DATASET --listen PATH``.

    Waits up to ``timeout`` seconds for the socket to appear. The producer serves one reader and ends after its
    last epoch; closing the reader early ends the producer too (it sees the connection close).
    """
    return HandoffReader.attach(os.fspath(path), timeout)
