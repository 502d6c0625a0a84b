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

}  // namespace

void collect(const Position& pos, ThreatList& out) {
    const Bitboard occupied = pos.pieces();
    // Each piece's attacks once, and what each side bears on.
    std::array<Bitboard, SQUARE_NB> reach;  // a square each: no count of pieces is trusted
    std::array<Square, SQUARE_NB>   from;
    int                             pieces = 0;
    Bitboard                        bears[COLOR_NB] {};
    for (Square s : occupied) {
        const Piece p = pos.piece_on(s);
        from[pieces]  = s;
        reach[pieces] = attacks_from(color_of(p), type_of(p), s, occupied);
        bears[color_of(p)] |= reach[pieces];
        ++pieces;
    }
    int n = 0;
    for (int i = 0; i < pieces && n < MAX_ACTIVE; ++i) {
        const Piece attacker = pos.piece_on(from[i]);
        const Color them     = ~color_of(attacker);
        for (Square v : reach[i] & occupied) {
            if (n == MAX_ACTIVE) break;
            const Piece victim    = pos.piece_on(v);
            const bool  contested = bears[them].test(v);
            for (Color view : {SENTE, GOTE})
                out.features[view][n]
                    = std::uint16_t(attack_feature(view, attacker, victim, contested));
            out.keys[n] = std::uint16_t(from[i] * SQUARE_NB + v);
            out.from[n] = from[i];
            out.to[n]   = v;
            ++n;
        }
    }
    for (Color king : {SENTE, GOTE})
        for (Square s : pos.blockers_for_king(king)) {
            if (n == MAX_ACTIVE) break;
            for (Color view : {SENTE, GOTE})
                out.features[view][n] = std::uint16_t(shield_feature(view, king, pos.piece_on(s)));
            out.keys[n] = std::uint16_t(int(SQUARE_NB) * SQUARE_NB + int(king) * SQUARE_NB + s);
            out.from[n] = s;
            out.to[n]   = pos.king_square(king);
            ++n;
        }
    out.count = n;
    assert(std::is_sorted(out.keys.begin(), out.keys.begin() + n));
    static_assert(KEYS <= 1 << 16);
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
