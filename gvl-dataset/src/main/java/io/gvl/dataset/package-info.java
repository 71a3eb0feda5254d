/**
 * Reading datasets. {@link io.gvl.dataset.Dataset#open(java.nio.file.Path, java.nio.file.Path)} maps a
 * dataset's files and returns its initial view; {@code with...} methods derive immutable views that choose the
 * sequence output ({@link io.gvl.dataset.settings.SeqKind}: reference, haplotypes, annotated haplotypes, variants),
 * the tracks, the row length ({@link io.gvl.dataset.settings.OutputLength}), the {@link
 * io.gvl.dataset.settings.Settings} (jitter, seed, strand handling, variant filters) and splicing. Queries return a
 * {@link io.gvl.dataset.output.DatasetOutput}, whose arrays live off-heap in an arena the output owns (or the
 * caller's arena, for {@code get(regions, samples, arena)}). {@link io.gvl.dataset.RefDataset} serves
 * reference sequence over any BED without a written dataset.
 *
 * <p>Lifetimes: every view of one {@code open} shares its files, and closing any view closes them all; an output
 * stays valid until it is closed, independently of the dataset. Views and queries are thread-safe.
 */
package io.gvl.dataset;
