package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.Regions;
import io.gvl.format.TrackScope;
import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.RegionsFile;
import io.gvl.testing.Coverage;
import io.gvl.testing.Stored;
import io.gvl.write.spec.Hdf5Track;
import io.gvl.write.spec.WriteOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Coverage written by h5py (libhdf5 2.0 defaults, gzip + shuffle, float16), not by jhdf: the layout real
 * Basenji-style files have. jhdf cannot write float16, so the file is embedded (gzip, base64); it was
 * made with {@code v = where(run % 5 == 0, 0, (run % 5) * 0.5 + s + 2 * c).astype(float16)}, {@code run = i // 7},
 * 300 values per contig, groups {@code s0, s1}, datasets {@code chr1, chr2}, {@code chunks=(64,)}.
 */
class Hdf5LibraryFileTest {
    private static final String H5PY_FLOAT16_GZ = """
            H4sIAAAAAAACA+2aS2wTVxSGz70eJ2N7ArYTmgcBDOGRtgiRECETEHIMoUZUlEcQXgBylSayBCgu0CpSuxgTHokQAkQCC4RAbKBi
            gWGDK7XV0EUJm0jJikgIBcEOFjwEqrJoOo8zEF+wzSMYoZxvc3zvf2bm6M6ZmXPvdU9k9ZoSd5UbDGQZJPDCeMaQzmWZbVuPoWVo
            u9Fe4nY/M7UK7Pfh+UW/lk3NzYb3mIB9nRGnZTOjIyYLkeamDYaNYtvOp36e6bd3Mdq6zLwMved1s+VvxGG14863y9+gTPlL+ft6
            /nY7M/1a43vq0NZPRP5uXv/dagYcMP0g4Mh8LsQ8tvPz8ZxMv4oazON5k/P+MSiyxoLZbesOMmZ1LMR+2zp03fjpC0wFjiPrdoJ7
            Kp7Pqd8RQ+cObh7hgaDZZvg+46bOYG/8p/b2XW3AX8Zh9f/Q1r7r+31t+vfaQsZ4HJyrrlcpM+7tGJnQ8RDzqrY4t7+dV6lKeheM
            x/huMD0bxO9GRRb/lM+y1VneC/2Crgr6A0HXxAv4LTMLhMIOqfZntkPMzleCIAiCID4WnTtaY+fdKRWmy6kuKJa1yxJs3e350+xX
            girrbWVsqTdWzLzT0r0AiSeem5Z2O6k6pNDBhQGtiGvuxNcMDl/3DKIGyRlSMAQtf3MeevqvftyZ3z33LC0ajd4OqaYcrpICXx1/
            fgPgl6R8xQolcQAWyIlDUG6G8uuw8tw6LK2Hcl9m670jCobSV66MYphdqkcPpXq25sJQLr9QxlBjySVS2gjFh6Hc+LlEQq2xsbFJ
            NWUzlA0NYQYXalyncFSMATHjMULp2KZ04WFJfVSK2RTviIyhHF6jdKO2Xy3VQ3kU0BiGcnZQOYoaJGukYJMeyhQM5dqo0ocjNjy8
            LKSa8qtROfmfK2zIGq8KwPaKyvNf/qgPTNmIm3X2AdwfKltlqi5LbWhI72e9DxW2qBYu8NN+WPqHr79zx8448KIVMPfYNz0eOR2G
            lv5KrtUn1HUuqLtTutY4QywWV0H3uegvlxIH4dKBJVLgVusWDud+K/vWcFCTRbL6rMcxMDCwqFabxr1DATgRHpSdsPKvkk30FBEE
            QdA61Edch9KqCrAO9a7rJ8v9uddPNvtzr590+HOvnxzJs35ykdZPCIIgCOIT1E9v3s8X9zfz7edr8wGrKWIykm0/Pyrsj0/0fv5n
            VP/LtQWo/8V96FSe/yfYz2twMeXwh8yj/skzj7qbZx41mmce9UVp7nlUfSnNowiCIAii8POoz6YOjdQVoA7NVj/NzOK/EeuX2Vnq
            pw5BF+un44Iu1k9XUZ+TpX4aovqJIAiCIArO/z62WBx4OQAA
            """;

    @TempDir
    Path tmp;

    static float value(int sample, int contig, int i) {
        int run = i / 7;
        return run % 5 == 0 ? 0f : (run % 5) * 0.5f + sample + 2 * contig;
    }

    @Test
    void float16GroupsWrittenByH5pyBecomeTheirRuns() throws IOException {
        byte[] gz = Base64.getMimeDecoder().decode(H5PY_FLOAT16_GZ);
        Path h5 = tmp.resolve("h5py-float16.h5");
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            Files.write(h5, in.readAllBytes());
        }
        Path bed = tmp.resolve("r.bed");
        Files.writeString(bed, "chr1\t0\t50\nchr2\t100\t180\nchr1\t250\t300\nchr2\t13\t14\n");
        Path ds = tmp.resolve("ds.gvl");
        Gvl.write(ds, WriteOptions.builder(bed).maxJitter(9).track(Hdf5Track.ofGroups("cov", h5)).build());
        DatasetMetadata meta = MetadataFile.read(DatasetLayout.metadata(ds));
        assertEquals(List.of("s0", "s1"), meta.samples());
        Regions windows = RegionsFile.read(ds.resolve(DatasetLayout.REGIONS));
        Stored.Track t = Stored.track(ds, TrackScope.SAMPLE, "cov");
        for (int r = 0; r < windows.size(); r++) {
            int c = List.of("chr1", "chr2").indexOf(meta.contigs().get(windows.contig(r)));
            for (int s = 0; s < 2; s++) {
                float[] dense = new float[300];
                for (int i = 0; i < dense.length; i++) {
                    dense[i] = value(s, c, i);
                }
                assertEquals(Coverage.show(Coverage.runs(dense, windows.start(r), windows.end(r))),
                        Coverage.show(Coverage.cell(t, r * 2 + s)), "window " + r + " sample " + s);
            }
        }
    }
}
