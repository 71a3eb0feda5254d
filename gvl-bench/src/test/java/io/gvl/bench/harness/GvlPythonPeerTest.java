package io.gvl.bench.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gvl.dataset.settings.SeqKind;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The GenVarLoader peer's protocol, driven against a stand-in executable (a shell script answering fixed JSON
 * lines), so no test needs Python: answers are parsed, refusals and a dead peer become clear errors, and the
 * command names each view the way GenVarLoader spells it.
 */
class GvlPythonPeerTest {
    @TempDir
    Path dir;

    private Path fake(String... answers) throws IOException {
        StringBuilder sb = new StringBuilder("#!/bin/sh\n");
        for (String a : answers) {
            sb.append("read line || exit 0\necho '").append(a).append("'\n");
        }
        Path p = dir.resolve("fake-python");
        Files.writeString(p, sb);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    private GvlPythonPeer start(Path python) {
        return GvlPythonPeer.start(python, 1, dir.resolve("ds.gvl"), dir.resolve("ref.fa"), dir.resolve("err.log"));
    }

    @Test
    void answersAreParsedInOrder() throws IOException {
        Path py = fake("{\"ok\": true, \"version\": \"0.43.1\"}", "{\"ok\": true, \"seconds\": [0.5, 0.25]}",
                "{\"ok\": true, \"seconds\": [1.5]}", "{\"ok\": true}");
        try (GvlPythonPeer peer = start(py)) {
            assertEquals("0.43.1", peer.version());
            PeerView v = new PeerView(SeqKind.HAPLOTYPES, List.of(), 1024);
            assertArrayEquals(new double[] {0.5, 0.25}, peer.query(v, List.<int[][]>of(new int[][] {{0}, {1}})));
            assertArrayEquals(new double[] {1.5}, peer.epochs(v, 16, "buffered", true, 1 << 20, 1));
            peer.dropLoaders();
        }
    }

    @Test
    void aRefusalNamesTheCommandAndTheReason() throws IOException {
        Path py = fake("{\"ok\": true, \"version\": \"0.43.1\"}", "{\"ok\": false, \"error\": \"ValueError: boom\"}");
        try (GvlPythonPeer peer = start(py)) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> peer.query(new PeerView(SeqKind.REFERENCE, List.of(), 8), List.of()));
            assertTrue(e.getMessage().contains("query") && e.getMessage().contains("ValueError: boom"), e.getMessage());
        }
    }

    @Test
    void aPeerThatExitsIsReportedNotHung() throws IOException {
        Path py = fake("{\"ok\": true, \"version\": \"0.43.1\"}");
        try (GvlPythonPeer peer = start(py)) {
            IllegalStateException e = assertThrows(IllegalStateException.class, peer::dropLoaders);
            assertTrue(e.getMessage().contains("exited"), e.getMessage());
        }
    }

    @Test
    void aMissingPythonIsRefusedWithTheFix() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> start(dir.resolve("no-such-python")));
        assertTrue(e.getMessage().contains("pip install genvarloader==0.43.1"), e.getMessage());
    }

    @Test
    void thePeerSuiteWithoutAPythonSaysWhatItNeeds() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Harness.run("peer",
                new Harness.Options(1, dir, true), new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter())));
        assertTrue(e.getMessage().contains("--peer-python"), e.getMessage());
    }

    @Test
    void viewsAreSpelledAsGenVarLoaderNamesThem() {
        ObjectMapper m = new ObjectMapper();
        assertEquals("{\"seqs\":\"haplotypes\",\"tracks\":[\"coverage\"],\"length\":16384}",
                new PeerView(SeqKind.HAPLOTYPES, List.of("coverage"), 16_384).json(m).toString());
        assertEquals("{\"seqs\":\"none\",\"tracks\":[\"coverage\"],\"length\":\"ragged\"}",
                new PeerView(SeqKind.NONE, List.of("coverage"), -1).json(m).toString());
    }

    @Test
    void theGridHasEveryCellAtBothShapes() {
        List<PeerComparison.PeerCell> full = PeerComparison.cells(false);
        assertEquals(2 * (7 + 5), full.size());
        assertEquals(5 * 2, full.stream().filter(PeerComparison.PeerCell::isEpoch).count());
        assertEquals(2, PeerComparison.cells(true).size());
    }
}
