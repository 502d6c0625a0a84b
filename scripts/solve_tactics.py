#!/usr/bin/env python3
"""Nodes and time each search configuration needs to find the labelled move of tactical positions.

For each line 'position …;best;score' (or the accuracy set's 'SFEN;best;score;PV') of the
file, supersoma searches with `go nodes N` (the same tree budget for every configuration, and
results that do not depend on the machine's load) or `go movetime`; the move counts as found
at the first iteration from which the principal move stays the label until the end. Prints
one row per position and a summary: solved count, total nodes and time over the positions
every configuration solves, and the tree-size ratios against quiescence without SUPER-SOMA.

Configurations: SuperSoma (SUPER-SOMA leaves, the design) and QSearch (UseSuperSoma false: no
SUPER-SOMA anywhere); add one to CONFIGS to judge a new use.
With --tactical only positions whose label is a capture or a promotion are kept.

  scripts/solve_tactics.py bench/data/tactics.txt --nodes 200000
  scripts/solve_tactics.py bench/data/accuracy.txt --tactical --nodes 50000
"""
import argparse
import subprocess

CONFIGS = {
    "SuperSoma": ["LeafMode value SuperSoma"],
    "QSearch": ["UseSuperSoma value false"],
}


def solve(binary, config, position, best, go):
    options = "".join(f"setoption name {o}\n" for o in CONFIGS[config])
    script = f"usi\n{options}setoption name ShowSomaLine value false\nisready\n{position}\n{go}\n"
    proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    proc.stdin.write(script)
    proc.stdin.flush()
    found = None  # (nodes, time) of the iteration from which the label stayed first
    for line in proc.stdout:
        words = line.split()
        if words[:1] == ["bestmove"]:
            if words[1] != best:
                found = None
            break
        if words[:2] == ["info", "depth"] and "pv" in words:
            first = words[words.index("pv") + 1]
            nodes = int(words[words.index("nodes") + 1])
            ms = int(words[words.index("time") + 1])
            if first == best:
                found = found or (nodes, ms)
            else:
                found = None
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait()
    return found


def is_tactical(sfen, move):
    """True when `move` promotes or lands on an occupied square of the SFEN board."""
    if move.endswith("+"):
        return True
    if move[1] == "*":
        return False
    rows = []
    for rank in sfen.split()[0].split("/"):
        row, promoted = [], False
        for ch in rank:
            if ch.isdigit():
                row += ["."] * int(ch)
            elif ch == "+":
                promoted = True
            else:
                row.append(ch)
                promoted = False
        rows.append(row)
    file, rank = int(move[2]), ord(move[3]) - ord("a")
    return rows[rank][9 - file] != "."


def read(path, tactical):
    for line in open(path):
        if line.startswith("#") or ";" not in line:
            continue
        fields = line.strip().split(";")
        position, best = fields[0], fields[1]
        if not position.startswith("position"):
            if tactical and not is_tactical(position, best):
                continue
            position = "position sfen " + position
        yield position, best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--binary", default="build/release/supersoma")
    ap.add_argument("--movetime", type=int, default=5000)
    ap.add_argument("--nodes", type=int, default=0, help="a node budget instead of movetime")
    ap.add_argument("--tactical", action="store_true",
                    help="SFEN sets: only labels that capture or promote")
    ap.add_argument("--configs", default=",".join(CONFIGS))
    args = ap.parse_args()
    configs = args.configs.split(",")
    rows = []
    for position, best in read(args.file, args.tactical):
        go = f"go nodes {args.nodes}" if args.nodes else f"go movetime {args.movetime}"
        result = {c: solve(args.binary, c, position, best, go) for c in configs}
        rows.append(result)
        cells = "  ".join(f"{c} " + (f"{r[0]:>9} nodes {r[1]:>6} ms" if r else "not found")
                          for c, r in result.items())
        print(f"{best:>7}  {cells}", flush=True)
    for c in configs:
        print(f"{c}: solved {sum(1 for r in rows if r[c])} of {len(rows)}")
    every = [r for r in rows if all(r[c] for c in configs)]
    if every:
        nodes = {c: sum(r[c][0] for r in every) for c in configs}
        ms = {c: sum(r[c][1] for r in every) for c in configs}
        print(f"solved by all: {len(every)}")
        base = "QSearch" if "QSearch" in configs else configs[0]
        for c in configs:
            print(f"  {c}: nodes {nodes[c]} (x{nodes[c] / max(nodes[base], 1):.2f} of {base}), "
                  f"time {ms[c]} ms (x{ms[c] / max(ms[base], 1):.2f})")


if __name__ == "__main__":
    main()
