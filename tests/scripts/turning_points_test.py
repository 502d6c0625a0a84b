#!/usr/bin/env python3
"""scripts/turning_points.py on two records whose '** scores are known."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))
import turning_points  # noqa: E402

HEADER = "V2.2\nN+{sente}\nN-{gote}\nPI\n+\n"
# The player is sente and loses: the opponent sees it 400 behind after its second move.
LOST = HEADER.format(sente="supersoma x", gote="other") + """+7776FU
T0
'** 50 -3334FU
-3334FU
T0
'** 0
+2726FU
T0
'** 100
-8384FU
T0
'** -400
%TORYO
'result gote (other) wins by resignation: resigned
"""
# The player is gote (sente's scores turned) and wins without falling behind.
WON = HEADER.format(sente="other", gote="supersoma y") + """+7776FU
T0
'** 30
-3334FU
T0
'** -200
+2726FU
T0
'** -50
-8384FU
T0
'** -100
+2625FU
T0
'** 20
%TORYO
'result gote (supersoma y) wins by resignation: resigned
"""


class TurningPointsTest(unittest.TestCase):
    def analyse(self, text):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "game-0001.csa")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            return turning_points.analyse(path, "supersoma", 300)

    def test_lost_game_names_the_turn_and_what_the_player_thought(self):
        game = self.analyse(LOST)
        self.assertTrue(game["lost"])
        self.assertFalse(game["won"])
        self.assertEqual(game["behind"], (4, -400, 100))  # ply, opponent's score, the player's
        fall, ply, before, after, own = game["turn"]
        self.assertEqual((ply, before, after, own), (3, 0, -400, 100))
        self.assertAlmostEqual(fall, 0.5 - 1 / (1 + 10 ** (400 / 400)))
        self.assertEqual(game["pairs"], [(50, 0), (100, -400)])

    def test_gotes_scores_are_turned_to_the_players_side(self):
        game = self.analyse(WON)
        self.assertTrue(game["won"])
        self.assertNotIn("behind", game)
        self.assertEqual(game["pairs"], [(200, 50), (100, -20)])
        self.assertEqual(game["turn"][1:], (4, 50, -20, 100))  # its move at ply 4

    def test_a_mate_already_seen_is_no_turn(self):
        # The opponent saw itself mated, then lost sight of it: the game was decided before.
        game = self.analyse(LOST.replace("'** 0\n", "'** 29990\n"))
        self.assertIsNone(game["turn"])

    def test_records_without_the_player_are_skipped(self):
        self.assertIsNone(self.analyse(LOST.replace("supersoma x", "third")))


if __name__ == "__main__":
    unittest.main()
