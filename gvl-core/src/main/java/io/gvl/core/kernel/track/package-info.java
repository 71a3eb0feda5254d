/**
 * Float32 tracks: painting stored intervals into dense rows, realignment onto haplotypes with GVL's insertion
 * fills, and run-length conversion back to intervals.
 */
package io.gvl.core.kernel.track;
