// The network trainer: training lowers the loss on what KP alone cannot express, and the
// engine's quantised network gives the trainer's float values within the quantisation error.
#include "tools/nnue_trainer.hpp"

#include <gtest/gtest.h>

#include "eval/evaluate.hpp"
#include "tests/support/engine_helpers.hpp"
#include "tools/kp_trainer.hpp"

namespace supersoma::tune {
namespace {

// Labels a sum of single pieces cannot give: material plus a bonus when the side to move has
// both a rook and a bishop (on the board or in hand), a pair that KP prices only piece by piece.
float pair_label(const Position& pos) {
    const auto has = [&](Color c, PieceType pt) {
        if (pos.hand(c).count(pt) > 0) return true;
        for (Square s : pos.pieces(c))
            if (unpromote(type_of(pos.piece_on(s))) == pt) return true;
        return false;
    };
    const Color us    = pos.side_to_move();
    const float bonus = (has(us, ROOK) && has(us, BISHOP) ? 300.0f : 0.0f)
        - (has(~us, ROOK) && has(~us, BISHOP) ? 300.0f : 0.0f);
    return float(eval::material_balance(pos)) + bonus;
}

// Labels that price what hangs: material plus 200 for each enemy piece the side to move
// attacks that nothing defends, minus 200 for each of its own. Pieces and squares alone cannot
// tell; the threat inputs can.
float hanging_label(const Position& pos) {
    const auto hanging = [&](Color c) {
        int n = 0;
        for (Square s : pos.pieces(c))
            n += type_of(pos.piece_on(s)) != KING && bool(pos.attackers_to(~c, s))
                && !pos.attackers_to(c, s);
        return n;
    };
    const Color us = pos.side_to_move();
    return float(eval::material_balance(pos)) + 200.0f * float(hanging(~us) - hanging(us));
}

NnueSet labelled_set(int count, float (*label_of)(const Position&), bool threats) {
    NnueSet set;
    set.threats = threats;
    for (const std::string& sfen : test::random_play_sfens(count)) {
        const Position pos = test::from_sfen(sfen);
        if (pos.king_square(SENTE) == SQ_NONE || pos.king_square(GOTE) == SQ_NONE) continue;
        const float label = label_of(pos);
        set.add(pos, label, label > 0 ? 1.0f : label < 0 ? 0.0f : 0.5f);
    }
    return set;
}

NnueTrainOptions small_options() {
    NnueTrainOptions o;
    o.width            = 32;
    o.epochs           = 6;
    o.batch            = 256;
    o.learning_rate    = 3e-3;
    o.kp_rate          = 0;  // KP stays material: only the network can learn the pair
    o.lambda           = 0;
    o.scale            = 0.004;
    o.validation_every = 5;
    o.validation_block = 50;
    return o;
}

NnueSet pair_set(int count, bool threats = false) {
    return labelled_set(count, pair_label, threats);
}

TEST(NnueTrainer, ATinyNetworkLowersItsLossOnWhatKpCannotSay) {
    const NnueSet         set = pair_set(3000);
    const NnueTrainResult r   = train_nnue(set, kp_from_material(), small_options(), nullptr);
    EXPECT_GT(set.samples.size(), 2500u);
    EXPECT_LT(r.train_after, 0.8 * r.train_before) << r.train_before << " -> " << r.train_after;
    EXPECT_LT(r.validation_after, 0.9 * r.validation_before)
        << r.validation_before << " -> " << r.validation_after;
    EXPECT_GT(r.best_epoch, 0);
}

// On labels that price hanging pieces, the threat inputs take the loss below what the same
// network learns without them (0.82 of it when written).
TEST(NnueTrainer, ThreatInputsLearnWhatHangs) {
    NnueTrainOptions o     = small_options();
    const NnueSet    plain = labelled_set(3000, hanging_label, false);
    const NnueSet    with  = labelled_set(3000, hanging_label, true);
    const double     without_threats
        = train_nnue(plain, kp_from_material(), o, nullptr).validation_after;
    o.threats                 = true;
    const double with_threats = train_nnue(with, kp_from_material(), o, nullptr).validation_after;
    EXPECT_LT(with_threats, 0.9 * without_threats) << with_threats << " vs " << without_threats;
    o.threats = true;
    EXPECT_THROW(train_nnue(plain, kp_from_material(), o, nullptr), std::invalid_argument);
}

// The engine's integer inference of an exported network equals the trainer's forward pass
// within the quantisation error, on 1,000 positions, with threat inputs and without.
class QuantisedNetwork : public ::testing::TestWithParam<bool> { };

TEST_P(QuantisedNetwork, GivesTheFloatValues) {
    NnueTrainOptions o             = small_options();
    o.threats                      = GetParam();
    const NnueSet         set      = pair_set(2000, GetParam());
    const NnueTrainResult r        = train_nnue(set, kp_from_material(), o, nullptr);
    const eval::Network   net      = eval::Network::from_bytes(r.network.quantise().to_bytes());
    int                   compared = 0, network_moved = 0;
    double                worst = 0;
    for (const std::string& sfen : test::random_play_sfens(1000)) {
        const Position pos = test::from_sfen(sfen);
        if (pos.king_square(SENTE) == SQ_NONE || pos.king_square(GOTE) == SQ_NONE) continue;
        const double engine  = eval::nnue_evaluate_from_scratch(pos, net);
        const double trainer = r.network.value(pos);
        worst                = std::max(worst, std::abs(engine - trainer));
        network_moved += std::abs(trainer - eval::kp_evaluate_from_scratch(pos, net.kp())) > 20;
        ++compared;
    }
    EXPECT_GT(compared, 900);
    EXPECT_GT(network_moved, compared / 4);  // the network's part is not nothing
    // Search units (a pawn is 52); each row adds its rounding, and a threat network sums some
    // hundred rows more a view.
    EXPECT_LE(worst, GetParam() ? 9.0 : 6.0);
    EXPECT_EQ(net.has_threats(), GetParam());
}

// A network read back from its file trains on from where it stood: its float twin gives the
// engine's values and the loss it was exported with, and more epochs do not start over.
TEST(NnueTrainer, TrainsOnFromAnExportedNetwork) {
    NnueTrainOptions o          = small_options();
    o.threats                   = true;
    const NnueSet         set   = pair_set(2000, true);
    const NnueTrainResult first = train_nnue(set, kp_from_material(), o, nullptr);
    const eval::Network   net   = eval::Network::from_bytes(first.network.quantise().to_bytes());
    const FloatNetwork    twin(net);
    double                worst = 0;
    for (const std::string& sfen : test::random_play_sfens(300)) {
        const Position pos = test::from_sfen(sfen);
        if (pos.king_square(SENTE) == SQ_NONE || pos.king_square(GOTE) == SQ_NONE) continue;
        worst = std::max(
            worst, std::abs(eval::nnue_evaluate_from_scratch(pos, net) - twin.value(pos)));
    }
    EXPECT_LE(worst, 3.0);  // the engine's integer rounding alone
    EXPECT_TRUE(twin.threats);
    EXPECT_EQ(twin.width, o.width);

    o.epochs                     = 2;
    o.learning_rate              = 1e-3;
    o.width                      = 64;  // the network's own width wins
    const NnueTrainResult second = train_nnue(set, twin, o, nullptr);
    EXPECT_NEAR(second.validation_before, first.validation_after, 0.1 * first.validation_after);
    EXPECT_LT(second.validation_before, 0.9 * first.validation_before);
    EXPECT_LE(second.validation_after, second.validation_before);
    EXPECT_EQ(second.network.width, twin.width);
}

INSTANTIATE_TEST_SUITE_P(NnueTrainer, QuantisedNetwork, ::testing::Bool(),
    [](const auto& p) { return p.param ? "WithThreatInputs" : "PiecesOnly"; });

}  // namespace
}  // namespace supersoma::tune
