#!/usr/bin/env python3
"""Simulate a biobank-density phased cohort with msprime and write it as gvl inputs.

Run through dev/make-cohort, which makes the venv (requirements.txt beside this file), runs this script and then
converts the VCF to BCF and PGEN. Outputs in --out:

  cohort.fa, cohort.fa.fai   one contig (--contig, --span bp) made of real GRCh37 chr20 bases (z.fa, tiled)
  cohort.vcf.gz              GT-only phased VCF, bgzipped, normalized and biallelic, REF = the FASTA's bases
  regions.bed                --regions regions of --region-length bp, evenly spread, sorted, non-overlapping
  cohort.json                parameters, versions, seeds and counts of what was written

Modes:
  --simulate-only            simulate and count sites, write nothing (to measure how sites grow with samples)
  --check DIR                validate a finished directory: files present, REF vs FASTA (bcftools norm -c e),
                             records sorted and non-overlapping, VCF vs PGEN haplotype by haplotype (pgenlib),
                             and print the allele-frequency spectrum

Memory: genotypes are written one site at a time (tskit's variant iterator), never as a samples x sites matrix.
"""

import argparse
import json
import math
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

# z.fa of shared/data: 1,000,000 bp of GRCh37 chr20, upper case, no N (see shared/data/README.md).
DEFAULT_REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "data" / "real" / "vg-1mb1kgp" / "z.fa"

RECOMBINATION_RATE = 1e-8  # per bp per generation: the human genome-wide average
MUTATION_RATE = 1.29e-8  # per bp per generation: the rate stdpopsim uses for HomSap (Tian et al. 2019)

INDEL_SHARE = 0.09  # share of biallelic sites made indels (about 9 % of short variants in human call sets)
DELETION_SHARE = 0.6  # deletions outnumber insertions among short indels
MAX_INDEL_LENGTH = 10
TRANSITION_SHARE = 2 / 3  # Ts/Tv of 2, as for human whole-genome SNVs

FASTA_LINE = 80
TRANSITION = {"A": "G", "G": "A", "C": "T", "T": "C"}
BASES = "ACGT"

OUTPUT_FILES = ["cohort.fa", "cohort.fa.fai", "cohort.vcf.gz", "cohort.vcf.gz.tbi", "cohort.bcf", "cohort.bcf.csi",
                "cohort.pgen", "cohort.pvar", "cohort.psam", "regions.bed", "cohort.json"]


# ---------------------------------------------------------------------------------------------------------------
# Demography and simulation


def european_demography():
    """A one-population version of the European branch of Tennessen et al. (2012), as in stdpopsim's
    HomSap/OutOfAfrica_2T12, without migration: ancestral size, African expansion, the out-of-Africa bottleneck,
    then slow and finally fast exponential growth. The fast recent growth (1.95 % per generation over the last
    205 generations, to about 500,000 individuals) is what makes rare variants dominate a large sample."""
    import msprime

    generation_years = 25
    t_african = 148_000 / generation_years  # ancestral population grows to the African size
    t_bottleneck = 51_000 / generation_years  # out-of-Africa bottleneck
    t_european = 23_000 / generation_years  # Europeans split from East Asians and start growing
    t_fast = 5_115 / generation_years  # accelerated growth starts
    n_ancestral, n_african, n_bottleneck, n_european0 = 7_310, 14_474, 1_861, 1_032
    r_slow, r_fast = 0.00307, 0.0195
    # Present size that reaches exactly n_european0 at t_european going back through both growth epochs.
    n_present = n_european0 * math.exp(r_slow * (t_european - t_fast)) * math.exp(r_fast * t_fast)

    demography = msprime.Demography()
    demography.add_population(name="EUR", initial_size=n_present, growth_rate=r_fast)
    # No initial_size: msprime carries the size reached at that time over, so the size is continuous.
    demography.add_population_parameters_change(time=t_fast, growth_rate=r_slow, population="EUR")
    demography.add_population_parameters_change(time=t_european, initial_size=n_bottleneck, growth_rate=0,
                                                population="EUR")
    demography.add_population_parameters_change(time=t_bottleneck, initial_size=n_african, population="EUR")
    demography.add_population_parameters_change(time=t_african, initial_size=n_ancestral, population="EUR")
    demography.sort_events()
    return demography


def derive_seeds(seed):
    """Three independent seeds (ancestry, mutations, alleles) from one, so --seed alone fixes the output."""
    state = np.random.SeedSequence(seed).generate_state(3)
    return [int(s) % (2**31 - 2) + 1 for s in state]  # msprime wants 1 .. 2^32-1


