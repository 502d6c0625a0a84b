#!/usr/bin/env python3
"""Labels the positions of an accuracy set anew with any USI engine: the same format
(SFEN;best move;score;PV), for comparing labels (docs/accuracy.md). For example, supersoma's
own deep search scoring material alone, the label the outside study's 0.7 was measured on:

  scripts/relabel_accuracy_set.py bench/data/accuracy.txt --depth 7 \\
      --option LeafMode=QSearch --option PositionalEval=false > bench/data/accuracy-material.txt
"""
import argparse
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from make_accuracy_set import label  # noqa: E402
from usi_client import Engine  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("set")
    ap.add_argument("--engine", default="build/release/supersoma")
    ap.add_argument("--option", action="append", default=[], help="Name=Value, sent with setoption")
    ap.add_argument("--depth", type=int, default=7)
    args = ap.parse_args()
    options = [tuple(o.split("=", 1)) for o in args.option]
    engine = Engine("labeller", args.engine, options)
    print(f"# {args.set} labelled anew by '{args.engine}' with {' '.join(args.option) or 'defaults'}"
          f" at depth {args.depth} ({time.strftime('%Y-%m-%d')}). Format: SFEN;best move;score "
          "(cp from the side to move, or mate N);PV. Made by scripts/relabel_accuracy_set.py.",
          flush=True)
    for line in open(args.set, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        sfen = line.split(";", 1)[0]
        engine.send("usinewgame")
        best, score, pv = label(engine, f"position sfen {sfen}", args.depth)
        print(f"{sfen};{best};{score};{' '.join(pv)}", flush=True)


if __name__ == "__main__":
    main()
