package io.gvl.spark.internal;

import io.gvl.dataset.Dataset;
import io.gvl.dataset.Region;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.spark.errors.GvlOptionException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the driver learns from opening the dataset once: its shape, sample names (sorted, as stored), region
 * coordinates and the columns this read has. Checking the options against it here turns an unknown sample or track
 * into an error at {@code load()}, not a failed task.
 *
 * @param options the parsed options
 * @param seqs the effective sequence kind ({@link SeqKind#NONE} when there is no sequence column)
 * @param tracks the track columns, in column order
 * @param samples every sample name of the dataset, in dataset (sorted) order
 * @param selectedSamples indices of the samples the {@code samples} option keeps, ascending
 * @param ploidy haplotypes per sample (1 for a dataset without genotypes)
 * @param hasGenotypes whether variant columns carry stored variants
 * @param chrom contig of each region, in the dataset's region (input) order
 * @param start 0-based start of each region
 * @param end exclusive end of each region
 * @param location where the dataset is: a local path, or a committed root on a Hadoop file system
 */
public record DatasetInfo(ReadOptions options, SeqKind seqs, List<String> tracks, List<String> samples,
                          int[] selectedSamples, int ploidy, boolean hasGenotypes, String[] chrom, int[] start,
                          int[] end, DatasetLocation location) implements Serializable {

    /**
     * Opens the dataset of {@code options} and checks the options against it.
     *
     * @param options the parsed options
     * @return what the scan plans with
     * @throws GvlOptionException if the dataset cannot be opened, or an option names what it does not have
     * @throws io.gvl.spark.errors.GvlStorageException if a root on a Hadoop file system has no commit or cannot be
     *     downloaded
     */
    public static DatasetInfo resolve(ReadOptions options) {
        DatasetLocation location = DatasetLocation.resolve(options);
        Path dir = location.local();
        if (!Files.isDirectory(dir)) {
            throw new GvlOptionException("option path = '" + options.path() + "' is not a dataset directory: give"
                    + " the directory a gvl write produced (it holds metadata.json)");
        }
        try (Dataset ds = Dataset.open(dir)) {
            SeqKind seqs = options.seqs() != null ? options.seqs()
                    : ds.hasGenotypes() ? SeqKind.HAPLOTYPES : SeqKind.REFERENCE;
            if (seqs == SeqKind.HAPLOTYPES && !ds.hasGenotypes()) {
                throw new GvlOptionException("option seqs = haplotypes, but dataset " + dir + " has no genotypes:"
                        + " use .option(\"seqs\", \"reference\") or \"none\"");
            }
            if (seqs != SeqKind.NONE && options.reference() == null) {
                throw new GvlOptionException("dataset " + dir + ": the sequence column needs the reference FASTA the"
                        + " dataset was written against: add .option(\"reference\", \"/path/to/genome.fa\"), or"
                        + " .option(\"seqs\", \"none\") for a read without sequences");
            }
            if (options.reference() != null && !Files.isRegularFile(Path.of(options.reference()))) {
                throw new GvlOptionException("option reference = '" + options.reference() + "' for dataset " + dir
                        + " is not a file: give the FASTA the dataset was written against");
            }
            List<String> tracks = options.tracks() == null ? ds.availableTracks() : options.tracks();
            for (String t : tracks) {
                if (!ds.availableTracks().contains(t)) {
                    throw new GvlOptionException("option tracks names '" + t + "', which dataset " + dir
                            + " does not have; its tracks are " + ds.availableTracks());
                }
            }
            if (tracks.stream().distinct().count() != tracks.size()) {
                throw new GvlOptionException("option tracks repeats a name: " + tracks + " (dataset " + dir + ")");
            }
            List<String> samples = ds.samples();
            int[] selected = options.samples() == null ? java.util.stream.IntStream.range(0, samples.size()).toArray()
                    : selectSamples(dir, samples, options.samples());
            List<Region> regions = ds.regions();
            String[] chrom = new String[regions.size()];
            int[] start = new int[regions.size()];
            int[] end = new int[regions.size()];
            for (int i = 0; i < chrom.length; i++) {
                chrom[i] = regions.get(i).chrom();
                start[i] = regions.get(i).start();
                end[i] = regions.get(i).end();
            }
            return new DatasetInfo(options, seqs, List.copyOf(tracks), List.copyOf(samples), selected,
                    ds.ploidy().orElse(1), ds.hasGenotypes(), chrom, start, end, location);
        } catch (GvlOptionException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new GvlOptionException("option path = '" + options.path() + "' cannot be opened as a gvl dataset: "
                    + e.getMessage(), e);
        }
    }

    private static int[] selectSamples(Path dir, List<String> samples, List<String> wanted) {
        List<Integer> out = new ArrayList<>();
        for (String name : wanted) {
            int i = SampleNames.indexOf(samples, name);
            if (i < 0) {
                throw new GvlOptionException("option samples names '" + name + "', which is not a sample of dataset "
                        + dir + " (" + samples.size() + " samples, e.g. " + samples.subList(0,
                        Math.min(3, samples.size())) + ")");
            }
            out.add(i);
        }
        return out.stream().mapToInt(Integer::intValue).distinct().sorted().toArray();
    }

    /**
     * Regions of the dataset.
     *
     * @return the region count
     */
    public int regionCount() {
        return chrom.length;
    }
}
