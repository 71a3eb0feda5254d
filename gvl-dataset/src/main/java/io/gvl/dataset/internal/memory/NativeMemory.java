package io.gvl.dataset.internal.memory;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The C library's {@code malloc} and {@code free}, the only raw allocation gvl does itself: the JDK's arenas
 * always zero what they allocate. {@link #AVAILABLE} is false when this module has no native access (then callers
 * use the JDK's arenas).
 */
final class NativeMemory {
    static final boolean AVAILABLE;
    private static final MethodHandle MALLOC;
    private static final MethodHandle FREE;

    static {
        MethodHandle malloc = null;
        MethodHandle free = null;
        boolean ok = NativeMemory.class.getModule().isNativeAccessEnabled();
        if (ok) {
            try {
                Linker linker = Linker.nativeLinker();
                malloc = linker.downcallHandle(linker.defaultLookup().findOrThrow("malloc"),
                        FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
                free = linker.downcallHandle(linker.defaultLookup().findOrThrow("free"),
                        FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
            } catch (RuntimeException | LinkageError e) {
                ok = false;
            }
        }
        AVAILABLE = ok;
        MALLOC = malloc;
        FREE = free;
    }

    private NativeMemory() {
    }

    /** @return the address of {@code bytes} fresh bytes, never 0 */
    static long malloc(long bytes) {
        MemorySegment p;
        try {
            p = (MemorySegment) MALLOC.invokeExact(Math.max(1, bytes));
        } catch (Throwable t) {
            throw new IllegalStateException("malloc(" + bytes + ") failed", t);
        }
        if (p.address() == 0) {
            throw new OutOfMemoryError("cannot allocate " + bytes + " bytes of native memory");
        }
        return p.address();
    }

    static void free(long address) {
        try {
            FREE.invokeExact(MemorySegment.ofAddress(address));
        } catch (Throwable t) {
            throw new IllegalStateException("free failed", t);
        }
    }
}
