package io.gvl.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * One writer under the {@link KillHarness}: how a trial directory gets the destination's old state, the child
 * command that writes {@code dest} there (killed at a random moment), and how the same write is run again to
 * completion afterwards (in a child too: the same command, the same JVM). {@code inPlace} marks a writer that changes a dataset file by file
 * ({@code gvl migrate}): its destination may hold both versions' files after a kill as long as it reads as one of
 * them (see {@link KillHarness}).
 *
 * @param name    the writer's name in reports and test names
 * @param dest    the destination's name inside a trial directory
 * @param prepare lays out the old state in a trial directory (nothing for a new output)
 * @param child   the full child command for a trial directory
 * @param rerun   the full child command that runs the write again to completion
 * @param inPlace whether the destination is changed in place rather than replaced by a rename
 */
record KillCase(String name, String dest, Step prepare, Function<Path, List<String>> child,
        Function<Path, List<String>> rerun, boolean inPlace) {

    /** Something done to a trial directory. */
    @FunctionalInterface
    interface Step {
        void run(Path trial) throws Exception;
    }

    /** A command-line writer: the child runs {@code gvl ARGS}, the rerun {@code gvl RERUN}. */
    static KillCase cli(ChildCli cli, String name, String dest, Step prepare, Function<Path, List<String>> args,
            Function<Path, List<String>> rerunArgs) {
        return new KillCase(name, dest, prepare, t -> cli.command(args.apply(t).toArray(String[]::new)),
                t -> cli.command(rerunArgs.apply(t).toArray(String[]::new)), false);
    }

    /** The same case, marked as changing its destination in place. */
    KillCase changingInPlace() {
        return new KillCase(name, dest, prepare, child, rerun, true);
    }

    /** Nothing to prepare: the destination does not exist before the write. */
    static void nothing(Path trial) {
    }
}
