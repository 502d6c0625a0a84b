#!/usr/bin/env python3
"""Plays USI engines against each other and reports the score with its error margin.

A stop-gap runner for the first strength figures (the `supersoma match` tool is its own
issue). Each game starts fresh engine processes, plays an opening from the file with both
colours, keeps each engine's clock as a GUI does, and adjudicates by the rules through a
referee: a supersoma process answering its `d` debug command (legal moves, repetition,
perpetual check, entering-king declaration).

  scripts/usi_match.py --engine A="build/release/usi/supersoma" --engine B="/usr/games/fairy-stockfish" \
      --option "B:UCI_Variant=shogi" --tc byoyomi=200 --games 100 --openings bench/data/openings.txt
"""
import argparse
import concurrent.futures
import math
import queue
import subprocess
import sys
import threading
import time


class Engine:
    """One USI engine process with a reader thread, so every wait has a timeout."""

    def __init__(self, name, command, options):
        self.name = name
        self.proc = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1)
        self.lines = queue.Queue()
        self.tail = []
        threading.Thread(target=self._read, daemon=True).start()
        self.send("usi")
        self.wait_for("usiok", 30)
        for key, value in options:
            self.send(f"setoption name {key} value {value}")
        self.send("isready")
        self.wait_for("readyok", 60)

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, text):
        try:
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def read(self, deadline):
        """The next line, None at end of output, or raises TimeoutError at the deadline."""
        try:
            line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise TimeoutError
        if line is not None:
            self.tail = (self.tail + [line])[-5:]
        return line

    def wait_for(self, word, seconds):
        deadline = time.monotonic() + seconds
        while True:
            line = self.read(deadline)
            if line is None:
                raise EOFError
            if line.split()[:1] == [word]:
                return line

    def close(self):
        self.send("quit")
        try:
            self.proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Referee(Engine):
    """supersoma's `d`: the position's legal moves and what the rules say of it."""

    def judge(self, start, moves):
        self.send(f"position {start} moves {' '.join(moves)}".rstrip())
        self.send("d")
        self.send("isready")
        info = {"error": None}
        deadline = time.monotonic() + 10
        while True:
            line = self.read(deadline)
            if line == "readyok":
                return info
            if line.startswith("info string position:"):
                info["error"] = line
            elif line.startswith("info string legal"):
                info["legal"] = set(line.split()[3:])
            elif line.startswith("info string state"):
                words = line.split()
                info["state"], info["check"], info["declaration"] = words[3], words[5], words[7]


def parse_tc(text):
    kind, _, value = text.partition("=")
    if kind == "byoyomi":
        return {"time": 0, "inc": 0, "byoyomi": int(value)}
    if kind == "fischer":
        main, _, inc = value.partition("+")
        return {"time": int(main), "inc": int(inc), "byoyomi": 0}
    if kind == "movetime":
        return {"movetime": int(value)}
    raise SystemExit(f"unknown time control {text}")


