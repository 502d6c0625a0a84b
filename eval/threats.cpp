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

void put_attack(ThreatList& out, int n, Square from, Piece attacker, Square to, Piece victim) {
    const bool contested = out.bears[~color_of(attacker)].test(to);
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

constexpr std::uint16_t SHIELD_KEYS = std::uint16_t(int(SQUARE_NB) * SQUARE_NB);

void read_bears(const Position& pos, ThreatList& out) {
    for (Color c : {SENTE, GOTE}) {
        Bitboard bears;
        for (Square s : pos.pieces(c)) bears |= out.reach[s];
        out.bears[c] = bears;
    }
}

}  // namespace

void collect(const Position& pos, ThreatList& out) {
    const Bitboard occupied = pos.pieces();
    out.reach.fill(Bitboard());
    for (Square s : occupied) {
        const Piece p = pos.piece_on(s);
        out.reach[s]  = attacks_from(color_of(p), type_of(p), s, occupied);
    }
    read_bears(pos, out);
    int n        = 0;
    out.complete = true;
    for (Square a : occupied) {
        const Piece attacker = pos.piece_on(a);
        for (Square v : out.reach[a] & occupied) {
            if (n == MAX_ACTIVE) {
                out.complete = false;
                return put_shields(pos, out, n);
            }
            put_attack(out, n++, a, attacker, v, pos.piece_on(v));
        }
    }
    put_shields(pos, out, n);
}

bool update(
    const Position& pos, int plies, const ThreatList& before, ThreatList& out, ThreatDiff& diff) {
    assert(plies >= 1 && plies <= pos.moves_made());
    diff.removed_count = diff.added_count = 0;
    if (!before.complete) {
        collect(pos, out);
        return false;
    }
    // The squares the moves changed, and the occupancy before them (undone last to first).
    const Bitboard occupied = pos.pieces();
    Bitboard       changed, was_occupied = occupied;
    for (int k = 0; k < plies; ++k) {
        const Move m = pos.state_ago(k).last_move;
        if (m.is_none() || m.is_pass()) continue;  // a null move changes no square
        changed |= m.to();
        if (!m.is_capture()) was_occupied = was_occupied.andnot(Bitboard(m.to()));
        if (!m.is_drop()) {
            changed |= m.from();
            was_occupied |= m.from();
        }
    }
    // Read again: the pieces on the changed squares and the sliders whose rays met a square
    // that filled or emptied (the first square a ray stops at is in its reach, so the old
    // reach tells).
    const Bitboard refilled = occupied ^ was_occupied;
    Bitboard       reread   = changed;
    for (PieceType slider : {LANCE, BISHOP, ROOK, HORSE, DRAGON})
        for (Square s : pos.pieces(slider).andnot(changed))
            if (before.reach[s] & refilled) reread |= s;
    out.reach = before.reach;
    for (Square s : reread) {
        const Piece p = pos.piece_on(s);
        out.reach[s]
            = p == NO_PIECE ? Bitboard() : attacks_from(color_of(p), type_of(p), s, occupied);
    }
    read_bears(pos, out);
    // A kept threat's defence changes only where a side's bearing did.
    const Bitboard flipped
        = (out.bears[SENTE] ^ before.bears[SENTE]) | (out.bears[GOTE] ^ before.bears[GOTE]);
    const Bitboard dirty_victims = changed | flipped;

    const auto removed = [&](int i) {
        diff.removed[std::size_t(diff.removed_count++)]
            = {before.features[SENTE][std::size_t(i)], before.features[GOTE][std::size_t(i)]};
    };
    const auto added = [&](int n) {
        diff.added[std::size_t(diff.added_count++)]
            = {out.features[SENTE][std::size_t(n)], out.features[GOTE][std::size_t(n)]};
    };
    // The same key in both lists: a change of feature (its defence, a shield's kind) swaps rows.
    const auto compared = [&](int i, int n) {
        if (before.features[SENTE][std::size_t(i)] != out.features[SENTE][std::size_t(n)]) {
            removed(i);
            added(n);
        }
    };
    const auto copy = [&](int i, int n) {
        for (Color view : {SENTE, GOTE})
            out.features[view][std::size_t(n)] = before.features[view][std::size_t(i)];
        out.keys[std::size_t(n)] = before.keys[std::size_t(i)];
        out.from[std::size_t(n)] = before.from[std::size_t(i)];
        out.to[std::size_t(n)]   = before.to[std::size_t(i)];
    };
    const int old_attacks
        = int(std::lower_bound(before.keys.begin(), before.keys.begin() + before.count, SHIELD_KEYS)
            - before.keys.begin());
    // Past MAX_ACTIVE the list is cut where collect() cuts it: the caller compares it whole.
    const auto cut = [&] {
        collect(pos, out);
        return false;
    };
    int i = 0, n = 0;
    // Attacker by attacker, in square order (the lists' key order): a clean one's threats are
    // copied, a dirty one's read from its reach and compared with the old ones by victim.
    for (Square a : occupied | was_occupied) {
        // Its old threats: one on each piece its old reach met (the old list is whole).
        const int group_end = i + (before.reach[a] & was_occupied).count();
        assert(group_end <= old_attacks
            && std::all_of(before.from.begin() + i, before.from.begin() + group_end,
                [a](Square s) { return s == a; }));
        const bool attacker_read = reread.test(a);
        // A piece not read again has the same reach; its victims, gone or changed, are there.
        if (!attacker_read && !(out.reach[a] & (occupied | was_occupied) & dirty_victims)) {
            if (n + (group_end - i) > MAX_ACTIVE) return cut();
            for (; i < group_end; ++i) copy(i, n++);
            continue;
        }
        if (!occupied.test(a)) {  // the piece left: its threats go
            for (; i < group_end; ++i) removed(i);
            continue;
        }
        const Piece attacker = pos.piece_on(a);
        for (Square v : out.reach[a] & occupied) {
            const std::uint16_t key = std::uint16_t(a * SQUARE_NB + v);
            for (; i < group_end && before.keys[std::size_t(i)] < key; ++i) removed(i);
            if (n == MAX_ACTIVE) return cut();
            const bool had = i < group_end && before.keys[std::size_t(i)] == key;
            if (had && !attacker_read && !dirty_victims.test(v)) {
                copy(i++, n++);
                continue;
            }
            put_attack(out, n, a, attacker, v, pos.piece_on(v));
            if (had)
                compared(i++, n);
            else
                added(n);
            ++n;
        }
        for (; i < group_end; ++i) removed(i);
    }
    assert(i == old_attacks);
    // The shields, compared with the old ones by key.
    const int attacks = n;
    put_shields(pos, out, n);
    if (!out.complete) return false;
    int k = attacks;
    for (i = old_attacks; i < before.count; ++i) {
        for (; k < out.count && out.keys[std::size_t(k)] < before.keys[std::size_t(i)]; ++k)
            added(k);
        if (k < out.count && out.keys[std::size_t(k)] == before.keys[std::size_t(i)])
            compared(i, k++);
        else
            removed(i);
    }
    for (; k < out.count; ++k) added(k);
    return true;
}

bool ThreatList::operator==(const ThreatList& other) const {
    const auto same = [&](const auto& a, const auto& b) {
        return std::equal(a.begin(), a.begin() + count, b.begin());
    };
    return count == other.count && complete == other.complete && reach == other.reach
        && bears == other.bears && same(keys, other.keys) && same(from, other.from)
        && same(to, other.to) && same(features[SENTE], other.features[SENTE])
        && same(features[GOTE], other.features[GOTE]);
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
