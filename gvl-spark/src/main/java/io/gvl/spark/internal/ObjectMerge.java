package io.gvl.spark.internal;

import io.gvl.format.DatasetLayout;
import io.gvl.write.spec.WritePlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;

/**
 * Joins the uploaded parts of a write into one dataset directory on the driver, for the merged output on a Hadoop
 * file system. The join reads every part wherever the merge runs (on a shared file system too, the driver reads
 * each part once and writes the dataset once), so the winning uploads are downloaded into the plan's local build
 * directory, merged there by the local merge ({@link WritePlan#merge()}), and the dataset's files are then uploaded
 * for the commit.
 */
final class ObjectMerge {
    private ObjectMerge() {
    }

    /**
     * Downloads the winners into {@code plan}'s build directory and merges them into {@code plan.dest()}.
     *
     * @param root the dataset root's URI, for messages
     * @param rootPrefix the prefix, relative to the root, that the dataset's files are uploaded under
     * @return the dataset's files, all local under {@code plan.dest()}
     * @throws io.gvl.format.PartException if a part is missing, or written for another grid or variant table
     */
    static ObjectShards.Layout lay(WritePlan plan, Map<String, UploadedPart> winners, FileSystem fs,
                                   org.apache.hadoop.fs.Path root, String rootPrefix) {
        Path parts = plan.staging().resolve(DatasetLayout.PARTS);
        List<Runnable> downloads = new ArrayList<>();
        try {
            for (UploadedPart w : winners.values()) {
                Path dir = Files.createDirectories(parts.resolve(w.part()));
                for (Map.Entry<String, byte[]> f : w.control().entrySet()) {
                    Files.write(dir.resolve(f.getKey()), f.getValue());
                }
                for (UploadedPart.File f : w.files()) {
                    downloads.add(() -> ObjectFiles.download(fs, new org.apache.hadoop.fs.Path(root, w.prefix() + "/"
                            + f.path()), f.bytes(), dir.resolve(f.path()), root.toString()));
                }
            }
            ObjectFiles.each(downloads, Runnable::run);
            plan.merge();
            Path dest = plan.dest();
            List<String> local;
            try (Stream<Path> all = Files.walk(dest)) {
                local = all.filter(Files::isRegularFile).map(p -> dest.relativize(p).toString().replace('\\', '/'))
                        .sorted().toList();
            }
            List<ObjectCommit.Entry> entries = new ArrayList<>();
            for (String f : local) {
                entries.add(new ObjectCommit.Entry(f, rootPrefix + "/" + f, Files.size(dest.resolve(f))));
            }
            entries.sort(Comparator.comparing(ObjectCommit.Entry::path));
            return new ObjectShards.Layout(dest, local, entries);
        } catch (IOException e) {
            throw new UncheckedIOException(plan.staging() + ": cannot merge the parts of " + root, e);
        }
    }
}
