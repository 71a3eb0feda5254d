package io.gvl.write.internal;

import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.TrackScope;
import io.gvl.format.VariantTable;
import io.gvl.format.build.DatasetPublisher;
import io.gvl.format.io.InputRegionsFile;
import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.RegionsFile;
import io.gvl.format.io.SvarStore;
import io.gvl.io.ContigNormalizer;
import io.gvl.io.InputFormatException;
import io.gvl.io.bed.BedFile;
import io.gvl.io.svar.Svar2Fingerprint;
import io.gvl.io.svar.Svar2Store;
import io.gvl.write.spec.VariantFileKind;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteOptions;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code gvl.write} from a genoray store ({@code _write_from_svar2} and {@code _write_from_svar} of GenVarLoader
 * 0.43.1): the dataset keeps no variant table and no genotype lists, only what points into the store, which is
 * read and never copied or modified. Everything is checked before the build directory is made; the dataset is
 * built there (input regions, the store's ranges, extended regions, tracks over the extended windows, metadata with
 * the link) and published by one rename.
 *
 * <p>Memory: the ranges are computed a block of regions at a time, the block sized from {@code maxMem}. Not bounded:
 * a {@code .svar} store's whole variant table ({@code index.arrow}) is read into the heap, as the read path does,
 * and the store's arrays are memory-mapped (page cache, not heap).
 */
public final class LinkedStoreWrite {
    private static final Logger LOG = LoggerFactory.getLogger(LinkedStoreWrite.class);

    private LinkedStoreWrite() {
    }

    /** Whether {@code o} names a {@code .svar} or {@code .svar2} store as its variants. */
    public static boolean handles(WriteOptions o) {
        return o.variantFile() != null && VariantFileKind.of(o.variantFile()).map(VariantFileKind::store)
                .orElse(false);
    }

    /** Writes the dataset at {@code dest} linked to the store {@code o} names. */
    public static void write(Path dest, WriteOptions o) {
        Path store = o.variantFile();
        VariantFileKind kind = VariantFileKind.require(store);
        if (!Files.isDirectory(store)) {
            throw new WriteException("the " + suffix(kind) + " store " + store + " is not a directory.",
                    "give the store directory genoray wrote.");
        }
        if (o.reuseGvlIndex()) {
            throw new WriteException("reuseGvlIndex needs a VCF or BCF file, but the variants are the store " + store
                    + ".", "drop the option; a linked dataset keeps no variant table.");
        }
        if (!o.infoFields().isEmpty()) {
            throw new WriteException("INFO fields " + o.infoFields() + " were requested, but the variants are the store "
                    + store + ", whose fields the dataset reads from the store.", "drop the INFO fields.");
        }
        if (kind == VariantFileKind.SVAR2 && !o.extendToLength()) {
            throw new WriteException("extend_to_length=false is not supported for a .svar2 variant source (" + store
                    + "): GenVarLoader 0.43.1 refuses it, since reads size haplotypes at read time and the range cache"
                    + " is built for the extended windows.", "keep extend-to-length on, or write from a .svar, VCF or"
                    + " PGEN source for un-extended haplotypes.");
        }
        WriteInputs.checkDestination(dest, o);
        BedFile bed = WriteInputs.readBed(o);
        RegionSet regions = WriteInputs.regions(o, bed);
        TrackInputs.checkUniqueNames(o.tracks(), o.annotations());
        if (kind == VariantFileKind.SVAR2) {
            try (Svar2Store s = Svar2Store.open(store)) {
                writeSvar2(dest, o, s, bed, regions);
            }
        } else {
            try (Arena arena = Arena.ofShared()) {
                writeSvar(dest, o, SvarStore.open(store, arena), bed, regions);
            }
        }
    }

    private static String suffix(VariantFileKind kind) {
        return kind == VariantFileKind.SVAR2 ? ".svar2" : ".svar";
    }

