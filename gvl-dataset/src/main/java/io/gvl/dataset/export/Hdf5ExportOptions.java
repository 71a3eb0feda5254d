package io.gvl.dataset.export;

/**
 * Settings of {@link Hdf5Export#export}. Build with {@link #builder(int)}.
 *
 * @param length       fixed output length {@code N} of every sequence and track row
 * @param encoding     sequences as ASCII bytes or one-hot
 * @param batchSize    instances per dataset query; 0 picks about 8 MiB of output per query
 * @param maxBytes     bound on the heap the export holds (jhdf writes whole in-memory arrays); 0 means half the
 *                     JVM's maximum heap
 * @param deflateLevel deflate level 0-9 of the chunked arrays (after the shuffle filter)
 * @param overwrite    replace an existing output file
 */
public record Hdf5ExportOptions(int length, Encoding encoding, int batchSize, long maxBytes, int deflateLevel,
                                boolean overwrite) {

    /** How sequence bytes are stored. */
    public enum Encoding {
        /** ASCII bytes ({@code A C G T N}), uint8 {@code (instances, [ploidy,] N)}. */
        BYTES,
        /** One-hot over {@code ACGT}, uint8 {@code (instances, [ploidy,] N, 4)}; any other byte is all zeros. */
        ONEHOT
    }

    /**
     * Checks the options.
     *
     * @throws ExportException naming the bad option and what to give instead
     */
    public Hdf5ExportOptions {
        if (length < 1) {
            throw new ExportException("export length " + length + " is below 1.", "give a fixed length N >= 1.");
        }
        if (encoding == null) {
            throw new ExportException("no sequence encoding given.", "give BYTES or ONEHOT.");
        }
        if (batchSize < 0 || maxBytes < 0) {
            throw new ExportException("batch size " + batchSize + " and max bytes " + maxBytes
                    + " must not be negative.", "give 0 for the defaults or a positive value.");
        }
        if (deflateLevel < 0 || deflateLevel > 9) {
            throw new ExportException("deflate level " + deflateLevel + " is outside 0-9.", "give 0 to 9.");
        }
    }

    /**
     * A builder for rows of {@code length}, with the defaults above.
     *
     * @param length the fixed output length {@code N}, {@code >= 1}
     * @return a new builder
     */
    public static Builder builder(int length) {
        return new Builder(length);
    }

    /**
     * The bound in force: {@link #maxBytes}, or half the JVM's maximum heap when that is 0.
     *
     * @return the bound in bytes
     */
    public long effectiveMaxBytes() {
        return maxBytes > 0 ? maxBytes : Runtime.getRuntime().maxMemory() / 2;
    }

    /** Mutable builder: bytes, automatic batches, half the heap, deflate level 4, no overwrite. */
    public static final class Builder {
        private final int length;
        private Encoding encoding = Encoding.BYTES;
        private int batchSize;
        private long maxBytes;
        private int deflateLevel = 4;
        private boolean overwrite;

        private Builder(int length) {
            this.length = length;
        }

        /**
         * How sequences are stored (default {@link Encoding#BYTES}).
         *
         * @param e the encoding
         * @return this builder
         */
        public Builder encoding(Encoding e) {
            this.encoding = e;
            return this;
        }

        /**
         * Instances per dataset query (default 0: about 8 MiB of output per query).
         *
         * @param n instances, {@code >= 0}
         * @return this builder
         */
        public Builder batchSize(int n) {
            this.batchSize = n;
            return this;
        }

        /**
         * Bound on the heap the export holds (default 0: half the JVM's maximum heap).
         *
         * @param bytes the bound in bytes, {@code >= 0}
         * @return this builder
         */
        public Builder maxBytes(long bytes) {
            this.maxBytes = bytes;
            return this;
        }

        /**
         * Deflate level of the chunked arrays (default 4).
         *
         * @param level 0 to 9
         * @return this builder
         */
        public Builder deflateLevel(int level) {
            this.deflateLevel = level;
            return this;
        }

        /**
         * Whether an existing output file may be replaced (default false).
         *
         * @param o {@code true} to replace
         * @return this builder
         */
        public Builder overwrite(boolean o) {
            this.overwrite = o;
            return this;
        }

        /**
         * The options, checked.
         *
         * @return the options
         * @throws ExportException if an option is invalid
         */
        public Hdf5ExportOptions build() {
            return new Hdf5ExportOptions(length, encoding, batchSize, maxBytes, deflateLevel, overwrite);
        }
    }
}
