package io.gvl.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.internal.kernel.KernelProvider;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The kernel choice in fresh JVMs, where it is made: with and without the incubator module, and forced either way
 * by {@code -Dgvl.kernels}. The scalar fallback is chosen, with a stated reason, where the vector path cannot run.
 */
class VectorFallbackTest {

    /** Entry point of the child JVM: the chosen kernels' names, the logged line, and a checked RC result. */
    public static void main(String[] args) {
        KernelProvider kernels = KernelProvider.get();
        MemorySegment seg = MemorySegment.ofArray("AACGTNacg".getBytes(StandardCharsets.US_ASCII));
        kernels.reverseComplement().inPlace(seg, 0, seg.byteSize());
        System.out.println(kernels.name() + " " + kernels.reverseComplement().name() + " " + kernels.rowFill().name());
        System.out.println(KernelProvider.choice().message());
        System.out.println(new String(seg.toArray(ValueLayout.JAVA_BYTE), StandardCharsets.US_ASCII));
    }

    private static List<String> runChild(String... jvmFlags) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of(jvmFlags));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(VectorFallbackTest.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child JVM timed out");
        assertEquals(0, p.exitValue(), () -> "child JVM failed: " + out);
        return out.lines().toList();
    }

    @Test
    void withoutTheIncubatorModuleTheScalarPathIsUsedWithAReason() throws Exception {
        List<String> lines = runChild();
        assertEquals("scalar scalar scalar", lines.get(0));
        assertTrue(lines.get(1).contains("jdk.incubator.vector"), lines.get(1));
        assertEquals("gcaNACGTT", lines.get(2));
    }

    @Test
    void forcingVectorWithoutTheIncubatorModuleFallsBackToScalar() throws Exception {
        List<String> lines = runChild("-Dgvl.kernels=vector");
        assertEquals("scalar scalar scalar", lines.get(0));
        assertTrue(lines.get(1).contains("-Dgvl.kernels=vector") && lines.get(1).contains("jdk.incubator.vector"),
                lines.get(1));
        assertEquals("gcaNACGTT", lines.get(2));
    }

    @Test
    void userCanForceTheScalarPath() throws Exception {
        List<String> lines = runChild("--add-modules=jdk.incubator.vector", "-Dgvl.kernels=scalar");
        assertEquals("scalar scalar scalar", lines.get(0));
        assertTrue(lines.get(1).contains("gvl.kernels=scalar"), lines.get(1));
        assertEquals("gcaNACGTT", lines.get(2));
    }

    @Test
    void userCanStillTurnTheVectorPathOffTheOlderWay() throws Exception {
        List<String> lines = runChild("--add-modules=jdk.incubator.vector", "-Dgvl.vector=false");
        assertEquals("scalar scalar scalar", lines.get(0));
        assertTrue(lines.get(1).contains("gvl.vector=false"), lines.get(1));
        assertEquals("gcaNACGTT", lines.get(2));
    }

    @Test
    void withTheIncubatorModuleTheVectorPathIsUsed() throws Exception {
        List<String> lines = runChild("--add-modules=jdk.incubator.vector");
        assertTrue(lines.get(0).matches("vector-\\d+ vector-\\d+ vector-\\d+"), lines.get(0));
        assertTrue(lines.get(1).startsWith("gvl kernels: vector"), lines.get(1));
        assertEquals("gcaNACGTT", lines.get(2));
    }
}
