package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.GvlException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every error type gvl raises on purpose shares one root, so callers (and every CLI command) catch it once. */
class ExceptionRootTest {

    @Test
    void everyPublicErrorTypeExtendsGvlException() {
        List<Class<?>> types = List.of(io.gvl.io.InputFormatException.class, io.gvl.format.DatasetFormatException.class,
                io.gvl.format.DatasetExistsException.class, io.gvl.format.ConcatException.class,
                io.gvl.format.MissingJvmOptionException.class, io.gvl.write.spec.WriteException.class,
                io.gvl.dataset.export.ExportException.class, io.gvl.dataloader.DataLoaderException.class);
        for (Class<?> t : types) {
            assertTrue(GvlException.class.isAssignableFrom(t), t.getName() + " extends GvlException");
        }
    }
}
