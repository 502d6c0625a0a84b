#include "cli/static_report.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "eval/evaluate.hpp"
#include "eval/threats.hpp"
#include "search/values.hpp"

namespace supersoma::cli {
namespace {

// Weight units of the learned evaluation as centipawns, one decimal.
std::string cp(double weight_units) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%+.1f",
        weight_units / eval::KP_WEIGHT_SCALE * 100.0 / search::PAWN_UNITS);
    return buffer;
}

// The threat inputs that fired, largest first, each with what it adds to the network's value
// (all of them against all but that one; the shares need not sum to the network's part).
std::string threat_section(const Position& pos, const eval::Network& network) {
    namespace threats = eval::threats;
    threats::ThreatList list;
    threats::collect(pos, list);
    const std::vector<Value> adds = eval::nnue::threat_contributions(network, pos, list);
    const int                sign = pos.side_to_move() == SENTE ? 1 : -1;
    std::vector<int>         order(std::size_t(list.count));
    for (int i = 0; i < list.count; ++i) order[std::size_t(i)] = i;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return std::abs(adds[std::size_t(a)]) > std::abs(adds[std::size_t(b)]);
    });
    std::ostringstream out;
    out << "threat inputs (XREF A1 attacks, A2 king shields): " << list.count
        << " (own: sente's), what each adds, cp for sente\n";
    for (int i : order) {
        const Square      from = list.from[std::size_t(i)], to = list.to[std::size_t(i)];
        const int         feature = list.features[SENTE][std::size_t(i)];
        const bool        shield  = feature >= threats::ATTACK_FEATURES;
        const std::string how     = sfen_piece(pos.piece_on(from)) + " " + square_name(from)
            + (shield ? " | " : " x ") + sfen_piece(pos.piece_on(to)) + " " + square_name(to);
        char line[160];
        std::snprintf(line, sizeof line, "  %-14s %-44s %+6d\n", how.c_str(),
            threats::describe(feature).c_str(), search::to_centipawns(sign * adds[std::size_t(i)]));
        out << line;
    }
    return out.str();
}

}  // namespace

std::string render_static(
    const Position& pos, const eval::KpWeights& w, const eval::Network* network) {
    namespace kp             = eval::kp;
    const kp::View     sente = kp::view_from(SENTE, pos.king_square(SENTE));
    const kp::View     gote  = kp::view_from(GOTE, pos.king_square(GOTE));
    std::ostringstream out;
    char               hash[24];
    std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(w.hash()));
    out << "learned evaluation (KP, weights " << hash << "), cp for sente\n";
    out << "  piece  square  sente's view  gote's view       net\n";
    double total = 0;
    for (Square s : pos.pieces()) {
        const Piece  p   = pos.piece_on(s);
        const double net = w[sente.board(p, s)] - w[gote.board(p, s)];
        total += net;
        char line[96];
        std::snprintf(line, sizeof line, "  %-5s  %-6s  %12s  %11s  %8s\n", sfen_piece(p).c_str(),
            square_name(s).c_str(), cp(w[sente.board(p, s)]).c_str(),
            cp(-w[gote.board(p, s)]).c_str(), cp(net).c_str());
        out << line;
    }
    for (Color owner : {SENTE, GOTE})
        for (PieceType pt = PAWN; pt <= GOLD; pt = PieceType(pt + 1))
            for (int n = 0; n < pos.hand(owner).count(pt); ++n) {
                const double net = w[sente.hand(owner, pt, n)] - w[gote.hand(owner, pt, n)];
                total += net;
                char line[96];
                std::snprintf(line, sizeof line, "  %-5s  hand#%-1d  %12s  %11s  %8s\n",
                    sfen_piece(make_piece(owner, pt)).c_str(), n + 1,
                    cp(w[sente.hand(owner, pt, n)]).c_str(),
                    cp(-w[gote.hand(owner, pt, n)]).c_str(), cp(net).c_str());
                out << line;
            }
    const double tempo = pos.side_to_move() == SENTE ? w[kp::TEMPO] : -w[kp::TEMPO];
    out << "  pieces " << cp(total) << ", side to move's bonus " << cp(tempo) << "\n";
    const Value learned = eval::kp_evaluate_from_scratch(pos, w);
    const int   sign    = pos.side_to_move() == SENTE ? 1 : -1;
    out << "  total " << search::to_centipawns(sign * learned) << " cp for sente\n";
    if (network) {
        std::snprintf(
            hash, sizeof hash, "%016llx", static_cast<unsigned long long>(network->hash()));
        const Value whole = eval::nnue_evaluate_from_scratch(pos, *network);
        out << "network (width " << network->width() << ", " << hash << ") "
            << search::to_centipawns(sign * (whole - learned)) << " cp for sente\n"
            << "network evaluation (KP + network) " << search::to_centipawns(sign * whole)
            << " cp for sente\n";
        if (network->has_threats()) out << threat_section(pos, *network);
    }

    const Value material_diff = eval::material(pos, SENTE) - eval::material(pos, GOTE);
    out << "material alone " << search::to_centipawns(material_diff) << " cp for sente\n";
    return out.str();
}

}  // namespace supersoma::cli