def simulate(samples, span, seed):
    """The tree sequence with mutations. The first 200 generations run as a discrete-time Wright-Fisher model:
    the coalescent is wrong when the sample is a sizeable share of the population, as at biobank scale (Bhaskar
    et al. 2014, Nelson et al. 2020); older history uses the much faster standard coalescent."""
    import msprime

    ancestry_seed, mutation_seed, _ = derive_seeds(seed)
    ts = msprime.sim_ancestry(
        samples={"EUR": samples}, demography=european_demography(), ploidy=2, sequence_length=span,
        recombination_rate=RECOMBINATION_RATE, discrete_genome=True, random_seed=ancestry_seed,
        model=[msprime.DiscreteTimeWrightFisher(duration=200), msprime.StandardCoalescent()])
    # Default model (JC69) on a discrete genome: a site may mutate twice, which gives a multiallelic site that
    # is written split into biallelic records, as bcftools norm -m -any would.
    return msprime.sim_mutations(ts, rate=MUTATION_RATE, random_seed=mutation_seed, discrete_genome=True)


def carrier_counts(ts):
    """What the VCF would hold, without decoding genotypes: haplotypes below each mutation (ALT calls) and the
    share of mutations under 1 % frequency. Used by --simulate-only to size a cohort before writing it; a
    mutation with another one below it (rare) is counted as if it had none."""
    haplotypes = 2 * ts.num_individuals
    alt_calls, rare, total = 0, 0, 0
    for tree in ts.trees():
        for site in tree.sites():
            for mutation in site.mutations:
                carriers = tree.num_samples(mutation.node)
                alt_calls += carriers
                rare += carriers < 0.01 * haplotypes
                total += 1
    return {"alt_calls": alt_calls, "share_af_lt_1pct": round(rare / max(1, total), 4)}


# ---------------------------------------------------------------------------------------------------------------
# Reference sequence and regions


def read_fasta_sequence(path):
    with open(path) as f:
        return "".join(line.strip() for line in f if not line.startswith(">")).upper()


