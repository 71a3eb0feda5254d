package io.gvl.dataset.sites;

import io.gvl.io.ContigNormalizer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * An immutable table of biallelic SNP sites (GVL's {@code sites_vcf_to_table} result), stored column-wise so a
 * ClinVar-sized table costs a few bytes per site. Only SNPs are accepted, because that is all
 * {@link DatasetWithSites} can apply; anything else fails when the table is built, naming the record.
 */
public final class Sites {
    private final Optional<Path> source;
    private final String[] chroms;
    private final int[] starts;
    private final byte[] refs;
    private final byte[] alts;
    private final Map<String, float[]> info;

    Sites(Optional<Path> source, String[] chroms, int[] starts, byte[] refs, byte[] alts, Map<String, float[]> info) {
        this.source = source;
        this.chroms = chroms;
        this.starts = starts;
        this.refs = refs;
        this.alts = alts;
        this.info = info;
    }

    /**
     * All records of a sites-only VCF/BCF (bgzipped with a .tbi/.csi index, or small and plain), in file order
     * (contigs in index order, then position).
     *
     * @throws io.gvl.io.InputFormatException naming the file and record for a multiallelic, symbolic or non-SNP
     *                                        record
     * @param vcf a sites-only VCF or BCF
     * @return the sites in file order
     */
    public static Sites fromVcf(Path vcf) {
        return SitesVcf.read(vcf, List.of());
    }

    /**
     * As {@link #fromVcf(Path)}, keeping the named INFO fields as floats (first value of each; NaN where absent).
     * A field the header does not declare is an error listing the declared ones.
     *
     * @param vcf a sites-only VCF or BCF
     * @param infoFields INFO keys to keep
     * @return the sites in file order, with those INFO values
     * @throws io.gvl.io.InputFormatException if a record is unusable or a field is not declared
     */
    public static Sites fromVcf(Path vcf, List<String> infoFields) {
        return SitesVcf.read(vcf, infoFields);
    }

    /**
     * Sites from records, in the given order. A non-SNP record is an {@link IllegalArgumentException}.
     *
     * @param records single-base REF and ALT records
     * @return the sites in list order, without INFO values
     */
    public static Sites of(List<Site> records) {
        return of(records, Map.of());
    }

    /**
     * Sites from records with per-site INFO values ({@code field -> one value per record}).
     *
     * @throws IllegalArgumentException for a non-SNP record or an INFO column of the wrong length
     * @param records single-base REF and ALT records
     * @param infoFields INFO key to one value per record
     * @return the sites in list order
     */
    public static Sites of(List<Site> records, Map<String, float[]> infoFields) {
        int n = records.size();
        String[] chroms = new String[n];
        int[] starts = new int[n];
        byte[] refs = new byte[n];
        byte[] alts = new byte[n];
        for (int i = 0; i < n; i++) {
            Site s = records.get(i);
            String problem = snpProblem(s.ref(), s.alt());
            if (problem != null) {
                throw new IllegalArgumentException("site " + i + " (" + s + ") " + problem + " Sites-only datasets"
                        + " apply single-base substitutions only: drop other records first.");
            }
            if (s.pos() < 1) {
                throw new IllegalArgumentException("site " + i + " (" + s + ") has POS < 1; POS is 1-based.");
            }
            chroms[i] = s.chrom();
            starts[i] = s.start();
            refs[i] = (byte) s.ref().charAt(0);
            alts[i] = (byte) s.alt().charAt(0);
        }
        Map<String, float[]> info = new LinkedHashMap<>();
        infoFields.forEach((k, v) -> {
            if (v.length != n) {
                throw new IllegalArgumentException("INFO field '" + k + "' has " + v.length + " values for " + n
                        + " sites");
            }
            info.put(k, v.clone());
        });
        return new Sites(Optional.empty(), chroms, starts, refs, alts, info);
    }

    /** Why {@code ref>alt} is not a usable SNP, or null when it is one. */
    static String snpProblem(CharSequence ref, CharSequence alt) {
        if (ref.length() != 1 || alt.length() != 1) {
            return "is not a SNP (REF and ALT must be one base each).";
        }
        if (!Character.isLetter(alt.charAt(0)) || alt.charAt(0) > 127) {
            return "has no ALT base ('" + alt + "').";
        }
        return null;
    }

    /**
     * The sites whose contig matches one of {@code contigs} (with or without the {@code chr} prefix), in order: use
     * {@code sites.retainContigs(dataset.contigs())} to drop sites on contigs a dataset has no regions on.
     *
     * @param contigs the contigs to keep, e.g. a dataset's contigs
     * @return a new {@code Sites}; this one is unchanged
     */
    public Sites retainContigs(Collection<String> contigs) {
        ContigNormalizer norm = new ContigNormalizer(List.copyOf(contigs));
        int[] keep = new int[size()];
        int n = 0;
        for (int i = 0; i < size(); i++) {
            if (norm.indexOf(chroms[i]) >= 0) {
                keep[n++] = i;
            }
        }
        return select(Arrays.copyOf(keep, n));
    }

    private Sites select(int[] rows) {
        String[] c = new String[rows.length];
        int[] s = new int[rows.length];
        byte[] r = new byte[rows.length];
        byte[] a = new byte[rows.length];
        for (int i = 0; i < rows.length; i++) {
            c[i] = chroms[rows[i]];
            s[i] = starts[rows[i]];
            r[i] = refs[rows[i]];
            a[i] = alts[rows[i]];
        }
        Map<String, float[]> inf = new LinkedHashMap<>();
        info.forEach((k, v) -> {
            float[] w = new float[rows.length];
            for (int i = 0; i < rows.length; i++) {
                w[i] = v[rows[i]];
            }
            inf.put(k, w);
        });
        return new Sites(source, c, s, r, a, inf);
    }

    /**
     * The number of sites.
     *
     * @return the site count
     */
    public int size() {
        return starts.length;
    }

    /**
     * The file the sites were read from, if any.
     *
     * @return the VCF path, or empty for sites built in memory
     */
    public Optional<Path> source() {
        return source;
    }

    /**
     * Site {@code i} as a record.
     *
     * @param i site index, {@code 0 <= i < size()}
     * @return a new record with a 1-based position
     */
    public Site site(int i) {
        return new Site(chroms[i], starts[i] + 1, String.valueOf((char) refs[i]), String.valueOf((char) alts[i]));
    }

    /**
     * Contig of site {@code i}, as written in the source.
     *
     * @param i site index, {@code 0 <= i < size()}
     * @return the contig name
     */
    public String chrom(int i) {
        return chroms[i];
    }

    /**
     * 0-based start of site {@code i}.
     *
     * @param i site index, {@code 0 <= i < size()}
     * @return the 0-based start
     */
    public int start(int i) {
        return starts[i];
    }

    /**
     * The REF base of site {@code i}.
     *
     * @param i site index, {@code 0 <= i < size()}
     * @return the ASCII base
     */
    public byte ref(int i) {
        return refs[i];
    }

    /**
     * The ALT base of site {@code i}.
     *
     * @param i site index, {@code 0 <= i < size()}
     * @return the ASCII base
     */
    public byte alt(int i) {
        return alts[i];
    }

    /**
     * The INFO fields kept, in request order.
     *
     * @return the field names
     */
    public List<String> infoFields() {
        return List.copyOf(info.keySet());
    }

    /**
     * INFO {@code field} of site {@code i} (NaN where the record has none).
     *
     * @param field a kept INFO field
     * @param i site index, {@code 0 <= i < size()}
     * @return the value, or NaN
     * @throws java.util.NoSuchElementException if the field was not kept
     */
    public float info(String field, int i) {
        float[] v = info.get(field);
        if (v == null) {
            throw new NoSuchElementException("no INFO field '" + field + "' was kept; kept: " + infoFields());
        }
        return v[i];
    }

    /**
     * Every site as a record (allocates one object per site; for inspection and tests).
     *
     * @return a new list of records
     */
    public List<Site> toList() {
        List<Site> out = new ArrayList<>(size());
        for (int i = 0; i < size(); i++) {
            out.add(site(i));
        }
        return out;
    }

    @Override
    public String toString() {
        return "Sites[" + size() + source.map(p -> " from " + p).orElse("") + ", info=" + infoFields() + "]";
    }
}
