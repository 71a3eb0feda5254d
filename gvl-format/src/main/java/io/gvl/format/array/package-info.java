/**
 * The arrays a dataset is made of: NumPy {@code .npy}/{@code .npz} files, header-less memory-mapped raw arrays and
 * their writers, and the typed ragged views over them (genotypes as CSR variant indices, interval tracks).
 */
package io.gvl.format.array;
