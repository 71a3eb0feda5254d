/**
 * What a write is made of: its options ({@link io.gvl.write.spec.WriteOptions},
 * {@link io.gvl.write.spec.UpdateOptions}), its inputs (a {@link io.gvl.write.spec.VariantSource} and the track
 * specifications), its plan when written in parts ({@link io.gvl.write.spec.WritePlan}), its progress listener and
 * its error ({@link io.gvl.write.spec.WriteException}). Values and small interfaces: they sit below the write
 * pipeline, which reads them, and below {@code io.gvl.write.Gvl}, which runs a write from them.
 */
package io.gvl.write.spec;
