package io.gvl.cli;

import io.gvl.bench.harness.Harness;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gvl bench SUITE}: the end-to-end benchmark harness on the bundled demo data. JSON lines (one per cell)
 * go to standard output; the machine details and a readable line per cell go to standard error; CSV and PNG go
 * to {@code --out}.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmark a suite (haplotypes, annotated, tracks, reference, loader, write, write-sources, concat, peer) against "
                + "System.arraycopy and peer tools; JSON lines on stdout, CSV + PNG in --out.")
public final class BenchCommand implements Callable<Integer> {

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

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (!Harness.SUITES.contains(suite)) {
            err.println("gvl bench: unknown suite '" + suite + "'; choose one of " + Harness.SUITES);
            return 2;
        }
        int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        try {
            Harness.run(suite, new Harness.Options(n, out, quick, peerPython), spec.commandLine().getOut(), err);
            return 0;
        } catch (Exception e) {
            err.println("gvl bench: " + e);
            return 1;
        }
    }
}
