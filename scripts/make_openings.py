#!/usr/bin/env python3
"""Writes balanced opening lines: random legal walks from the start position, kept when
Fairy-Stockfish's search of the final position stays within a small score.

  scripts/make_openings.py --count 60 --seed 1 > bench/data/openings.txt
"""
import argparse
import random
import time
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from usi_match import Engine, Referee  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-plies", type=int, default=8)
    ap.add_argument("--max-plies", type=int, default=16)
    ap.add_argument("--max-cp", type=int, default=150)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--referee", default="build/release/usi/supersoma")
    ap.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    referee = Referee("referee", args.referee, [])
    fairy = Engine("fairy", args.fairy, [("UCI_Variant", "shogi")])
    print(f"# {args.count} openings: random legal walks of {args.min_plies}-{args.max_plies} plies "
          f"from the start position (seed {args.seed}), kept when Fairy-Stockfish at depth "
          f"{args.depth} scores the end within {args.max_cp} cp. Made by scripts/make_openings.py.")
    kept, seen = 0, set()
    while kept < args.count:
        moves = []
        for _ in range(rng.randint(args.min_plies, args.max_plies)):
            state = referee.judge("startpos", moves)
            if state["state"] != "ongoing" or not state.get("legal"):
                break
            moves.append(rng.choice(sorted(state["legal"])))
        line = "startpos moves " + " ".join(moves)
        if line in seen or len(moves) < args.min_plies:
            continue
        seen.add(line)
        fairy.send(f"position {line}")
        fairy.send(f"go depth {args.depth}")
        score = None
        while True:
            text = fairy.read(time.monotonic() + 60)
            if text.startswith("info") and " score cp " in text:
                score = int(text.split(" score cp ")[1].split()[0])
            elif text.startswith("info") and " score mate " in text:
                score = 100000
            if text.startswith("bestmove"):
                break
        if score is not None and abs(score) <= args.max_cp:
            print(line, flush=True)
            kept += 1
    fairy.close()
    referee.close()


if __name__ == "__main__":
    main()
