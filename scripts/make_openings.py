#!/usr/bin/env python3
"""Writes balanced opening lines: walks from the start position, kept when Fairy-Stockfish's
search of the final position stays within a small score.

Two walk policies: `random` picks any legal move (wild, unbalanced material is filtered out
afterwards); `multipv` picks at random among Fairy-Stockfish's best moves at a shallow depth
(within --policy-cp of the best), which gives openings a player could choose.

  scripts/make_openings.py --count 300 --seed 2 --policy multipv --min-plies 8 --max-plies 20 \
      > bench/data/openings.txt

The judging set (bench/data/judging-openings.txt, used only to judge, never to start self-play
or training) is made with other seeds and settings, and shares no position of 8 plies or more
with the match openings (`--exclude`):

  scripts/make_openings.py --count 200 --seed 1001 --policy multipv --multipv 8 \
      --policy-depth 6 --policy-cp 100 --min-plies 10 --max-plies 24 --depth 12 \
      --exclude bench/data/openings.txt > bench/data/judging-openings.txt
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
    ap.add_argument("--exclude", action="append", default=[],
                    help="an openings file none of whose positions of --exclude-plies or more "
                         "plies a new line may reach (repeatable)")
    ap.add_argument("--exclude-plies", type=int, default=8)
    args = ap.parse_args()
    excluded = excluded_positions(args.exclude, args.exclude_plies)
    rng = random.Random(args.seed)
    referee = Referee("referee", args.referee, [])
    fairy = Engine("fairy", args.fairy, [("UCI_Variant", "shogi")])
    walker = Engine("walker", args.fairy, [("UCI_Variant", "shogi"), ("MultiPV", args.multipv)])
    walk = (f"random legal walks" if args.policy == "random" else
            f"walks choosing at random among Fairy-Stockfish 11.1's {args.multipv} best moves at depth "
            f"{args.policy_depth} (within {args.policy_cp} cp of the best)")
    shun = (f"; none reaches a position of {args.exclude_plies} plies or more of "
            + ", ".join(args.exclude) if args.exclude else "")
    print(f"# {args.count} openings: {walk} of {args.min_plies}-{args.max_plies} plies "
          f"from the start position (seed {args.seed}), kept when Fairy-Stockfish at depth "
          f"{args.depth} scores the end within {args.max_cp} cp{shun}. "
          f"Made by scripts/make_openings.py.")
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
        if any(position_key(moves[:n]) in excluded
               for n in range(args.exclude_plies, len(moves) + 1)):
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


def position_key(moves):
    """Which moves each side played, in any order: the position for opening lines (a capture
    can make one key two positions or one position two keys; rare this early)."""
    return (len(moves), tuple(sorted(moves[0::2])), tuple(sorted(moves[1::2])))


def excluded_positions(paths, min_plies):
    """The keys of every position of min_plies or more plies along the lines of `paths`."""
    keys = set()
    for path in paths:
        for text in open(path, encoding="utf-8"):
            words = text.split()
            if not words or words[0] != "startpos":
                continue
            moves = words[2:] if len(words) > 2 and words[1] == "moves" else []
            keys.update(position_key(moves[:n]) for n in range(min_plies, len(moves) + 1))
    return keys


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
