package io.gvl.dataset.sites;

/** What happened to one (row, haplotype) when its site was applied; {@link #code()} is GVL's uint8 flag. */
public enum SiteFlag {
    /** The ALT was written (and {@code var_idxs} set to {@link DatasetWithSites#SITE_VAR_IDX} there). */
    APPLIED(0),
    /** The site's reference position is not in the haplotype row (deleted, or moved out of the window). */
    DELETED(1),
    /** The haplotype already has the ALT base there; nothing changed. */
    EXISTED(2);

    private final byte code;

    SiteFlag(int code) {
        this.code = (byte) code;
    }

    /**
     * GVL's flag value: 0 applied, 1 deleted, 2 existed.
     *
     * @return the code
     */
    public byte code() {
        return code;
    }

    /**
     * The flag with GVL value {@code code}.
     *
     * @param code 0, 1 or 2
     * @return the flag
     * @throws IllegalArgumentException for any other code
     */
    public static SiteFlag of(byte code) {
        return switch (code) {
            case 0 -> APPLIED;
            case 1 -> DELETED;
            case 2 -> EXISTED;
            default -> throw new IllegalArgumentException("no site flag has code " + code);
        };
    }
}
