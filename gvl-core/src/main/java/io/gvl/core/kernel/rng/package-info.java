/**
 * Randomness exactly as GVL draws it: NumPy's {@code default_rng(seed)} (SeedSequence, PCG64, Lemire bounded
 * integers with the shared 32-bit buffer) and the stateless xorshift hash behind FlankSample fills.
 */
package io.gvl.core.kernel.rng;
