/**
 * What the track kernels read, below both their public entry points ({@code io.gvl.core.kernel.track}) and their
 * row bodies ({@code io.gvl.core.internal.kernel.track}) so that neither package imports the other's values: the
 * stored intervals of a track, the active tracks of a batch, and GenVarLoader's insertion-fill code.
 */
package io.gvl.core.kernel.track.input;
