package io.gvl.fuzz;

import com.code_intelligence.jazzer.api.Jazzer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files one fuzz target reads. Its committed seeds ({@code <Target>Inputs/fuzz/seed-NNN-name}, each a valid file
 * behind a one-byte selector {@code NNN}) are the base set, written once into a private scratch directory; each run
 * then replaces the file its first byte selects with the rest of its bytes. One target thus covers every file of a
 * multi-file input (a PGEN's three files, a dataset's or a store's directory) while the others stay valid, so the
 * parser gets past them to the file under attack.
 */
final class FileSet {
    /** Seed files start with this; then the three-digit selector, a dash and the file's relative path. */
    static final String SEED_PREFIX = "seed-";

    private final Path dir;
    private final List<String> names;
    private final List<byte[]> base;
    private int replaced = -1;

    private FileSet(Path dir, List<String> names, List<byte[]> base) {
        this.dir = dir;
        this.names = names;
        this.base = base;
    }

    /**
     * The base set of {@code target}, read from its seeds on the class path, written under a fresh scratch directory.
     *
     * @param target the fuzz test class
     * @param under a sub-directory of the scratch directory the files go to ("" for the scratch directory itself)
     * @return the file set
     */
    static FileSet of(Class<?> target, String under) {
        List<Path> seeds = seeds(target);
        List<String> names = new ArrayList<>();
        List<byte[]> base = new ArrayList<>();
        for (Path seed : seeds) {
            String n = seed.getFileName().toString().substring(SEED_PREFIX.length() + 4);
            names.add(n.replace("__", "/"));
            byte[] bytes = read(seed);
            base.add(Arrays.copyOfRange(bytes, Math.min(1, bytes.length), bytes.length));
        }
        Path root = Scratch.directory(target.getSimpleName());
        FileSet set = new FileSet(under.isEmpty() ? root : root.resolve(under), List.copyOf(names), List.copyOf(base));
        for (int i = 0; i < names.size(); i++) {
            set.write(i, set.base.get(i));
        }
        return set;
    }

    /** The committed seeds of {@code target}, in selector order. */
    static List<Path> seeds(Class<?> target) {
        URL url = target.getResource(target.getSimpleName() + "Inputs/fuzz");
        if (url == null) {
            throw new IllegalStateException("no seed corpus " + target.getSimpleName() + "Inputs/fuzz on the class"
                    + " path; run dev/fuzz seeds");
        }
        try (Stream<Path> s = Files.list(Path.of(url.toURI()))) {
            return s.filter(p -> p.getFileName().toString().startsWith(SEED_PREFIX))
                    .sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The directory the files are in. */
    Path dir() {
        return dir;
    }

    /** The file of selector {@code i}. */
    Path file(int i) {
        return dir.resolve(names.get(i));
    }

    /** The file named {@code name} (a relative path of the base set). */
    Path file(String name) {
        int i = names.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException(name + " is not in " + names);
        }
        return file(i);
    }

    /** How many files the set has. */
    int size() {
        return names.size();
    }

    /**
     * Puts back the file the previous run replaced, then replaces the file {@code data[0]} selects with the rest of
     * {@code data} (an empty input empties file 0).
     *
     * @return the selector of the replaced file
     */
    int apply(byte[] data) {
        if (replaced >= 0) {
            write(replaced, base.get(replaced));
        }
        replaced = data.length == 0 ? 0 : (data[0] & 0xff) % names.size();
        write(replaced, data.length == 0 ? data : Arrays.copyOfRange(data, 1, data.length));
        // Each file is a feature of its own: otherwise the seeds of a set (all of which leave it valid) cover the
        // same code, libFuzzer keeps only the smallest, and the larger files would never be mutated.
        Jazzer.exploreState((byte) replaced, 0);
        return replaced;
    }

    /**
     * The seed bytes for file {@code i} holding {@code content}: the selector byte, then the content.
     *
     * @param i the selector
     * @param content the file's bytes
     * @return the seed
     */
    static byte[] seed(int i, byte[] content) {
        byte[] s = new byte[content.length + 1];
        s[0] = (byte) i;
        System.arraycopy(content, 0, s, 1, content.length);
        return s;
    }

    private void write(int i, byte[] bytes) {
        try {
            Path f = file(i);
            Files.createDirectories(f.getParent());
            Files.write(f, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] read(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
