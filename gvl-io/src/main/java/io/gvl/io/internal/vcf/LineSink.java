package io.gvl.io.internal.vcf;

/** Receives record lines as bytes: {@code line[0, length)}, without the line end; valid only during the call. */
@FunctionalInterface
public interface LineSink {
    void accept(byte[] line, int length);
}
