#!/usr/bin/env python3
"""Builds SUPER-SOMA's accuracy set: middle- and end-game positions from game records (CSA, as
`supersoma match` writes them), each labelled by a deep Fairy-Stockfish search with its best
move, score and principal variation.

Positions are sampled at random plies (seeded) from each game, skipping the opening and
finished positions, and kept once (by SFEN). Fairy-Stockfish 11.1 may call a checking pawn drop
that mates legal: supersoma's referee (`d`) checks every label, and a refused one is dropped.

  scripts/make_accuracy_set.py --depth 13 --per-game 2 records/*.csa > bench/data/accuracy.txt
"""
import argparse
import random
import re
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from usi_client import Engine, Referee, csa_game  # noqa: E402

def label(fairy, position, depth):
    """Fairy-Stockfish's best move, score (cp from the side to move, or 'mate N') and PV."""
    fairy.send(position)
    fairy.send(f"go depth {depth}")
    score, pv = None, []
    while True:
        line = fairy.read(time.monotonic() + 300)
        m = re.search(r" score (cp|mate) (-?\d+)", line or "")
        if m:
            score = m.group(2) if m.group(1) == "cp" else f"mate {m.group(2)}"
            pv = line.split(" pv ", 1)[1].split() if " pv " in line else []
        if line.startswith("bestmove"):
            return line.split()[1], score, pv


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("records", nargs="+")
    ap.add_argument("--depth", type=int, default=13)
    ap.add_argument("--per-game", type=int, default=2)
    ap.add_argument("--first", type=int, default=24, help="earliest ply sampled")
    ap.add_argument("--limit", type=int, default=1200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--title", default="SUPER-SOMA accuracy set", help="first words of the header")
    ap.add_argument("--referee", default="build/release/supersoma")
    ap.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    fairy = Engine("fairy", args.fairy, [("UCI_Variant", "shogi")])
    referee = Referee("referee", args.referee, [])
    print(f"# {args.title}: positions from {len(args.records)} game records, labelled by "
          f"Fairy-Stockfish 11.1 (Debian, UCI_Variant shogi) at depth "
          f"{args.depth} ({time.strftime('%Y-%m-%d')}). Format: SFEN;best move;score (cp from the "
          "side to move, or mate N);PV. Made by scripts/make_accuracy_set.py "
          f"--depth {args.depth} --per-game {args.per_game} --first {args.first} "
          f"--seed {args.seed}.", flush=True)
    seen, kept, refused = set(), 0, 0
    records = list(args.records)
    rng.shuffle(records)
    for path in records:
        moves = csa_game(path)
        if len(moves) < args.first + 8:
            continue
        plies = sorted(rng.sample(range(args.first, len(moves) - 4), min(args.per_game, len(moves) - 4 - args.first)))
        for ply in plies:
            position = f"position startpos moves {' '.join(moves[:ply])}"
            state = referee.judge("startpos", moves[:ply])
            if state["error"] or state.get("state") != "ongoing" or not state.get("legal"):
                continue
            sfen = referee.sfen(position)
            key = " ".join((sfen or "").split()[:3])  # the move number aside
            if not key or key in seen:
                continue
            seen.add(key)
            best, score, pv = label(fairy, position, args.depth)
            if best not in state["legal"]:
                refused += 1  # e.g. a pawn-drop mate Fairy-Stockfish 11.1 thinks legal
                continue
            print(f"{sfen};{best};{score};{' '.join(pv)}", flush=True)
            kept += 1
            if kept >= args.limit:
                break
        if kept >= args.limit:
            break
    print(f"# {kept} positions; {refused} labels refused by the rules", flush=True)


if __name__ == "__main__":
    main()
