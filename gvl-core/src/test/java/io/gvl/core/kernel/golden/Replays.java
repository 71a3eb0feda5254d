package io.gvl.core.kernel.golden;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/** Kernel name to a replay that runs our kernel on a golden case's arguments and returns its result. */
final class Replays {
    private static final Map<String, Function<Args, Object>> ALL = new HashMap<>();

    static {
        CoreReplays.register(ALL);
        TrackReplays.register(ALL);
        VariantReplays.register(ALL);
    }

    private Replays() {
    }

    static Function<Args, Object> forKernel(String kernel) {
        Function<Args, Object> r = ALL.get(kernel);
        if (r == null) {
            throw new AssertionError("no replay for kernel " + kernel);
        }
        return r;
    }
}
