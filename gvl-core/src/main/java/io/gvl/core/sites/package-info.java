/**
 * Sites-only variants (e.g. ClinVar SNPs) applied to fixed-length dataset haplotypes, GVL's
 * {@code DatasetWithSites}: {@link io.gvl.core.sites.Sites} reads or builds the site table,
 * {@link io.gvl.core.sites.DatasetWithSites} pairs regions with sites and returns wild-type and mutated annotated
 * haplotypes with a {@link io.gvl.core.sites.SiteFlag} per haplotype.
 */
package io.gvl.core.sites;
