"""Writes the small ONNX models the tests run (run once; the .onnx files are committed in
   gvl-testdata/src/main/resources/onnx, shared by gvl-onnx, gvl-cli and gvl-bench).

  tiny-cnn.onnx  input  haplotypes float32 [N, 4, 16] (one-hot)
                 conv1d 2 filters, kernel 3 -> relu -> mean over positions -> pooled [N, 2]
                 pooled x [2, 1] + 0.25 -> score [N, 1]
  byte-sum.onnx  input  reference uint8 [N, L] -> cast to float -> sum over L -> total [N, 1]
  conv-net.onnx  input  haplotypes float32 [N, 4, L] (one-hot, L open)
                 conv1d 16 filters, kernel 9 -> relu -> mean over positions -> pooled [N, 16]
                 pooled x [16, 1] + 0.125 -> score [N, 1]   (enough arithmetic to time ONNX Runtime against gvl)

The weights follow closed formulas that the Java tests restate, so no weight file is needed:
  conv W[f, c, k] = ((12 f + 3 c + k) mod 7 - 3) / 4,  conv b[f] = 0.1 (f + 1) - 0.15
  dense w[f] = 0.5 - f,  dense b = 0.25
conv-net:
  conv W[f, c, k] = ((5 f + 3 c + 2 k) mod 11 - 5) / 8,  conv b[f] = 0.05 (f mod 5) - 0.1
  dense w[f] = ((f mod 3) - 1) / 4,  dense b = 0.125

Usage: python tools/onnx/make_test_models.py gvl-testdata/src/main/resources/onnx   (needs the onnx package)
"""
import sys
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 17
IR_VERSION = 8


def conv_weights():
    w = np.zeros((2, 4, 3), dtype=np.float32)
    for f in range(2):
        for c in range(4):
            for k in range(3):
                w[f, c, k] = ((12 * f + 3 * c + k) % 7 - 3) / 4
    b = np.array([0.1 * (f + 1) - 0.15 for f in range(2)], dtype=np.float32)
    return w, b


def tiny_cnn():
    w, b = conv_weights()
    dense_w = np.array([[0.5], [-0.5]], dtype=np.float32)
    dense_b = np.array([0.25], dtype=np.float32)
    inits = [numpy_helper.from_array(w, "conv_w"), numpy_helper.from_array(b, "conv_b"),
             numpy_helper.from_array(dense_w, "dense_w"), numpy_helper.from_array(dense_b, "dense_b")]
    nodes = [
        helper.make_node("Conv", ["haplotypes", "conv_w", "conv_b"], ["conv"], kernel_shape=[3]),
        helper.make_node("Relu", ["conv"], ["relu"]),
        helper.make_node("ReduceMean", ["relu"], ["pooled"], axes=[2], keepdims=0),
        helper.make_node("MatMul", ["pooled", "dense_w"], ["dense"]),
        helper.make_node("Add", ["dense", "dense_b"], ["score"]),
    ]
    graph = helper.make_graph(
        nodes, "tiny-cnn",
        [helper.make_tensor_value_info("haplotypes", TensorProto.FLOAT, ["N", 4, 16])],
        [helper.make_tensor_value_info("score", TensorProto.FLOAT, ["N", 1]),
         helper.make_tensor_value_info("pooled", TensorProto.FLOAT, ["N", 2])],
        inits)
    return graph


def conv_net():
    filters, kernel = 16, 9
    w = np.zeros((filters, 4, kernel), dtype=np.float32)
    for f in range(filters):
        for c in range(4):
            for k in range(kernel):
                w[f, c, k] = ((5 * f + 3 * c + 2 * k) % 11 - 5) / 8
    b = np.array([0.05 * (f % 5) - 0.1 for f in range(filters)], dtype=np.float32)
    dense_w = np.array([[((f % 3) - 1) / 4] for f in range(filters)], dtype=np.float32)
    dense_b = np.array([0.125], dtype=np.float32)
    inits = [numpy_helper.from_array(w, "conv_w"), numpy_helper.from_array(b, "conv_b"),
             numpy_helper.from_array(dense_w, "dense_w"), numpy_helper.from_array(dense_b, "dense_b")]
    nodes = [
        helper.make_node("Conv", ["haplotypes", "conv_w", "conv_b"], ["conv"], kernel_shape=[kernel]),
        helper.make_node("Relu", ["conv"], ["relu"]),
        helper.make_node("ReduceMean", ["relu"], ["pooled"], axes=[2], keepdims=0),
        helper.make_node("MatMul", ["pooled", "dense_w"], ["dense"]),
        helper.make_node("Add", ["dense", "dense_b"], ["score"]),
    ]
    return helper.make_graph(
        nodes, "conv-net",
        [helper.make_tensor_value_info("haplotypes", TensorProto.FLOAT, ["N", 4, "L"])],
        [helper.make_tensor_value_info("score", TensorProto.FLOAT, ["N", 1])],
        inits)


def byte_sum():
    axes = numpy_helper.from_array(np.array([1], dtype=np.int64), "axes")
    nodes = [
        helper.make_node("Cast", ["reference"], ["as_float"], to=TensorProto.FLOAT),
        helper.make_node("ReduceSum", ["as_float", "axes"], ["total"], keepdims=1),
    ]
    return helper.make_graph(
        nodes, "byte-sum",
        [helper.make_tensor_value_info("reference", TensorProto.UINT8, ["N", "L"])],
        [helper.make_tensor_value_info("total", TensorProto.FLOAT, ["N", 1])],
        [axes])


def save(graph, path):
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)],
                              producer_name="gvl-test-models")
    model.ir_version = IR_VERSION
    onnx.checker.check_model(model)
    onnx.save(model, str(path))


def main():
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    save(tiny_cnn(), out / "tiny-cnn.onnx")
    save(byte_sum(), out / "byte-sum.onnx")
    save(conv_net(), out / "conv-net.onnx")


if __name__ == "__main__":
    main()
