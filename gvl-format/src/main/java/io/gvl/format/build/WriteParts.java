package io.gvl.format.build;

import io.gvl.format.DatasetExistsException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.PartException;
import io.gvl.format.Regions;
import io.gvl.format.TrackScope;
import io.gvl.format.array.RawArray;
import io.gvl.format.array.RawDtype;
import io.gvl.format.internal.FileTrees;
import io.gvl.format.internal.runs.GridRuns;
import io.gvl.format.internal.runs.RaggedJoin;
import io.gvl.format.io.IoFailures;
import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.RegionsFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * The staging area of a write cut into parts, and the merge that turns it into one format-2.0 dataset. The
 * staging directory is the dataset's build directory, {@code <name>.tmp.<pid>-<hex>} beside the destination (see
 * {@link DatasetPublisher}), so the sweep of killed writes and the clean-up of failed ones cover the parts too. What
 * the plan writes once sits where the dataset keeps it, {@code input_regions.arrow} and
 * {@code genotypes/variants.arrow}; {@code parts/} holds the unextended windows ({@code parts/regions.npy}) and one
 * directory per part. A part is published by an atomic rename of a temporary sibling, so a killed part leaves only
 * a {@code .tmp.} directory, which the merge ignores; a part already published is reused, since a part's bytes
 * depend only on the plan and its block. The merge checks every part of the grid is present exactly once and
 * written against the staged variant table, joins them (offsets rebased, extended window ends the largest over
 * sample blocks) into the build directory, removes {@code parts/} and publishes the directory by one rename.
 */
public final class WriteParts {

    static final List<String> TRACK_PAYLOADS = List.of(DatasetLayout.STARTS, DatasetLayout.ENDS,
            DatasetLayout.VALUES);

    private WriteParts() {
    }

