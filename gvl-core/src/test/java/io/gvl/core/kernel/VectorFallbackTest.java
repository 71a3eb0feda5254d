package io.gvl.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.internal.kernel.VectorSupport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The scalar fallback is chosen, with a stated reason, in JVMs where the vector path cannot run. */
class VectorFallbackTest {

    /** Entry point of the child JVM: prints the chosen implementation, the reason, and a checked RC result. */
    public static void main(String[] args) {
        ReverseComplement rc = ReverseComplement.best();
        var seg = java.lang.foreign.MemorySegment.ofArray("AACGTNacg".getBytes(StandardCharsets.US_ASCII));
        rc.inPlace(seg, 0, seg.byteSize());
        System.out.println(rc.name());
        System.out.println(VectorSupport.unavailableReason());
        System.out.println(new String(seg.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), StandardCharsets.US_ASCII));
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
        assertEquals("scalar", lines.get(0));
        assertTrue(lines.get(1).contains("jdk.incubator.vector"), lines.get(1));
        assertEquals("gcaNACGTT", lines.get(2));
    }

    @Test
    void userCanTurnTheVectorPathOff() throws Exception {
        List<String> lines = runChild("--add-modules=jdk.incubator.vector", "-Dgvl.vector=false");
        assertEquals("scalar", lines.get(0));
        assertTrue(lines.get(1).contains("gvl.vector=false"), lines.get(1));
        assertEquals("gcaNACGTT", lines.get(2));
    }

    @Test
    void withTheIncubatorModuleTheVectorPathIsUsed() throws Exception {
        List<String> lines = runChild("--add-modules=jdk.incubator.vector");
        assertTrue(lines.get(0).startsWith("vector-"), lines.get(0));
        assertEquals("null", lines.get(1));
        assertEquals("gcaNACGTT", lines.get(2));
    }
}
