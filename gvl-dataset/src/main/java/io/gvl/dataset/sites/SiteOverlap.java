package io.gvl.dataset.sites;

import io.gvl.dataset.Region;
import io.gvl.io.ContigNormalizer;
import java.util.Arrays;
import java.util.List;

/**
 * Pairs each region window with the sites inside it. Sites are bucketed per dataset contig and sorted by
 * position once (a packed {@code start << 32 | index} key, so no boxing), then each window is a binary search.
 */
final class SiteOverlap {
    private SiteOverlap() {}

    /**
     * Rows for windows {@code [region.start, region.start + length)} of {@code regions}.
     *
     * @throws IllegalArgumentException for a site on a contig the dataset does not have, or when nothing overlaps
     */
    static SiteRows rows(List<Region> regions, List<String> contigs, int length, Sites sites) {
        long[][] byContig = bucket(contigs, sites);
        ContigNormalizer norm = new ContigNormalizer(contigs);
        int[] rowRegions = new int[16];
        int[] rowSites = new int[16];
        int n = 0;
        for (int r = 0; r < regions.size(); r++) {
            Region g = regions.get(r);
            long[] keys = byContig[norm.indexOf(g.chrom())];
            long winStart = g.start();
            long winEnd = winStart + length;
            int from = lowerBound(keys, winStart << 32);
            int to = lowerBound(keys, winEnd << 32);
            if (from == to) {
                continue;
            }
            if (n + (to - from) > rowSites.length) {
                int cap = Math.max(rowSites.length * 2, n + (to - from));
                rowRegions = Arrays.copyOf(rowRegions, cap);
                rowSites = Arrays.copyOf(rowSites, cap);
            }
            for (int k = from; k < to; k++, n++) {
                rowRegions[n] = r;
                rowSites[n] = (int) keys[k];
            }
            Arrays.sort(rowSites, n - (to - from), n);
        }
        if (n == 0) {
            throw new IllegalArgumentException("no site overlaps any region window of the view (" + regions.size()
                    + " regions, " + sites.size() + " sites" + sites.source().map(p -> " from " + p).orElse("")
                    + "): check that the sites and the dataset use the same genome build.");
        }
        return new SiteRows(Arrays.copyOf(rowRegions, n), Arrays.copyOf(rowSites, n));
    }

    private static long[][] bucket(List<String> contigs, Sites sites) {
        ContigNormalizer norm = new ContigNormalizer(contigs);
        int[] contigOf = new int[sites.size()];
        int[] counts = new int[contigs.size()];
        for (int i = 0; i < sites.size(); i++) {
            int c = norm.indexOf(sites.chrom(i));
            if (c < 0) {
                throw new IllegalArgumentException("site " + i + " (" + sites.site(i) + sites.source()
                        .map(p -> " in " + p).orElse("") + ") is on contig '" + sites.chrom(i) + "', which the"
                        + " dataset does not have (contigs: " + contigs + "). Drop such sites explicitly with"
                        + " sites.retainContigs(dataset.contigs()).");
            }
            contigOf[i] = c;
            counts[c]++;
        }
        long[][] keys = new long[contigs.size()][];
        for (int c = 0; c < keys.length; c++) {
            keys[c] = new long[counts[c]];
        }
        int[] fill = new int[contigs.size()];
        for (int i = 0; i < sites.size(); i++) {
            int c = contigOf[i];
            keys[c][fill[c]++] = ((long) sites.start(i) << 32) | i;
        }
        for (long[] k : keys) {
            Arrays.sort(k);
        }
        return keys;
    }

    /** First index whose key is {@code >= key}. */
    private static int lowerBound(long[] keys, long key) {
        int lo = 0;
        int hi = keys.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (keys[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
