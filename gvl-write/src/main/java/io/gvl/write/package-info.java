/**
 * Writing GenVarLoader-format datasets: the options of {@link io.gvl.write.Gvl#write} and
 * {@link io.gvl.write.Gvl#update}, the track inputs ({@link io.gvl.write.BigWigs},
 * {@link io.gvl.write.Hdf5Track}, {@link io.gvl.write.TableTrack}, {@link io.gvl.write.AnnotationTrack}), the variant-source contract and progress reporting.
 */
package io.gvl.write;
