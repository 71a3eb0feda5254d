package io.gvl.format.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.ArrowTable;
import io.gvl.format.MissingJvmOptionException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writing and reading a dataset's Arrow tables needs no JVM option ({@link IpcWriter} and {@link IpcFile} do not use
 * Arrow Java); a JVM without the options Arrow Java needs gets one message naming the option, never a blamed
 * dataset, when a table of another column type has to be read through Arrow Java.
 */
class JvmOptionsTest {
    @TempDir
    Path tmp;

    /**
     * Child JVM: {@code read FILE} prints the Arrow table's row count, {@code write FILE} writes a three-row table;
     * either prints the exception type and message on failure.
     */
    public static void main(String[] args) {
        try {
            Path file = Path.of(args[1]);
            if (args[0].equals("write")) {
                writeTable(file);
                System.out.println("written");
            } else {
                System.out.println("rows " + ArrowTableFile.read(file).rowCount());
            }
        } catch (RuntimeException e) {
            System.out.println(e.getClass().getSimpleName());
            System.out.println(e.getMessage());
        }
    }

    private static void writeTable(Path file) {
        ArrowTableFile.write(new ArrowTable(List.of(new ArrowTable.Column("POS", ArrowTable.ColumnType.INT32,
                List.<Object>of(1, 2, 3)))), file);
    }

    /** A table with a date column, which only Arrow Java reads. */
    private Path dateTable() throws IOException {
        Path file = tmp.resolve("date.arrow");
        try (org.apache.arrow.memory.BufferAllocator a = new org.apache.arrow.memory.RootAllocator();
             org.apache.arrow.vector.DateDayVector v = new org.apache.arrow.vector.DateDayVector("d", a)) {
            v.allocateNew();
            v.setSafe(0, 19_000);
            v.setValueCount(1);
            try (org.apache.arrow.vector.VectorSchemaRoot root = new org.apache.arrow.vector.VectorSchemaRoot(
                         List.<org.apache.arrow.vector.FieldVector>of(v));
                 java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file,
                         java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
                 org.apache.arrow.vector.ipc.ArrowFileWriter w = new org.apache.arrow.vector.ipc.ArrowFileWriter(
                         root, null, ch)) {
                root.setRowCount(1);
                w.start();
                w.writeBatch();
                w.end();
            }
        }
        return file;
    }

    private Path goodTable() {
        Path file = tmp.resolve("t.arrow");
        writeTable(file);
        return file;
    }

    private static List<String> child(String mode, Path table, String... flags)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of(flags));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), JvmOptionsTest.class.getName(), mode,
                table.toString()));
        Process p = new ProcessBuilder(cmd).start();
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> {
            try {
                return p.getErrorStream().readAllBytes();
            } catch (IOException e) {
                return new byte[0];
            }
        });
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child JVM timed out");
        err.join();
        assertEquals(0, p.exitValue(), out);
        return out.lines().toList();
    }

    @Test
    void withoutAddOpensReadingATableArrowJavaReadsGetsTheFlagNotAFormatError() throws Exception {
        List<String> lines = child("read", dateTable());
        assertEquals("MissingJvmOptionException", lines.get(0), String.join("\n", lines));
        String msg = lines.get(1);
        assertTrue(msg.contains("--add-opens=java.base/java.nio=ALL-UNNAMED"), msg);
        assertTrue(msg.contains("--add-opens=java.base/java.nio=org.apache.arrow.memory.core"), msg);
        assertTrue(msg.contains("class path") && msg.contains("docs/jvm.md"), msg);
    }

    @Test
    void withAddOpensThatTableIsRead() throws Exception {
        assertEquals(List.of("rows 1"), child("read", dateTable(), JvmOptions.ADD_OPENS_CLASS_PATH).subList(0, 1));
    }

    @Test
    void writingAndReadingADatasetTableNeedNoOption() throws Exception {
        assertEquals(List.of("written"), child("write", tmp.resolve("w.arrow")).subList(0, 1));
        assertEquals(List.of("written"), child("write", tmp.resolve("w2.arrow"), "--sun-misc-unsafe-memory-access=deny")
                .subList(0, 1));
        assertEquals(List.of("rows 3"), child("read", goodTable()).subList(0, 1));
        assertEquals(List.of("rows 3"), child("read", goodTable(), "--sun-misc-unsafe-memory-access=deny")
                .subList(0, 1));
    }

    @Test
    void deniedUnsafeMemoryAccessIsNamed() throws Exception {
        List<String> lines = child("read", dateTable(), JvmOptions.ADD_OPENS_CLASS_PATH,
                "--sun-misc-unsafe-memory-access=deny");
        assertEquals("MissingJvmOptionException", lines.get(0), String.join("\n", lines));
        assertTrue(lines.get(1).contains(JvmOptions.UNSAFE_ALLOW), lines.get(1));
    }

    @Test
    void onTheModulePathTheModuleFormIsNamedFirst() {
        Module named = java.sql.Connection.class.getModule();
        MissingJvmOptionException e = JvmOptions.probe(named, null);
        assertNotNull(e);
        assertEquals(JvmOptions.ADD_OPENS_MODULE_PATH, e.option());
        assertTrue(e.getMessage().startsWith("gvl needs the JVM option " + JvmOptions.ADD_OPENS_MODULE_PATH
                + " (gvl is on the module path"), e.getMessage());
    }

    @Test
    void thisJvmHasEverythingAndPassesTheCheck() {
        assertNull(JvmOptions.probe(org.apache.arrow.memory.util.MemoryUtil.class.getModule(), "allow"));
        JvmOptions.requireArrowAccess();
    }
}
