"""Read gvl loader batches that a Java writer hands over through shared-memory slot files.

The Java side (``io.gvl.handoff.HandoffWriter``, run as a child process by ``HandoffMain``) copies each batch into
one of N reusable memory-mapped files and announces it with a JSON line; this package maps the files and yields the
arrays in place (numpy views, pyarrow arrays over the same memory), then tells the writer when a slot may be reused.
The protocol is described in docs/handoff.md.
"""

from .reader import HandoffArray, HandoffBatch, HandoffError, HandoffReader

__all__ = ["HandoffArray", "HandoffBatch", "HandoffError", "HandoffReader"]
