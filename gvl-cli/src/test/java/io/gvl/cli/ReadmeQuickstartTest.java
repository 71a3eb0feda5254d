package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's quickstart runs as printed: its first {@code java} code block is compiled with javax.tools against
 * this module's class path (which holds every library module) and run on the bundled demo-data/.
 */
class ReadmeQuickstartTest {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    @TempDir
    Path tmp;

    static String firstJavaBlock(String markdown) {
        Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(markdown);
        assertTrue(m.find(), "README.md has no ```java block");
        return m.group(1);
    }

    @Test
    void quickstartCompilesAndRunsOnDemoData() throws Exception {
        String code = firstJavaBlock(Files.readString(ROOT.resolve("README.md")));
        Path src = tmp.resolve("src/Quickstart.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, code);
        Path classes = Files.createDirectories(tmp.resolve("classes"));

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter diagnostics = new StringWriter();
        boolean ok = javac.getTask(diagnostics, null, null,
                List.of("-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
                        "--add-modules", "jdk.incubator.vector", "-proc:none"),
                null, javac.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(src))
                .call();
        assertTrue(ok, () -> "the README quickstart does not compile:\n" + diagnostics);

        Path out = tmp.resolve("demo.gvl");
        String printed = runMain(classes, ROOT.resolve("demo-data").toString(), out.toString());
        assertEquals("haplotypes [3, 2, 2048]", printed.strip());
        assertTrue(Files.isRegularFile(out.resolve("metadata.json")), "the dataset was written to the temp dir");
    }

    private static String runMain(Path classes, String... args) throws Exception {
        PrintStream saved = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                ReadmeQuickstartTest.class.getClassLoader())) {
            Method main = loader.loadClass("Quickstart").getMethod("main", String[].class);
            System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            main.invoke(null, (Object) args);
        } finally {
            System.setOut(saved);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theBlockExtractorFindsTheFirstJavaBlockOnly() throws IOException {
        assertEquals("class A {}\n", firstJavaBlock("x\n```sh\nls\n```\n```java\nclass A {}\n```\n```java\nB\n```\n"));
    }
}
