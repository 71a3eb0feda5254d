package io.gvl.write.internal;

import io.gvl.write.spec.VariantFileKind;
import io.gvl.write.spec.VariantSource;
import java.nio.file.Path;
import java.util.List;

/** Opens a variant file as the {@link VariantSource} its kind needs; the one switch over {@link VariantFileKind}. */
public final class VariantSourceFiles {
    private VariantSourceFiles() {
    }

    /**
     * Opens {@code path} with the reader its name selects.
     *
     * @param path a VCF/BCF, a {@code PREFIX.pgen} or its {@code PREFIX}
     * @param infoFields further INFO fields to store besides {@code AF}
     * @return an open source; the caller closes it
     * @throws io.gvl.write.spec.WriteException if the name is none of the kinds
     */
    public static VariantSource open(Path path, List<String> infoFields) {
        return switch (VariantFileKind.require(path)) {
            case VCF -> VcfVariantSource.open(path, infoFields);
            case PGEN -> PgenVariantSource.open(path, infoFields);
            case SVAR2, SVAR -> throw new io.gvl.write.spec.WriteException(path + " is a genoray store, which a"
                    + " dataset links to rather than reads as a variant source.", "pass it to"
                    + " WriteOptions.Builder.variants(Path) and write with Gvl.write.");
        };
    }

    /**
     * Opens {@code path} for a part of a plan made from it: as {@link #open}, except that a PGEN fileset is opened
     * for its genotypes only ({@link PgenVariantSource#openForPart}), since the plan holds the variant table.
     */
    public static VariantSource openForPart(Path path, List<String> infoFields) {
        return VariantFileKind.require(path) == VariantFileKind.PGEN ? PgenVariantSource.openForPart(path)
                : open(path, infoFields);
    }
}
