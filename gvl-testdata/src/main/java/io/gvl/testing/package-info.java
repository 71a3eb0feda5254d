/**
 * Fixtures shared by the tests of several modules: synthetic datasets written with gvl-format alone, FASTA text
 * from oracle tools, and directory copies. They live in a normal (unpublished) module rather than in a test jar,
 * so every build, including one that skips compiling tests, resolves them from the reactor.
 */
package io.gvl.testing;
