"""Python side of gvl (GenVarLoader for the JVM): read batches a gvl producer hands over through shared memory.

A gvl producer (``gvl handoff``, run by gvl's launcher) queries a dataset and writes each batch into one of a few
reusable shared-memory slot files, announcing it with a JSON line; this package maps the files and gives the arrays
in place (numpy views, pyarrow arrays, torch tensors over the same memory), then tells the producer when a slot may
be reused. ``gvl_jvm.torch.GvlTorchDataset`` wraps it as a PyTorch ``IterableDataset``. The protocol is in
docs/handoff.md of the gvl repository.

    from gvl_jvm import Producer
    with Producer("my.gvl", reference="ref.fa", batch_size=64, length=16384).start() as reader:
        for batch in reader:
            haplotypes = batch["haplotypes"].data      # numpy, (64, 2, 16384) uint8, no copy
"""

from ._producer import Producer, attach, find_launcher
from ._reader import HandoffArray, HandoffBatch, HandoffError, HandoffReader

__version__ = "0.1.0"

__all__ = ["HandoffArray", "HandoffBatch", "HandoffError", "HandoffReader", "Producer", "attach", "find_launcher",
           "__version__"]
