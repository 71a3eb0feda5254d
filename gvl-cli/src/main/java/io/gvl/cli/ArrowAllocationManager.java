package io.gvl.cli;

/**
 * Names Apache Arrow's allocation manager for the command line before Arrow loads. Left unnamed, Arrow logs that
 * none was specified and searches the class path for allocation manager classes, warning "More than one
 * DefaultAllocationManager on classpath" whenever it finds two - one jar on the class path twice is enough, as
 * {@code ./gvl} had when the benchmark harness's jars joined it. Named, Arrow searches nothing. gvl's libraries
 * depend on {@code arrow-memory-unsafe} (and not on {@code arrow-memory-netty}), so the command line names that one;
 * a choice the user made ({@value #PROPERTY} or {@value #ENV}) is kept.
 */
final class ArrowAllocationManager {
    /** The system property Arrow reads (it wins over {@link #ENV}). */
    static final String PROPERTY = "arrow.allocation.manager.type";
    /** The environment variable Arrow reads. */
    static final String ENV = "ARROW_ALLOCATION_MANAGER_TYPE";

    private ArrowAllocationManager() {}

    /** Names the Unsafe allocation manager unless the user named one; call before any Arrow class is used. */
    static void select() {
        if (System.getProperty(PROPERTY) == null && System.getenv(ENV) == null) {
            System.setProperty(PROPERTY, "Unsafe");
        }
    }
}
