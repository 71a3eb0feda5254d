package io.gvl.bench.harness;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import java.util.List;
import java.util.Locale;

/**
 * One output configuration named the same way on both sides of a GenVarLoader comparison: the sequence kind, the
 * active tracks and the output length ({@code length < 0} means ragged). {@link #apply} makes gvl's view of it and
 * {@link #json} GenVarLoader's ({@code with_seqs}, {@code with_tracks}, {@code with_len}).
 */
record PeerView(SeqKind seqs, List<String> tracks, int length) {

    PeerView {
        tracks = List.copyOf(tracks);
    }

    /** gvl's view of {@code base}. */
    Dataset apply(Dataset base) {
        // Order matters: a view must keep at least one output active at every step.
        Dataset v = tracks.isEmpty() ? base.withSeqs(seqs).withoutTracks() : base.withTracks(tracks).withSeqs(seqs);
        return v.withLen(length < 0 ? OutputLength.ragged() : OutputLength.fixed(length));
    }

    /** The same view as the Python peer's command field. */
    ObjectNode json(ObjectMapper mapper) {
        ObjectNode n = mapper.createObjectNode();
        n.put("seqs", seqs.name().toLowerCase(Locale.ROOT));
        tracks.forEach(n.putArray("tracks")::add);
        if (length < 0) {
            n.put("length", "ragged");
        } else {
            n.put("length", length);
        }
        return n;
    }
}
