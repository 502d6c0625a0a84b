#pragma once
// Match statistics as the engine world reports them: Elo with a 95 % interval (trinomial, or
// pentanomial for games paired on one opening), likelihood of superiority, and the SPRT.

#include <array>
#include <optional>
#include <string>

namespace supersoma::match {

/// Wins, draws and losses of the first engine.
struct Wdl {
    int    wins = 0, draws = 0, losses = 0;
    int    games() const { return wins + draws + losses; }
    double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }
};

/// Pairs of games on one opening (colours swapped), counted by the pair's points for the
/// first engine: 0, 0.5, 1, 1.5 or 2.
using Pentanomial = std::array<int, 5>;

/// An Elo difference and its 95 % interval. A score of 0 (or 1) has an infinite estimate and
/// one infinite bound; its other bound is exact (Clopper-Pearson).
struct EloEstimate {
    double elo = 0, lower = 0, upper = 0;
    /// "-31.2 [-80.5, +17.9]", with "-inf"/"+inf" where the score leaves the logistic curve.
    std::string to_string() const;
};

/// The logistic Elo difference that gives the expected score `score`.
double elo_from_score(double score);
/// The expected score of an Elo difference.
double score_from_elo(double elo);

/// Elo from W/D/L, its interval from the trinomial variance of one game.
EloEstimate elo_trinomial(const Wdl& wdl);
/// Elo from pairs, its interval from the variance of a pair's score.
EloEstimate elo_pentanomial(const Pentanomial& pairs);
/// Likelihood of superiority: the probability that the first engine is the stronger,
/// from wins and losses (draws carry no information on it).
double likelihood_of_superiority(const Wdl& wdl);

/// A sequential probability ratio test of H0: Elo = elo0 against H1: Elo = elo1.
struct SprtSettings {
    double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
};
enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };
struct SprtState {
    double      llr = 0, lower_bound = 0, upper_bound = 0;
    SprtVerdict verdict = SprtVerdict::Continue;
};
/// The log-likelihood ratio (normal approximation of the generalised SPRT on the per-game
/// or per-pair score) and the verdict; pairs are used when any are given.
SprtState sprt(const SprtSettings& settings, const Wdl& wdl, const Pentanomial& pairs);
/// Parses "elo0=0,elo1=10[,alpha=0.05,beta=0.05]"; nothing on a bad text.
std::optional<SprtSettings> parse_sprt(const std::string& text, std::string& error);

}  // namespace supersoma::match
