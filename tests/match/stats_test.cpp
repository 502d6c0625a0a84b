#include "match/stats.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace supersoma::match {
namespace {

TEST(Stats, EloOfKnownScores) {
    EXPECT_NEAR(elo_from_score(0.5), 0.0, 1e-9);
    EXPECT_NEAR(elo_from_score(0.75), 190.848, 1e-3);  // -400 log10(1/3)
    EXPECT_NEAR(elo_from_score(0.25), -190.848, 1e-3);
    EXPECT_NEAR(score_from_elo(elo_from_score(0.64)), 0.64, 1e-12);
    EXPECT_TRUE(std::isinf(elo_from_score(0.0)) && elo_from_score(0.0) < 0);
    EXPECT_TRUE(std::isinf(elo_from_score(1.0)) && elo_from_score(1.0) > 0);
}

TEST(Stats, TrinomialIntervalOfAKnownResult) {
    // 60-20-20: score 0.7, per-game variance 0.16, standard error 0.04, 95 % half-width
    // 1.96 * 0.04 = 0.0784: scores 0.6216 and 0.7784.
    const EloEstimate e = elo_trinomial({60, 20, 20});
    EXPECT_NEAR(e.elo, -400 * std::log10(1 / 0.7 - 1), 1e-9);
    EXPECT_NEAR(e.lower, elo_from_score(0.7 - 1.959964 * 0.04), 0.01);
    EXPECT_NEAR(e.upper, elo_from_score(0.7 + 1.959964 * 0.04), 0.01);
    EXPECT_NEAR(e.lower, 86.2, 0.1);
    EXPECT_NEAR(e.upper, 218.3, 0.1);
}

TEST(Stats, AllDrawsHaveNoSpread) {
    const EloEstimate e = elo_trinomial({0, 50, 0});
    EXPECT_NEAR(e.elo, 0, 1e-9);
    EXPECT_NEAR(e.lower, 0, 1e-9);
    EXPECT_NEAR(e.upper, 0, 1e-9);
}

// 0-0-200 still says something: a true score above 1 - 0.025^(1/200) = 1.83 % would lose all
// 200 games less than 2.5 % of the time, so the Elo is below -692 with 95 % confidence.
TEST(Stats, NoPointScoredStillBoundsTheElo) {
    const EloEstimate none = elo_trinomial({0, 0, 200});
    EXPECT_TRUE(std::isinf(none.elo) && none.elo < 0);
    EXPECT_TRUE(std::isinf(none.lower) && none.lower < 0);
    EXPECT_NEAR(none.upper, elo_from_score(1 - std::pow(0.025, 1.0 / 200)), 1e-9);
    EXPECT_NEAR(none.upper, -692.1, 0.1);
    // More games, a tighter bound; every point won mirrors it.
    EXPECT_LT(elo_trinomial({0, 0, 400}).upper, none.upper);
    EXPECT_NEAR(elo_trinomial({200, 0, 0}).lower, -none.upper, 1e-9);
    // The pairs bound the same way: 100 pairs lost 0-2.
    EXPECT_NEAR(elo_pentanomial({100, 0, 0, 0, 0}).upper,
        elo_from_score(1 - std::pow(0.025, 1.0 / 100)), 1e-9);
}

// 1-0-33: the normal interval's lower end is below a score of 0; Wilson's is not.
TEST(Stats, AFewPointsInManyGamesGetWilsonsInterval) {
    const EloEstimate e = elo_trinomial({1, 0, 33});
    const double      n = 34, p = 1 / n, z2 = 1.959964 * 1.959964 / n;
    const double      half = 1.959964 * std::sqrt(p * (1 - p) / n + z2 / n / 4) / (1 + z2);
    EXPECT_NEAR(e.lower, elo_from_score((p + z2 / 2) / (1 + z2) - half), 0.01);
    EXPECT_NEAR(e.upper, elo_from_score((p + z2 / 2) / (1 + z2) + half), 0.01);
    EXPECT_NEAR(e.lower, -912.5, 0.5);
    EXPECT_NEAR(e.upper, -302.5, 0.5);
    EXPECT_LT(e.lower, e.elo);
    // Well inside (0, 1) the normal interval stands: 8-0-192 keeps [-754, -457].
    const EloEstimate eight = elo_trinomial({8, 0, 192});
    EXPECT_NEAR(eight.lower, -754.3, 0.5);
    EXPECT_NEAR(eight.upper, -456.6, 0.5);
    // The pairs too: 16 pairs lost and one won.
    EXPECT_TRUE(std::isfinite(elo_pentanomial({16, 0, 0, 0, 1}).lower));
}

TEST(Stats, PentanomialUsesThePairsVariance) {
    // 10 pairs: four 1-1 splits (0.5), three 2-0 (1.0), three 0-2 (0): mean 0.5,
    // variance (3 * 0.25 + 3 * 0.25) / 10 = 0.15, standard error sqrt(0.015).
    const EloEstimate e = elo_pentanomial({3, 0, 4, 0, 3});
    EXPECT_NEAR(e.elo, 0, 1e-9);
    EXPECT_NEAR(e.upper, elo_from_score(0.5 + 1.959964 * std::sqrt(0.015)), 0.01);
    // Paired games that always split give a narrower interval than the same games unpaired.
    EXPECT_LT(elo_pentanomial({0, 0, 10, 0, 0}).upper, elo_trinomial({10, 0, 10}).upper);
}

TEST(Stats, LikelihoodOfSuperiority) {
    EXPECT_NEAR(likelihood_of_superiority({30, 50, 20}), 0.5 * (1 + std::erf(1.0)), 1e-9);
    EXPECT_NEAR(likelihood_of_superiority({20, 0, 20}), 0.5, 1e-12);
    EXPECT_NEAR(likelihood_of_superiority({0, 10, 0}), 0.5, 1e-12);
    EXPECT_LT(likelihood_of_superiority({10, 0, 30}), 0.01);
}

TEST(Stats, SprtAcceptsTheTrueHypothesis) {
    const SprtSettings s {0, 10, 0.05, 0.05};
    // Bounds: log(0.05 / 0.95) and log(0.95 / 0.05).
    const SprtState undecided = sprt(s, {5, 10, 5}, {});
    EXPECT_NEAR(undecided.lower_bound, -2.944, 1e-3);
    EXPECT_NEAR(undecided.upper_bound, 2.944, 1e-3);
    EXPECT_EQ(undecided.verdict, SprtVerdict::Continue);
    EXPECT_EQ(sprt(s, {700, 200, 300}, {}).verdict, SprtVerdict::AcceptH1);
    EXPECT_EQ(sprt(s, {300, 200, 700}, {}).verdict, SprtVerdict::AcceptH0);
    // The log-likelihood ratio of a known sample: N (s1 - s0) (2 m - s0 - s1) / (2 var).
    const double s1 = score_from_elo(10), m = 0.55,
                 var = (550 * 0.45 * 0.45 + 450 * 0.55 * 0.55) / 1000;
    EXPECT_NEAR(
        sprt(s, {550, 0, 450}, {}).llr, 1000 * (s1 - 0.5) * (2 * m - 0.5 - s1) / (2 * var), 0.01);
}

// The normal approximation needs a spread: one game, or one pair, decides nothing, while a
// long run of losses still rejects a gain.
TEST(Stats, SprtWaitsForASample) {
    const SprtSettings s {0, 20, 0.05, 0.05};
    EXPECT_EQ(sprt(s, {0, 0, 1}, {}).verdict, SprtVerdict::Continue);
    EXPECT_EQ(sprt(s, {1, 0, 0}, {}).verdict, SprtVerdict::Continue);
    EXPECT_EQ(sprt(s, {2, 0, 0}, {0, 0, 0, 0, 1}).verdict, SprtVerdict::Continue);
    EXPECT_GT(std::abs(sprt(s, {0, 0, 1}, {}).llr), 0.0);
    EXPECT_LT(std::abs(sprt(s, {0, 0, 1}, {}).llr), 0.5);
    EXPECT_EQ(sprt(s, {0, 0, 30}, {}).verdict, SprtVerdict::AcceptH0);
    EXPECT_EQ(sprt(s, {30, 0, 0}, {}).verdict, SprtVerdict::AcceptH1);
}

TEST(Stats, SprtTextIsChecked) {
    std::string error;
    const auto  s = parse_sprt("elo0=-5,elo1=5,alpha=0.1", error);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->elo0, -5);
    EXPECT_EQ(s->elo1, 5);
    EXPECT_EQ(s->alpha, 0.1);
    EXPECT_FALSE(parse_sprt("elo0=5,elo1=0", error));
    EXPECT_FALSE(parse_sprt("elo0=x", error));
    EXPECT_NE(error.find("elo0=x"), std::string::npos);
    EXPECT_FALSE(parse_sprt("gamma=1", error));
}

TEST(Stats, EstimateText) {
    EXPECT_EQ(elo_trinomial({1, 0, 0}).to_string(), "+inf [-636.4, +inf]");
    EXPECT_EQ((EloEstimate {-31.25, -80.5, 17.94}).to_string(), "-31.2 [-80.5, +17.9]");
}

}  // namespace
}  // namespace supersoma::match
