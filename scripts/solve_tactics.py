#!/usr/bin/env python3
"""Nodes and time each leaf mode needs to find the labelled move of tactical positions.

For each line 'position …;best;score' of the file, supersoma searches with `go nodes N` (the
same tree budget for both modes, and results that do not depend on the machine's load) or
`go movetime`; the
move counts as found at the first iteration from which the principal move stays the label
until the end. Prints one row per position and a summary: solved count, total nodes and time
over the positions both modes solve, and the tree-size ratio.

  scripts/solve_tactics.py bench/data/tactics.txt --nodes 300000
"""
import argparse
import subprocess


def solve(binary, leaf, position, best, go):
    script = (f"usi\nsetoption name LeafMode value {leaf}\nsetoption name ShowSomaLine value false\n"
              f"isready\n{position}\n{go}\n")
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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--binary", default="build/release/supersoma")
    ap.add_argument("--movetime", type=int, default=5000)
    ap.add_argument("--nodes", type=int, default=0, help="a node budget instead of movetime")
    args = ap.parse_args()
    rows = []
    for line in open(args.file):
        if line.startswith("#") or ";" not in line:
            continue
        position, best, _ = line.strip().split(";")
        go = f"go nodes {args.nodes}" if args.nodes else f"go movetime {args.movetime}"
        result = {leaf: solve(args.binary, leaf, position, best, go)
                  for leaf in ("SuperSoma", "QSearch")}
        rows.append(result)
        cells = "  ".join(f"{leaf} " + (f"{r[0]:>9} nodes {r[1]:>6} ms" if r else "not found")
                          for leaf, r in result.items())
        print(f"{best:>7}  {cells}", flush=True)
    for leaf in ("SuperSoma", "QSearch"):
        print(f"{leaf}: solved {sum(1 for r in rows if r[leaf])} of {len(rows)}")
    both = [r for r in rows if r["SuperSoma"] and r["QSearch"]]
    if both:
        n_ss = sum(r["SuperSoma"][0] for r in both)
        n_qs = sum(r["QSearch"][0] for r in both)
        t_ss = sum(r["SuperSoma"][1] for r in both)
        t_qs = sum(r["QSearch"][1] for r in both)
        print(f"solved by both: {len(both)}; nodes SuperSoma {n_ss}, QSearch {n_qs} "
              f"(tree-size ratio {n_ss / max(n_qs, 1):.2f}); time SuperSoma {t_ss} ms, "
              f"QSearch {t_qs} ms (ratio {t_ss / max(t_qs, 1):.2f})")


if __name__ == "__main__":
    main()
