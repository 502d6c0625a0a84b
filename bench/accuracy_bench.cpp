// accuracy_bench: how well SUPER-SOMA predicts a deep search, against plain baselines, over the
// accuracy set (bench/data/accuracy.txt, scripts/make_accuracy_set.py). For each option set:
//   - first-move agreement: the line's first move equals the deep best move, over all positions
//     and over those whose deep move is tactical (a capture or a promotion);
//   - the rank correlation (Spearman) of `net` with the deep score less static material, both in
//     centipawns, over the positions without a mate score;
//   - the median microseconds per evaluate().
// Baselines: the side to move's highest-value entry (its move; max(0, value) as the gain), in
// eval's table and in the leaf's; the plain swap-off of its best capture (no ties, no
// threats); and no prediction at all. Evaluations draw from an arena, as at the leaves.
// Usage: accuracy_bench [set] [--disagreements [N] | --only N]   (default
// bench/data/accuracy.txt); --disagreements lists the tactical positions whose deep move the
// line of option set N (row N of the table, from 0; default 0) does not play, for classifying
// them; --only N evaluates option set N alone and prints the arena memory it peaked at.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <numeric>
#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "engine/attacks.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "eval/evaluate.hpp"
#include "eval/leaf.hpp"
#include "search/values.hpp"
#include "soma/supersoma.hpp"
#include "util/arena.hpp"
#include "util/rank_correlation.hpp"

using namespace supersoma;

namespace {

using Clock = std::chrono::steady_clock;

struct Labelled {
    Position              pos;
    Move                  deep_move;
    std::optional<double> deep_cp;  // none for a mate score
    double                material_cp = 0;
};

double to_cp(Value v) {
    return double(v) * 100.0 / search::PAWN_UNITS;
}

std::vector<Labelled> read_set(const std::string& path) {
    std::vector<Labelled> set;
    std::ifstream         in(path);
    std::size_t           skipped = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> fields;
        std::istringstream       s(line);
        for (std::string f; std::getline(s, f, ';');) fields.push_back(f);
        if (fields.size() < 3) continue;
        auto parsed = parse_sfen(fields[0]);
        if (!std::holds_alternative<Position>(parsed)) {
            ++skipped;
            continue;
        }
        Labelled   l {std::get<Position>(parsed), Move::none(), std::nullopt, 0};
        const auto move = parse_usi_move(l.pos, fields[1]);
        if (!std::holds_alternative<Move>(move)) {
            ++skipped;
            continue;
        }
        l.deep_move = std::get<Move>(move);
        if (fields[2].rfind("mate", 0) != 0) l.deep_cp = std::stod(fields[2]);
        const Color us = l.pos.side_to_move();
        l.material_cp  = to_cp(eval::material(l.pos, us) - eval::material(l.pos, ~us));
        set.push_back(std::move(l));
    }
    if (skipped) std::cerr << skipped << " lines skipped (bad SFEN or move)\n";
    return set;
}

std::string soma_kinds(std::uint16_t kinds) {
    std::string s = "x+fidc*m";
    for (std::size_t i = 0; i < s.size(); ++i)
        if (!(kinds & (1u << i))) s[i] = '-';
    return s;
}

bool tactical(Move m) {
    return m.is_capture() || m.is_promotion();
}

// One predictor's tallies.
struct Tally {
    int                 agree = 0, agree_tactical = 0, positions = 0, tactical_positions = 0;
    std::vector<double> predicted, target;  // cp, positions without a mate score
    std::vector<double> micros;

    void add(const Labelled& l, Move first, Value gain) {
        ++positions;
        const bool tact = tactical(l.deep_move);
        tactical_positions += tact;
        if (first == l.deep_move) {
            ++agree;
            agree_tactical += tact;
        }
        if (l.deep_cp) {
            predicted.push_back(to_cp(gain));
            target.push_back(*l.deep_cp - l.material_cp);
        }
    }
    void print(const char* name) {
        std::sort(micros.begin(), micros.end());
        const std::string time
            = micros.empty() ? "-" : std::to_string(int(micros[micros.size() / 2] + 0.5));
        std::printf("| %s | %.1f %% | %.1f %% | %.2f | %s |\n", name,
            100.0 * agree / std::max(positions, 1),
            100.0 * agree_tactical / std::max(tactical_positions, 1), spearman(predicted, target),
            time.c_str());
    }
};

// The side to move's entry of highest value in the first table, if any.
const soma::XrefEntry* best_entry(const soma::EvalResult& r, bool captures_only) {
    const soma::XrefEntry* best = nullptr;
    if (r.iterations.empty()) return best;
    for (const auto& e : r.iterations.front().entries)
        if (e.side == r.side_to_move && (!captures_only || e.move.is_capture())
            && (!best || e.value > best->value))
            best = &e;
    return best;
}

struct OptionSet {
    const char*       name;
    soma::EvalOptions options;
};

std::string entry_text(const soma::XrefEntry* e) {
    if (!e) return "not in the table";
    return to_usi(e->move) + " " + soma_kinds(e->kinds) + " value " + std::to_string(e->value)
        + " weight " + std::to_string(e->weight);
}

