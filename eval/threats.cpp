#include "eval/threats.hpp"

#include <algorithm>
#include <cassert>

#include "engine/attacks.hpp"
#include "engine/sfen.hpp"

namespace supersoma::eval::threats {

namespace {

int kind_index(Piece p) {
    return int(type_of(p)) - 1;
}

// A side seen from `view`: 0 its own, 1 the opponent's.
int side_index(Color view, Color c) {
    return c == view ? 0 : 1;
}

int attack_feature(Color view, Piece attacker, Piece victim, bool contested) {
    const int a = side_index(view, color_of(attacker)) * KINDS + kind_index(attacker);
    const int v = side_index(view, color_of(victim)) * KINDS + kind_index(victim);
    return (a * 2 * KINDS + v) * 2 + int(contested);
}

int shield_feature(Color view, Color king, Piece shield) {
    return ATTACK_FEATURES
        + (side_index(view, king) * 2 + side_index(view, color_of(shield))) * KINDS
        + kind_index(shield);
}

// SFEN's letters, '+' for a promoted kind.
std::string kind_letters(int kind) {
    return std::string(sfen_letters(PieceType(kind + 1)));
}

std::string side_word(int relation) {
    return relation == 0 ? "own" : "enemy";
}

void put_attack(
    ThreatList& out, int n, Square from, Piece attacker, Square to, Piece victim, bool contested) {
    for (Color view : {SENTE, GOTE})
        out.features[view][std::size_t(n)]
            = std::uint16_t(attack_feature(view, attacker, victim, contested));
    out.keys[std::size_t(n)] = std::uint16_t(from * SQUARE_NB + to);
    out.from[std::size_t(n)] = from;
    out.to[std::size_t(n)]   = to;
}

// Appends the shields of both kings after the `n` attacks and closes the list.
void put_shields(const Position& pos, ThreatList& out, int n) {
    for (Color king : {SENTE, GOTE})
        for (Square s : pos.blockers_for_king(king)) {
            if (n == MAX_ACTIVE) {
                out.complete = false;
                break;
            }
            for (Color view : {SENTE, GOTE})
                out.features[view][std::size_t(n)]
                    = std::uint16_t(shield_feature(view, king, pos.piece_on(s)));
            out.keys[std::size_t(n)]
                = std::uint16_t(int(SQUARE_NB) * SQUARE_NB + int(king) * SQUARE_NB + s);
            out.from[std::size_t(n)] = s;
            out.to[std::size_t(n)]   = pos.king_square(king);
            ++n;
        }
    out.count = n;
    assert(std::is_sorted(out.keys.begin(), out.keys.begin() + n));
    static_assert(KEYS <= 1 << 16);
}

}  // namespace

void collect(const Position& pos, ThreatList& out) {
    const Bitboard                  occupied = pos.pieces();
    std::array<Bitboard, SQUARE_NB> reach;
    std::array<Bitboard, COLOR_NB>  bears;
    for (Square s : occupied) {
        const Piece p = pos.piece_on(s);
        reach[s]      = attacks_from(color_of(p), type_of(p), s, occupied);
        bears[color_of(p)] |= reach[s];
    }
    int n        = 0;
    out.complete = true;
    for (Square a : occupied) {
        const Piece attacker = pos.piece_on(a);
        for (Square v : reach[a] & occupied) {
            if (n == MAX_ACTIVE) {
                out.complete = false;
                return put_shields(pos, out, n);
            }
            put_attack(
                out, n++, a, attacker, v, pos.piece_on(v), bears[~color_of(attacker)].test(v));
        }
    }
    put_shields(pos, out, n);
}

namespace {

// The pieces a move read again (those on its squares and the sliders whose rays met a square
// that filled or emptied): on each board, the piece and its attacks.
struct Reread {
    static constexpr int       MOST = 2 + 2 * 8;  // the move's squares; the first slider each way
    std::array<Square, MOST>   square;
    std::array<Piece, MOST>    piece_before, piece_after;
    std::array<Bitboard, MOST> reach_before, reach_after;
    int                        count = 0;

