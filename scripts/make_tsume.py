#!/usr/bin/env python3
"""Makes mate-by-checks (tsume) test positions of known length.

Random sparse positions: gote's king near its edge with a few defenders, sente's pieces near it
and a few in hand, every other piece in gote's hand (the tsume convention: the defender may
interpose anything). `supersoma mate` solves each; a position is kept when Fairy-Stockfish, which
finds the shortest mate with any moves, reports a mate of the same number of plies: then the
line by checks is also the shortest there is. Output: SFEN;plies;line.

  scripts/make_tsume.py --count 40 --seed 3 > tests/data/tsume.txt
"""
import argparse
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from usi_client import Engine  # noqa: E402

FULL = {"r": 2, "b": 2, "g": 4, "s": 4, "n": 4, "l": 4, "p": 18}
HAND_ORDER = "rbgsnlp"


def random_position(rng):
    board = {}
    king = (rng.randint(1, 9), rng.randint(1, 3))
    board[king] = "k"
    left = dict(FULL)

    def place(letter, near, radius, sente):
        for _ in range(30):
            f = min(9, max(1, near[0] + rng.randint(-radius, radius)))
            r = min(9, max(1, near[1] + rng.randint(-radius, radius)))
            if (f, r) in board:
                continue
            if letter in "pl" and ((sente and r == 1) or (not sente and r == 9)):
                continue
            if letter == "n" and ((sente and r <= 2) or (not sente and r >= 8)):
                continue
            if letter == "p" and any(v == (letter.upper() if sente else letter) and k[0] == f
                                     for k, v in board.items()):
                continue
            board[(f, r)] = letter.upper() if sente else letter
            left[letter] -= 1
            return

    for _ in range(rng.randint(1, 4)):
        kind = rng.choice("gsslnpp")
        if left[kind] > 0:
            place(kind, king, 1, False)
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice("rbgsnlp")
        if left[kind] > 0:
            place(kind, king, 2, True)
    hand = {}
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice("rbgsnlp")
        if left[kind] > 0:
            hand[kind] = hand.get(kind, 0) + 1
            left[kind] -= 1
    rows = []
    for r in range(1, 10):
        row, empty = "", 0
        for f in range(9, 0, -1):
            if (f, r) in board:
                row += (str(empty) if empty else "") + board[(f, r)]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    hands = ""
    for k in HAND_ORDER:
        if hand.get(k):
            hands += (str(hand[k]) if hand[k] > 1 else "") + k.upper()
    for k in HAND_ORDER:
        if left[k] > 0:
            hands += (str(left[k]) if left[k] > 1 else "") + k
    return "/".join(rows) + " b " + hands + " 1"


def solve(binary, sfen, ms):
    out = subprocess.run([binary, "mate", sfen, "--time", str(ms)], capture_output=True,
                         text=True).stdout
    m = re.search(r"mate in (\d+) plies: (.*)", out)
    return (int(m.group(1)), m.group(2).strip()) if m else None


def fairy_mate(fairy, sfen, ms):
    fairy.send(f"position sfen {sfen}")
    fairy.send(f"go movetime {ms}")
    mate = None
    while True:
        line = fairy.read(time.monotonic() + ms / 1000 + 30)
        m = re.search(r" score mate (-?\d+)", line or "")
        if m:
            mate = int(m.group(1))
        if line is None or line.startswith("bestmove"):
            return mate


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--min-plies", type=int, default=3)
    ap.add_argument("--binary", default="build/release/supersoma")
    ap.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    fairy = Engine("fairy", args.fairy, [("UCI_Variant", "shogi")])
    print(f"# Tsume positions (seed {args.seed}): supersoma's df-pn line by checks, kept when "
          "Fairy-Stockfish 11.1's shortest mate has the same length. Format: SFEN;plies;line. "
          "Made by scripts/make_tsume.py.")
    kept, per_length = 0, {}
    while kept < args.count:
        sfen = random_position(rng)
        found = solve(args.binary, sfen, 1000)
        if not found or found[0] < args.min_plies or per_length.get(found[0], 0) >= 6:
            continue
        # A checking pawn drop that mates is refused by supersoma; Fairy-Stockfish 11.1 may
        # accept one, so a shorter Fairy-Stockfish mate is a disagreement to skip, not a label.
        if fairy_mate(fairy, sfen, 3000) != found[0]:
            continue
        print(f"{sfen};{found[0]};{found[1]}", flush=True)
        per_length[found[0]] = per_length.get(found[0], 0) + 1
        kept += 1


if __name__ == "__main__":
    main()