    /**
     * Publishes one part: unless {@code staging/parts/<name>} exists already, {@code builder} fills a temporary
     * sibling, the manifest is written last, and the directory is renamed into place.
     *
     * @param staging the staging directory
     * @param manifest the part's manifest
     * @param builder writes the part's files into the temporary directory
     * @return {@code true} if a published copy existed (a retry) and was reused, {@code false} if written now
     * @throws UncheckedIOException if the part cannot be written; its temporary directory is removed
     */
    public static boolean publishPart(Path staging, PartManifest manifest, DatasetPublisher.Builder builder) {
        Path parts = staging.resolve(DatasetLayout.PARTS);
        Path target = parts.resolve(manifest.name());
        if (Files.isDirectory(target)) {
            return true;
        }
        Path tmp = parts.resolve(manifest.name() + ".tmp." + ProcessHandle.current().pid() + "-"
                + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt()));
        try {
            // Never createDirectories: a task still running after its failed write removed the staging directory
            // must fail here, not create the staging directory again and leave it behind.
            if (!Files.isDirectory(parts)) {
                try {
                    Files.createDirectory(parts);
                } catch (FileAlreadyExistsException e) {
                    // another part's task made it meanwhile
                }
            }
            Files.createDirectory(tmp);
            builder.build(tmp);
            manifest.write(tmp);
            FileTrees.fsync(tmp);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileSystemException e) {
                if (!Files.isDirectory(target)) {
                    throw e;
                }
                FileTrees.deleteQuietly(tmp);
                return true;
            }
            FileTrees.fsyncDirectory(parts);
            return false;
        } catch (IOException e) {
            FileTrees.deleteQuietly(tmp);
            throw new UncheckedIOException(target + ": cannot write the part (" + IoFailures.reason(e) + ")",
                    e);
        } catch (RuntimeException | Error e) {
            FileTrees.deleteQuietly(tmp);
            throw e;
        }
    }

    /**
     * The stored windows of region block {@code b}: the staged rows with each end taken from the block's genotype
     * part whose largest stored variant row is largest (GVL's rule: the window ends where the variant of the largest
     * index stored for the region ends, over all samples), which must all be published.
     *
     * @param staging the staging directory
     * @param grid the grid
     * @param b the region block
     * @return the block's rows, as {@code regions.npy} stores them
     * @throws PartException.Missing if a genotype part of the block is missing
     */
    public static Regions windows(Path staging, PartGrid grid, int b) {
        Regions all = RegionsFile.read(staging.resolve(DatasetLayout.PARTS).resolve(DatasetLayout.PART_REGIONS));
        int r0 = grid.regionFrom(b);
        int n = grid.regionBlockSizes()[b];
        int[] ends = java.util.Arrays.copyOfRange(all.end(), r0, r0 + n);
        int[] lastRows = new int[n];
        java.util.Arrays.fill(lastRows, -1);
        if (grid.genotypes()) {
            for (int j = 0; j < grid.sampleBlockSizes().length; j++) {
                Path part = staging.resolve(DatasetLayout.PARTS)
                        .resolve(PartManifest.name(PartManifest.GENOTYPES, b, j));
                if (!Files.isDirectory(part)) {
                    throw new PartException.Missing("genotype part " + part + " is not published; the track parts"
                            + " of region block " + b + " need its extended window ends.");
                }
                joinEnds(ends, lastRows, part.resolve(DatasetLayout.PART_WINDOW_ENDS));
            }
        }
        return new Regions(java.util.Arrays.copyOfRange(all.contig(), r0, r0 + n),
                java.util.Arrays.copyOfRange(all.start(), r0, r0 + n), ends,
                java.util.Arrays.copyOfRange(all.strand(), r0, r0 + n));
    }

    /**
     * Takes a region's end from {@code file} (a genotype part's {@code ends.npy}: n ends, then n largest stored rows)
     * where the part stored a larger row than the parts before it.
     */
    private static void joinEnds(int[] ends, int[] lastRows, Path file) {
        int n = ends.length;
        try (Arena arena = Arena.ofConfined()) {
            RawArray a = RawArray.map(file, RawDtype.INT32, arena);
            if (a.length() != 2L * n) {
                throw new PartException.Mismatch(file + " holds " + a.length() + " values, but its block of " + n
                        + " regions needs " + 2L * n + " (window ends and their rows).");
            }
            for (int i = 0; i < n; i++) {
                int row = a.getInt(n + i);
                if (row > lastRows[i]) {
                    lastRows[i] = row;
                    ends[i] = a.getInt(i);
                }
            }
        }
    }

    /**
     * Checks every part of {@code grid} and publishes the merged dataset at {@code dest}.
     *
     * @param dest the dataset directory to create (or replace, with {@code overwrite})
     * @param overwrite whether an existing dataset at {@code dest} may be replaced
     * @param staging the staging directory, a build directory of {@code dest}, holding the staged files and parts
     * @param grid the grid the parts were written for
     * @throws PartException if a part is missing, published twice, or written for another grid or variant table;
     *     nothing is published and the staging directory is kept, so the parts can be completed and merged again
     * @throws DatasetExistsException if {@code dest} exists and {@code overwrite} is false; the staging is kept
     * @throws UncheckedIOException if reading or writing fails; nothing is left at {@code dest} and the staging
     *     directory is removed
     */
    public static void merge(Path dest, boolean overwrite, Path staging, PartGrid grid) {
        Map<String, Path> parts = check(staging, grid);
        DatasetPublisher.publishBuilt(dest, overwrite, staging, dir -> build(dir, grid, parts));
    }

    /**
     * Checks every part of {@code grid} and completes the dataset inside {@code staging}, leaving it to the caller
     * to publish: for a write that already holds the destination's lock through {@link DatasetPublisher#publish}
     * and staged its plan in that build directory.
     *
     * @param staging the build directory holding the staged files and the parts; afterwards it holds exactly the
     *     dataset's files
     * @param grid the grid the parts were written for
     * @throws PartException if a part is missing, published twice, or written for another grid or variant table
     * @throws IOException if reading or writing fails
     */
    public static void assemble(Path staging, PartGrid grid) throws IOException {
        build(staging, grid, check(staging, grid));
    }

    /**
     * Reads every published part's manifest under {@code staging/parts} and checks the parts against the grid.
     *
     * @param staging the build directory holding the parts
     * @param grid the grid the parts were written for
     * @return the directory of each expected part, by name
     * @throws PartException if a part is missing, published twice, or written for another grid or variant table
     */
    public static Map<String, Path> check(Path staging, PartGrid grid) {
        Map<String, Path> found = new HashMap<>();
        Path root = staging.resolve(DatasetLayout.PARTS);
        List<Path> dirs = List.of();
        if (Files.isDirectory(root)) {
            try (Stream<Path> s = Files.list(root)) {
                dirs = s.filter(Files::isDirectory).filter(p -> !p.getFileName().toString().contains(".tmp."))
                        .sorted().toList();
            } catch (IOException e) {
                throw new UncheckedIOException(root + ": cannot list the parts", e);
            }
        }
        for (Path dir : dirs) {
            PartManifest m = PartManifest.read(dir);
            PartManifest want = grid.expected(m.kind(), m.regionBlock(), m.sampleBlock());
            boolean inGrid = m.regionBlock() >= 0 && m.regionBlock() < grid.regionBlockSizes().length
                    && m.sampleBlock() >= 0 && m.sampleBlock() < grid.sampleBlockSizes().length;
            if (!inGrid || m.regionFrom() != want.regionFrom() || m.regionTo() != want.regionTo()
                    || m.sampleFrom() != want.sampleFrom() || m.sampleTo() != want.sampleTo()) {
                throw new PartException.Mismatch("part " + dir + " holds regions [" + m.regionFrom() + ", "
                        + m.regionTo() + ") and samples [" + m.sampleFrom() + ", " + m.sampleTo() + "), which is"
                        + " not a block of this plan's grid.");
            }
            if (!java.util.Objects.equals(m.variantsFingerprint(), grid.variantsFingerprint())) {
                throw new PartException.Mismatch("part " + dir + " was written against the variant table "
                        + m.variantsFingerprint() + ", but the plan's table is " + grid.variantsFingerprint() + ".");
            }
            Path before = found.put(m.name(), dir);
            if (before != null) {
                throw new PartException.Duplicate("block " + m.name() + " is published twice, as " + before
                        + " and " + dir + ".");
            }
        }
        TreeSet<String> missing = new TreeSet<>();
        for (int b = 0; b < grid.regionBlockSizes().length; b++) {
            for (int j = 0; j < grid.sampleBlockSizes().length; j++) {
                if (grid.genotypes()) {
                    missing.add(PartManifest.name(PartManifest.GENOTYPES, b, j));
                }
                if (grid.hasTracks()) {
                    missing.add(PartManifest.name(PartManifest.TRACKS, b, j));
                }
            }
        }
        missing.removeAll(found.keySet());
        if (!missing.isEmpty()) {
            throw new PartException.Missing(missing.size() + " part(s) of " + staging + " are not published: "
                    + missing + ".");
        }
        return found;
    }

    /** Joins the parts into {@code tmp}, the staging directory itself, then removes {@code parts/}. */
    private static void build(Path tmp, PartGrid grid, Map<String, Path> parts) throws IOException {
        int nb = grid.regionBlockSizes().length;
        int nj = grid.sampleBlockSizes().length;
        if (grid.genotypes()) {
            Path geno = DatasetLayout.genotypes(tmp);
            List<String> payloads = grid.dosages() ? List.of(DatasetLayout.VARIANT_IDXS, DatasetLayout.DOSAGES)
                    : List.of(DatasetLayout.VARIANT_IDXS);
            List<RaggedJoin.Store> stores = new ArrayList<>();
            for (int b = 0; b < nb; b++) {
                for (int j = 0; j < nj; j++) {
                    Path g = DatasetLayout.genotypes(parts.get(PartManifest.name(PartManifest.GENOTYPES, b, j)));
                    stores.add(new RaggedJoin.Store(g.resolve(DatasetLayout.OFFSETS),
                            payloads.stream().map(g::resolve).toList(), (long) grid.regionBlockSizes()[b]
                            * grid.sampleBlockSizes()[j] * grid.metadata().ploidy(), "part " + g.getParent()));
                }
            }
            join(stores, new GridRuns(grid.regionBlockSizes(), grid.sampleBlockSizes(), grid.metadata().ploidy()),
                    geno.resolve(DatasetLayout.OFFSETS), payloads.stream().map(geno::resolve).toList());
            Path idx = geno.resolve(DatasetLayout.VARIANT_IDXS);
            if (Files.exists(idx) && Files.size(idx) == 0) {
                Files.delete(idx);
            }
        }
        List<Regions> windows = new ArrayList<>();
        for (int b = 0; b < nb; b++) {
            windows.add(windows(tmp, grid, b));
        }
        RegionsFile.write(concatRows(windows), tmp.resolve(DatasetLayout.REGIONS));
        for (String name : grid.tracks()) {
            List<RaggedJoin.Store> stores = new ArrayList<>();
            for (int b = 0; b < nb; b++) {
                for (int j = 0; j < nj; j++) {
                    stores.add(trackStore(parts.get(PartManifest.name(PartManifest.TRACKS, b, j)),
                            TrackScope.SAMPLE, name, (long) grid.regionBlockSizes()[b]
                            * grid.sampleBlockSizes()[j]));
                }
            }
            joinTrack(tmp, TrackScope.SAMPLE, name, stores, new GridRuns(grid.regionBlockSizes(),
                    grid.sampleBlockSizes(), 1));
        }
        for (String name : grid.annotations()) {
            List<RaggedJoin.Store> stores = new ArrayList<>();
            for (int b = 0; b < nb; b++) {
                stores.add(trackStore(parts.get(PartManifest.name(PartManifest.TRACKS, b, 0)),
                        TrackScope.ANNOTATION, name, grid.regionBlockSizes()[b]));
            }
            joinTrack(tmp, TrackScope.ANNOTATION, name, stores, new GridRuns(grid.regionBlockSizes(),
                    new int[] {1}, 1));
        }
        MetadataFile.write(grid.metadata(), DatasetLayout.metadata(tmp));
        FileTrees.delete(tmp.resolve(DatasetLayout.PARTS));
    }

    static RaggedJoin.Store trackStore(Path part, TrackScope kind, String name, long cells) {
        Path t = DatasetLayout.track(part, kind, name);
        return new RaggedJoin.Store(t.resolve(DatasetLayout.OFFSETS), TRACK_PAYLOADS.stream().map(t::resolve)
                .toList(), cells, "part " + part + " track " + name);
    }

    static void joinTrack(Path tmp, TrackScope kind, String name, List<RaggedJoin.Store> stores,
                                  GridRuns runs) throws IOException {
        Path out = Files.createDirectories(DatasetLayout.track(tmp, kind, name));
        join(stores, runs, out.resolve(DatasetLayout.OFFSETS), TRACK_PAYLOADS.stream().map(out::resolve).toList());
    }

    /** One store is linked as it is (its offsets already start at 0); several are joined with rebased offsets. */
    static void join(List<RaggedJoin.Store> stores, GridRuns runs, Path offsets, List<Path> payloads)
            throws IOException {
        if (stores.size() > 1) {
            RaggedJoin.join(stores, runs, offsets, payloads, 4);
            return;
        }
        RaggedJoin.Store s = stores.getFirst();
        linkOrCopy(s.offsets(), offsets);
        for (int k = 0; k < payloads.size(); k++) {
            if (Files.exists(s.payloads().get(k))) {
                linkOrCopy(s.payloads().get(k), payloads.get(k));
            } else {
                Files.createFile(payloads.get(k));
            }
        }
    }

    static Regions concatRows(List<Regions> blocks) {
        int n = blocks.stream().mapToInt(Regions::size).sum();
        int[][] cols = new int[4][n];
        int at = 0;
        for (Regions r : blocks) {
            System.arraycopy(r.contig(), 0, cols[0], at, r.size());
            System.arraycopy(r.start(), 0, cols[1], at, r.size());
            System.arraycopy(r.end(), 0, cols[2], at, r.size());
            System.arraycopy(r.strand(), 0, cols[3], at, r.size());
            at += r.size();
        }
        return new Regions(cols[0], cols[1], cols[2], cols[3]);
    }

    static void linkOrCopy(Path src, Path dst) throws IOException {
        try {
            Files.createLink(dst, src);
        } catch (IOException | UnsupportedOperationException e) {
            Files.copy(src, dst);
        }
    }
}
