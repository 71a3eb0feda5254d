package io.gvl.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The compiled module descriptor of a module under test, for the tests that pin what a module exports and which
 * gvl modules it may require. Tests run on the class path, so the descriptor is read from the module's classes
 * directory (or jar) rather than from the module layer.
 */
public final class Modules {
    private Modules() {}

    /** The descriptor compiled beside {@code anyClass} (its {@code module-info.class}). */
    public static ModuleDescriptor descriptorOf(Class<?> anyClass) {
        try {
            Path where = Path.of(anyClass.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isDirectory(where)) {
                try (InputStream in = Files.newInputStream(where.resolve("module-info.class"))) {
                    return ModuleDescriptor.read(in);
                }
            }
            try (var jar = new java.util.jar.JarFile(where.toFile());
                 InputStream in = jar.getInputStream(jar.getEntry("module-info.class"))) {
                return ModuleDescriptor.read(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the module descriptor beside " + anyClass.getName(), e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The gvl modules ({@code io.gvl.*}) that {@code descriptor} requires, sorted. */
    public static Set<String> gvlRequires(ModuleDescriptor descriptor) {
        return descriptor.requires().stream().map(ModuleDescriptor.Requires::name)
                .filter(n -> n.startsWith("io.gvl.")).collect(Collectors.toCollection(TreeSet::new));
    }
}
