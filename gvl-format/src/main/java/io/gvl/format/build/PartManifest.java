package io.gvl.format.build;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.gvl.format.DatasetMetadata.VariantsFingerprint;
import io.gvl.format.PartException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * {@code part.json}: which block of the write grid a part holds and which variant table it indexes. A part's
 * content is a pure function of the plan and its block, so the manifest is what the merge checks before it trusts
 * a part's files: the block and its ranges against the plan, the fingerprint against the plan's variant table.
 *
 * @param kind {@link #GENOTYPES} or {@link #TRACKS}
 * @param regionBlock the region block index
 * @param sampleBlock the sample block index
 * @param regionFrom first sorted region of the block
 * @param regionTo one past the last sorted region
 * @param sampleFrom first sorted sample of the block
 * @param sampleTo one past the last sorted sample
 * @param variantsFingerprint fingerprint of the plan's {@code variants.arrow}, or {@code null} without variants
 */
public record PartManifest(String kind, int regionBlock, int sampleBlock, int regionFrom, int regionTo,
                           int sampleFrom, int sampleTo, VariantsFingerprint variantsFingerprint) {
    /** The kind of a part holding {@code genotypes/} and the extended window ends. */
    public static final String GENOTYPES = "genotypes";
    /** The kind of a part holding sample tracks (and, in sample block 0, annotation tracks). */
    public static final String TRACKS = "tracks";
    /** The manifest's file name inside a part directory. */
    public static final String FILE = "part.json";

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * The directory name of a part, {@code <kind>-r<regionBlock>-s<sampleBlock>}.
     *
     * @param kind the part kind
     * @param regionBlock the region block index
     * @param sampleBlock the sample block index
     * @return the name
     */
    public static String name(String kind, int regionBlock, int sampleBlock) {
        return kind + "-r" + regionBlock + "-s" + sampleBlock;
    }

    /**
     * This part's directory name.
     *
     * @return {@link #name(String, int, int)} of this part
     */
    public String name() {
        return name(kind, regionBlock, sampleBlock);
    }

    /**
     * Writes the manifest as {@code dir/part.json}.
     *
     * @param dir the part's (temporary) directory
     * @throws UncheckedIOException if the file cannot be written
     */
    public void write(Path dir) {
        try {
            MAPPER.writeValue(dir.resolve(FILE).toFile(), this);
        } catch (IOException e) {
            throw new UncheckedIOException(dir.resolve(FILE) + ": cannot write", e);
        }
    }

    /**
     * Reads {@code dir/part.json}.
     *
     * @param dir a part directory
     * @return the manifest
     * @throws PartException.Mismatch if the file is missing or is not a part manifest
     */
    public static PartManifest read(Path dir) {
        try {
            return MAPPER.readValue(dir.resolve(FILE).toFile(), PartManifest.class);
        } catch (IOException e) {
            throw new PartException.Mismatch("part " + dir + " has no readable " + FILE + " (" + e.getMessage()
                    + ").");
        }
    }
}
