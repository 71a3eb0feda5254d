/**
 * What a view asks for: the per-view {@link io.gvl.dataset.settings.Settings} and the values they are made of
 * (output kind, length, insertion fill, track form, variant filters and windows, tokens, parallelism, the dummy
 * variant, splice maps). Plain immutable values: they sit below the read engine, which reads them, and below
 * {@code io.gvl.dataset.Dataset} and {@code io.gvl.dataset.RefDataset}, which change them with {@code withSettings}.
 */
package io.gvl.dataset.settings;
