package io.gvl.io;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.List;

/**
 * Matches contig names across files that disagree on the {@code chr} prefix, as GVL (genoray) does: a query
 * name resolves to a known contig with the same name, or with the prefix added or removed; the mitochondrial
 * spellings {@code M, MT, chrM, chrMT} all resolve to whichever one the known list holds first. Exact
 * spellings take precedence over prefix rewrites, and the mitochondrial aliases over both.
 */
public final class ContigNormalizer {
    private static final List<String> MITO = List.of("M", "MT", "chrM", "chrMT");

    private final List<String> contigs;
    private final Object2IntOpenHashMap<String> index = new Object2IntOpenHashMap<>();

    /**
     * Indexes the known contigs; later duplicates of a name or alias lose to the first.
     *
     * @param contigs the contig names of one file, in its order
     */
    public ContigNormalizer(List<String> contigs) {
        this.contigs = List.copyOf(contigs);
        index.defaultReturnValue(-1);
        for (int i = 0; i < this.contigs.size(); i++) {
            String c = this.contigs.get(i);
            if (c.startsWith("chr")) {
                index.put(c.substring(3), i);
            }
        }
        for (int i = 0; i < this.contigs.size(); i++) {
            String c = this.contigs.get(i);
            if (!c.startsWith("chr")) {
                index.put("chr" + c, i);
            }
        }
        for (int i = 0; i < this.contigs.size(); i++) {
            index.put(this.contigs.get(i), i);
        }
        for (int i = 0; i < this.contigs.size(); i++) {
            if (MITO.contains(this.contigs.get(i))) {
                for (String alias : MITO) {
                    index.put(alias, i);
                }
                break;
            }
        }
    }

    /**
     * The known contigs, in their original order.
     *
     * @return an unmodifiable list
     */
    public List<String> contigs() {
        return contigs;
    }

    /**
     * Index into {@link #contigs()} of the contig that {@code name} refers to, or -1.
     *
     * @param name a contig name as another file spells it
     * @return the index of the matching contig, or -1 if none matches
     */
    public int indexOf(String name) {
        return index.getInt(name);
    }

    /**
     * The known spelling of {@code name}, or {@code null} when no known contig matches.
     *
     * @param name a contig name as another file spells it
     * @return the matching contig as spelled in {@link #contigs()}, or {@code null}
     */
    public String normalize(String name) {
        int i = indexOf(name);
        return i < 0 ? null : contigs.get(i);
    }
}
