package io.gvl.io.internal.bgzf;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.DataFormatException;

/**
 * libdeflate's whole-buffer DEFLATE decompressor, bound through the FFM API: the only class of this package that
 * calls native code or touches native memory. The library is looked up once per JVM (the name in
 * {@value #LIBRARY_PROPERTY}, else {@code libdeflate.so.0}, then {@code libdeflate.so}; on macOS the
 * {@code .dylib} names) and never unloaded; {@link #problem()} says why it could not be bound.
 */
final class Libdeflate {
    /** System property naming the library to load (a file name or an absolute path). */
    static final String LIBRARY_PROPERTY = "gvl.libdeflate.library";

    // enum libdeflate_result
    private static final int SUCCESS = 0;
    private static final int BAD_DATA = 1;
    private static final int INSUFFICIENT_SPACE = 3;

    private static final MethodHandle ALLOC;
    private static final MethodHandle DECOMPRESS;
    private static final MethodHandle FREE;
    private static final ValueLayout SIZE_T;
    private static final String LIBRARY;
    private static final String PROBLEM;

    static {
        MethodHandle alloc = null;
        MethodHandle decompress = null;
        MethodHandle free = null;
        ValueLayout sizeT = ValueLayout.JAVA_LONG;
        String library = null;
        String problem = null;
        try {
            Linker linker = Linker.nativeLinker();
            MemoryLayout size = linker.canonicalLayouts().get("size_t");
            if (size instanceof ValueLayout v && v.carrier() == long.class) {
                sizeT = v;
            } else {
                throw new UnsupportedOperationException("size_t is not 64 bits on this platform");
            }
            List<String> tried = new ArrayList<>();
            SymbolLookup lookup = null;
            for (String name : candidates()) {
                try {
                    lookup = SymbolLookup.libraryLookup(name, Arena.global());
                    library = name;
                    break;
                } catch (IllegalArgumentException e) {
                    tried.add(name);
                }
            }
            if (lookup == null) {
                throw new IllegalArgumentException("not found (tried " + String.join(", ", tried) + ")");
            }
            alloc = linker.downcallHandle(lookup.findOrThrow("libdeflate_alloc_decompressor"),
                    FunctionDescriptor.of(ValueLayout.ADDRESS));
            decompress = linker.downcallHandle(lookup.findOrThrow("libdeflate_deflate_decompress"),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, sizeT,
                            ValueLayout.ADDRESS, sizeT, ValueLayout.ADDRESS));
            free = linker.downcallHandle(lookup.findOrThrow("libdeflate_free_decompressor"),
                    FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
        } catch (RuntimeException | LinkageError e) {
            problem = e.getClass().getSimpleName() + ": " + e.getMessage();
            alloc = decompress = free = null;
            library = null;
        }
        ALLOC = alloc;
        DECOMPRESS = decompress;
        FREE = free;
        SIZE_T = sizeT;
        LIBRARY = library;
        PROBLEM = problem;
    }

    private Libdeflate() {
    }

    private static List<String> candidates() {
        String named = System.getProperty(LIBRARY_PROPERTY);
        if (named != null && !named.isBlank()) {
            return List.of(named.strip());
        }
        return System.getProperty("os.name", "").startsWith("Mac")
                ? List.of("libdeflate.0.dylib", "libdeflate.dylib")
                : List.of("libdeflate.so.0", "libdeflate.so");
    }

    /** Whether the library was loaded and its three functions bound. */
    static boolean available() {
        return PROBLEM == null;
    }

    /** Why the library could not be bound, or {@code null} when it was. */
    static String problem() {
        return PROBLEM;
    }

    /** The library name that was loaded, or {@code null}. */
    static String library() {
        return LIBRARY;
    }

    /**
     * One {@code libdeflate_decompressor} with its input (128 KiB) and output (64 KiB) buffers in a shared arena it owns;
     * {@link #close()} frees the decompressor and the arena (and so does a cleaner, should a reader be dropped
     * unclosed). Not thread-safe (neither is the decompressor).
     */
    static final class Decompressor implements BlockInflater {
        private static final Cleaner CLEANER = Cleaner.create();

        private final Arena arena;
        private final Cleaner.Cleanable cleanable;
        private final MemorySegment input;
        private final MemorySegment output;
        private final MemorySegment actual;
        private final ByteBuffer buffer;
        private MemorySegment handle;
        private boolean closed;

        /** @throws IllegalStateException when the library is not available */
        Decompressor() {
            if (!available()) {
                throw new IllegalStateException("libdeflate is not available: " + PROBLEM);
            }
            arena = Arena.ofShared();
            try {
                input = arena.allocate(INPUT, 64);
                output = arena.allocate(MAX_BLOCK, 64);
                actual = arena.allocate(SIZE_T);
                buffer = input.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
                MemorySegment d = (MemorySegment) ALLOC.invokeExact();
                if (d.address() == 0) {
                    throw new OutOfMemoryError("libdeflate_alloc_decompressor returned NULL");
                }
                handle = d;
                cleanable = CLEANER.register(this, new Release(d, arena));
            } catch (RuntimeException | Error e) {
                arena.close();
                throw e;
            } catch (Throwable t) {
                arena.close();
                throw new IllegalStateException("libdeflate_alloc_decompressor failed", t);
            }
        }

        @Override
        public ByteBuffer buffer() {
            checkOpen();
            return buffer;
        }

        @Override
        public void inflate(int from, int length, byte[] out, int isize) throws DataFormatException {
            checkOpen();
            BlockInflater.checkBlock(from, length, out, isize);
            int result;
            try {
                result = (int) DECOMPRESS.invokeExact(handle, input.asSlice(from, length), (long) length, output,
                        (long) isize, actual);
            } catch (Throwable t) {
                throw new IllegalStateException("libdeflate_deflate_decompress failed", t);
            }
            switch (result) {
                case SUCCESS -> {
                    long n = actual.get(ValueLayout.JAVA_LONG, 0);
                    if (n != isize) {
                        throw new DataFormatException("inflates to " + n + " bytes, not " + isize);
                    }
                    MemorySegment.copy(output, ValueLayout.JAVA_BYTE, 0, out, 0, isize);
                }
                case BAD_DATA -> throw new DataFormatException("invalid DEFLATE data");
                case INSUFFICIENT_SPACE -> throw new DataFormatException("inflates to more than " + isize + " bytes");
                default -> throw new DataFormatException("libdeflate result " + result);
            }
        }

        @Override
        public String name() {
            return "libdeflate";
        }

        private void checkOpen() {
            if (closed) {
                throw new IllegalStateException("this BGZF block inflater (libdeflate) is closed");
            }
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            handle = MemorySegment.NULL;
            cleanable.clean();
        }
    }

    /** Frees a decompressor and closes its arena, once: from {@link Decompressor#close()} or the cleaner. */
    private record Release(MemorySegment decompressor, Arena arena) implements Runnable {
        @Override
        public void run() {
            try {
                FREE.invokeExact(decompressor);
            } catch (Throwable t) {
                throw new IllegalStateException("libdeflate_free_decompressor failed", t);
            } finally {
                arena.close();
            }
        }
    }
}
