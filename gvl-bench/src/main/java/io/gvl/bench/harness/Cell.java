package io.gvl.bench.harness;

/**
 * One point of a suite's grid: output region length (bp), batch size (instances per call) and mode (e.g.
 * serial or parallel kernels, the loader's buffering mode).
 */
public record Cell(String suite, int length, int batch, String mode) {
    /** A stable, readable cell name: {@code len=16384,batch=64,mode=serial}. */
    public String id() {
        return "len=" + length + ",batch=" + batch + ",mode=" + mode;
    }
}
