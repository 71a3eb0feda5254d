/**
 * Exports of a dataset view to files other tools read directly: {@link io.gvl.dataset.export.Hdf5Export} writes
 * fixed-length sequences and tracks as HDF5 arrays for {@code h5py}-based training loops.
 */
package io.gvl.dataset.export;
