#!/usr/bin/env python3
"""Share of proven mates the engine announces under `go nodes N` (every default unless options
are given): for each position of a mate file (SFEN;plies;line;source), the first mate it
announces (length, nodes) and the mate it ends on; a table by length at the end.

  scripts/mate_share.py bench/data/mate-candidates.txt --nodes 1000000
  scripts/mate_share.py bench/data/mate-candidates.txt --option UseNetwork=false
"""
import argparse
import collections
import subprocess


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mates", help="file of SFEN;plies;line;source lines")
    ap.add_argument("--nodes", type=int, default=1000000)
    ap.add_argument("--budget", type=int, default=300000,
                    help="nodes within which a mate counts as found early (the set's rule)")
    ap.add_argument("--binary", default="build/release/supersoma")
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE, repeatable")
    args = ap.parse_args()
    engine = subprocess.Popen([args.binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)

    def send(text):
        engine.stdin.write(text + "\n")
        engine.stdin.flush()

    send("usi")
    for option in args.option:
        name, value = option.split("=", 1)
        send(f"setoption name {name} value {value}")
    send("isready")
    while engine.stdout.readline().strip() != "readyok":
        pass
    total, found, early = collections.Counter(), collections.Counter(), collections.Counter()
    for line in open(args.mates):
        if not line.strip() or line.startswith("#"):
            continue
        sfen, plies, _, source = line.rstrip("\n").split(";")
        plies = int(plies)
        send("usinewgame")
        send(f"position sfen {sfen}")
        send(f"go nodes {args.nodes}")
        first, last = None, None
        while True:
            words = engine.stdout.readline().split()
            if words[:2] == ["info", "depth"] and "mate" in words:
                length = int(words[words.index("mate") + 1])
                if first is None and length > 0:
                    first = (length, int(words[words.index("nodes") + 1]))
                last = length
            if words and words[0] == "bestmove":
                break
        total[plies] += 1
        announced = last is not None and 0 < last <= plies
        found[plies] += announced
        early[plies] += announced and first[1] <= args.budget and first[0] <= plies
        print(f"{plies} first={first} last={last} {source}", flush=True)
    send("quit")
    print(f"plies  announced  within {args.budget} nodes  of")
    for plies in sorted(total):
        print(f"{plies:5}  {found[plies]:9}  {early[plies]:20}  {total[plies]}")


if __name__ == "__main__":
    main()
