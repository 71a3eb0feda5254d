package io.gvl.format;

/**
 * A write part cannot be merged: it is missing, present twice, or was written against another plan or variant
 * table. The message names the part and the fix; nothing is published when it is thrown. The subclasses say which.
 */
public class PartException extends GvlException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param problem what is wrong, naming the part
     * @param fix what to do about it
     */
    protected PartException(String problem, String fix) {
        super(problem + " Fix: " + fix);
    }

    /** A block of the plan has no published part. */
    public static final class Missing extends PartException {
        private static final long serialVersionUID = 1L;

        /**
         * Creates the exception.
         *
         * @param problem which parts are missing, naming them
         */
        public Missing(String problem) {
            super(problem, "write the missing parts (a failed or killed part leaves only a temporary directory,"
                    + " which is ignored), then merge again.");
        }
    }

    /** Two published part directories claim the same block. */
    public static final class Duplicate extends PartException {
        private static final long serialVersionUID = 1L;

        /**
         * Creates the exception.
         *
         * @param problem which block is claimed twice, naming both directories
         */
        public Duplicate(String problem) {
            super(problem, "remove the directory that is not named after its block, then merge again.");
        }
    }

    /** A part was written against another variant table or another grid than the plan's. */
    public static final class Mismatch extends PartException {
        private static final long serialVersionUID = 1L;

        /**
         * Creates the exception.
         *
         * @param problem what differs, naming the part
         */
        public Mismatch(String problem) {
            super(problem, "delete that part and write it again from this plan.");
        }
    }
}
