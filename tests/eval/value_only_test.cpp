// The value-only SUPER-SOMA (Evaluator, evaluate_verdict) against the explaining call
// (evaluate): the same net, first move and end on every test position and option set, flags
// read off the first table, and an Evaluator reused position after position in its own arena
// gives what a fresh evaluation gives, also when it takes steps from its step cache.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/movegen.hpp"
#include "eval/leaf.hpp"
#include "soma/playout/playout.hpp"
#include "soma/supersoma.hpp"
#include "tests/support/engine_helpers.hpp"
#include "tests/support/positions.hpp"

namespace supersoma::soma {
namespace {

std::vector<std::string> test_sfens() {
    std::vector<std::string> all = test::suite_sfens();
    for (const auto& s : test::random_play_sfens(60)) all.push_back(s);
    for (const auto& s : test::scattered_sfens(300)) all.push_back(s);
    return all;
}

// The option sets the project evaluates with: the article's, without threats, the leaf's.
std::vector<EvalOptions> option_sets() {
    EvalOptions no_threats;
    no_threats.threats = false;
    return {EvalOptions {}, no_threats, eval::leaf_eval_options()};
}

// The verdict as the record states it: the flags from the first table's entries.
void expect_matches_record(const Verdict& v, const EvalResult& r) {
    EXPECT_EQ(v.net, r.net);
    EXPECT_EQ(v.end, r.end);
    const Move first = r.line.front().move;
    EXPECT_EQ(v.first, first.is_pass() ? Move::none() : first);
    const auto& entries = r.iterations.front().entries;
    const bool  mate    = std::any_of(
            entries.begin(), entries.end(), [](const XrefEntry& e) { return e.is(KIND_MATE); });
    EXPECT_EQ(v.mate_threat, mate);
    Value best[COLOR_NB] = {0, 0};
    for (const XrefEntry& e : entries)
        if (e.gains_at_once()) best[e.side] = std::max(best[e.side], e.value);
    const bool conflict = best[SENTE] >= 200 && best[GOTE] >= 200;
    EXPECT_EQ(v.too_complex, mate || conflict || r.end == LineEnd::Mate);
}

TEST(ValueOnlyEvaluation, GivesTheExplainingCallsLineValueAndFlags) {
    int mates = 0, complex = 0, moves = 0;
    for (const EvalOptions& options : option_sets()) {
        Evaluator evaluator(options, eval::LEAF_ARENA_BYTES);
        for (const std::string& sfen : test_sfens()) {
            SCOPED_TRACE(sfen);
            const Position   pos    = test::position_of(sfen);
            const EvalResult record = evaluate(pos, options);
            const Verdict    alone  = evaluate_verdict(pos, options);
            expect_matches_record(alone, record);
            const Verdict reused = evaluator.verdict(pos);
            EXPECT_EQ(reused.net, alone.net);
            EXPECT_EQ(reused.first, alone.first);
            EXPECT_EQ(reused.end, alone.end);
            EXPECT_EQ(reused.too_complex, alone.too_complex);
            EXPECT_EQ(reused.mate_threat, alone.mate_threat);
            mates += alone.mate_threat;
            complex += alone.too_complex;
            moves += !alone.first.is_none();
        }
    }
    // The sample exercised every flag and both kinds of first step.
    EXPECT_GT(mates, 10);
    EXPECT_GT(complex, mates);
    EXPECT_GT(moves, 100);
}

void expect_same_verdict(const Verdict& a, const Verdict& b) {
    EXPECT_EQ(a.net, b.net);
    EXPECT_EQ(a.first, b.first);
    EXPECT_EQ(a.end, b.end);
    EXPECT_EQ(a.too_complex, b.too_complex);
    EXPECT_EQ(a.mate_threat, b.mate_threat);
}

// An evaluator that keeps steps gives fresh verdicts: on each position, and on the position
// after its line's first move, which finds most of its steps kept. One evaluator serves every
// option set (new options forget the steps) through a small cache, so slots are replaced.
TEST(StepCache, KeptStepsGiveTheVerdictsOfFreshEvaluations) {
    Evaluator     evaluator(option_sets().front(), eval::LEAF_ARENA_BYTES, 10);
    std::uint64_t hits = 0, misses = 0;
    for (const EvalOptions& options : option_sets()) {
        evaluator.set_options(options);
        evaluator.reset_step_counts();
        for (const std::string& sfen : test_sfens()) {
            SCOPED_TRACE(sfen);
            Position pos = test::position_of(sfen);
            expect_same_verdict(evaluator.verdict(pos), evaluate_verdict(pos, options));
            const Move first = evaluate_verdict(pos, options).first;
            if (first.is_none()) continue;
            pos.do_move(first);
            SCOPED_TRACE(to_usi(first));
            expect_same_verdict(evaluator.verdict(pos), evaluate_verdict(pos, options));
        }
        hits += evaluator.steps()->hits();
        misses += evaluator.steps()->misses();
    }
    EXPECT_GT(hits, 200u);
    EXPECT_GT(misses, hits);
}

// A kept step whose move is not legal in the position (two positions sharing a key) is not
// played: the playout decides that step afresh and keeps the right one.
TEST(StepCache, AStepWithAnIllegalMoveIsDecidedAfresh) {
    const EvalOptions options = eval::leaf_eval_options();
    int               tried   = 0;
    for (const std::string& sfen : test::suite_sfens()) {
        SCOPED_TRACE(sfen);
        const Position pos   = test::position_of(sfen);
        const Verdict  fresh = evaluate_verdict(pos, options);
        // A gold moving from an empty square.
        const Move illegal = Move::board(Bitboard::all().andnot(pos.pieces()).lsb(),
            pos.pieces().lsb(), GOLD, NO_PIECE_TYPE, false);
        ASSERT_FALSE(is_legal(pos, illegal));
        StepCache cache(16);
        Step      wrong;
        wrong.chosen = illegal;
        wrong.value  = 9999;
        cache.store(pos.key(), wrong);
        expect_same_verdict(play_out(pos, options, nullptr, &cache), fresh);
        const Step* kept = cache.probe(pos.key());
        ASSERT_NE(kept, nullptr);
        EXPECT_EQ(kept->chosen, fresh.first.is_none() ? Move::pass() : fresh.first);
        ++tried;
    }
    EXPECT_GT(tried, 100);
}

TEST(StepCache, TheLearnedLeafDecidesItsFirstStepAlwaysAfresh) {
    // The model chooses the line's first move, the article's weights the rest: the cache holds
    // the rest's steps only, so a first step stored there is neither read nor replaced.
    const EvalOptions options = with_model(eval::leaf_eval_options(), learned_leaf_model());
    ASSERT_EQ(options.choice->plies, 1);
    for (const std::string& sfen : test::suite_sfens()) {
        SCOPED_TRACE(sfen);
        const Position pos = test::position_of(sfen);
        StepCache      cache(16);
        Step           stale;
        stale.chosen = Move::pass();
        stale.value  = 9999;
        cache.store(pos.key(), stale);
        expect_same_verdict(
            play_out(pos, options, nullptr, &cache), evaluate_verdict(pos, options));
        ASSERT_NE(cache.probe(pos.key()), nullptr);
        EXPECT_EQ(cache.probe(pos.key())->value, 9999);
    }
}

// The evaluator's arena holds every leaf evaluation of the sample: none took the heap.
TEST(ValueOnlyEvaluation, LeafEvaluationsFitTheArena) {
    Evaluator evaluator(eval::leaf_eval_options(), eval::LEAF_ARENA_BYTES);
    for (const std::string& sfen : test_sfens()) evaluator.verdict(test::position_of(sfen));
    EXPECT_GT(evaluator.arena_peak(), 0u);
    EXPECT_LT(evaluator.arena_peak(), eval::LEAF_ARENA_BYTES);
}

}  // namespace
}  // namespace supersoma::soma
