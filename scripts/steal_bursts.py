#!/usr/bin/env python3
"""Steal time in bursts: every 50 ms, the time each core lost to the host (the steal column of
/proc/stat), printed with the clock whenever a sample lost 20 ms or more. Run it beside a
match: a time loss whose record ends in the second of a burst was the machine's, not the
engine's (docs/strength.md). The kernel counts steal in 10 ms ticks.

  scripts/steal_bursts.py --minutes 60 > match-records/steal.log
"""
import argparse
import time


def steal_ticks():
    with open('/proc/stat') as stat:
        return [int(line.split()[8]) for line in stat
                if line.startswith('cpu') and line[3] != ' ']


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--minutes', type=float, default=60, help='how long to watch')
    ap.add_argument('--min-ms', type=int, default=20, help='the smallest burst printed')
    args = ap.parse_args()
    end = time.monotonic() + args.minutes * 60
    before = steal_ticks()
    while time.monotonic() < end:
        time.sleep(0.05)
        now = steal_ticks()
        for core, (a, b) in enumerate(zip(before, now)):
            if 10 * (b - a) >= args.min_ms:
                print(f"{time.strftime('%H:%M:%S')} cpu{core} steal {10 * (b - a)} ms in 50 ms",
                      flush=True)
        before = now


if __name__ == '__main__':
    main()
