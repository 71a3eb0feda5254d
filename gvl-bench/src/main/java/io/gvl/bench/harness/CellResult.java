package io.gvl.bench.harness;

/**
 * A measured cell: which implementation ran ({@code gvl} or a peer tool), its stats, the arraycopy baseline of
 * the same bytes in the same run and, for peers, the gvl rate on the same work to compare with.
 *
 * @param cell     the grid point
 * @param impl     {@code gvl} or the peer's name (e.g. {@code bcftools-consensus})
 * @param measured the implementation's stats
 * @param baseline {@code System.arraycopy} of {@code measured.bytesPerRep()} bytes
 * @param gvl      for a peer: gvl on the same work; {@code null} for gvl's own rows
 */
public record CellResult(Cell cell, String impl, Stats measured, Stats baseline, Stats gvl) {

    /** Measured median over the arraycopy median. */
    public double ratio() {
        return measured.median() / baseline.median();
    }

    /** For a peer: how many times faster gvl is on the same work; NaN for gvl rows. */
    public double gvlOverPeer() {
        return gvl == null ? Double.NaN : gvl.median() / measured.median();
    }

    public boolean isPeer() {
        return gvl != null;
    }
}