// Why the line's first move is not the deep one, in the order the causes are checked.
enum class Cause {
    OtherPromotion,
    NotInTable,
    SameTarget,
    MateCredit,
    EvenTrade,
    Neutraliser,
    Pass,
    Other
};
constexpr int         CauseCount = 8;
constexpr const char* CauseNames[]
    = {"the table holds the deep move with the other promotion choice",
        "the deep move is not in the table", "another capture of the same target was chosen",
        "the chosen weight holds a king's value",
        "the deep move's value is 0 or less (an even trade or a sacrifice)",
        "a neutraliser was chosen over it", "the side passed", "another entry weighed more"};

Cause cause_of(const soma::Iteration& it, Move deep_move, const soma::XrefEntry* deep,
    const soma::XrefEntry* chosen, Value king) {
    if (!deep) {
        for (const auto& e : it.entries)
            if (e.side == it.side_to_move && !e.move.is_drop() && !deep_move.is_drop()
                && e.move.from() == deep_move.from() && e.move.to() == deep_move.to())
                return Cause::OtherPromotion;
        return Cause::NotInTable;
    }
    if (chosen && chosen->move.to() == deep->move.to()) return Cause::SameTarget;
    if (chosen && chosen->weight >= king) return Cause::MateCredit;
    if (deep->value <= 0) return Cause::EvenTrade;
    if (!chosen) return it.chosen.is_pass() ? Cause::Pass : Cause::Neutraliser;
    return Cause::Other;
}

// For the positions whose deep move is tactical and not the line's first move: what the line chose
// and how the table saw the deep move, one line each, then the count of each cause.
void print_disagreements(const std::vector<Labelled>& set, const soma::EvalOptions& options) {
    int counts[CauseCount] = {}, total = 0;
    for (const Labelled& l : set) {
        if (!tactical(l.deep_move)) continue;
        const soma::EvalResult r = soma::evaluate(l.pos, options);
        if (r.line.empty() || r.line.front().move == l.deep_move) continue;
        const auto&            it = r.iterations.front();
        const soma::XrefEntry* chosen
            = it.chosen_entry >= 0 ? &it.entries[it.chosen_entry] : nullptr;
        const soma::XrefEntry* deep = nullptr;
        for (const auto& e : it.entries)
            if (e.side == r.side_to_move && e.move == l.deep_move) deep = &e;
        const Cause cause = cause_of(it, l.deep_move, deep, chosen, options.profile->board[KING]);
        ++counts[int(cause)];
        ++total;
        std::printf("%s | deep %s (%s) | chose %s (%s) | net %d | %s\n", to_sfen(l.pos).c_str(),
            to_usi(l.deep_move).c_str(), entry_text(deep).c_str(), to_usi(it.chosen).c_str(),
            chosen ? entry_text(chosen).c_str() : "neutraliser or pass", r.net,
            CauseNames[int(cause)]);
    }
    std::printf("\n%d disagreements on tactical deep moves:\n", total);
    for (int c = 0; c < CauseCount; ++c) std::printf("  %3d  %s\n", counts[c], CauseNames[c]);
}

}  // namespace

