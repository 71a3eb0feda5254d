/**
 * Sites-only variants (e.g. ClinVar SNPs) applied to fixed-length dataset haplotypes, GVL's
 * {@code DatasetWithSites}: {@link io.gvl.dataset.sites.Sites} reads or builds the site table,
 * {@link io.gvl.dataset.sites.DatasetWithSites} pairs regions with sites and returns wild-type and mutated annotated
 * haplotypes with a {@link io.gvl.dataset.sites.SiteFlag} per haplotype.
 */
package io.gvl.dataset.sites;
