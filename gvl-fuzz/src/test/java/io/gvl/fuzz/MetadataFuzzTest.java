package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.io.MetadataFile;
import java.nio.file.Path;

/**
 * Fuzzes a dataset's {@code metadata.json} (GVL's and gvl's fields, store links, tracks). What is accepted must
 * survive a round trip: written back and read again, it gives the same JSON — so a field read wrongly or dropped
 * silently is a finding too.
 */
class MetadataFuzzTest {
    private static final FileSet FILES = FileSet.of(MetadataFuzzTest.class, "");

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        FILES.apply(data);
        Path file = FILES.file("metadata.json");
        Path again = FILES.dir().resolve("again").resolve("metadata.json");
        Contract.typedOrResult(FILES, () -> {
            DatasetMetadata m = MetadataFile.read(file);
            String json = MetadataFile.toJson(m);
            java.nio.file.Files.createDirectories(again.getParent());
            MetadataFile.write(m, again);
            String back = MetadataFile.toJson(MetadataFile.read(again));
            if (!json.equals(back)) {
                throw new AssertionError("metadata does not survive a round trip:\n" + json + "\n" + back);
            }
        });
    }
}
