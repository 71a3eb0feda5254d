package io.gvl.format;

/**
 * The JVM was started without an option gvl cannot work without. Raised at the first dataset open or write,
 * before any file is touched, so a good dataset is never blamed for a launcher problem; the message names the
 * exact option for the class path and for the module path.
 */
public final class MissingJvmOptionException extends GvlException {
    private static final long serialVersionUID = 1L;

    /** The missing option in the form that fits how gvl was loaded (class path or module path). */
    private final String option;

    /**
     * Creates the exception.
     *
     * @param option the missing option, as it should be added to the {@code java} command line
     * @param message what is missing and how to start the JVM instead
     */
    public MissingJvmOptionException(String option, String message) {
        super(message);
        this.option = option;
    }

    /**
     * The option to add to the {@code java} command line, in the form that fits how gvl was loaded.
     *
     * @return for example {@code --add-opens=java.base/java.nio=ALL-UNNAMED}
     */
    public String option() {
        return option;
    }
}
