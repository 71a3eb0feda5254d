package io.gvl.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The command line in a child JVM started as {@code ./gvl} starts it: the same java, the launcher's JVM flags
 * ({@code jvm.flags} of gvl-cli.properties) and {@link Main}, on this module's test class path plus any extra
 * entries ({@code jvmArgs} go after the launcher's flags). Standard output and error are redirected to files, as in
 * a pipe or a CI log.
 */
record ChildCli(List<String> jvmArgs, List<Path> extraClassPath) {
    /** The JDK's own start-up line for {@code --add-modules=jdk.incubator.vector}; no option turns it off. */
    static final String JDK_INCUBATOR_LINE = "WARNING: Using incubator modules: jdk.incubator.vector";

    ChildCli {
        jvmArgs = List.copyOf(jvmArgs);
        extraClassPath = List.copyOf(extraClassPath);
    }

    /** The full command: java, flags, class path, {@link Main} and {@code args}. */
    List<String> command(String... args) {
        return command(Main.class, args);
    }

    /** The full command for another main class of this module's test class path (a test's own child program). */
    List<String> command(Class<?> main, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(Arrays.asList(Main.buildProperties().getProperty("jvm.flags").strip().split("\\s+")));
        cmd.addAll(jvmArgs);
        StringBuilder cp = new StringBuilder(System.getProperty("surefire.test.class.path",
                System.getProperty("java.class.path")));
        extraClassPath.forEach(p -> cp.append(File.pathSeparatorChar).append(p));
        cmd.addAll(List.of("-cp", cp.toString(), main.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** Starts the command; standard output and error go to {@code out.txt} and {@code err.txt} in {@code dir}. */
    Process start(Path dir, String... args) throws IOException {
        return new ProcessBuilder(command(args)).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile())
                .start();
    }

    /** Runs the command to its end (at most five minutes) in a fresh sub-directory of {@code tmp}. */
    Result run(Path tmp, String... args) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(tmp, "run");
        Process p = start(dir, args);
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("gvl " + String.join(" ", args) + " did not end in five minutes");
        }
        return Result.of(p.exitValue(), dir);
    }

    /** A finished child's exit code and what it printed. */
    record Result(int exitCode, String out, String err) {
        static Result of(int exitCode, Path dir) throws IOException {
            return new Result(exitCode, Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8),
                    Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8));
        }

        /** Standard error without the JDK's incubator-module line. */
        List<String> errLines() {
            return err.lines().filter(l -> !l.equals(JDK_INCUBATOR_LINE)).toList();
        }
    }
}
