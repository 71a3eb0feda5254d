package io.gvl.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * This module's files as file-system paths: the GenVarLoader 0.43.1 goldens under {@code gvl043/} (made by
 * {@code tools/goldens/gvl043}) and the ONNX test models under {@code onnx/} (made by
 * {@code tools/onnx/make_test_models.py}). Inside this module's build they are plain files; a test of another module
 * sees them in this module's jar, so each top directory is copied out once per JVM into a temporary directory that is
 * removed when the JVM exits. Treat the paths as read-only: a test that writes copies first ({@link DirectoryCopy}).
 */
public final class TestFiles {
    private static final Map<String, Path> EXTRACTED = new java.util.HashMap<>();

    private TestFiles() {
    }

    /**
     * A file or directory under {@code gvl043/}.
     *
     * @param name its path below {@code gvl043/}, e.g. {@code concat} or {@code concat/syn_s1}
     * @return a readable file-system path
     */
    public static Path gvl043(String name) {
        return file("gvl043", name);
    }

    /**
     * One of the small ONNX test models.
     *
     * @param name its file name, e.g. {@code tiny-cnn.onnx}
     * @return a readable file-system path
     */
    public static Path onnxModel(String name) {
        return file("onnx", name);
    }

    private static Path file(String top, String name) {
        URL url = TestFiles.class.getResource("/" + top + "/" + name);
        if (url == null) {
            throw new IllegalArgumentException("no " + top + "/" + name + " on the class path (gvl-testdata)");
        }
        try {
            URI uri = url.toURI();
            return uri.getScheme().equals("file") ? Path.of(uri) : extracted(top, uri).resolve(name);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(url + " is not a URI", e);
        }
    }

    private static synchronized Path extracted(String top, URI inJar) {
        Path done = EXTRACTED.get(top);
        if (done != null) {
            return done;
        }
        try (FileSystem jar = FileSystems.newFileSystem(inJar, Map.of())) {
            Path root = Files.createTempDirectory("gvl-testdata-" + top + "-");
            DirectoryCopy.copyTree(jar.getPath("/" + top), root);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(root)));
            EXTRACTED.put(top, root);
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + top + "/ out of " + inJar, e);
        }
    }

    private static void delete(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort at JVM exit: the directory is under the temporary directory
        }
    }
}
