/**
 * The end-to-end benchmark harness behind {@code ./gvl bench}: suites of cells (region length x batch size x
 * mode) measured with one protocol, each next to {@code System.arraycopy} of the same bytes in the same run,
 * plus peer tools where one exists; results as CSV, JSON lines and PNG plots. Also the bundled demo data
 * ({@link io.gvl.demo.DemoData}, module gvl-demo) that {@code ./gvl demo} and the suites run on.
 */
package io.gvl.bench.harness;
