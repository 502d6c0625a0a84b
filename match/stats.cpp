#include "match/stats.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <tuple>

namespace supersoma::match {

namespace {

constexpr double Z95 = 1.959963984540054;  // two-sided 95 % quantile of the normal law

/// Mean and variance of a score distribution given as (score, count) pairs.
template<std::size_t N, typename Count>
std::pair<double, double> moments(
    const std::array<double, N>& scores, const std::array<Count, N>& counts) {
    double n = 0, sum = 0;
    for (std::size_t i = 0; i < N; ++i) n += counts[i], sum += counts[i] * scores[i];
    if (n == 0) return {0.5, 0};
    const double mean = sum / n;
    double       var  = 0;
    for (std::size_t i = 0; i < N; ++i) var += counts[i] * (scores[i] - mean) * (scores[i] - mean);
    return {mean, var / n};
}

/// Wilson's score interval for a mean in [0, 1]: the means mu whose normal interval, with the
/// largest variance a score in [0, 1] can have (mu (1 - mu)), holds the sample mean.
std::pair<double, double> wilson(double mean, double samples) {
    const double z2     = Z95 * Z95 / samples;
    const double centre = (mean + z2 / 2) / (1 + z2);
    const double half = Z95 * std::sqrt(mean * (1 - mean) / samples + z2 / samples / 4) / (1 + z2);
    return {centre - half, centre + half};
}

EloEstimate estimate(double mean, double variance_of_sample, double samples) {
    const double half = samples > 0 ? Z95 * std::sqrt(variance_of_sample / samples) : 0;
    double       low = mean - half, high = mean + half;
    // Near 0 or 1 the normal interval leaves [0, 1] (1-0-33 gave a lower bound of -inf Elo).
    // Wilson's stays inside, and its variance is the largest a score can have, so draws
    // cannot make it too narrow.
    if (samples > 0 && (low <= 0 || high >= 1)) {
        std::tie(low, high) = wilson(mean, samples);
        if (mean <= 0) low = 0;  // exactly, not Wilson's rounding error: -inf Elo
        if (mean >= 1) high = 1;
    }
    EloEstimate e {elo_from_score(mean), elo_from_score(low), elo_from_score(high)};
    // No point scored (or none lost): the sample has no spread, but n results alike still
    // bound the score. Clopper-Pearson: a mean in [0, 1] gives n zeros with probability at
    // most (1 - mean)^n, so the 95 % bound is where that is 2.5 %.
    if (samples > 0 && mean <= 0) e.upper = elo_from_score(1 - std::pow(0.025, 1 / samples));
    if (samples > 0 && mean >= 1) e.lower = elo_from_score(std::pow(0.025, 1 / samples));
    return e;
}

std::string signed_elo(double elo) {
    if (std::isinf(elo)) return elo < 0 ? "-inf" : "+inf";
    char text[32];
    std::snprintf(text, sizeof text, "%+.1f", elo);
    return text;
}

}  // namespace

double elo_from_score(double score) {
    if (score <= 0) return -std::numeric_limits<double>::infinity();
    if (score >= 1) return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) {
    return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

std::string EloEstimate::to_string() const {
    return signed_elo(elo) + " [" + signed_elo(lower) + ", " + signed_elo(upper) + "]";
}

EloEstimate elo_trinomial(const Wdl& wdl) {
    const auto [mean, var] = moments<3, int>({1.0, 0.5, 0.0}, {wdl.wins, wdl.draws, wdl.losses});
    return estimate(mean, var, wdl.games());
}

EloEstimate elo_pentanomial(const Pentanomial& pairs) {
    const auto [mean, var] = moments<5, int>({0.0, 0.25, 0.5, 0.75, 1.0}, pairs);
    int n                  = 0;
    for (int c : pairs) n += c;
    return estimate(mean, var, n);
}

double likelihood_of_superiority(const Wdl& wdl) {
    if (wdl.wins + wdl.losses == 0) return 0.5;
    return 0.5
        * (1.0 + std::erf((wdl.wins - wdl.losses) / std::sqrt(2.0 * (wdl.wins + wdl.losses))));
}

SprtState sprt(const SprtSettings& s, const Wdl& wdl, const Pentanomial& pairs) {
    SprtState state;
    state.lower_bound = std::log(s.beta / (1 - s.alpha));
    state.upper_bound = std::log((1 - s.beta) / s.alpha);
    int pair_count    = 0;
    for (int c : pairs) pair_count += c;
    // Half a pseudo-result in every bin keeps the variance from collapsing when all results
    // agree: with fishtest's 1e-3, one game lost gave an LLR of -11.9 and a verdict after one
    // game. Half a result moves the LLR of 550-0-450 by 0.007 (4.140 -> 4.134).
    constexpr double EPS = 0.5;
    double           n = 0, mean = 0.5, var = 0;
    if (pair_count) {
        std::array<double, 5> c {};
        for (std::size_t i = 0; i < 5; ++i) c[i] = pairs[i] + EPS;
        std::tie(mean, var) = moments<5, double>({0.0, 0.25, 0.5, 0.75, 1.0}, c);
        n                   = pair_count;
    } else {
        std::tie(mean, var) = moments<3, double>(
            {1.0, 0.5, 0.0}, {wdl.wins + EPS, wdl.draws + EPS, wdl.losses + EPS});
        n = wdl.games();
    }
    if (n == 0) return state;
    // Normal approximation of the log-likelihood ratio of two score means (as fishtest's
    // "logistic" GSPRT): N (s1 - s0) (2 mean - s0 - s1) / (2 var).
    const double s0 = score_from_elo(s.elo0), s1 = score_from_elo(s.elo1);
    state.llr     = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
    state.verdict = state.llr >= state.upper_bound ? SprtVerdict::AcceptH1
        : state.llr <= state.lower_bound           ? SprtVerdict::AcceptH0
                                                   : SprtVerdict::Continue;
    return state;
}

std::optional<SprtSettings> parse_sprt(const std::string& text, std::string& error) {
    SprtSettings       s;
    std::istringstream terms(text);
    for (std::string term; std::getline(terms, term, ',');) {
        const auto eq    = term.find('=');
        double     value = 0;
        try {
            std::size_t used = 0;
            if (eq == std::string::npos) throw std::invalid_argument("");
            value = std::stod(term.substr(eq + 1), &used);
            if (used != term.size() - eq - 1) throw std::invalid_argument("");
        } catch (const std::exception&) {
            error = "'" + term + "' is not name=number";
            return std::nullopt;
        }
        const std::string name = term.substr(0, eq);
        if (name == "elo0")
            s.elo0 = value;
        else if (name == "elo1")
            s.elo1 = value;
        else if (name == "alpha")
            s.alpha = value;
        else if (name == "beta")
            s.beta = value;
        else {
            error = "unknown SPRT term '" + name + "'";
            return std::nullopt;
        }
    }
    if (!(s.elo1 > s.elo0) || !(s.alpha > 0 && s.alpha < 0.5) || !(s.beta > 0 && s.beta < 0.5)) {
        error = "SPRT needs elo1 > elo0 and 0 < alpha, beta < 0.5";
        return std::nullopt;
    }
    return s;
}

}  // namespace supersoma::match
