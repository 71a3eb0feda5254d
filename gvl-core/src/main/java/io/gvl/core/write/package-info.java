/**
 * Writing GenVarLoader-format datasets: the options of {@link io.gvl.core.Gvl#write} and
 * {@link io.gvl.core.Gvl#update}, the track inputs ({@link io.gvl.core.write.BigWigs},
 * {@link io.gvl.core.write.Hdf5Track}, {@link io.gvl.core.write.TableTrack}, {@link io.gvl.core.write.AnnotationTrack}), the variant-source contract and progress reporting.
 */
package io.gvl.core.write;
