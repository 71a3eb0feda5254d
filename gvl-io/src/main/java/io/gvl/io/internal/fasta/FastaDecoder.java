package io.gvl.io.internal.fasta;

import io.gvl.io.InputFormatException;
import io.gvl.io.internal.Inputs;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Streams a FASTA (plain, gzip or BGZF) once, writing every contig's bases uppercased and back to back to a
 * channel, and returns the {@code .fai} entries it saw. A sequential pass needs neither {@code .fai} nor
 * {@code .gzi}, and it checks the samtools layout rule on the way: within a contig, every line but the last
 * has the same number of bases. Uppercasing is ASCII {@code a-z -> A-Z}, like GVL's {@code str.upper()}.
 */
public final class FastaDecoder {
    private static final int CHUNK = 1 << 20;

    private final Path file;
    private final WritableByteChannel out;
    private final ByteBuffer outBuf = ByteBuffer.allocate(4 << 20);
    private final List<FaiEntry> entries = new ArrayList<>();
    private final Set<String> names = new HashSet<>();
    private final ByteArrayOutputStream header = new ByteArrayOutputStream();

    private String contig;
    private long seqLen;
    private long firstOffset;
    private int lineBases;
    private int lineWidth;
    private long shortLine;
    private long blankLine;

    private long lineNo = 1;
    private long lineStart;
    private boolean inHeader;
    private boolean nameDone;
    private int basesInLine;
    private int crInLine;

    private FastaDecoder(Path file, WritableByteChannel out) {
        this.file = file;
        this.out = out;
    }

    /** Decodes {@code file} into {@code out}; returns the contigs in file order. */
    public static List<FaiEntry> decode(Path file, WritableByteChannel out) {
        FastaDecoder d = new FastaDecoder(file, out);
        try (InputStream in = Inputs.openDecompressed(file)) {
            d.run(in);
        } catch (InputFormatException | CacheWriteException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new InputFormatException(file, "near line " + d.lineNo,
                    "the compressed stream is truncated or corrupt (" + e + ").",
                    "re-download the file or recompress it with `bgzip` and re-run `samtools faidx`.", e);
        }
        return d.entries;
    }

    private void run(InputStream in) throws IOException {
        byte[] buf = new byte[CHUNK];
        long base = 0;
        boolean atLineStart = true;
        int n;
        while ((n = in.read(buf)) > 0) {
            int i = 0;
            while (i < n) {
                if (atLineStart) {
                    atLineStart = false;
                    lineStart = base + i;
                    basesInLine = 0;
                    crInLine = 0;
                    inHeader = buf[i] == '>';
                    if (inHeader) {
                        header.reset();
                        nameDone = false;
                        i++;
                        continue;
                    }
                }
                int j = inHeader ? scanHeader(buf, i, n) : scanSequence(buf, i, n);
                if (j < n) { // buf[j] is '\n'
                    endLine(basesInLine + crInLine + 1, true);
                    atLineStart = true;
                    i = j + 1;
                } else {
                    i = n;
                }
            }
            base += n;
        }
        if (!atLineStart) {
            endLine(basesInLine + crInLine, false);
        }
        finishContig();
        flush();
    }

    private int scanHeader(byte[] buf, int from, int n) {
        int j = from;
        for (; j < n && buf[j] != '\n'; j++) {
            byte b = buf[j];
            if (nameDone) {
                continue;
            }
            if (b == ' ' || b == '\t' || b == '\r') {
                nameDone = true;
            } else {
                header.write(b);
            }
        }
        return j;
    }

    private int scanSequence(byte[] buf, int from, int n) throws IOException {
        int j = from;
        for (; j < n; j++) {
            byte b = buf[j];
            if (b == '\n') {
                break;
            }
            if (b == '\r') {
                crInLine++;
                continue;
            }
            if (!outBuf.hasRemaining()) {
                flush();
            }
            outBuf.put(b >= 'a' && b <= 'z' ? (byte) (b - 32) : b);
            basesInLine++;
        }
        return j;
    }

    /** Ends a line of {@code width} bytes; {@code terminated} is false for a last line without a newline. */
    private void endLine(int width, boolean terminated) {
        if (inHeader) {
            startContig();
        } else {
            endSequenceLine(width, terminated);
        }
        lineNo++;
    }

    private void startContig() {
        finishContig();
        String name = header.toString(StandardCharsets.UTF_8);
        if (name.isEmpty()) {
            throw error(lineNo, "the header line has no sequence name.", "give every '>' line a name.");
        }
        if (!names.add(name)) {
            throw error(lineNo, "contig '" + name + "' appears twice.", "rename or remove the duplicate contig.");
        }
        contig = name;
        seqLen = 0;
        firstOffset = -1;
        lineBases = -1;
        lineWidth = -1;
        shortLine = -1;
        blankLine = -1;
    }

    private void endSequenceLine(int width, boolean terminated) {
        int bases = basesInLine;
        if (contig == null) {
            if (bases == 0) {
                return;
            }
            throw error(lineNo, "sequence found before the first '>' header.", "add a '>name' header line.");
        }
        if (bases == 0) {
            if (blankLine < 0) {
                blankLine = lineNo;
            }
            return;
        }
        if (blankLine >= 0) {
            throw error(blankLine, "blank line inside contig '" + contig + "'.",
                    "remove blank lines, e.g. `seqkit seq -w 60` or `samtools faidx` after reformatting.");
        }
        if (lineBases < 0) {
            lineBases = bases;
            lineWidth = terminated ? width : width + 1; // as if the missing newline were there, like samtools
            firstOffset = lineStart;
        } else {
            if (shortLine >= 0) {
                throw inconsistent(shortLine);
            }
            // a last line without a newline has no terminator to compare, only its bases
            if (bases > lineBases || (terminated && width - bases != lineWidth - lineBases)) {
                throw inconsistent(lineNo);
            }
            if (bases < lineBases) {
                shortLine = lineNo;
            }
        }
        seqLen += bases;
    }

    private InputFormatException inconsistent(long line) {
        return error(line, "inconsistent line length in contig '" + contig + "': every line but the last must hold "
                + lineBases + " bases (line width " + lineWidth + ").",
                "rewrap the FASTA with equal line lengths, e.g. `seqkit seq -w 60 in.fa > out.fa`.");
    }

    private void finishContig() {
        if (contig == null) {
            return;
        }
        long offset = firstOffset >= 0 ? firstOffset : lineStart;
        entries.add(new FaiEntry(contig, seqLen, offset, Math.max(lineBases, 0), Math.max(lineWidth, 0)));
        contig = null;
    }

    private void flush() throws IOException {
        outBuf.flip();
        try {
            while (outBuf.hasRemaining()) {
                out.write(outBuf);
            }
        } catch (IOException e) {
            throw new CacheWriteException(file, e);
        }
        outBuf.clear();
    }

    /** A failure to write the cache, kept apart from read failures, which are the input's fault. */
    private static final class CacheWriteException extends UncheckedIOException {
        private static final long serialVersionUID = 1L;

        CacheWriteException(Path fasta, IOException cause) {
            super("cannot write the decoded bases of " + fasta + " (" + cause.getMessage() + ")", cause);
        }
    }

    private InputFormatException error(long line, String problem, String fix) {
        return new InputFormatException(file, "line " + line, problem, fix);
    }
}
