package io.gvl.core.kernel.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Replays every case of GVL's 22 kernel goldens through our kernels and compares results byte for byte. */
class KernelGoldenTest {

    static Path goldenDir() {
        return Path.of(System.getProperty("gvl.shared.data")).resolve("gvl-goldens/kernels");
    }

    static List<Path> files() {
        try (Stream<Path> s = Files.list(goldenDir())) {
            return s.filter(p -> p.toString().endsWith(".npz")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Path p : files()) {
            GoldenFile g = GoldenFile.read(p);
            for (GoldenFile.Case c : g.cases()) {
                out.add(Arguments.of(g.kernel() + "#" + c.index(), g, c));
            }
        }
        return out.stream();
    }

    @Test
    void allTwentyTwoGoldensArePresent() {
        assertEquals(22, files().size(), "kernel goldens in " + goldenDir());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void replayMatchesGolden(String name, GoldenFile golden, GoldenFile.Case c) {
        Object actual = Replays.forKernel(golden.kernel()).apply(new Args(c.inputs()));
        GoldenCompare.assertMatches(name, c.expected(), actual);
    }
}
