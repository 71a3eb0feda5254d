package io.gvl.io.internal.pgen;

/**
 * The working memory of one read: the current record's bytes, its per-sample call codes, and the call codes of
 * the last LD base decoded (so a run of LD-compressed records decodes its base once). One scratch belongs to one
 * thread at a time; readers on several threads each use their own.
 */
public final class DecodeScratch {
    final RecordCursor cursor = new RecordCursor();
    final byte[] calls;
    final byte[] baseCalls;
    final float[] dosages;
    final int[] ids;
    /** The 2-bit categories of the sample list being read, beside its sample indexes in {@link #ids}. */
    final byte[] cats;
    byte[] record = new byte[64];
    int baseVariant = -1;

    public DecodeScratch(int samples) {
        calls = new byte[samples];
        baseCalls = new byte[samples];
        dosages = new float[samples];
        ids = new int[samples];
        cats = new byte[samples];
    }

    /** Per-sample call codes of the last {@link RecordDecoder#decodeCalls} ({@link CallCodes}). */
    public byte[] calls() {
        return calls;
    }

    /** Per-sample ALT dosages of the last {@link RecordDecoder#decodeDosages} call. */
    public float[] dosages() {
        return dosages;
    }
}
