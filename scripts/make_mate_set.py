#!/usr/bin/env python3
"""Makes the engine's mate regression set (tests/data/engine-mates.txt) from the ends of played
games: for each CSA record, the positions a few plies before its last move where the side to
move forces mate by checks, as `supersoma mate` proves it (df-pn, shortest line by checks). One
position per game, the longest mate in the asked range. Output: SFEN;plies;line;source.

  scripts/make_mate_set.py --min-plies 5 --max-plies 9 match-records/*/ > mates.txt
"""
import argparse
import glob
import os
import subprocess
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from usi_client import Referee, csa_game  # noqa: E402


def mate_length(binary, position, ms):
    """df-pn's shortest line by checks from `position`, as (plies, line), or None."""
    out = subprocess.run([binary, "mate", position, "--time", str(ms)], capture_output=True,
                         text=True, timeout=ms / 1000 + 30).stdout
    first = out.splitlines()[0] if out else ""
    if not first.startswith("mate in "):
        return None
    words = first.split()
    return int(words[2]), " ".join(first.split(": ", 1)[1].split())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="+", help="folders of CSA records (games from startpos)")
    ap.add_argument("--min-plies", type=int, default=5)
    ap.add_argument("--max-plies", type=int, default=9)
    ap.add_argument("--back", type=int, default=14, help="plies before the end to look at")
    ap.add_argument("--time", type=int, default=3000, help="ms for each df-pn proof")
    ap.add_argument("--binary", default="build/release/supersoma")
    args = ap.parse_args()
    referee = Referee("referee", args.binary, [])
    print(f"# Mates the engine must announce: positions up to {args.back} plies before the end "
          f"of played games where the side to move mates by checks in {args.min_plies}-"
          f"{args.max_plies} plies (df-pn's shortest line, `supersoma mate --time {args.time}`); "
          f"one a game. Format: SFEN;plies;line;source. Made by scripts/make_mate_set.py.")
    for folder in args.folders:
        for path in sorted(glob.glob(os.path.join(folder, "*.csa"))):
            moves = csa_game(path)
            best = None
            for back in range(1, min(args.back, len(moves)) + 1):
                prefix = moves[:len(moves) - back]
                position = "startpos moves " + " ".join(prefix) if prefix else "startpos"
                found = mate_length(args.binary, position, args.time)
                if found and args.min_plies <= found[0] <= args.max_plies:
                    if not best or found[0] > best[1]:
                        best = (prefix, found[0], found[1])
            if not best:
                continue
            sfen = referee.sfen("position startpos moves " + " ".join(best[0]))
            source = os.path.join(os.path.basename(os.path.normpath(folder)),
                                  os.path.basename(path))
            print(f"{sfen};{best[1]};{best[2]};{source} ply {len(best[0])}", flush=True)
    referee.close()


if __name__ == "__main__":
    main()