    /// How many re-read pieces of side `c` attack `v` after the move.
    int attacking_after(Color c, Square v) const {
        int n = 0;
        for (int k = 0; k < count; ++k)
            n += piece_after[k] != NO_PIECE && color_of(piece_after[k]) == c
                && reach_after[k].test(v);
        return n;
    }
};

void add_reach(Bearing& bearing, Color c, Bitboard reach) {
    for (Square v : reach)
        if (bearing.attackers[c][v]++ == 0) bearing.squares[c] |= v;
}

void remove_reach(Bearing& bearing, Color c, Bitboard reach) {
    for (Square v : reach) {
        assert(bearing.attackers[c][v] > 0);
        if (--bearing.attackers[c][v] == 0) bearing.squares[c] ^= v;
    }
}

// `bearing` with the attacks `old_reach` of `old` (if any) replaced by `new_reach` of `now`.
void replace_reach(Bearing& bearing, Piece old, Bitboard old_reach, Piece now, Bitboard new_reach) {
    if (old != NO_PIECE && now != NO_PIECE && color_of(old) == color_of(now)) {
        remove_reach(bearing, color_of(old), old_reach.andnot(new_reach));
        add_reach(bearing, color_of(now), new_reach.andnot(old_reach));
        return;
    }
    if (old != NO_PIECE) remove_reach(bearing, color_of(old), old_reach);
    if (now != NO_PIECE) add_reach(bearing, color_of(now), new_reach);
}

// Both views' numbers of each attack (attacker, victim, contested), looked up on the hot path.
const auto attack_pairs = [] {
    std::array<ThreatDiff::Pair, PIECE_NB * PIECE_NB * 2> pairs {};
    for (Color ca : {SENTE, GOTE})
        for (PieceType ta = PAWN; ta < PIECE_TYPE_NB; ta = PieceType(ta + 1))
            for (Color cv : {SENTE, GOTE})
                for (PieceType tv = PAWN; tv < PIECE_TYPE_NB; tv = PieceType(tv + 1))
                    for (bool contested : {false, true}) {
                        const Piece a = make_piece(ca, ta), v = make_piece(cv, tv);
                        pairs[(a * PIECE_NB + v) * 2 + contested]
                            = {std::uint16_t(attack_feature(SENTE, a, v, contested)),
                                std::uint16_t(attack_feature(GOTE, a, v, contested))};
                    }
    return pairs;
}();

ThreatDiff::Pair attack_pair(Piece attacker, Piece victim, bool contested) {
    return attack_pairs[(attacker * PIECE_NB + victim) * 2 + contested];
}

ThreatDiff::Pair shield_pair(Color king, Piece shield) {
    return {std::uint16_t(shield_feature(SENTE, king, shield)),
        std::uint16_t(shield_feature(GOTE, king, shield))};
}

// Appends one feature (both views) to a diff list; false when it is full.
bool push(std::array<ThreatDiff::Pair, MAX_ACTIVE>& list, int& count, ThreatDiff::Pair pair) {
    if (count == MAX_ACTIVE) return false;
    list[std::size_t(count++)] = pair;
    return true;
}

}  // namespace

Bearing bearing_of(const Position& pos) {
    Bearing bearing;
    for (Square s : pos.pieces()) add_reach(bearing, color_of(pos.piece_on(s)), pos.attacks_of(s));
    return bearing;
}

bool move_diff(
    const Position& pos, const Bearing* old_bearing, Bearing& new_bearing, ThreatDiff& diff) {
    diff.removed_count = diff.added_count = 0;
    const Move m                          = pos.state().last_move;
    if (m.is_none() || m.is_pass()) {  // no square changed
        new_bearing = old_bearing ? *old_bearing : bearing_of(pos);
        return true;
    }
    // The board before the move differs on the move's squares alone.
    const Color    mover    = ~pos.side_to_move();
    const Square   to       = m.to();
    const Bitboard occupied = pos.pieces();
    Bitboard       changed(to), was_occupied = occupied;
    if (!m.is_capture()) was_occupied ^= to;
    if (!m.is_drop()) {
        changed |= m.from();
        was_occupied |= m.from();
    }
    const Piece captured     = pos.state().captured;
    const auto  piece_before = [&](Square s) {
        if (s == to) return captured;
        if (changed.test(s)) return make_piece(mover, m.moved());
        return pos.piece_on(s);
    };

    // Read again: the pieces on the move's squares, and the sliders whose rays met a square
    // that filled or emptied (such a square is in the slider's reach on the old board).
    const Bitboard diagonal       = pos.pieces(BISHOP) | pos.pieces(HORSE);
    const Bitboard straight       = pos.pieces(ROOK) | pos.pieces(DRAGON);
    Bitboard       reread_squares = changed;
    for (Square s : occupied ^ was_occupied)
        reread_squares |= (bishop_attacks(s, was_occupied) & diagonal)
            | (rook_attacks(s, was_occupied) & straight)
            | (lance_attacks(GOTE, s, was_occupied) & pos.pieces(SENTE, LANCE))
            | (lance_attacks(SENTE, s, was_occupied) & pos.pieces(GOTE, LANCE));
    Reread r;
    for (Square s : reread_squares) {
        assert(r.count < Reread::MOST);
        const std::size_t k = std::size_t(r.count++);
        const Piece       b = piece_before(s), a = pos.piece_on(s);
        r.square[k]       = s;
        r.piece_before[k] = b;
        r.piece_after[k]  = a;
        r.reach_before[k]
            = b == NO_PIECE ? Bitboard() : attacks_from(color_of(b), type_of(b), s, was_occupied);
        r.reach_after[k]
            = a == NO_PIECE ? Bitboard() : attacks_from(color_of(a), type_of(a), s, occupied);
    }
    // What each side bears on: the old board's from the caller (or read on this board and
    // taken back), the new one's from it by the re-read pieces' attacks.
    Bearing before_read;
    if (!old_bearing) {
        before_read = bearing_of(pos);
        for (int k = 0; k < r.count; ++k)
            replace_reach(before_read, r.piece_after[k], r.reach_after[k], r.piece_before[k],
                r.reach_before[k]);
    }
    const Bearing& before = old_bearing ? *old_bearing : before_read;
    new_bearing           = before;
    for (int k = 0; k < r.count; ++k)
        replace_reach(
            new_bearing, r.piece_before[k], r.reach_before[k], r.piece_after[k], r.reach_after[k]);
    const Bearing& after = new_bearing;
    const auto     bears = [&](Color c, Square v, bool on_new_board) {
        return (on_new_board ? after : before).squares[c].test(v);
    };
    // The other pieces attack alike on both boards (asked on this one, when the counts say
    // that there are any).
    const auto others = [&](Color c, Square v) {
        if (after.attackers[c][v] == r.attacking_after(c, v)) return Bitboard();
        return pos.attackers_to(c, v, occupied).andnot(reread_squares);
    };
    const auto removed = [&](Piece attacker, Piece victim, bool contested) {
        return push(diff.removed, diff.removed_count, attack_pair(attacker, victim, contested));
    };
    const auto added = [&](Piece attacker, Piece victim, bool contested) {
        return push(diff.added, diff.added_count, attack_pair(attacker, victim, contested));
    };

    // The re-read pieces' attacks: a slider that stayed keeps its threats on the victims both
    // reaches meet unless their defence changed.
    for (int k = 0; k < r.count; ++k) {
        const Square   s = r.square[k];
        const Piece    b = r.piece_before[k], a = r.piece_after[k];
        const Bitboard kept
            = changed.test(s) ? Bitboard() : (r.reach_before[k] & r.reach_after[k]).andnot(changed);
        if (b != NO_PIECE)
            for (Square v : r.reach_before[k] & was_occupied) {
                const bool was_defended = bears(~color_of(b), v, false);
                if (kept.test(v)) {
                    const bool is_defended = bears(~color_of(a), v, true);
                    if (was_defended == is_defended) continue;
                    if (!added(a, pos.piece_on(v), is_defended)) return false;
                }
                if (!removed(b, piece_before(v), was_defended)) return false;
            }
        if (a != NO_PIECE)
            for (Square v : (r.reach_after[k] & occupied).andnot(kept))
                if (!added(a, pos.piece_on(v), bears(~color_of(a), v, true))) return false;
    }
    // The other pieces' threats on the move's squares and on a victim whose defence changed.
    for (Square v : changed) {
        if (after.attackers[SENTE][v] + after.attackers[GOTE][v]
            == r.attacking_after(SENTE, v) + r.attacking_after(GOTE, v))
            continue;  // no other piece attacks it
        const Piece b = piece_before(v), a = pos.piece_on(v);
        for (Square s : pos.attackers_to(v, occupied).andnot(reread_squares)) {
            const Piece attacker = pos.piece_on(s);
            const Color c        = color_of(attacker);
            if (b != NO_PIECE && !removed(attacker, b, bears(~c, v, false))) return false;
            if (a != NO_PIECE && !added(attacker, a, bears(~c, v, true))) return false;
        }
    }
    for (Color c : {SENTE, GOTE})
        for (Square v : ((before.squares[c] ^ after.squares[c]) & occupied).andnot(changed))
            for (Square s : others(~c, v)) {
                const Piece attacker = pos.piece_on(s), victim = pos.piece_on(v);
                if (!removed(attacker, victim, before.squares[c].test(v))) return false;
                if (!added(attacker, victim, after.squares[c].test(v))) return false;
            }
    // The shields, whose feature is their kind and sides.
    for (Color king : {SENTE, GOTE}) {
        const Bitboard shields_before = pos.state_ago(1).blockers[king],
                       shields_after  = pos.blockers_for_king(king);
        for (Square s : shields_before | shields_after) {
            const Piece b = shields_before.test(s) ? piece_before(s) : NO_PIECE;
            const Piece a = shields_after.test(s) ? pos.piece_on(s) : NO_PIECE;
            if (b == a) continue;
            if (b != NO_PIECE && !push(diff.removed, diff.removed_count, shield_pair(king, b)))
                return false;
            if (a != NO_PIECE && !push(diff.added, diff.added_count, shield_pair(king, a)))
                return false;
        }
    }
    return true;
}

Relation relation(int feature) {
    assert(0 <= feature && feature < FEATURES);
    if (feature >= ATTACK_FEATURES) {
        const int f = feature - ATTACK_FEATURES;
        return {"shields", f / (2 * KINDS) == f / KINDS % 2 ? "(pinned)" : "(uncovers a check)"};
    }
    const bool contested = feature % 2;
    const int  victim    = feature / 2 % (2 * KINDS);
    const int  attacker  = feature / 2 / (2 * KINDS);
    if (victim / KINDS != attacker / KINDS)
        return {"attacks", contested ? "(defended)" : "(undefended)"};
    return {"defends", contested ? "(attacked)" : "(unattacked)"};
}

std::string describe(int feature) {
    const Relation r = relation(feature);
    if (feature >= ATTACK_FEATURES) {
        const int f    = feature - ATTACK_FEATURES;
        const int king = f / (2 * KINDS), shield = f / KINDS % 2, kind = f % KINDS;
        return side_word(shield) + " " + kind_letters(kind) + " " + r.verb + " " + side_word(king)
            + " K " + r.state;
    }
    const int victim   = feature / 2 % (2 * KINDS);
    const int attacker = feature / 2 / (2 * KINDS);
    return side_word(attacker / KINDS) + " " + kind_letters(attacker % KINDS) + " " + r.verb + " "
        + side_word(victim / KINDS) + " " + kind_letters(victim % KINDS) + " " + r.state;
}

}  // namespace supersoma::eval::threats
