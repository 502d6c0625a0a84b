#include "soma/playout/neutralise.hpp"

#include <algorithm>

#include <boost/container/small_vector.hpp>

#include "engine/movegen.hpp"
#include "soma/playout/choice_model.hpp"
#include "soma/shogi/soma.hpp"
#include "soma/xref/attack_map.hpp"

namespace supersoma::soma {

namespace {

// True when `m`, whose placed piece then attacks `reach`, could parry `f`: it moves f's
// target, stands on f's line, or guards the square f lands on.
bool may_parry(Move m, Bitboard reach, const XrefEntry& f) {
    const Square lands = f.move.to();
    const Square aim   = f.target != SQ_NONE ? f.target : lands;
    if (!m.is_drop() && m.from() == aim) return true;
    if (f.origin() != SQ_NONE && between_bb(f.origin(), aim).test(m.to())) return true;
    return reach.test(lands);
}

// What the piece `m` places attacks from its destination once `m` is made.
Bitboard reach_after(const Position& pos, Move m) {
    return attacks_from(pos.side_to_move(), m.placed(), m.to(), pos.pieces_after(m));
}

// The opponent's positive entries that gain at once, and their total.
struct Threats {
    boost::container::small_vector<int, 16> indices;  // usually a few: no allocation
    Value                                   total = 0;
    bool                                    mate  = false;  // one of them mates
};

Threats opposing_threats(const Position& pos, const ArenaVector<XrefEntry>& entries) {
    Threats     t;
    const Color them = ~pos.side_to_move();
    for (int i = 0; i < int(entries.size()); ++i)
        if (entries[i].side == them && entries[i].value > 0 && entries[i].gains_at_once()) {
            t.indices.push_back(i);
            t.mate = t.mate || entries[i].is(KIND_MATE);
        }
    t.total = positive_total(entries, them, true);
    return t;
}

// Weighs `m` as a parry: the opponent's parryable total before, less after, plus own gain;
// records which threats no longer stand. `work` is restored.
Neutraliser weigh_parry(Position& work, Move m, const ArenaVector<XrefEntry>& entries,
    const Threats& threats, const EvalOptions& options) {
    const Color  them = ~work.side_to_move();
    const Square king = work.king_square(work.side_to_move());
    // The mate search is the dearest part: it runs only when a mate is at stake, i.e. one
    // was threatened already or the move takes a guard from around (or moves) its own king.
    const bool near_king = king != SQ_NONE && !m.is_drop()
        && (m.from() == king || step_attacks(work.side_to_move(), KING, king).test(m.from()));
    work.do_move(m);
    const XrefTable after = build_parry_table(work, them, options, threats.mate || near_king);
    work.undo_move();
    Neutraliser n {m, 0, {}, {}, 0, options.profile->move_gain(m)};
    n.weight = threats.total - positive_total(after.entries, them) + n.gain;
    // The account behind the weight: each positive entry after the move is what is left of
    // the threat with its move, or a new one the move exposes.
    boost::container::small_vector<Value, 16> left(threats.indices.size(), 0);
    for (const XrefEntry& e : after.entries) {
        if (e.side != them || e.value <= 0) continue;
        const auto it = std::find_if(threats.indices.begin(), threats.indices.end(),
            [&](int i) { return entries[i].move == e.move; });
        if (it == threats.indices.end())
            n.exposes += e.value;
        else
            left[std::size_t(it - threats.indices.begin())] += e.value;
    }
    for (std::size_t k = 0; k < threats.indices.size(); ++k) {
        const int i = threats.indices[k];
        if (left[k] == 0)
            n.saves.push_back(i);
        else if (left[k] != entries[i].value)
            n.weakens.push_back({i, left[k]});
    }
    return n;
}

}  // namespace

Neutraliser best_evasion(
    const Position& pos, const ArenaVector<XrefEntry>& entries, const EvalOptions& options) {
    const Threats threats = opposing_threats(pos, entries);
    Position      work(pos);
    Neutraliser   best;
    bool          found = false;
    for (Move m : generate(GenKind::Legal, pos)) {
        Neutraliser n = weigh_parry(work, m, entries, threats, options);
        if (!found || n.weight > best.weight) best = std::move(n), found = true;
    }
    return best;
}

ArenaVector<Neutraliser> find_neutralisers(const Position& pos,
    const ArenaVector<XrefEntry>& entries, const EvalOptions& options, double to_beat) {
    const Color         them    = ~pos.side_to_move();
    const Threats       threats = opposing_threats(pos, entries);
    const ChoiceContext context
        = options.choice ? choice_context(entries, pos.side_to_move()) : ChoiceContext {};
    ArenaVector<Neutraliser> result;
    if (threats.indices.empty()) return result;

    // A drop parries only by standing on a threat's line or guarding where a threat lands:
    // only drops onto such squares are generated (the rest could never count).
    Bitboard lines, lands, aims;
    for (int i : threats.indices) {
        const XrefEntry& f   = entries[i];
        const Square     aim = f.target != SQ_NONE ? f.target : f.move.to();
        lands |= f.move.to();
        aims |= aim;
        if (f.origin() != SQ_NONE) lines |= between_bb(f.origin(), aim);
    }
    const std::array<Bitboard, HAND_TYPE_NB> guards
        = drop_attack_squares(pos, pos.side_to_move(), lands);
    Bitboard drop_squares = lines;
    for (Bitboard g : guards) drop_squares |= g;
    // Board moves likewise, as may_parry() sees them: moving a target, onto a line, or
    // guarding where a threat lands.
    Destinations board_squares = attack_origins(pos, lands);
    for (Bitboard& b : board_squares.by_kind) b |= lines;
    board_squares.free_from = aims;
    MoveList moves;
    generate_legal(pos, drop_squares, board_squares, moves);

    Position work(pos);
    for (Move m : moves) {
        if (m.is_capture()) continue;  // captures are XREF entries, weighted by B2
        if (m.is_drop() && !(lines | guards[m.moved()]).test(m.to())) continue;
        const Value    gain  = options.profile->move_gain(m);
        Value          bound = gain;  // the most it could weigh: everything it might parry
        const Bitboard reach = reach_after(pos, m);
        for (int i : threats.indices)
            if (may_parry(m, reach, entries[i])) bound += entries[i].value;
        if (bound == gain) continue;
        if (!options.all_neutralisers
            && (options.choice ? options.choice->parry_bound(bound - gain, gain, context)
                               : double(bound))
                <= to_beat)
            continue;
        // Only a safe parry counts ("the Rook can safely run", seed 003): a piece that the
        // opponent can then take with profit has not neutralised anything; one it cannot
        // reach is safe without making the move.
        if (attacks_landing(pos, m, them)) {
            work.do_move(m);
            const bool safe = !wins_on(work, them, m.to(), *options.profile);
            work.undo_move();
            if (!safe) continue;
        }
        Neutraliser n = weigh_parry(work, m, entries, threats, options);
        if (n.weight > 0) result.push_back(std::move(n));
    }
    // Heaviest first, equal weights in generation order; an insertion sort, because
    // std::stable_sort takes a buffer from the heap and the lists are short.
    const auto heavier
        = [](const Neutraliser& a, const Neutraliser& b) { return a.weight > b.weight; };
    for (auto it = result.begin(); it != result.end(); ++it)
        std::rotate(std::upper_bound(result.begin(), it, *it, heavier), it, it + 1);
    return result;
}

}  // namespace supersoma::soma
