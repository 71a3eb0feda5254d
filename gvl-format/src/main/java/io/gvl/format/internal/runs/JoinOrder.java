package io.gvl.format.internal.runs;

/**
 * Where each position of the joined axis comes from: input {@code source[i]}, position {@code within[i]} of that
 * input's own axis. Every stored axis is sorted (regions naturally, samples by code point), so the joined axis is
 * the sorted union and each input's positions appear in their own order.
 *
 * @param source the input of each joined position
 * @param within the position inside that input
 */
public record JoinOrder(int[] source, int[] within) {

    /**
     * The order from the input of each joined position alone, numbering each input's positions as they come.
     *
     * @param source the input of each joined position
     * @param nInputs the number of inputs
     * @return the order
     */
    public static JoinOrder fromSources(int[] source, int nInputs) {
        int[] next = new int[nInputs];
        int[] within = new int[source.length];
        for (int i = 0; i < source.length; i++) {
            within[i] = next[source[i]]++;
        }
        return new JoinOrder(source, within);
    }

    /** The length of the joined axis. */
    public int size() {
        return source.length;
    }
}
