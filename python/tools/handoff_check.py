"""End-to-end check of the Python hand-off, run by dev/handoff-check (not a library module).

Route 1, the slot ring: the Java writer runs as a child process; every array of every batch must match the CRC32
that Java computed from its own batch, be read in place (numpy and pyarrow over the slot mapping, no pyarrow
allocation), and survive later batches while held. Route 2, Arrow C Data through JPype (when jpype1 is
installed): Python starts the JVM, Java exports each batch, pyarrow imports it at the same address with the same
bytes, and dropping it in Python closes the Java batch view.
"""

import argparse
import gc
import os
import sys
import zlib

import numpy as np
import pyarrow as pa

from gvl_jvm import HandoffReader


def leaf_address(arr):
    """Address of the values buffer under every list level of a pyarrow array."""
    while pa.types.is_large_list(arr.type) or pa.types.is_fixed_size_list(arr.type):
        arr = arr.values
    return arr.buffers()[1].address


def slot_ring(args, java, flags, cp, extra, label, dataset=None, reference=None):
    cmd = [java, *flags, "-cp", cp, "io.gvl.handoff.HandoffMain", "--dataset", dataset or args.dataset,
           "--reference", reference or args.reference, "--dir", args.slot_dir, "--slots", "3", "--batch-size", "8",
           "--epochs", "2", "--shuffle", "--seed", "7", "--timeout-seconds", "60", "--checksums", *extra]
    before = pa.total_allocated_bytes()
    batches = arrays = 0
    held = []
    with HandoffReader.spawn(cmd) as reader:
        for batch in reader:
            for name, a in batch.arrays.items():
                a.verify()
                arrays += 1
            rb = batch.to_arrow()
            rb.validate(full=True)
            assert rb.num_rows == batch.instances, (rb.num_rows, batch.instances)
            for name, a in batch.arrays.items():
                assert leaf_address(rb.column(name)) == a.data.ctypes.data, f"{name}: pyarrow copied the values"
                assert a.data.flags.writeable, f"{name}: the slot is the consumer's until released"
            if "tracks" in batch.arrays:
                hap, trk = batch["haplotypes"], batch["tracks"]
                assert trk.dtype == np.float32 and trk.offsets.ctypes.data == hap.offsets.ctypes.data, \
                    "tracks must share the haplotypes' offsets in the slot"
            del rb
            if batches in (1, 2):
                held.append(batch.hold())
            batches += 1
            if batches == 5:
                for h in held:  # held batches still read their own bytes after later batches
                    for a in h.arrays.values():
                        a.verify()
                    h.release()
                held = []
    sent = sum(e["batches"] for e in reader.epoch_ends)
    assert reader.done and sent == batches and len(reader.epoch_ends) == 2, (reader.done, sent, batches)
    assert pa.total_allocated_bytes() == before, "pyarrow allocated memory: something was copied"
    print(f"handoff-check: slot ring {label}: {batches} batches, {arrays} arrays equal to Java's (CRC32), zero-copy")
    return batches


def early_stop(args, java, flags, cp):
    """A reader that stops after a few batches ends the writer promptly, and the slot files go with it."""
    cmd = [java, *flags, "-cp", cp, "io.gvl.handoff.HandoffMain", "--dataset", args.dataset,
           "--reference", args.reference, "--dir", args.slot_dir + "-early", "--batch-size", "4", "--epochs", "50",
           "--checksums"]
    with HandoffReader.spawn(cmd) as reader:
        for n, batch in enumerate(reader):
            batch["haplotypes"].verify()
            if n == 2:
                break
    assert not reader.done and reader.process.returncode is not None
    assert not os.path.exists(args.slot_dir + "-early"), "slot files were left behind"
    print("handoff-check: early stop: the writer ended and removed its slot files")


