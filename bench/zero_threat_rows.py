#!/usr/bin/env python3
"""A network file given threat inputs whose rows are all zero: it evaluates every position as the
input network does, so a search with it walks the same tree while the threat machinery (the
move's difference, the rows' sums) runs at every node. The ratio of the two searches' speeds is
then the threat inputs' own cost, free of the tree's shape (bench/same_tree_nps.sh).
The threat rows are as many as THREATS (a network with threat inputs) has beyond IN's inputs.
Usage: bench/zero_threat_rows.py IN THREATS OUT"""
import struct
import sys

MAGIC = b"SSNN0001"


def fnv1a(data):
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h | 1  # as eval/nnue.cpp: never 0


def header(path, data):
    """The inputs, width and dense layers' sizes of a network file's header."""
    if data[:8] != MAGIC:
        sys.exit(f"{path}: not a supersoma network file")
    return struct.unpack("<4I", data[8:24])


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    src, threats, dst = sys.argv[1:]
    data = open(src, "rb").read()
    inputs, width, l1, l2 = header(src, data)
    features = header(threats, open(threats, "rb").read(32))[0] - inputs
    if features <= 0:
        sys.exit(f"{threats} has no more inputs than {src}")
    layers = data[32:]
    if fnv1a(layers) != struct.unpack("<Q", data[24:32])[0]:
        sys.exit(f"{src}: the layers do not match the file's hash")
    # The layers: KP weights (with their size), the first layer's bias and rows, then the
    # threat rows (none here; two bytes each), then the dense layers.
    kp_bytes = struct.unpack("<I", layers[:4])[0]
    cut = 4 + kp_bytes + 2 * width + 2 * inputs * width
    layers = layers[:cut] + bytes(2 * features * width) + layers[cut:]
    head = struct.pack("<4IQ", inputs + features, width, l1, l2, fnv1a(layers))
    open(dst, "wb").write(MAGIC + head + layers)


if __name__ == "__main__":
    main()
