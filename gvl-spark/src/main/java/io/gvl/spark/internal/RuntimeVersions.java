package io.gvl.spark.internal;

import io.gvl.spark.errors.GvlSparkVersionException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks, once per JVM, that the Spark and Apache Arrow on the class path are releases this module works with.
 * gvl-spark wraps gvl's off-heap batches in Spark's Arrow column vectors and gvl reads {@code .arrow} files with
 * Arrow itself, so both must be the Arrow Spark brings; a cluster on another Spark major release, an application
 * jar that adds a second Arrow, or an Arrow of another major release would otherwise fail later, deep in a task,
 * with a {@code NoSuchMethodError}. Minor differences are logged, not refused.
 */
public final class RuntimeVersions {
    private static final Logger LOG = LoggerFactory.getLogger(RuntimeVersions.class);
    private static final String ARROW_POM = "META-INF/maven/org.apache.arrow/arrow-vector/pom.properties";
    private static volatile boolean checked;

    /** The releases on this JVM's class path: Spark's, and every arrow-vector jar's by location. */
    record Found(String spark, String arrowLoaded, Map<String, String> arrowJars) {
    }

    private RuntimeVersions() {
    }

    /**
     * Throws when this JVM's Spark or Arrow does not fit the releases this module was built against.
     *
     * @throws GvlSparkVersionException naming the versions, the jars and the fix
     */
    public static void require() {
        if (checked) {
            return;
        }
        Properties built = built();
        String problem = problem(built.getProperty("spark"), built.getProperty("arrow"), found());
        if (problem != null) {
            throw new GvlSparkVersionException(problem);
        }
        checked = true;
    }

    /** The releases this JVM has loaded or can load. */
    static Found found() {
        String spark = org.apache.spark.SparkContext.class.getPackage().getImplementationVersion();
        String arrow = org.apache.arrow.vector.ValueVector.class.getPackage().getImplementationVersion();
        Map<String, String> jars = new TreeMap<>();
        try {
            ClassLoader loader = org.apache.arrow.vector.ValueVector.class.getClassLoader();
            for (URL url : Collections.list(loader.getResources(ARROW_POM))) {
                Properties p = new Properties();
                try (InputStream in = url.openStream()) {
                    p.load(in);
                }
                jars.put(jarOf(url), p.getProperty("version", "unknown"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the Arrow jars on the class path", e);
        }
        return new Found(spark, arrow, jars);
    }

    /**
     * What is wrong with {@code found} for a module built against Spark {@code builtSpark} and Arrow
     * {@code builtArrow}, or {@code null} when it fits (logging a WARN for a minor-release difference).
     */
    static String problem(String builtSpark, String builtArrow, Found found) {
        List<String> wrong = new ArrayList<>();
        if (found.spark() != null && !major(found.spark()).equals(major(builtSpark))) {
            wrong.add("this JVM runs Spark " + found.spark() + ", but gvl-spark is built for Spark " + builtSpark
                    + " (Spark " + major(builtSpark) + ".x). Fix: run on a Spark " + major(builtSpark)
                    + ".x cluster or session.");
        }
        if (found.arrowJars().values().stream().distinct().count() > 1) {
            StringBuilder jars = new StringBuilder();
            found.arrowJars().forEach((jar, v) -> jars.append(jars.isEmpty() ? "" : ", ").append(v).append(" in ")
                    .append(jar));
            wrong.add("two Apache Arrow releases are on the class path (" + jars + "). Fix: leave Arrow out of the"
                    + " application's jars (--jars, an uber-jar) so that Spark's own Arrow " + builtArrow
                    + " is the only one.");
        } else if (found.arrowLoaded() != null && !major(found.arrowLoaded()).equals(major(builtArrow))) {
            wrong.add("the Apache Arrow on the class path is " + found.arrowLoaded() + ", but gvl-spark is built"
                    + " for Arrow " + builtArrow + ". Fix: use the Spark release whose Arrow is " + major(builtArrow)
                    + ".x (Spark " + builtSpark + "), or put Arrow " + builtArrow + " first on the class path.");
        }
        if (!wrong.isEmpty()) {
            return "gvl-spark cannot run with this class path: " + String.join(" Also, ", wrong);
        }
        if (found.spark() == null) {
            LOG.warn("the Spark release on the class path has no version in its manifest; gvl-spark is built for"
                    + " Spark {}", builtSpark);
        } else if (!found.spark().equals(builtSpark) || found.arrowLoaded() != null
                && !found.arrowLoaded().equals(builtArrow)) {
            LOG.warn("gvl-spark is built for Spark {} and Arrow {}; this JVM has Spark {} and Arrow {}", builtSpark,
                    builtArrow, found.spark(), found.arrowLoaded());
        }
        return null;
    }

    private static String major(String version) {
        int dot = version.indexOf('.');
        return dot < 0 ? version : version.substring(0, dot);
    }

    /** The jar (or directory) a resource URL points into. */
    private static String jarOf(URL url) {
        String s = url.toString();
        int bang = s.indexOf("!/");
        return bang < 0 ? s : s.substring(0, bang).replaceFirst("^jar:", "");
    }

    private static Properties built() {
        Properties p = new Properties();
        try (InputStream in = RuntimeVersions.class.getResourceAsStream("built-versions.properties")) {
            if (in == null) {
                throw new IllegalStateException("gvl-spark's built-versions.properties is missing from its jar");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read gvl-spark's built-versions.properties", e);
        }
        return p;
    }
}