    private static void writeSvar2(Path dest, WriteOptions o, Svar2Store store, BedFile bed, RegionSet regions) {
        Path meta = store.path().resolve("meta.json");
        List<String> samples = samples(store.samples(), meta, o);
        ContigNormalizer known = new ContigNormalizer(store.contigs());
        String[] storeContig = new String[regions.contigs().size()];
        for (int c = 0; c < storeContig.length; c++) {
            int i = known.indexOf(regions.contigs().get(c));
            if (i < 0) {
                String contig = regions.contigs().get(c);
                throw new InputFormatException(o.regions(), "line " + ContigChecks.firstLine(regions, c), "contig '" + contig
                        + "' is not in the .svar2 store " + store.path() + " (it has " + store.contigs() + "); a"
                        + " dataset linked to a .svar2 store cannot hold regions on other contigs.",
                        "drop the regions on '" + contig + "', or rename the contig.");
            }
            storeContig[c] = store.contigs().get(i);
        }
        int[] cols = columns(store.samples(), samples);
        TrackInputs tracks = tracks(o, samples, regions);
        Svar2Fingerprint fp = Svar2Fingerprint.scoped(store.path());
        LOG.info("write {}: {} regions, {} samples linked to {} ({} payload files, {} bytes)", dest, regions.size(),
                samples.size(), store.path(), fp.nFiles(), fp.storeBytes());
        Progress progress = new Progress(o.progress());
        DatasetPublisher.publish(dest, o.overwrite(), build -> {
            InputRegionsFile.write(InputRegionsTable.of(bed), build.resolve(DatasetLayout.INPUT_REGIONS));
            int[] ends = new Svar2RangesStage(store, regions, storeContig, cols, o.maxMem())
                    .write(Files.createDirectories(DatasetLayout.genotypes(build)), progress);
            String[] link = link(dest, store.path());
            DatasetMetadata.Svar2Link l = new DatasetMetadata.Svar2Link(link[0], link[1], fp.nFiles(),
                    fp.storeBytes());
            finish(build, o, regions, ends, tracks, progress, new DatasetMetadata(samples, regions.contigs(),
                    regions.size(), store.ploidy(), o.maxJitter(), DatasetMetadata.WRITER_VERSION,
                    DatasetMetadata.FORMAT_VERSION, null, l, null));
        });
    }

    private static void writeSvar(Path dest, WriteOptions o, SvarStore store, BedFile bed, RegionSet regions) {
        Path meta = store.dir().resolve(SvarStore.METADATA);
        store.checkLayout();
        VariantTable table = store.variants();
        UnsupportedVariantCheck.check(table, store.indexFile());
        VariantRows rows = VariantRows.whole(table, store.indexFile());
        List<String> listed = store.contigs();
        store.contigOrderProblem().ifPresent(problem -> {
            throw new InputFormatException(store.indexFile(), "CHROM", problem + ".", SvarStore.CONTIG_ORDER_FIX + ".");
        });
        List<String> samples = samples(store.samples(), meta, o);
        ContigNormalizer known = new ContigNormalizer(listed);
        int[] recordContig = new int[regions.contigs().size()];
        for (int c = 0; c < recordContig.length; c++) {
            String contig = regions.contigs().get(c);
            int i = known.indexOf(contig);
            if (i < 0) {
                if (!o.allowMissingContigs()) {
                    throw new InputFormatException(o.regions(), "line " + ContigChecks.firstLine(regions, c), "contig '" + contig
                            + "' is not in the .svar store " + store.dir() + " (it has " + listed + ").",
                            "rename the contig, drop its regions, or allow missing contigs (--allow-missing-contigs)"
                            + " to store them without variants as GenVarLoader does.");
                }
                LOG.warn("{}: contig '{}' of {} is not in the store; its regions get no variants.", store.dir(),
                        contig, o.regions());
                recordContig[c] = -2;
            } else {
                recordContig[c] = rows.contigIndex(listed.get(i));
            }
        }
        long[][] blocks = store.haplotypeBlocks(samples, dest);
        TrackInputs tracks = tracks(o, samples, regions);
        long idxBytes = store.variantIdxs().length() * 4;
        LOG.info("write {}: {} regions, {} samples linked to {} ({} variants)", dest, regions.size(), samples.size(),
                store.dir(), table.size());
        Progress progress = new Progress(o.progress());
        DatasetPublisher.publish(dest, o.overwrite(), build -> {
            InputRegionsFile.write(InputRegionsTable.of(bed), build.resolve(DatasetLayout.INPUT_REGIONS));
            int[] ends = new SvarOffsetsStage(store.dir(), store.variantIdxs(), rows, regions, recordContig,
                    blocks[0], blocks[1], store.ploidy(), o.extendToLength(), o.maxMem())
                    .write(Files.createDirectories(DatasetLayout.genotypes(build)), progress);
            String[] link = link(dest, store.dir());
            DatasetMetadata.SvarLink l = new DatasetMetadata.SvarLink(link[0], link[1], table.size(), idxBytes);
            finish(build, o, regions, ends, tracks, progress, new DatasetMetadata(samples, regions.contigs(),
                    regions.size(), store.ploidy(), o.maxJitter(), DatasetMetadata.WRITER_VERSION,
                    DatasetMetadata.FORMAT_VERSION, l, null, null));
        });
    }

