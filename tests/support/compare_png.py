#!/usr/bin/python3
"""Compares two PNG images within a tolerance: exits 0 when they have the same size and at most
--max-fraction of their pixels differ by more than --threshold in some channel, else 1."""
import argparse
import sys

from PIL import Image, ImageChops


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("actual")
    parser.add_argument("reference")
    parser.add_argument("--threshold", type=int, default=48, help="channel difference that counts")
    parser.add_argument("--max-fraction", type=float, default=0.005,
                        help="largest fraction of pixels allowed to differ")
    args = parser.parse_args()
    actual = Image.open(args.actual).convert("RGB")
    reference = Image.open(args.reference).convert("RGB")
    if actual.size != reference.size:
        print(f"size {actual.size} differs from the reference's {reference.size}")
        return 1
    diff = ImageChops.difference(actual, reference)
    channels = diff.split()
    mask = channels[0].point(lambda v: 255 if v > args.threshold else 0)
    for channel in channels[1:]:
        mask = ImageChops.lighter(mask, channel.point(lambda v: 255 if v > args.threshold else 0))
    differing = sum(1 for v in mask.getdata() if v)
    fraction = differing / (actual.size[0] * actual.size[1])
    print(f"{differing} of {actual.size[0] * actual.size[1]} pixels differ ({fraction:.4%})")
    return 0 if fraction <= args.max_fraction else 1


if __name__ == "__main__":
    sys.exit(main())
