package io.gvl.onnx;

import ai.onnxruntime.OrtEnvironment;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/** ONNX Runtime's native library for tests: fails under {@code CI=true} when it cannot load, skips elsewhere. */
final class OnnxRuntimeCheck {
    private OnnxRuntimeCheck() {
    }

    static void require() {
        try {
            OrtEnvironment.getEnvironment();
        } catch (RuntimeException | LinkageError e) {
            String why = "ONNX Runtime did not load (" + e + "); its native library comes inside"
                    + " com.microsoft.onnxruntime:onnxruntime on the test class path";
            if ("true".equals(System.getenv("CI"))) {
                Assertions.fail(why, e);
            }
            Assumptions.abort(why);
        }
    }
}
