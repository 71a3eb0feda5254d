/** The reference genome as flat bytes, batch query windows, and N-padded reference fetch. */
package io.gvl.core.kernel.reference;
