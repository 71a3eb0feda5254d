package io.gvl.format.internal.concat;

import io.gvl.format.ArrowTable;
import io.gvl.format.ConcatException;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata.VariantsFingerprint;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.PythonStrings;
import io.gvl.format.TrackScope;
import io.gvl.format.io.InputRegionsFile;
import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.VariantTableFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the checks and the join need to know about one input dataset, read once before any byte is written: its
 * metadata, its BED table, its track names and the fingerprint of its variant table as the file is now (not as a
 * metadata key claims), which is what GVL compares.
 *
 * @param index the input's position in the list, as error messages count it ("input #1")
 * @param dir the dataset directory
 * @param meta its {@code metadata.json}
 * @param bed its {@code input_regions.arrow}, {@code r_idx_map} included
 * @param genotypes whether it has a {@code genotypes/} directory (VCF/PGEN genotypes)
 * @param tracks names of its sample tracks, in Python string order
 * @param annotTracks names of its annotation tracks, in Python string order
 * @param fingerprint fingerprint of {@code genotypes/variants.arrow}, or {@code null} without genotypes
 */
public record ConcatInput(int index, Path dir, DatasetMetadata meta, ArrowTable bed, boolean genotypes,
                          List<String> tracks, List<String> annotTracks, VariantsFingerprint fingerprint) {

    /** How messages name this input: its number and its directory. */
    public String label() {
        return "input #" + index + " (" + dir + ")";
    }

    /** The number of samples. */
    public int nSamples() {
        return meta.samples().size();
    }

    /**
     * Reads one input; an unreadable or svar-linked dataset is a {@link ConcatException}.
     *
     * @param index position in the input list
     * @param dir the dataset directory
     * @return the input
     */
    public static ConcatInput load(int index, Path dir) {
        String label = "input #" + index + " (" + dir + ")";
        if (!Files.isDirectory(dir)) {
            throw new ConcatException(label + " is not a directory.", "pass dataset directories written by gvl or"
                    + " GenVarLoader.");
        }
        DatasetMetadata meta;
        ArrowTable bed;
        try {
            meta = MetadataFile.read(DatasetLayout.metadata(dir));
            bed = InputRegionsFile.read(dir.resolve(DatasetLayout.INPUT_REGIONS)).table();
        } catch (DatasetFormatException e) {
            throw new ConcatException(label + " cannot be read: " + e.getMessage(), "pass a complete format-2.0"
                    + " dataset (`gvl migrate` upgrades format 1.x).");
        }
        if (meta.svarLink() != null || meta.svar2Link() != null) {
            throw new ConcatException(label + " links its genotypes to a .svar/.svar2 store; gvl joins only datasets"
                    + " whose genotypes come from a VCF, BCF or PGEN.", "write the inputs from the VCF/PGEN"
                    + " instead, or join them with genvarloader.concat.");
        }
        boolean genotypes = Files.isDirectory(DatasetLayout.genotypes(dir));
        VariantsFingerprint fp = genotypes
                ? VariantTableFile.fingerprint(DatasetLayout.genotypes(dir).resolve(DatasetLayout.VARIANTS)) : null;
        return new ConcatInput(index, dir, meta, bed, genotypes, trackNames(dir, TrackScope.SAMPLE),
                trackNames(dir, TrackScope.ANNOTATION), fp);
    }

    private static List<String> trackNames(Path dir, TrackScope kind) {
        Path root = dir.resolve(kind.directory());
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(root)) {
            return entries.filter(Files::isDirectory).map(p -> p.getFileName().toString())
                    .filter(DatasetLayout::isTrackName).sorted(PythonStrings.ORDER).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(root + ": cannot list tracks", e);
        }
    }
}
