package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.InputRegions;
import io.gvl.format.TrackScope;
import io.gvl.format.array.NpyArray;
import io.gvl.format.array.Npz;
import io.gvl.format.io.DatasetFiles;
import io.gvl.format.io.InputRegionsFile;
import io.gvl.format.io.MetadataFile;
import io.gvl.testing.Stored;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A track-only dataset of GVL's track corpus: painted cells equal GVL's golden {@code ds_tracks} bit for bit. */
class TrackOnlyWriteTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path CORPUS = DATA.resolve("gvl-fixtures/track_corpus");

    @TempDir
    Path tmp;

    @Test
    void paintedTracksEqualGvlGolden() {
        Map<String, Path> paths = new LinkedHashMap<>();
        for (int s = 0; s < 3; s++) {
            paths.put("sample_" + s, CORPUS.resolve("sample_" + s + ".bw"));
        }
        Path ds = tmp.resolve("t.gvl");
        Gvl.write(ds, WriteOptions.builder(CORPUS.resolve("regions.bed")).track(new BigWigs("signal", paths)).build());
        DatasetMetadata m = MetadataFile.read(DatasetLayout.metadata(ds));
        assertNull(m.ploidy());
        assertEquals(false, Files.exists(DatasetLayout.genotypes(ds)));
        try (DatasetFiles f = DatasetFiles.open(ds)) {
            f.verify();
        }
        Map<String, NpyArray> z = Npz.read(DATA.resolve("gvl-goldens/datasets/ds_tracks.npz"));
        float[] want = z.get("a0").toFloatArray();
        long[] wantOffsets = z.get("a1").toLongArray();
        InputRegions in = InputRegionsFile.read(ds.resolve(DatasetLayout.INPUT_REGIONS));
        long[] start = in.longs("chromStart", ds);
        long[] end = in.longs("chromEnd", ds);
        long[] map = in.longs(InputRegions.MAP_COLUMN, ds);
        Stored.Track t = Stored.track(ds, TrackScope.SAMPLE, "signal");
        for (int i = 0; i < start.length; i++) {
            for (int s = 0; s < 3; s++) {
                int row = i * 3 + s;
                float[] painted = new float[(int) (end[i] - start[i])];
                int cell = (int) map[i] * 3 + s;
                int[] cs = t.starts(cell);
                int[] ce = t.ends(cell);
                float[] cv = t.values(cell);
                for (int k = 0; k < cs.length; k++) {
                    for (long p = Math.max(cs[k], start[i]); p < Math.min(ce[k], end[i]); p++) {
                        painted[(int) (p - start[i])] = cv[k];
                    }
                }
                assertArrayEquals(Arrays.copyOfRange(want, (int) wantOffsets[row], (int) wantOffsets[row + 1]),
                        painted, "region " + i + " sample " + s);
            }
        }
    }
}