    /** {@code regions.npy}, the tracks over the extended windows, then {@code metadata.json}. */
    private static void finish(Path build, WriteOptions o, RegionSet regions, int[] ends, TrackInputs tracks,
                               Progress progress, DatasetMetadata meta) {
        io.gvl.format.Regions windows = regions.toRegions(ends);
        RegionsFile.write(windows, build.resolve(DatasetLayout.REGIONS));
        try (OrderedChunks exec = new OrderedChunks(o.threads())) {
            for (TrackInputs.Job j : tracks.jobs()) {
                int to = j.kind() == TrackScope.SAMPLE ? meta.samples().size() : 1;
                TrackInputs.write(j, 0, to, build, regions.contigs(), windows, o.maxMem(), exec, progress);
            }
        }
        MetadataFile.write(meta, DatasetLayout.metadata(build));
    }

    private static TrackInputs tracks(WriteOptions o, List<String> samples, RegionSet regions) {
        TrackInputs tracks = new TrackInputs(o.tracks(), o.annotations(), samples);
        tracks.check(regions.contigs());
        return tracks;
    }

    /**
     * The dataset's samples (sorted) after refusing duplicate names in the store or in the request; unknown ones are
     * refused by the resolver, naming them.
     */
    private static List<String> samples(List<String> storeSamples, Path meta, WriteOptions o) {
        Set<String> dup = duplicates(storeSamples);
        if (!dup.isEmpty()) {
            throw new InputFormatException(meta, "samples", "the store lists sample name(s) " + dup + " more than"
                    + " once, so a sample name does not identify one column.", "rebuild the store with unique"
                    + " sample names.");
        }
        if (o.samples() != null) {
            dup = duplicates(o.samples());
            if (!dup.isEmpty()) {
                throw new WriteException("samples " + dup + " are requested more than once.",
                        "list each sample once.");
            }
        }
        return SampleResolver.resolve(storeSamples, o.tracks(), o.samples());
    }

    private static Set<String> duplicates(List<String> names) {
        Set<String> seen = new HashSet<>();
        Set<String> dup = new TreeSet<>(SampleResolver.CODE_POINT);
        for (String s : names) {
            if (!seen.add(s)) {
                dup.add(s);
            }
        }
        return dup;
    }

    private static int[] columns(List<String> storeSamples, List<String> samples) {
        Object2IntOpenHashMap<String> col = new Object2IntOpenHashMap<>();
        for (int i = 0; i < storeSamples.size(); i++) {
            col.put(storeSamples.get(i), i);
        }
        return samples.stream().mapToInt(col::getInt).toArray();
    }

    /**
     * {@code relative_path} and {@code absolute_path} as GenVarLoader records them: the store with symbolic links
     * resolved, relative to the dataset directory (the build directory is its sibling, so either gives the same).
     */
    static String[] link(Path dest, Path store) throws IOException {
        Path real = store.toRealPath();
        Path from = dest.toAbsolutePath().normalize();
        String rel = from.relativize(real).toString().replace(java.io.File.separatorChar, '/');
        return new String[] {rel.isEmpty() ? "." : rel, real.toString()};
    }
}
