/**
 * Writing GenVarLoader-format datasets: {@link io.gvl.write.Gvl} (write, update, plan in parts, concat, export),
 * {@link io.gvl.write.PartWriter} for one part of a plan in any process, and {@link io.gvl.write.VariantSources},
 * which opens a variant file as a source. What a write is made of (options, track inputs, the plan, progress,
 * errors) is in {@code io.gvl.write.spec}.
 */
package io.gvl.write;
