/**
 * The engine room of writing: publishing a dataset by one atomic rename, writing and merging the parts of a plan,
 * sharded roots, concatenation and migration from format 1.x. Exported only to the gvl modules that write; users
 * reach it through {@code io.gvl.write.Gvl} and the command line.
 */
package io.gvl.format.build;
