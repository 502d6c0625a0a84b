#!/usr/bin/env python3
"""Labels tactical positions: positions from game records, searched deep by Fairy-Stockfish,
kept when its best move is a capture or promotion that a shallow search does not choose.

Input: the CSA records of `supersoma match` (files or a folder of them), or a text file of
lines 'position <startpos|sfen …> moves …', a game each. Every ply from --from to --to of each
game is a candidate.
Fairy-Stockfish 11.1 may call a checking pawn drop that mates legal: the referee (supersoma's
`d`) refuses such a label, so none is kept.

  scripts/label_tactics.py match-records/some-match/ --depth 14 > bench/data/tactics.txt
"""
import argparse
import os
import re
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from usi_client import Engine, Referee, csa_game  # noqa: E402


def search(engine, position, depth):
    engine.send(position)
    engine.send(f"go depth {depth}")
    score, best = None, None
    while True:
        line = engine.read(time.monotonic() + 120)
        m = re.search(r" score (cp|mate) (-?\d+)", line or "")
        if m:
            score = int(m.group(2)) if m.group(1) == "cp" else (30000 if int(m.group(2)) > 0 else -30000)
        if line.startswith("bestmove"):
            best = line.split()[1]
            return best, score


def games(paths):
    """(start, USI moves) of every game the paths hold."""
    for path in paths:
        if os.path.isdir(path):
            yield from games(sorted(os.path.join(path, f) for f in os.listdir(path) if f.endswith(".csa")))
        elif path.endswith(".csa"):
            yield "startpos", csa_game(path)
        else:
            for line in open(path):
                if "position " in line:
                    start, _, moves = line[line.index("position ") + 9:].strip().partition(" moves ")
                    yield start, moves.split()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+", help="CSA records, folders of them, or position lines")
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--shallow", type=int, default=2)
    ap.add_argument("--from", dest="first", type=int, default=16)
    ap.add_argument("--to", dest="last", type=int, default=80)
    ap.add_argument("--step", type=int, default=3)
    ap.add_argument("--limit", type=int, default=60)
    ap.add_argument("--referee", default="build/release/supersoma")
    ap.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    args = ap.parse_args()
    fairy = Engine("fairy", args.fairy, [("UCI_Variant", "shogi")])
    referee = Referee("referee", args.referee, [])
    print(f"# Tactical positions: from game records, Fairy-Stockfish 11.1 at depth {args.depth}; "
          f"kept when its move is a capture or promotion its depth-{args.shallow} search does not "
          "choose. Format: position;best move;score cp (side to move). scripts/label_tactics.py.")
    kept = 0
    for start, moves in games(args.games):
        for ply in range(args.first, min(args.last, len(moves) - 1), args.step):
            position = f"position {start} moves {' '.join(moves[:ply])}"
            state = referee.judge(start, moves[:ply])
            if state["error"] or state["state"] != "ongoing":
                continue
            best, score = search(fairy, position, args.depth)
            if best not in state["legal"] or score is None or abs(score) >= 3000:
                continue
            target = best[2:4] if "*" not in best else None
            sfen_board = None
            referee.send(position)
            referee.send("d")
            referee.send("isready")
            while True:
                line = referee.read(time.monotonic() + 10)
                if line.startswith("info string sfen "):
                    sfen_board = line[17:].split()[0]
                if line == "readyok":
                    break
            capture = target is not None and occupied(sfen_board, target)
            if not (capture or best.endswith("+")):
                continue
            shallow, _ = search(fairy, position, args.shallow)
            if shallow == best:
                continue
            print(f"{position};{best};{score}", flush=True)
            kept += 1
            if kept >= args.limit:
                return


def occupied(board, square):
    """True when the SFEN board has a piece on the USI square (e.g. '7g')."""
    file, rank = int(square[0]), ord(square[1]) - ord("a")
    row = board.split("/")[rank]
    col = 9
    i = 0
    while i < len(row):
        c = row[i]
        if c.isdigit():
            col -= int(c)
        else:
            if c == "+":
                i += 1
            if col == file:
                return True
            col -= 1
        i += 1
    return False


if __name__ == "__main__":
    main()
