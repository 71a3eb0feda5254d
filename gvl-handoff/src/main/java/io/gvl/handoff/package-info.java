/**
 * Cross-process hand-off of loader batches through a ring of reusable memory-mapped slot files: the
 * {@link io.gvl.handoff.HandoffWriter} writes each batch into a free {@link io.gvl.handoff.SlotRing} slot (in direct
 * mode the queries write there themselves) and announces it with a JSON descriptor line; a reader in another process
 * (the Python package {@code gvl_jvm} in the repository's {@code python/}) maps the slot, reads zero-copy arrays,
 * and sends a release line before the slot is reused. {@link io.gvl.handoff.HandoffProducer} runs a whole hand-off
 * from {@link io.gvl.handoff.HandoffOptions}, over a process's standard streams or one consumer on a Unix socket;
 * {@link io.gvl.handoff.HandoffMain} and {@code gvl handoff} are its command lines. The protocol is described in
 * {@code docs/handoff.md}.
 */
package io.gvl.handoff;
