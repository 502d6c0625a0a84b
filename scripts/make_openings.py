#!/usr/bin/env python3
"""Writes balanced opening lines: walks from the start position, kept when Fairy-Stockfish's
search of the final position stays within a small score.

Two walk policies: `random` picks any legal move (wild, unbalanced material is filtered out
afterwards); `multipv` picks at random among Fairy-Stockfish's best moves at a shallow depth
(within --policy-cp of the best), which gives openings a player could choose.

  scripts/make_openings.py --count 300 --seed 2 --policy multipv --min-plies 8 --max-plies 20 \
      > bench/data/openings.txt
"""
import argparse
import random
import time
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from usi_client import Engine, Referee  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-plies", type=int, default=8)
    ap.add_argument("--max-plies", type=int, default=16)
    ap.add_argument("--max-cp", type=int, default=150)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--policy", choices=["random", "multipv"], default="random")
    ap.add_argument("--multipv", type=int, default=6)
    ap.add_argument("--policy-depth", type=int, default=4)
    ap.add_argument("--policy-cp", type=int, default=80)
    ap.add_argument("--referee", default="build/release/supersoma")
    ap.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    referee = Referee("referee", args.referee, [])
    fairy = Engine("fairy", args.fairy, [("UCI_Variant", "shogi")])
    walker = Engine("walker", args.fairy, [("UCI_Variant", "shogi"), ("MultiPV", args.multipv)])
    walk = (f"random legal walks" if args.policy == "random" else
            f"walks choosing at random among Fairy-Stockfish 11.1's {args.multipv} best moves at depth "
            f"{args.policy_depth} (within {args.policy_cp} cp of the best)")
    print(f"# {args.count} openings: {walk} of {args.min_plies}-{args.max_plies} plies "
          f"from the start position (seed {args.seed}), kept when Fairy-Stockfish at depth "
          f"{args.depth} scores the end within {args.max_cp} cp. Made by scripts/make_openings.py.")
    kept, seen = 0, set()
    while kept < args.count:
        moves = []
        for _ in range(rng.randint(args.min_plies, args.max_plies)):
            state = referee.judge("startpos", moves)
            if state["state"] != "ongoing" or not state.get("legal"):
                break
            if args.policy == "random":
                moves.append(rng.choice(sorted(state["legal"])))
                continue
            choices = [m for m in good_moves(walker, moves, args) if m in state["legal"]]
            moves.append(rng.choice(choices or sorted(state["legal"])))
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
    walker.close()
    referee.close()


def good_moves(walker, moves, args):
    """The walker's MultiPV first moves within --policy-cp of its best, at --policy-depth."""
    walker.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
    walker.send(f"go depth {args.policy_depth}")
    scores, depth = {}, None
    while True:
        text = walker.read(time.monotonic() + 60)
        if text is None or text.startswith("bestmove"):
            break
        words = text.split()
        if text.startswith("info") and "multipv" in words and "pv" in words and "cp" in words:
            if words[words.index("depth") + 1] != depth:  # keep the deepest iteration only
                depth, scores = words[words.index("depth") + 1], {}
            scores[words[words.index("pv") + 1]] = int(words[words.index("cp") + 1])
    if not scores:
        return []
    best = max(scores.values())
    return sorted(m for m, v in scores.items() if v >= best - args.policy_cp)


if __name__ == "__main__":
    main()
