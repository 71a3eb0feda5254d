/**
 * Which of gvl-io's byte scans run through the Vector API: the probe both the BGZF line split and the VCF GT scan
 * ask before choosing their vector implementation over the eight-bytes-a-step one.
 */
package io.gvl.io.internal.simd;
