#!/usr/bin/env python3
"""Finds where games turned: reads the `'** <score> <line>` comments that `supersoma match`
writes after each engine move (scores from sente's side) and, for one player, reports the
move after which the opponent's score for that player fell the most, the ply at which the
opponent first saw it THRESHOLD behind, and what the player itself thought at that moment.
A player that loses while believing itself ahead misjudges positions; one that sees the loss
coming was outplayed beyond its horizon.

  scripts/turning_points.py match-records/qsearch-fischer-9ab409d [--player supersoma]
      [--threshold 300] [--worst 10]
"""
import argparse
import glob
import os
import re
import statistics
import sys

MOVE = re.compile(r"^[+-]\d{4}[A-Z]{2}$")
MATE_SCORES = 29000  # comments give a mate in N plies as 30000 - N


def read_record(path):
    """Names by side ('+', '-'), moves as [csa, sente_score or None], the result line."""
    names, moves, result = {}, [], ""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("N+") or line.startswith("N-"):
                names[line[1]] = line[2:]
            elif MOVE.match(line):
                moves.append([line, None])
            elif line.startswith("'** ") and moves:
                moves[-1][1] = int(line.split()[1])
            elif line.startswith("'result "):
                result = line[len("'result "):]
    return names, moves, result


def expected_score(cp):
    """A centipawn score as the share of points it promises (400 cp: 10 to 1)."""
    return 1 / (1 + 10 ** (-max(-4000, min(4000, cp)) / 400))


def analyse(path, player, threshold):
    names, moves, result = read_record(path)
    sides = [s for s in "+-" if names.get(s, "").startswith(player)]
    if len(sides) != 1:
        return None
    us = sides[0]
    sign = 1 if us == "+" else -1
    ours, theirs = [], []  # (ply, score for the player), ply counted from 1
    for ply, (move, score) in enumerate(moves, 1):
        if score is not None:
            (ours if move[0] == us else theirs).append((ply, sign * score))
    if not theirs:
        return None
    won = f"({names[us]}) wins" in result
    lost = "wins" in result and not won
    game = {"file": os.path.basename(path), "plies": len(moves), "won": won, "lost": lost}
    # The opponent's reports before and after each of the player's moves: the largest fall of
    # the expected score, so that a mate found in a lost position does not count as the turn.
    worst = None
    for (before_ply, before), (after_ply, after) in zip(theirs, theirs[1:]):
        if abs(before) >= MATE_SCORES:
            continue  # decided already: a short search that loses sight of the mate is no turn
        fall = expected_score(before) - expected_score(after)
        if worst is None or fall > worst[0]:
            own = [v for p, v in ours if before_ply < p < after_ply]
            worst = (fall, after_ply - 1, before, after, own[0] if own else None)
    game["turn"] = worst
    # The player's score beside the opponent's next one: how well the player judges.
    game["pairs"] = [(v, next(w for q, w in theirs if q > p)) for p, v in ours
                     if any(q > p for q, _ in theirs)]
    behind = next(((p, v) for p, v in theirs if v <= -threshold), None)
    if behind:
        own = [v for p, v in ours if p < behind[0]]
        game["behind"] = (behind[0], behind[1], own[-1] if own else None)
    return game


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("records", nargs="+", help="directories of CSA records")
    ap.add_argument("--player", default="supersoma", help="name prefix of the player studied")
    ap.add_argument("--threshold", type=int, default=300, help="centipawns behind")
    ap.add_argument("--worst", type=int, default=10, help="turning moves to list")
    args = ap.parse_args()
    games = []
    for directory in args.records:
        for path in sorted(glob.glob(os.path.join(directory, "game-*.csa"))):
            game = analyse(path, args.player, args.threshold)
            if game:
                games.append((directory, game))
    if not games:
        sys.exit("no records with '** scores for a player named " + args.player + "*")
    behind = [g["behind"] for _, g in games if "behind" in g]
    print(f"{len(games)} games with scores; {sum(g['lost'] for _, g in games)} lost")
    print(f"the opponent first saw {args.player} {args.threshold} cp behind in {len(behind)} games")
    if behind:
        own = [b[2] for b in behind if b[2] is not None]
        plies = [b[0] for b in behind]
        quartiles = statistics.quantiles(plies) if len(plies) > 1 else plies * 3
        print(f"  at ply: median {statistics.median(plies):.0f}"
              f" (quartiles {', '.join(f'{q:.0f}' for q in quartiles)})")
        if own:
            ahead = sum(v >= 0 for v in own)
            print(f"  {args.player}'s own score then: median {statistics.median(own):+.0f} cp;"
                  f" it thought itself level or ahead in {ahead} of {len(own)} ({100 * ahead / len(own):.0f} %)")
    pairs = [(a, b) for _, g in games for a, b in g["pairs"] if abs(a) < 3000 and abs(b) < 3000]
    if len(pairs) > 2:
        xs, ys = [a for a, _ in pairs], [b for _, b in pairs]
        slope = statistics.covariance(xs, ys) / statistics.variance(xs)
        print(f"{args.player}'s score against the opponent's next one ({len(pairs)} pairs, both"
              f" within 3000 cp): correlation {statistics.correlation(xs, ys):.2f}, slope"
              f" {slope:.2f}, mean {statistics.mean(xs):+.0f} against {statistics.mean(ys):+.0f}")
    turns = sorted((g["turn"] + (d, g["file"]) for d, g in games if g["turn"]), reverse=True)
    if not turns:
        return
    print("turning moves (after which the opponent's score fell most, as expected points):")
    print(f"  at ply: median {statistics.median(t[1] for t in turns):.0f}; mean fall"
          f" {statistics.mean(t[0] for t in turns):.2f} points")
    print(f"  the {min(args.worst, len(turns))} largest:")
    for fall, ply, before, after, own, directory, name in turns[: args.worst]:
        own_text = "?" if own is None else f"{own:+d}"
        print(f"  {os.path.join(directory, name)} ply {ply}: opponent {before:+d} -> {after:+d}"
              f" ({fall:.2f} points), {args.player} said {own_text}")


if __name__ == "__main__":
    main()