def play_game(args, engines, opening, first, log):
    """One game; engines[first] plays sente. Returns (result for engine 0, reason)."""
    tc = parse_tc(args.tc)
    order = [first, 1 - first]  # order[c]: index of the engine playing colour c
    players = [None, None]
    referee = Referee("referee", args.referee, [("EnteringKingRule", "CSARule27")])
    start, _, opening_moves = opening.partition(" moves ")
    moves = opening_moves.split()
    clock = [tc.get("time", 0)] * 2
    ply_colour = len(moves) % 2 if start == "startpos" else None
    if ply_colour is None:  # an SFEN start: its side field says who moves first
        ply_colour = (0 if start.split()[2] == "b" else 1) if start.startswith("sfen") else 0
        ply_colour = (ply_colour + len(moves)) % 2

    def finish(winner_colour, reason):
        if winner_colour is None:
            return 0.5, reason
        return (1.0 if order[winner_colour] == 0 else 0.0), reason

    try:
        for c in (0, 1):
            index = order[c]
            players[c] = Engine(engines[index][0], engines[index][1], engines[index][2])
            players[c].send("usinewgame")
        colour = ply_colour
        while True:
            state = referee.judge(start, moves)
            if state["error"]:
                return finish(None, "referee rejected the opening: " + state["error"])
            if state["state"] == "no-legal-move":
                return finish(1 - colour, "mate")
            if state["state"] == "repetition-draw":
                return finish(None, "repetition")
            if state["state"] == "perpetual-check-by-opponent":
                return finish(colour, "perpetual check")
            if state["state"] == "perpetual-check-by-side-to-move":
                return finish(1 - colour, "perpetual check")
            if len(moves) >= args.max_plies:
                return finish(None, "move limit")
            player = players[colour]
            player.send(f"position {start} moves {' '.join(moves)}".rstrip())
            if "movetime" in tc:
                player.send(f"go movetime {tc['movetime']}")
                budget = tc["movetime"] / 1000.0
            else:
                player.send(f"go btime {clock[0]} wtime {clock[1]} byoyomi {tc['byoyomi']}"
                            + (f" binc {tc['inc']} winc {tc['inc']}" if tc["inc"] else ""))
                budget = (clock[colour] + tc["inc"] + tc["byoyomi"]) / 1000.0
            t0 = time.monotonic()
            try:
                line = player.wait_for("bestmove", budget + args.hang_seconds)
            except TimeoutError:
                return finish(1 - colour, f"{player.name} hung: {player.tail}")
            except EOFError:
                return finish(1 - colour, f"{player.name} crashed: {player.tail}")
            elapsed_ms = math.ceil((time.monotonic() - t0) * 1000)
            if "movetime" not in tc:
                left = clock[colour] + tc["inc"] - elapsed_ms
                if left + tc["byoyomi"] < 0:
                    return finish(1 - colour, f"{player.name} lost on time ({elapsed_ms} ms)")
                clock[colour] = max(0, left)
            move = line.split()[1] if len(line.split()) > 1 else ""
            if move == "resign":
                return finish(1 - colour, "resign")
            if move == "win":
                ok = state["declaration"] == "wins"
                return finish(colour if ok else 1 - colour,
                              "declaration" if ok else "invalid declaration")
            if move not in state.get("legal", set()):
                return finish(1 - colour, f"{player.name} played illegal {move}: {player.tail}")
            moves.append(move)
            colour = 1 - colour
    finally:
        for p in players:
            if p:
                p.close()
        referee.close()
        log.append(f"position {start} moves {' '.join(moves)}")


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def summary(results):
    n = len(results)
    w = sum(1 for r in results if r == 1.0)
    d = sum(1 for r in results if r == 0.5)
    l = n - w - d
    p = (w + d / 2) / n
    var = (w * (1 - p) ** 2 + d * (0.5 - p) ** 2 + l * p ** 2) / n
    margin = 1.96 * math.sqrt(var / n)
    return w, d, l, p, elo(p), elo(max(p - margin, 0)), elo(min(p + margin, 1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", action="append", required=True, help="NAME=COMMAND (twice)")
    ap.add_argument("--option", action="append", default=[], help="NAME:Option=Value")
    ap.add_argument("--tc", default="byoyomi=1000")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--openings", required=True)
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=320)
    ap.add_argument("--hang-seconds", type=float, default=5.0)
    ap.add_argument("--referee", default="build/release/usi/supersoma")
    ap.add_argument("--log", help="file to append one line per game to, as games end")
    args = ap.parse_args()

    engines = []
    for spec in args.engine:
        name, _, command = spec.partition("=")
        options = [tuple(o.split(":", 1)[1].split("=", 1)) for o in args.option
                   if o.split(":", 1)[0] == name]
        engines.append((name, command, options))
    if len(engines) != 2:
        raise SystemExit("give exactly two --engine")
    openings = [l.strip() for l in open(args.openings) if l.strip() and not l.startswith("#")]

    results, reasons, lines = [], {}, []
    lock = threading.Lock()

    def one(game):
        opening = openings[(game // 2) % len(openings)]
        log = []
        result, reason = play_game(args, engines, opening, game % 2, log)
        with lock:
            results.append(result)
            key = reason.split(":")[0].split(" (")[0]
            reasons[key] = reasons.get(key, 0) + 1
            lines.append(f"game {game + 1} {engines[game % 2][0]}-sente result {result} "
                         f"({reason}) {log[0] if log else ''}")
            if args.log:
                with open(args.log, "a") as f:
                    f.write(lines[-1] + "\n")
            w, d, l, p, e, lo, hi = summary(results)
            faults = sum(v for k, v in reasons.items() if "time" in k or "hung" in k
                         or "crash" in k or "illegal" in k)
            print(f"games {len(results)} +{w} ={d} -{l} score {p:.3f} elo {e:+.0f} "
                  f"[{lo:+.0f}, {hi:+.0f}] faults {faults}", file=sys.stderr, flush=True)

    with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
        list(pool.map(one, range(args.games)))
    w, d, l, p, e, lo, hi = summary(results)
    print(f"{engines[0][0]} vs {engines[1][0]}, tc {args.tc}, {len(results)} games: "
          f"+{w} ={d} -{l}, score {p:.3f}, Elo {e:+.0f} (95 % [{lo:+.0f}, {hi:+.0f}])")
    print("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))


if __name__ == "__main__":
    main()
