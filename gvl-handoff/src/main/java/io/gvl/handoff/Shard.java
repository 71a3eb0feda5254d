package io.gvl.handoff;

/**
 * Which batches of each epoch one producer sends when several consumers (e.g. PyTorch data-loader workers) split an
 * epoch between them: batch {@code b} belongs to shard {@code b % count}. Every shard computes the same epoch order,
 * so the shards of one run together send each batch exactly once.
 *
 * @param index this producer's shard, in {@code [0, count)}
 * @param count how many shards split each epoch, {@code >= 1}
 */
public record Shard(int index, int count) {
    /** The whole epoch: one producer sends every batch. */
    public static final Shard ALL = new Shard(0, 1);

    /**
     * Checks the bounds.
     *
     * @throws IllegalArgumentException if {@code count < 1} or {@code index} is outside {@code [0, count)}
     */
    public Shard {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("a shard is I/N with 0 <= I < N, got " + index + "/" + count);
        }
    }

    /**
     * Parses {@code I/N}, e.g. {@code 1/4}.
     *
     * @param text the shard as written on a command line
     * @return the shard
     * @throws IllegalArgumentException if {@code text} is not {@code I/N} with {@code 0 <= I < N}
     */
    public static Shard parse(String text) {
        int slash = text.indexOf('/');
        try {
            if (slash > 0) {
                return new Shard(Integer.parseInt(text.substring(0, slash).strip()),
                        Integer.parseInt(text.substring(slash + 1).strip()));
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("a shard is I/N with 0 <= I < N (e.g. 0/2), got '" + text + "'");
    }

    /**
     * Whether batch {@code batch} of an epoch belongs to this shard.
     *
     * @param batch the batch's index in its epoch
     * @return {@code batch % count == index}
     */
    public boolean owns(long batch) {
        return batch % count == index;
    }

    /**
     * How many of an epoch's {@code batches} belong to this shard.
     *
     * @param batches the batches in the whole epoch
     * @return the count of indices {@code b < batches} with {@code b % count == index}
     */
    public long batchesOf(long batches) {
        return batches <= index ? 0 : (batches - index - 1) / count + 1;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
