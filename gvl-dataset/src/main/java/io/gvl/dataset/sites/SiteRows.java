package io.gvl.dataset.sites;

/**
 * The rows of a {@link DatasetWithSites}: one per (view region, overlapping site) pair, in view region order and,
 * within a region, in site-table order. Immutable.
 */
public final class SiteRows {
    private final int[] regions;
    private final int[] sites;

    SiteRows(int[] regions, int[] sites) {
        this.regions = regions;
        this.sites = sites;
    }

    /**
     * The number of rows.
     *
     * @return the row count
     */
    public int size() {
        return regions.length;
    }

    /**
     * The view region index of row {@code row} (an index into {@code dataset.regions()}).
     *
     * @param row row index
     * @return the region index
     */
    public int region(int row) {
        return regions[row];
    }

    /**
     * The site index of row {@code row} (an index into {@link DatasetWithSites#sites()}).
     *
     * @param row row index
     * @return the site index
     */
    public int site(int row) {
        return sites[row];
    }

    @Override
    public String toString() {
        return "SiteRows[" + size() + "]";
    }
}
