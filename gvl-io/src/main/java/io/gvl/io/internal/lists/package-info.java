/**
 * Growable primitive lists for the readers' hot paths: just the few operations they need, so gvl-io does not
 * depend on a 20 MB collections library for four classes.
 */
package io.gvl.io.internal.lists;
