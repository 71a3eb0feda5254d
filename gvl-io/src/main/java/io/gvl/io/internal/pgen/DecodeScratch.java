package io.gvl.io.internal.pgen;

/**
 * The working memory of one read: the current record's bytes, its per-sample call codes (dense decode) or its list
 * of non-hom-REF calls (sparse decode), and what each decode keeps of the last LD base it met, so a run of
 * LD-compressed records decodes its base once. Both caches are keyed by the base's variant index, so dense and sparse
 * decodes may alternate on one scratch. One scratch belongs to one thread at a time; readers on several threads each
 * use their own.
 */
public final class DecodeScratch {
    final RecordCursor cursor = new RecordCursor();
    final byte[] calls;
    final byte[] baseCalls;
    final float[] dosages;
    final int[] ids;
    /** The 2-bit categories of the sample list being read, beside its sample indexes in {@link #ids}. */
    final byte[] cats;
    final CallList sparse = new CallList();
    /** The difflist of the sparse decode's last LD base, as stored. */
    final CallList sparseBase = new CallList();
    byte[] record = new byte[64];
    int baseVariant = -1;
    int sparseBaseVariant = -1;

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

    /** The non-hom-REF calls of the last {@link RecordDecoder#decodeSparse} that returned {@code true}. */
    public CallList sparse() {
        return sparse;
    }

    /** Per-sample ALT dosages of the last {@link RecordDecoder#decodeDosages} call. */
    public float[] dosages() {
        return dosages;
    }
}
