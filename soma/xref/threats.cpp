#include "soma/xref/threats.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>

#include "engine/movegen.hpp"
#include "soma/xref/attack_map.hpp"
#include "soma/xref/exchanges.hpp"

namespace supersoma::soma {

namespace {

constexpr int MaxThreatCandidates = 12;  // safe threats searched to one reply, best first

// The best SOMA value the piece on `s` (of the side to move) wins by a capture; 0 if none.
// The search stops once the best reaches `enough` (the caller needs to know no more). A
// forced capture without ties never earns more than the piece it takes plus its promotion
// (the reply may just stand), so targets are tried dearest first and the rest skipped once
// none can beat the best.
Value best_capture_from(const Position& pos, Square s, const ValueProfile& profile, Value enough) {
    const Piece p = pos.piece_on(s);
    if (p == NO_PIECE || color_of(p) != pos.side_to_move()) return 0;
    const Color    us      = pos.side_to_move();
    const Bitboard targets = pos.attacks_of(s) & pos.pieces(~us);
    if (targets & pos.pieces(~us, KING)) return profile.board[KING];
    const PieceType                          kind    = type_of(p);
    const Value                              promote = std::max(0, profile.promotion_gain(kind));
    std::array<std::pair<Value, Square>, 16> order;  // (bound, target): one per direction, <= 8
    int                                      n = 0;
    for (Square t : targets)
        order[n++] = {profile.capture_gain(type_of(pos.piece_on(t))) + promote, t};
    std::sort(order.begin(), order.begin() + n,
        [](const auto& a, const auto& b) { return a.first > b.first; });
    Value best = 0;
    for (int i = 0; i < n && best < enough && order[i].first > best; ++i) {
        const Square t = order[i].second;
        const Move   m
            = Move::board(s, t, kind, type_of(pos.piece_on(t)), true);  // promotes where it may
        best = std::max(best, capture_value(pos, m, profile));
    }
    return best;
}

// True when `reply` could bear on the threat of the piece on `s` against `targets`: it takes
// the piece, moves a target, stands between, or guards a target.
bool relevant(const Position& pos, Move reply, Square s, Bitboard targets) {
    if (reply.to() == s) return true;
    if (!reply.is_drop() && targets.test(reply.from())) return true;
    for (Square t : targets)
        if (between_bb(s, t).test(reply.to())) return true;
    return bool(
        attacks_from(pos.side_to_move(), reply.placed(), reply.to(), pos.pieces_after(reply))
        & targets);
}

// What screen() asks of the board before any candidate move: can_run, once per square (many
// moves attack the same lone piece), and the squares each side attacks (a drop changes no
// line to its own square, so they tell who attacks it).
class ScreenBoard {
public:
    explicit ScreenBoard(const Position& pos)
        : attacked(attacked_squares(pos))
        , pos_(pos) {
        known_.fill(-1);
    }
    /// attacks_landing(pos, m, c), read from the attack map for a drop.
    bool attacks_landing(Move m, Color c) const {
        return m.is_drop() ? attacked[c].test(m.to()) : supersoma::attacks_landing(pos_, m, c);
    }
    /// can_run(pos, s), worked out the first time it is asked.
    bool can_run(Square s) {
        if (known_[s] < 0) known_[s] = soma::can_run(pos_, s) ? 1 : 0;
        return known_[s] == 1;
    }

