package io.gvl.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.spi.ToolProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gvl bench SUITE}: the end-to-end benchmark harness on the bundled demo data. JSON lines (one per cell)
 * go to standard output; the machine details and a readable line per cell go to standard error; CSV and PNG go
 * to {@code --out}. The harness is a separate module (gvl-bench) found as the JDK tool {@value #TOOL}: the
 * command line runs it when it is present (a source checkout's {@code ./gvl} puts it on the class path) and says
 * how to get it otherwise.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmark a suite (haplotypes, annotated, tracks, reference, loader, write, write-sources, concat, predict, peer) against "
                + "System.arraycopy and peer tools; JSON lines on stdout, CSV + PNG in --out.")
public final class BenchCommand implements Callable<Integer> {
    static final String TOOL = "gvl-bench";

    @Parameters(index = "0", paramLabel = "SUITE",
            description = "haplotypes, annotated, tracks, reference, loader, write, write-sources, concat or peer"
                    + " (gvl and GenVarLoader side by side; needs --peer-python).")
    String suite;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads for parallel kernels "
            + "(default: available processors).")
    Integer threads;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "bench-results",
            description = "Where <suite>.csv and <suite>.png go (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--quick", description = "One small cell and a 50 ms protocol (smoke runs and tests).")
    boolean quick;

    @Option(names = "--peer-python", paramLabel = "PYTHON", description = "For the peer suite: a Python with"
            + " genvarloader 0.43.1 and torch installed (dev/peer-venv makes one).")
    Path peerPython;

    @Option(names = "--cells", paramLabel = "REGEX", description = "For the peer suite: only the cells whose id"
            + " (e.g. 'annotated len=16384 batch=64', 'epoch buffered copy=false len=1024 batch=128') the pattern"
            + " finds.")
    String cells;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Optional<ToolProvider> harness = ToolProvider.findFirst(TOOL);
        if (harness.isEmpty()) {
            err.println("gvl bench: the benchmark harness (module gvl-bench) is not on the class path; run ./gvl from"
                    + " a source checkout (it builds and adds it), or add gvl-bench.jar and its lib/ to the class path");
            return 1;
        }
        List<String> args = new ArrayList<>(List.of(suite, "--threads",
                Integer.toString(threads == null ? Runtime.getRuntime().availableProcessors() : threads),
                "--out", out.toString()));
        if (quick) {
            args.add("--quick");
        }
        if (peerPython != null) {
            args.addAll(List.of("--peer-python", peerPython.toString()));
        }
        if (cells != null) {
            args.addAll(List.of("--cells", cells));
        }
        return harness.get().run(spec.commandLine().getOut(), err, args.toArray(String[]::new));
    }
}