def tiled_reference(reference, span):
    """The contig's sequence: the real bases of `reference`, repeated until `span` bp. Every base is real; the
    contig repeats itself every len(reference) bp, which nothing in gvl depends on."""
    seq = read_fasta_sequence(reference)
    if set(seq) - set(BASES):
        raise SystemExit(f"{reference}: only A, C, G and T are supported (REF and ALT are drawn from them)")
    return (seq * (span // len(seq) + 1))[:span]


def write_fasta(out, contig, seq):
    """cohort.fa with 80-column lines and its .fai (written here: samtools is not needed)."""
    header = f">{contig}\n"
    with open(out / "cohort.fa", "w") as f:
        f.write(header)
        for i in range(0, len(seq), FASTA_LINE):
            f.write(seq[i:i + FASTA_LINE] + "\n")
    with open(out / "cohort.fa.fai", "w") as f:
        f.write(f"{contig}\t{len(seq)}\t{len(header)}\t{FASTA_LINE}\t{FASTA_LINE + 1}\n")


def write_regions(out, contig, span, count, length):
    """`count` regions of `length` bp, each centred in its 1/count slice of the contig: sorted, non-overlapping,
    spread over the whole span. 0-based half-open, 6 columns like the demo's regions.bed."""
    slot = span // count
    if slot < length:
        raise SystemExit(f"{count} regions of {length} bp do not fit in {span} bp without overlap")
    with open(out / "regions.bed", "w") as f:
        for i in range(count):
            start = i * slot + (slot - length) // 2
            f.write(f"{contig}\t{start}\t{start + length}\tr{i}\t0\t+\n")


# ---------------------------------------------------------------------------------------------------------------
# Alleles: real REF bases, seeded ALT bases and indels


class AlleleMaker:
    """Turns an msprime site into VCF alleles on the real sequence. msprime's own allele labels are ignored: they
    only say which haplotypes carry which derived allele. REF is always the FASTA's base(s) at the site."""

    def __init__(self, seq, seed):
        self.seq = seq
        self.rng = np.random.default_rng(seed)
        lengths = np.arange(1, MAX_INDEL_LENGTH + 1)
        weights = lengths ** -1.5  # about half of short indels are 1 bp, as in human call sets
        self.indel_lengths = lengths
        self.indel_weights = weights / weights.sum()
        self.counts = {"snv": 0, "deletion": 0, "insertion": 0, "deletion_to_insertion": 0}

    def snv_alts(self, pos, n):
        """n distinct ALT bases for one site: the first a transition with probability TRANSITION_SHARE."""
        ref = self.seq[pos]
        others = [b for b in BASES if b != ref]
        if self.rng.random() < TRANSITION_SHARE:
            first = TRANSITION[ref]
        else:
            transversions = [b for b in others if b != TRANSITION[ref]]
            first = transversions[self.rng.integers(2)]
        rest = [b for b in others if b != first]
        self.rng.shuffle(rest)
        self.counts["snv"] += n
        return [first] + rest[:n - 1]

    def deletion(self, pos, next_pos, tries=3):
        """REF = anchor + deleted real bases, ALT = anchor. A length is redrawn (up to `tries` times) when the
        deletion would reach the next site or could be shifted left (anchor base == last deleted base: the VCF
        must already be left-aligned, and about a quarter of lengths fail that); None if all fail."""
        for _ in range(tries):
            length = int(self.rng.choice(self.indel_lengths, p=self.indel_weights))
            end = pos + length  # last deleted base, 0-based
            if end < len(self.seq) and end < next_pos and self.seq[pos] != self.seq[end]:
                self.counts["deletion"] += 1
                return self.seq[pos:end + 1], self.seq[pos]
        return None

    def insertion(self, pos):
        """REF = anchor, ALT = anchor + random bases whose last base differs from the anchor, so that it cannot
        be shifted left either."""
        length = int(self.rng.choice(self.indel_lengths, p=self.indel_weights))
        anchor = self.seq[pos]
        inserted = [BASES[i] for i in self.rng.integers(4, size=length)]
        if inserted[-1] == anchor:
            inserted[-1] = [b for b in BASES if b != anchor][self.rng.integers(3)]
        self.counts["insertion"] += 1
        return anchor, anchor + "".join(inserted)

    def alleles(self, pos, derived, next_pos):
        """[(REF, ALT)] for a site with `derived` derived alleles, one pair per biallelic record."""
        if derived == 1 and self.rng.random() < INDEL_SHARE:
            if self.rng.random() < DELETION_SHARE:
                pair = self.deletion(pos, next_pos)
                if pair is not None:
                    return [pair]
                self.counts["deletion_to_insertion"] += 1
            return [self.insertion(pos)]
        ref = self.seq[pos]
        return [(ref, alt) for alt in self.snv_alts(pos, derived)]


# ---------------------------------------------------------------------------------------------------------------
# VCF writing


class GenotypeFormatter:
    """Formats one record's phased GT columns ("0|1", tab-separated, newline-ended) from a haplotype vector with
    numpy, into a buffer reused for every record: 4 bytes per sample, so 100,000 samples cost 400 kB whatever the
    number of sites."""

    def __init__(self, samples):
        self.buf = np.empty(4 * samples, dtype=np.uint8)
        self.buf[1::4] = ord("|")
        self.buf[3::4] = ord("\t")
        self.buf[-1] = ord("\n")

    def format(self, carries):
        """carries: bool per haplotype (2 per sample, in sample order), True where the ALT is carried."""
        self.buf[0::4] = carries[0::2]
        self.buf[2::4] = carries[1::2]
        self.buf[0::4] += ord("0")
        self.buf[2::4] += ord("0")
        return self.buf


def vcf_header(contig, span, sample_names, source):
    lines = [
        "##fileformat=VCFv4.2",
        '##FILTER=<ID=PASS,Description="All filters passed">',
        f"##source={source}",
        "##reference=cohort.fa",
        f"##contig=<ID={contig},length={span}>",
        '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
        "\t".join(["#CHROM", "POS", "ID", "REF", "ALT", "QUAL", "FILTER", "INFO", "FORMAT"] + sample_names),
    ]
    return ("\n".join(lines) + "\n").encode()


def sample_names(samples):
    width = max(6, len(str(samples - 1)))
    return [f"S{i:0{width}d}" for i in range(samples)]


def write_vcf(ts, seq, contig, allele_seed, path, bgzip_threads, source):
    """Streams the records site by site into `bgzip`. Returns counts for the manifest."""
    samples = ts.num_individuals
    positions = ts.tables.sites.position.astype(np.int64)
    maker = AlleleMaker(seq, allele_seed)
    formatter = GenotypeFormatter(samples)
    stats = {"sites": int(ts.num_sites), "records": 0, "multiallelic_sites": 0, "dropped_absent_alleles": 0}
    af_bins = np.zeros(4, dtype=np.int64)  # records with AF < 0.1 %, < 1 %, < 5 %, >= 5 %
    started = time.monotonic()
    with open(path, "wb") as raw:
        bgzip = subprocess.Popen(["bgzip", "-@", str(bgzip_threads), "-c"], stdin=subprocess.PIPE, stdout=raw)
        out = bgzip.stdin
        out.write(vcf_header(contig, len(seq), sample_names(samples), source))
        for i, variant in enumerate(ts.variants()):
            pos = int(positions[i])
            next_pos = int(positions[i + 1]) if i + 1 < len(positions) else len(seq)
            genotypes = variant.genotypes
            counts = np.bincount(genotypes, minlength=len(variant.alleles))
            # A back mutation can leave a derived allele with no carrier: it is not a variant.
            present = [a for a in range(1, len(variant.alleles)) if counts[a] > 0]
            stats["dropped_absent_alleles"] += len(variant.alleles) - 1 - len(present)
            if not present:
                continue
            if len(present) > 1:
                stats["multiallelic_sites"] += 1
            for allele, (ref, alt) in zip(present, maker.alleles(pos, len(present), next_pos)):
                out.write(f"{contig}\t{pos + 1}\t.\t{ref}\t{alt}\t.\t.\t.\tGT\t".encode())
                out.write(formatter.format(genotypes == allele))
                af = counts[allele] / (2 * samples)
                af_bins[np.searchsorted([0.001, 0.01, 0.05], af, side="right")] += 1
                stats["records"] += 1
            if (i + 1) % 20_000 == 0:
                log(f"  {i + 1:,}/{ts.num_sites:,} sites, {time.monotonic() - started:.0f} s")
        out.close()
        if bgzip.wait() != 0:
            raise SystemExit("bgzip failed")
    stats.update(maker.counts)
    stats["records_af_lt_0.1pct"], stats["records_af_lt_1pct"], stats["records_af_lt_5pct"], stats[
        "records_af_ge_5pct"] = (int(x) for x in af_bins)
    stats["share_af_lt_1pct"] = round(float(af_bins[:2].sum()) / max(1, stats["records"]), 4)
    return stats


# ---------------------------------------------------------------------------------------------------------------
# Check mode


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def check_files(out):
    missing = [f for f in OUTPUT_FILES if not (out / f).is_file() or (out / f).stat().st_size == 0]
    if missing:
        raise SystemExit(f"check: missing or empty in {out}: {', '.join(missing)}")
    print(f"check: all {len(OUTPUT_FILES)} files present")


def check_ref_and_normalization(out):
    """bcftools norm -c e stops at the first REF that differs from the FASTA; its summary line must also say that
    nothing was split (biallelic) or realigned (left-aligned and parsimonious)."""
    view = subprocess.Popen(["bcftools", "view", "-G", "-Ou", str(out / "cohort.vcf.gz")], stdout=subprocess.PIPE)
    norm = subprocess.run(["bcftools", "norm", "-c", "e", "-f", str(out / "cohort.fa"), "-m", "-any", "-Ou",
                           "-o", "/dev/null"], stdin=view.stdout, capture_output=True, text=True)
    view.stdout.close()
    if view.wait() != 0 or norm.returncode != 0:
        raise SystemExit(f"check: bcftools norm -c e failed (REF differs from the FASTA?):\n{norm.stderr}")
    summary = norm.stderr.strip().splitlines()[-1]  # Lines   total/split/realigned/skipped:	N/0/0/0
    total, split, realigned, skipped = (int(x) for x in summary.split()[-1].split("/"))
    if (split, realigned, skipped) != (0, 0, 0):
        raise SystemExit(f"check: not normalized: {summary}")
    print(f"check: REF matches cohort.fa; bcftools norm: {total:,} records, none split, realigned or skipped")
    return total


def check_layout(out, records):
    """Sorted by position, and no record's REF reaches the next position (split multiallelic SNVs share one)."""
    query = run(["bcftools", "query", "-f", "%POS\t%REF\n", str(out / "cohort.bcf")], capture_output=True,
                text=True).stdout.split("\n")
    rows = [line.split("\t") for line in query if line]
    if len(rows) != records:
        raise SystemExit(f"check: cohort.bcf has {len(rows):,} records, cohort.vcf.gz {records:,}")
    last_pos, last_end = 0, 0
    for pos_text, ref in rows:
        pos = int(pos_text)
        same_site = pos == last_pos and len(ref) == 1 and last_end == pos
        if pos < last_pos or (pos <= last_end and not same_site):
            raise SystemExit(f"check: record at {pos} overlaps or precedes the one before (ending at {last_end})")
        last_pos, last_end = pos, pos + len(ref) - 1
    with open(out / "regions.bed") as f:
        regions = [line.split("\t") for line in f]
    ends = [(int(r[1]), int(r[2])) for r in regions]
    if any(s >= e for s, e in ends) or any(ends[i][1] > ends[i + 1][0] for i in range(len(ends) - 1)):
        raise SystemExit("check: regions.bed is not sorted and non-overlapping")
    print(f"check: BCF has the same {records:,} records, sorted, no overlapping REF; {len(ends)} regions sorted")


def vcf_records(path):
    """(POS, REF, ALT, GT bytes) per record, decompressed by bgzip in another process."""
    proc = subprocess.Popen(["bgzip", "-dc", str(path)], stdout=subprocess.PIPE, bufsize=1 << 20)
    samples = None
    for line in proc.stdout:
        if line.startswith(b"##"):
            continue
        fields = line.rstrip(b"\n").split(b"\t", 9)
        if line.startswith(b"#"):
            samples = fields[9].decode().split("\t")
            yield samples
            continue
        yield int(fields[1]), fields[3].decode(), fields[4].decode(), fields[9]
    if proc.wait() != 0:
        raise SystemExit(f"check: bgzip -dc {path} failed")


def pvar_records(path):
    with open(path) as f:
        for line in f:
            if not line.startswith("#"):
                fields = line.split("\t")
                yield int(fields[1]), fields[3], fields[4].rstrip("\n")


def check_vcf_vs_pgen(out):
    """Every haplotype of every record equal in cohort.vcf.gz and cohort.pgen (read with pgenlib), the same
    records in the same order and every PGEN het phased. Returns the ALT counts for the spectrum."""
    import pgenlib

    records = vcf_records(out / "cohort.vcf.gz")
    names = next(records)
    with open(out / "cohort.psam") as f:
        psam = [line.rstrip("\n").split("\t")[0] for line in f if not line.startswith("#")]
    if psam != names:
        raise SystemExit("check: cohort.psam does not list the VCF's samples in its order")
    n = len(names)
    reader = pgenlib.PgenReader(str(out / "cohort.pgen").encode())
    if reader.get_raw_sample_ct() != n:
        raise SystemExit(f"check: cohort.pgen has {reader.get_raw_sample_ct()} samples, the VCF {n}")
    alleles = np.empty(2 * n, dtype=np.int32)
    phased = np.empty(n, dtype=np.uint8)
    alt_counts = []
    pvar = pvar_records(out / "cohort.pvar")
    for v, (pos, ref, alt, gt) in enumerate(records):
        if next(pvar, None) != (pos, ref, alt):
            raise SystemExit(f"check: record {v} ({pos} {ref} {alt}) differs in cohort.pvar")
        cells = np.frombuffer(gt, dtype=np.uint8)
        if len(cells) != 4 * n - 1 or not (cells[1::4] == ord("|")).all():
            raise SystemExit(f"check: record {v} at {pos}: GT is not one phased call a|b per sample")
        reader.read_alleles_and_phasepresent(v, alleles, phased)
        het = alleles[0::2] != alleles[1::2]
        if not (np.array_equal(alleles[0::2], cells[0::4] - ord("0"))
                and np.array_equal(alleles[1::2], cells[2::4] - ord("0")) and phased[het].all()):
            raise SystemExit(f"check: record {v} at {pos}: VCF and PGEN haplotypes differ")
        alt_counts.append(int(alleles.sum()))
    if len(alt_counts) != reader.get_variant_ct() or next(pvar, None) is not None:
        raise SystemExit(f"check: cohort.pgen has {reader.get_variant_ct():,} variants, the VCF {len(alt_counts):,}")
    print(f"check: VCF and PGEN hold the same {len(alt_counts):,} records x {2 * n:,} haplotypes, all phased")
    return np.array(alt_counts), n


def print_spectrum(alt_counts, samples):
    af = alt_counts / (2 * samples)
    singletons = int((alt_counts == 1).sum())
    print(f"spectrum: {len(af):,} records, {int(alt_counts.sum()):,} ALT calls; AF < 1 %: {(af < 0.01).mean():.1%}; AF < 0.1 %: "
          f"{(af < 0.001).mean():.1%}; singletons: {singletons / len(af):.1%}; AF >= 5 %: {(af >= 0.05).mean():.1%}")


def check(out):
    out = Path(out)
    check_files(out)
    records = check_ref_and_normalization(out)
    check_layout(out, records)
    alt_counts, samples = check_vcf_vs_pgen(out)
    print_spectrum(alt_counts, samples)
    print(f"check: {out} OK")


# ---------------------------------------------------------------------------------------------------------------


def log(message):
    print(message, file=sys.stderr, flush=True)


def versions():
    import msprime
    import tskit
    return {"msprime": msprime.__version__, "tskit": tskit.__version__, "numpy": np.__version__}


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--samples", type=int, help="diploid samples N")
    p.add_argument("--out", type=Path, help="output directory (created)")
    p.add_argument("--seed", type=int, default=20261205, help="fixes ancestry, mutations and alleles (default: %(default)s)")
    p.add_argument("--span", type=int, default=5_000_000, help="contig length in bp (default: %(default)s)")
    p.add_argument("--contig", default="sim", help="contig name (default: %(default)s)")
    p.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE,
                   help="real FASTA whose bases are tiled into the contig (default: shared/data/.../z.fa)")
    p.add_argument("--regions", type=int, default=200, help="number of BED regions (default: %(default)s)")
    p.add_argument("--region-length", type=int, default=16_384, help="BED region length (default: %(default)s)")
    p.add_argument("--bgzip-threads", type=int, default=2)
    p.add_argument("--simulate-only", action="store_true", help="simulate and print counts, write nothing")
    p.add_argument("--check", type=Path, metavar="DIR", help="validate a finished output directory and exit")
    args = p.parse_args(argv)
    if args.check is None and (args.samples is None or (args.out is None and not args.simulate_only)):
        p.error("--samples and --out are required (or --check DIR)")
    return args


def main(argv=None):
    args = parse_args(argv)
    if args.check is not None:
        check(args.check)
        return
    started = time.monotonic()
    log(f"simulating {args.samples:,} diploid samples over {args.span:,} bp (seed {args.seed})")
    ts = simulate(args.samples, args.span, args.seed)
    simulated = time.monotonic()
    log(f"  {ts.num_trees:,} trees, {ts.num_sites:,} sites, {ts.num_mutations:,} mutations in "
        f"{simulated - started:.1f} s")
    if args.simulate_only:
        print(json.dumps({"samples": args.samples, "span": args.span, "seed": args.seed, "sites": ts.num_sites,
                          "mutations": ts.num_mutations, "trees": ts.num_trees,
                          "simulate_seconds": round(simulated - started, 1), **carrier_counts(ts)}))
        return
    args.out.mkdir(parents=True, exist_ok=True)
    seq = tiled_reference(args.reference, args.span)
    write_fasta(args.out, args.contig, seq)
    write_regions(args.out, args.contig, args.span, args.regions, args.region_length)
    v = versions()
    source = (f"gvl tools/cohort/simulate_cohort.py; msprime {v['msprime']}, tskit {v['tskit']}; "
              f"seed {args.seed}; Tennessen 2012 European history; real bases of GRCh37 chr20 (z.fa), tiled")
    log("writing cohort.vcf.gz")
    stats = write_vcf(ts, seq, args.contig, derive_seeds(args.seed)[2], args.out / "cohort.vcf.gz",
                      args.bgzip_threads, source)
    written = time.monotonic()
    manifest = {
        "samples": args.samples, "span": args.span, "contig": args.contig, "seed": args.seed,
        "seeds": dict(zip(["ancestry", "mutations", "alleles"], derive_seeds(args.seed))),
        "reference": str(args.reference), "regions": args.regions, "region_length": args.region_length,
        "recombination_rate": RECOMBINATION_RATE, "mutation_rate": MUTATION_RATE, "indel_share": INDEL_SHARE,
        "versions": v, "trees": ts.num_trees, "mutations": ts.num_mutations, **stats,
        "simulate_seconds": round(simulated - started, 1), "vcf_seconds": round(written - simulated, 1),
    }
    (args.out / "cohort.json").write_text(json.dumps(manifest, indent=1) + "\n")
    log(f"  {stats['records']:,} records ({stats['snv']:,} SNV, {stats['deletion']:,} deletions, "
        f"{stats['insertion']:,} insertions; {stats['multiallelic_sites']:,} multiallelic sites split) in "
        f"{written - simulated:.1f} s; AF < 1 %: {stats['share_af_lt_1pct']:.1%}")


if __name__ == "__main__":
    main()
