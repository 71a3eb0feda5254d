package io.gvl.bench.harness;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.spi.ToolProvider;

/**
 * The harness as a JDK {@link ToolProvider} named {@value #NAME}, which is how {@code gvl bench} finds it: the
 * command line does not depend on this module and runs the harness only when it is on the class or module path.
 * Arguments: {@code SUITE --threads N --out DIR [--quick] [--peer-python PYTHON] [--cells REGEX]}, already checked by
 * the caller.
 * Exit codes: 0 done, 1 the run failed, 2 a usage error (unknown suite or option).
 */
public final class HarnessTool implements ToolProvider {
    /** The tool's name. */
    public static final String NAME = "gvl-bench";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<String> description() {
        return Optional.of("the gvl benchmark harness, suites " + Harness.SUITES);
    }

    @Override
    public int run(PrintWriter out, PrintWriter err, String... args) {
        String suite = null;
        int threads = Runtime.getRuntime().availableProcessors();
        Path outDir = Path.of("bench-results");
        boolean quick = false;
        Path peerPython = null;
        Pattern cells = null;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--threads" -> threads = Integer.parseInt(value(args, ++i));
                    case "--out" -> outDir = Path.of(value(args, ++i));
                    case "--quick" -> quick = true;
                    case "--peer-python" -> peerPython = Path.of(value(args, ++i));
                    case "--cells" -> cells = cellPattern(value(args, ++i));
                    default -> {
                        if (suite != null || args[i].startsWith("--")) {
                            throw new IllegalArgumentException("unexpected argument '" + args[i] + "'");
                        }
                        suite = args[i];
                    }
                }
            }
            if (suite == null || !Harness.SUITES.contains(suite)) {
                throw new IllegalArgumentException((suite == null ? "no suite given" : "unknown suite '" + suite
                        + "'") + "; choose one of " + Harness.SUITES);
            }
            if (cells != null) {
                if (!suite.equals("peer")) {
                    throw new IllegalArgumentException("--cells selects cells of the peer suite only, not of '" + suite
                            + "'");
                }
                PeerComparison.selected(PeerComparison.cells(quick), cells); // refuses a pattern that finds none
            }
        } catch (IllegalArgumentException e) {
            err.println("gvl bench: " + e.getMessage());
            err.flush();
            return 2;
        }
        try {
            Harness.run(suite, new Harness.Options(threads, outDir, quick, peerPython, cells), out, err);
            return 0;
        } catch (Exception e) {
            err.println("gvl bench: " + e);
            return 1;
        } finally {
            out.flush();
            err.flush();
        }
    }

    private static Pattern cellPattern(String regex) {
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("--cells '" + regex + "' is not a regular expression: "
                    + e.getDescription(), e);
        }
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }
}
