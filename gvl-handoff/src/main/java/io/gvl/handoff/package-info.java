/**
 * Cross-process hand-off of loader batches through a ring of reusable memory-mapped slot files: the
 * {@link io.gvl.handoff.HandoffWriter} copies each batch into a free {@link io.gvl.handoff.SlotRing} slot and
 * announces it with a JSON descriptor line; a reader in another process (the pure-Python {@code gvl_handoff}
 * package in the repository) maps the slot, reads zero-copy arrays, and sends a release line before the slot is
 * reused. {@link io.gvl.handoff.HandoffMain} runs the writer as a child process over its standard input and output.
 * The protocol is described in {@code docs/handoff.md}.
 */
package io.gvl.handoff;
