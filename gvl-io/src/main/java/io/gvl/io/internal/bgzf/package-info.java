/** Reading BGZF (blocked gzip, as written by bgzip and htslib): sequential streams and virtual-offset seeks. */
package io.gvl.io.internal.bgzf;
