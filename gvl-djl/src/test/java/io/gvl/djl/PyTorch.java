package io.gvl.djl;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDManager;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The PyTorch CPU engine for tests, loaded offline from the native jar on the test class path. When it cannot load,
 * a test fails under {@code CI=true} (CI must never skip) and is skipped elsewhere, with the reason.
 */
final class PyTorch {
    private PyTorch() {
    }

    static NDManager manager() {
        try {
            Engine engine = Engine.getEngine("PyTorch");
            return engine.newBaseManager(Device.cpu());
        } catch (RuntimeException | LinkageError e) {
            String why = "the DJL PyTorch engine did not load (" + e + "); it comes from ai.djl.pytorch:"
                    + "pytorch-native-cpu (linux-x86_64) on the test class path, run with -Dai.djl.offline=true";
            if ("true".equals(System.getenv("CI"))) {
                Assertions.fail(why, e);
            }
            Assumptions.abort(why);
            throw new AssertionError(why);
        }
    }
}