int main(int argc, char** argv) {
    attacks::init();
    const std::string path = argc > 1 ? argv[1] : "bench/data/accuracy.txt";
    const auto        set  = read_set(path);
    if (set.empty()) {
        std::cerr << "no positions in " << path << '\n';
        return 1;
    }
    std::vector<OptionSet> sets {{"SUPER-SOMA line, default (threats on)", {}},
        {"SUPER-SOMA line, no threats", {}}, {"SUPER-SOMA line, no threats, no ties", {}},
        {"SUPER-SOMA line, the search's leaf configuration", eval::leaf_eval_options()}};
    sets[1].options.threats = false;
    sets[2].options.threats = false;
    sets[2].options.ties    = false;
    // The variants under study: neutralisers only when nothing gains, a discounted net.
    for (int base : {0, 3}) {
        OptionSet parry {base == 0 ? "default, neutralisers only when nothing gains"
                                   : "leaf, neutralisers only when nothing gains",
            sets[std::size_t(base)].options};
        parry.options.parry_only_without_gain = true;
        OptionSet discount {base == 0 ? "default, both, net discounted 0.8 per ply"
                                      : "leaf, both, net discounted 0.8 per ply",
            parry.options};
        discount.options.net_discount_percent = 80;
        sets.push_back(parry);
        sets.push_back(discount);
    }
    // The ablation: the leaf's configuration with one step switched, and shorter playouts.
    const soma::EvalOptions leaf = eval::leaf_eval_options();
    auto                    with = [&](const char* name, auto change) {
        OptionSet s {name, leaf};
        change(s.options);
        sets.push_back(s);
    };
    with(leaf.ties ? "leaf without ties" : "leaf with ties",
        [](soma::EvalOptions& o) { o.ties = !o.ties; });
    with("leaf with threats", [](soma::EvalOptions& o) { o.threats = true; });
    with("leaf without the A2 mate search", [](soma::EvalOptions& o) { o.mate_search = false; });
    with("leaf without the B2 cross-reference",
        [](soma::EvalOptions& o) { o.cross_reference = false; });
    with("leaf without neutralisers", [](soma::EvalOptions& o) { o.neutralisers = false; });
    with("leaf, playout of 1 move", [](soma::EvalOptions& o) { o.max_iterations = 1; });
    with("leaf, playout of 2 moves", [](soma::EvalOptions& o) { o.max_iterations = 2; });
    with("leaf, playout of 4 moves", [](soma::EvalOptions& o) { o.max_iterations = 4; });
    // Issue 85's learned choice beside the article's (appended: --only N keeps its numbers).
    sets.push_back({"SUPER-SOMA line, learned (eval's default)", soma::learned_options()});
    sets.push_back({"the leaf with the learned weights (ShowSomaLine)",
        soma::with_model(eval::leaf_eval_options(), soma::learned_leaf_model())});
    for (auto& s : sets) s.options.complete_tables = 0;  // decisions only: the line and net

    const std::string flag = argc > 2 ? argv[2] : "";
    // Evaluations draw from an arena, as at the search's leaves (search/leaf.hpp).
    Arena arena(std::size_t(4) << 20);
    // --disagreements [N]: with option set N (default 0, eval's defaults).
    if (flag == "--disagreements") {
        const std::size_t n = argc > 3 ? std::size_t(std::atoi(argv[3])) : 0;
        if (n >= sets.size()) {
            std::cerr << "--disagreements takes an option set from 0 to " << sets.size() - 1
                      << '\n';
            return 2;
        }
        print_disagreements(set, sets[n].options);
        return 0;
    }
    // --only N: option set N alone, for counting its instructions (bench/ablation_instructions.sh).
    if (flag == "--only") {
        const std::size_t n = argc > 3 ? std::size_t(std::atoi(argv[3])) : sets.size();
        if (n >= sets.size()) {
            std::cerr << "--only takes an option set from 0 to " << sets.size() - 1 << '\n';
            return 2;
        }
        Tally t;
        for (const Labelled& l : set) {
            const ArenaScope       scope(arena);
            const soma::EvalResult r = soma::evaluate(l.pos, sets[n].options);
            t.add(l, r.line.empty() ? Move::none() : r.line.front().move, r.net);
        }
        std::printf("%zu\t%s\tarena peak %zu bytes\n", set.size(), sets[n].name, arena.peak());
        return 0;
    }
    int               tactical_count = 0, in_table = 0, in_table_tactical = 0;
    Tally             highest, highest_leaf, plain_see, none;
    soma::EvalOptions plain;
    plain.threats = false;
    plain.ties    = false;
    for (const Labelled& l : set) {
        tactical_count += tactical(l.deep_move);
        none.add(l, Move::none(), 0);  // no move and no gain: the floor
        const soma::EvalResult r = soma::evaluate(l.pos, soma::EvalOptions {});
        const auto*            h = best_entry(r, false);
        highest.add(l, h ? h->move : Move::none(), h ? std::max<Value>(0, h->value) : 0);
        bool found = false;
        for (const auto& e : r.iterations.front().entries)
            found = found || (e.side == r.side_to_move && e.move == l.deep_move);
        in_table += found;
        in_table_tactical += found && tactical(l.deep_move);
        const soma::EvalResult lr = soma::evaluate(l.pos, leaf);
        const auto*            hl = best_entry(lr, false);
        highest_leaf.add(l, hl ? hl->move : Move::none(), hl ? std::max<Value>(0, hl->value) : 0);
        const soma::EvalResult p = soma::evaluate(l.pos, plain);
        const auto*            c = best_entry(p, true);
        plain_see.add(l, c ? c->move : Move::none(), c ? std::max<Value>(0, c->value) : 0);
    }
    std::printf("%zu positions (%d with a tactical deep move); %s\n\n", set.size(), tactical_count,
        path.c_str());
    std::printf(
        "| predictor | first move, all | first move, tactical | Spearman net | us/eval |\n");
    std::printf("|---|---|---|---|---|\n");
    for (const OptionSet& s : sets) {
        Tally t;
        for (const Labelled& l : set) {
            const ArenaScope       scope(arena);
            const auto             start = Clock::now();
            const soma::EvalResult r     = soma::evaluate(l.pos, s.options);
            t.micros.push_back(
                std::chrono::duration<double, std::micro>(Clock::now() - start).count());
            const Move first = r.line.empty() ? Move::none() : r.line.front().move;
            t.add(l, first, r.net);
        }
        t.print(s.name);
    }
    highest.print("highest-value entry (baseline)");
    highest_leaf.print("highest-value entry of the leaf's table (baseline)");
    plain_see.print("plain swap-off of the best capture (baseline)");
    none.print("no prediction (baseline: no move, net 0)");
    std::printf("\nthe deep move is among the side to move's entries: %.1f %% of all, %.1f %% of "
                "the tactical\n",
        100.0 * in_table / double(set.size()),
        100.0 * in_table_tactical / std::max(tactical_count, 1));
    return 0;
}
