package io.gvl.io.svar;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Svar2Writer#addCarriers} (carriers as a list) writes the bytes of {@link Svar2Writer#add} (carriers as one
 * byte per haplotype) for the same records: seeded random SNPs, short and long insertions and deletions over two
 * contigs, with carrier counts from none to every haplotype so that both the {@code var_key} and the dense route are
 * taken, and a store with fields refuses the list form.
 */
class Svar2CarrierListTest {
    @TempDir
    Path tmp;

    private record Rec(int position, int refLength, byte[] alt, int[] carriers) {
    }

    private static List<Rec> records(Random rnd, int haplotypes) {
        List<Rec> out = new ArrayList<>();
        int pos = rnd.nextInt(50);
        for (int i = 0; i < 400; i++) {
            pos += rnd.nextInt(3) == 0 ? 0 : 1 + rnd.nextInt(40);
            int kind = rnd.nextInt(4);
            int refLength = kind == 2 ? 2 + rnd.nextInt(30) : 1;
            String alt = switch (kind) {
                case 0, 2 -> String.valueOf("ACGT".charAt(rnd.nextInt(4)));
                case 1 -> "A" + "CGTA".repeat(2).substring(0, 1 + rnd.nextInt(5));
                default -> "G" + "ACGT".repeat(20).substring(0, 1 + rnd.nextInt(70)); // long ones go to the table
            };
            double share = switch (rnd.nextInt(4)) {
                case 0 -> 0;
                case 1 -> 0.002;
                case 2 -> 0.05;
                default -> rnd.nextDouble();
            };
            int[] carriers = new int[haplotypes];
            int n = 0;
            for (int h = 0; h < haplotypes; h++) {
                if (rnd.nextDouble() < share) {
                    carriers[n++] = h;
                }
            }
            out.add(new Rec(pos, refLength, alt.getBytes(StandardCharsets.US_ASCII), Arrays.copyOf(carriers, n)));
        }
        return out;
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {20261206L, 20261207L, 20261208L})
    void theListFormWritesTheBytesOfTheDenseForm(long seed) {
        Random rnd = new Random(seed);
        int samples = 1 + rnd.nextInt(700);
        List<String> names = new ArrayList<>();
        for (int s = 0; s < samples; s++) {
            names.add("s" + s);
        }
        int haplotypes = 2 * samples;
        List<List<Rec>> contigs = List.of(records(rnd, haplotypes), records(rnd, haplotypes));
        Path dense = tmp.resolve("dense.svar2");
        Path listed = tmp.resolve("listed.svar2");
        Svar2Writer.publish(dense, false, names, 2, List.of(), w -> {
            for (int c = 0; c < contigs.size(); c++) {
                w.beginContig("c" + c);
                byte[] row = new byte[haplotypes];
                for (Rec r : contigs.get(c)) {
                    Arrays.fill(row, (byte) 0);
                    for (int h : r.carriers()) {
                        row[h] = 1;
                    }
                    w.add(r.position(), r.refLength(), r.alt(), row, 0, null, null, 0);
                }
                w.endContig();
            }
        });
        Svar2Writer.publish(listed, false, names, 2, List.of(), w -> {
            for (int c = 0; c < contigs.size(); c++) {
                w.beginContig("c" + c);
                for (Rec r : contigs.get(c)) {
                    int[] padded = Arrays.copyOf(r.carriers(), r.carriers().length + 3);
                    w.addCarriers(r.position(), r.refLength(), r.alt(), padded, r.carriers().length);
                }
                w.endContig();
            }
        });
        Svar2WriterGoldenTest.assertSameStore(dense, listed);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {20261209L})
    void aStoreWithFieldsRefusesTheListForm(long seed) {
        Path store = tmp.resolve("fields.svar2");
        assertThrows(IllegalStateException.class, () -> Svar2Writer.publish(store, false, List.of("a"), 2,
                List.of(new Svar2Writer.Field("AF", Svar2Field.Category.INFO, Svar2Writer.Kind.FLOAT)), w -> {
                    w.beginContig("c");
                    w.addCarriers(10, 1, new byte[] {'A'}, new int[] {(int) (seed % 2)}, 1);
                }));
    }
}