    const std::array<Bitboard, COLOR_NB> attacked;  ///< the squares each side attacks

private:
    const Position&                    pos_;
    std::array<std::int8_t, SQUARE_NB> known_;
};

// Targets the piece placed by `m` attacks after it, with what taking each would gain.
// `work` is the position with m's side to move (the board `board` was made for); it is
// restored before returning.
std::optional<ThreatCandidate> screen(
    Position& work, Move m, const ValueProfile& profile, ScreenBoard& board) {
    const Color    us      = work.side_to_move();
    const Bitboard occ     = work.pieces_after(m);
    const Bitboard before  = m.is_drop() ? Bitboard() : work.attacks_of(m.from());
    const Bitboard attacks = attacks_from(us, m.placed(), m.to(), occ) & work.pieces(~us);
    const Bitboard fresh   = attacks.andnot(before);
    if (!fresh) return std::nullopt;
    // One target is only a threat if it cannot run; checking that on the board as it is
    // (before the move) keeps this screen from making every quiet move and drop.
    if (!attacks.more_than_one() && board.can_run(fresh.lsb())) return std::nullopt;
    // Nor is a piece that stands attacked and unguarded (the opponent just takes it).
    const bool enemies = board.attacks_landing(m, ~us);
    if (enemies && !board.attacks_landing(m, us)) return std::nullopt;

    work.do_move(m);
    // A piece the opponent takes with profit threatens nothing: that reply leaves us <= 0.
    // With no enemy attacker (same occupancy after the move) there is nothing to price.
    if (enemies && wins_on(work, ~us, m.to(), profile)) {
        work.undo_move();
        return std::nullopt;
    }
    // What could the piece take next? A swap-off and can_run read the board, not whose turn
    // it is: no pass is needed to ask.
    ThreatCandidate c {m, 0, 0, Bitboard(), SQ_NONE, false};
    bool            immobile = false;
    Value           second   = 0;
    for (Square t : attacks) {
        const PieceType victim = type_of(work.piece_on(t));
        const Value     gain   = victim == KING
                  ? profile.board[KING]
                  : capture_value(work, Move::board(m.to(), t, m.placed(), victim, true), profile);
        if (gain <= 0) continue;
        c.targets |= t;
        if (gain > c.best)
            second = c.best, c.best = gain, c.target = t;
        else
            second = std::max(second, gain);
        if (!immobile && fresh.test(t) && victim != KING && !can_run(work, t)) immobile = true;
    }
    work.undo_move();
    if (second > 0)
        c.fork = true, c.pre_value = second;
    else if (immobile)
        c.pre_value = c.best;
    else
        return std::nullopt;
    return c;
}

// The threat's value after the opponent's best reply (seed 003: a threat that is easily
// neutralised is worth little): what the threatening piece still wins, less what a reply
// that takes it gains. A reply that ignores the threat leaves the best target.
Value value_after_best_reply(
    const Position& as_side, const ThreatCandidate& c, const ValueProfile& profile) {
    Position     after(as_side);
    const Value  gained = profile.move_gain(c.move);
    const Square s      = c.move.to();
    after.do_move(c.move);
    const bool check = after.in_check();
    if (check && !has_legal_move(after)) return 0;  // a mate: list_mates has it
    Value worst = check ? profile.board[KING] : c.best;
    // A drop bears on the threat only by standing between or guarding a target: squares
    // worked out once per kind instead of per drop (same test as relevant()). In check every
    // evasion counts.
    Bitboard between;
    for (Square t : c.targets) between |= between_bb(s, t);
    const std::array<Bitboard, HAND_TYPE_NB> guards
        = drop_attack_squares(after, after.side_to_move(), c.targets);
    Bitboard drop_squares = between;
    for (Bitboard g : guards) drop_squares |= g;
    MoveList replies;
    if (check) {
        generate_legal(after, Bitboard::all(), replies);
    } else {
        // Board replies as relevant() sees them: onto the piece or the lines, guarding a
        // target, or moving one.
        Destinations wanted = attack_origins(after, c.targets);
        for (Bitboard& b : wanted.by_kind) b |= between | s;
        wanted.free_from = c.targets;
        generate_legal(after, drop_squares, wanted, replies);
    }
    // A reply that takes the piece leaves it nothing to win: it costs only what it takes, so
    // no move needs making. Taken first, these often settle the value at once.
    for (Move reply : replies)
        if (reply.to() == s) worst = std::min(worst, -profile.move_gain(reply));
    // Any other reply leaves the piece a capture worth >= 0: it matters only while worst > 0.
    // The minimum does not depend on the order; a value <= 0 only says "no threat".
    for (Move reply : replies) {
        if (worst <= 0 || worst + gained <= 0) break;
        if (reply.to() == s) continue;
        if (!check
            && (reply.is_drop() ? !(between | guards[reply.moved()]).test(reply.to())
                                : !relevant(after, reply, s, c.targets)))
            continue;
        after.do_move(reply);
        worst = std::min(worst, best_capture_from(after, s, profile, worst));
        after.undo_move();
    }
    return worst + gained;
}

// What the opponent wins on the square of `m` (a promotion of the side to move of `as_side`)
// by taking the piece there at once, at best (>= 0).
Value promotion_risk(const Position& as_side, Move m, const ValueProfile& profile) {
    Position after(as_side);
    after.do_move(m);
    return stand_pat_gain(after, ~as_side.side_to_move(), m.to(), profile);
}

}  // namespace

void list_promotions(const Position& as_side, const MoveList& promotions,
    const ValueProfile& profile, XrefTable& table) {
    const Color us = as_side.side_to_move();
    for (Move m : promotions) {
        assert(m.is_promotion() && !m.is_capture() && "captures are A3's");
        // Nothing to price where the opponent cannot reach the square: no move to make.
        const Value risk
            = attacks_landing(as_side, m, ~us) ? promotion_risk(as_side, m, profile) : 0;
        const Value value = profile.promotion_gain(m.moved()) - risk;
        if (value <= 0) continue;
        XrefEntry e;
        e.move      = m;
        e.side      = us;
        e.kinds     = KIND_PROMOTION | (as_side.gives_check(m) ? KIND_CHECK : 0);
        e.value     = value;
        e.first     = profile.promotion_gain(m.moved());
        e.recapture = -risk;
        table.entries.push_back(std::move(e));
    }
}

void list_mates(
    const Position& as_side, const MoveList& mates, const ValueProfile& profile, XrefTable& table) {
    const Color us = as_side.side_to_move();
    for (Move m : mates) {
        auto       same = std::find_if(table.entries.begin(), table.entries.end(),
                  [&](const XrefEntry& e) { return e.side == us && e.move == m; });
        XrefEntry& e    = same != table.entries.end() ? *same : table.entries.emplace_back();
        e.move          = m;
        e.side          = us;
        e.kinds  = std::uint16_t(e.kinds | KIND_MATE | KIND_CHECK | (m.is_drop() ? KIND_DROP : 0)
             | (m.is_capture() ? KIND_CAPTURE : 0) | (m.is_promotion() ? KIND_PROMOTION : 0));
        e.first  = profile.move_gain(m);
        e.value  = profile.board[KING];
        e.target = as_side.king_square(~us);
    }
}

ArenaVector<ThreatCandidate> screen_threats(const Position& as_side, const ValueProfile& profile) {
    const Color                  us = as_side.side_to_move();
    ArenaVector<ThreatCandidate> candidates;
    // A drop that attacks no enemy piece threatens nothing (screen() would reject it), so
    // only drops onto attacking squares are generated; with the captures skipped, the list
    // is generate(Quiets) then generate(Drops), in their order.
    const std::array<Bitboard, HAND_TYPE_NB> attacking
        = drop_attack_squares(as_side, us, as_side.pieces(~us));
    Bitboard drop_squares;
    for (Bitboard a : attacking) drop_squares |= a;
    // Board moves only where the moved piece could attack an enemy piece (screen() needs one).
    MoveList moves;
    generate_legal(as_side, drop_squares, attack_origins(as_side, as_side.pieces(~us)), moves);
    Position    work(as_side);
    ScreenBoard board(as_side);
    for (Move m : moves) {
        if (m.is_capture() || (m.is_drop() && !attacking[m.moved()].test(m.to()))) continue;
        if (auto c = screen(work, m, profile, board)) candidates.push_back(*c);
    }
    // Stable: equal candidates keep the generator's order, so which ones survive the cut (and
    // the line) does not depend on the standard library's sort.
    std::stable_sort(candidates.begin(), candidates.end(),
        [](const ThreatCandidate& a, const ThreatCandidate& b) {
            return a.pre_value > b.pre_value;
        });
    if (candidates.size() > MaxThreatCandidates) candidates.resize(MaxThreatCandidates);
    return candidates;
}

XrefEntry threat_entry_shell(
    const Position& as_side, const ThreatCandidate& c, const ValueProfile& profile) {
    XrefEntry e;
    e.move   = c.move;
    e.side   = as_side.side_to_move();
    e.kinds  = std::uint16_t((c.fork ? KIND_FORK : KIND_IMMOBILE)
         | (c.move.is_drop() ? KIND_DROP : 0) | (c.move.is_promotion() ? KIND_PROMOTION : 0)
         | (as_side.gives_check(c.move) ? KIND_CHECK : 0));
    e.first  = profile.move_gain(c.move);
    e.target = c.target;
    return e;
}

std::optional<XrefEntry> value_threat(
    const Position& as_side, const ThreatCandidate& c, const ValueProfile& profile) {
    const Value value = value_after_best_reply(as_side, c, profile);
    if (value <= 0) return std::nullopt;
    XrefEntry e         = threat_entry_shell(as_side, c, profile);
    e.value             = value;
    e.neutralise.defend = value < c.best;
    return e;
}

Value threat_value_bound(
    const Position& as_side, const ThreatCandidate& c, const ValueProfile& profile) {
    // value_after_best_reply starts from these and only goes down.
    return (as_side.gives_check(c.move) ? profile.board[KING] : c.best) + profile.move_gain(c.move);
}

void list_threats(const Position& as_side, const ValueProfile& profile, XrefTable& table) {
    for (const ThreatCandidate& c : screen_threats(as_side, profile))
        if (auto e = value_threat(as_side, c, profile)) table.entries.push_back(std::move(*e));
}

}  // namespace supersoma::soma
