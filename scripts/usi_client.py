#!/usr/bin/env python3
"""A USI engine driven from Python, for the scripts that label positions with an engine.

Engine: one engine process (handshake, options, a reader thread so every wait has a timeout).
Referee: a supersoma process answering its `d` debug command (legal moves, repetition,
perpetual check, entering-king declaration), to judge a line by the rules.
csa_game: the USI moves of a CSA record (as `supersoma match` writes them).

Games between engines are played by `supersoma match` (docs/match.md), not from here.
"""
import queue
import re
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

    def sfen(self, position):
        """The SFEN of a USI `position` command's position (without history)."""
        self.send(position)
        self.send("d")
        self.send("isready")
        sfen = None
        while True:
            line = self.read(time.monotonic() + 10)
            if line.startswith("info string sfen "):
                sfen = line[len("info string sfen "):].strip()
            if line == "readyok":
                return sfen

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


CSA_TO_SFEN = {"FU": "P", "KY": "L", "KE": "N", "GI": "S", "KA": "B", "HI": "R", "KI": "G",
               "OU": "K", "TO": "+P", "NY": "+L", "NK": "+N", "NG": "+S", "UM": "+B", "RY": "+R"}


def csa_game(path):
    """The USI moves of a CSA record that starts from the initial position."""
    board, moves = {}, []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if re.match(r"^P[1-9]", line):
            rank = int(line[1])
            for i in range(9):
                cell = line[2 + 3 * i: 5 + 3 * i]
                if cell.strip() != "*":
                    board[(9 - i, rank)] = cell[1:]
        elif re.match(r"^[+-]\d{4}[A-Z]{2}$", line):
            frm, to, piece = (int(line[1]), int(line[2])), (int(line[3]), int(line[4])), line[5:]
            square = f"{to[0]}{chr(ord('a') + to[1] - 1)}"
            if frm == (0, 0):
                moves.append(f"{CSA_TO_SFEN[piece]}*{square}")
            else:
                promoted = board.get(frm) != piece
                moves.append(f"{frm[0]}{chr(ord('a') + frm[1] - 1)}{square}" + ("+" if promoted else ""))
                del board[frm]
            board[to] = piece
    return moves
