/**
 * The entry points of gvl: {@link io.gvl.core.Gvl#write} turns BED regions, a phased VCF and tracks into a
 * GenVarLoader-format dataset, and {@link io.gvl.core.Gvl#update} adds tracks to one. Reading starts at
 * {@link io.gvl.core.dataset.Dataset#open(java.nio.file.Path, java.nio.file.Path)}; batching for training at
 * {@code io.gvl.dataloader.DataLoader}.
 *
 * <p>Every write and open checks the JVM options first (Apache Arrow needs
 * {@code --add-opens=java.base/java.nio=ALL-UNNAMED} on the class path) and fails with
 * {@link io.gvl.format.MissingJvmOptionException} naming the option; see the overview page and
 * {@code docs/jvm.md}.
 */
package io.gvl.core;
