/**
 * Implementation of the write pipeline: region preparation, sample resolution, GVL's variant selection with the
 * extend-to-length walk, chunked parallel execution with ordered output, track extraction and atomic update.
 */
package io.gvl.write.internal;