def jpype_route(args, java, flags, cp):
    import jpype

    jvm = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(java))), "lib", "server", "libjvm.so")
    jpype.startJVM(jvm, *flags, classpath=cp.split(os.pathsep), convertStrings=True)
    Path = jpype.JClass("java.nio.file.Path")
    CRC32 = jpype.JClass("java.util.zip.CRC32")

    Dataset = jpype.JClass("io.gvl.dataset.Dataset")
    SeqKind = jpype.JClass("io.gvl.dataset.settings.SeqKind")
    DataLoader = jpype.JClass("io.gvl.dataloader.DataLoader")
    ArrowBatches = jpype.JClass("io.gvl.arrow.ArrowBatches")
    RootAllocator = jpype.JClass("org.apache.arrow.memory.RootAllocator")
    ArrowArray = jpype.JClass("org.apache.arrow.c.ArrowArray")
    ArrowSchema = jpype.JClass("org.apache.arrow.c.ArrowSchema")

    ds = Dataset.open(Path.of(args.dataset), Path.of(args.reference))
    view = ds.withSeqs(SeqKind.HAPLOTYPES).withoutTracks()
    allocator = RootAllocator()
    loader = DataLoader.builder(view).batchSize(8).copy(False).build()
    batches = 0
    for batch in loader:
        held = batch.retain()
        address = held.array("haplotypes").array().data().address()
        crc = CRC32()
        crc.update(held.data("haplotypes"))
        root = ArrowBatches.wrap(held, allocator)
        c_array = ArrowArray.allocateNew(allocator)
        c_schema = ArrowSchema.allocateNew(allocator)
        ArrowBatches.exportToC(root, allocator, c_array, c_schema)
        root.close()
        batch.close()
        rb = pa.RecordBatch._import_from_c(c_array.memoryAddress(), c_schema.memoryAddress())
        values = rb.column("haplotypes")
        while pa.types.is_large_list(values.type) or pa.types.is_fixed_size_list(values.type):
            values = values.values
        assert values.buffers()[1].address == address, "the import is not the Java batch's memory"
        got = np.frombuffer(values.buffers()[1], np.uint8, count=len(values))
        assert zlib.crc32(got) == crc.getValue(), "bytes differ from the Java batch"
        assert held.isOpen(), "the Java view must stay open while Python holds the batch"
        del rb, values, got
        gc.collect()
        assert not held.isOpen(), "dropping the batch in Python releases the Java view"
        c_array.close()
        c_schema.close()
        batches += 1
    loader.close()
    assert loader.memory().used() == 0
    assert allocator.getAllocatedMemory() == 0
    allocator.close()
    ds.close()
    print(f"handoff-check: JPype C Data: {batches} batches imported at the Java address with equal bytes")
    return batches


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--dataset", required=True)
    p.add_argument("--reference", required=True)
    p.add_argument("--slot-dir", required=True)
    p.add_argument("--tracks-dataset", required=True)
    p.add_argument("--tracks-reference", required=True)
    args = p.parse_args()
    java = os.environ["GVL_JAVA_BIN"]
    flags = os.environ["GVL_JVM_FLAGS"].split()
    cp = os.environ["GVL_CLASSPATH"]
    checks = 0
    slot_ring(args, java, flags, cp, [], "ragged haplotypes")
    checks += 1
    slot_ring(args, java, flags, cp, ["--length", "200", "--mode", "buffered"],
              "fixed-length haplotypes, buffered loader")
    checks += 1
    slot_ring(args, java, flags, cp, ["--tracks", "cov"], "haplotypes + realigned bigWig track",
              args.tracks_dataset, args.tracks_reference)
    checks += 1
    early_stop(args, java, flags, cp)
    checks += 1
    if os.environ.get("GVL_HANDOFF_JPYPE") == "1":
        jpype_route(args, java, flags, cp)
        checks += 1
    else:
        print("handoff-check: JPype C Data check skipped: jpype1 is not installed")
    print(f"handoff-check: {checks} passed, 0 failed")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print(f"handoff-check: FAILED: {e}", file=sys.stderr)
        raise
