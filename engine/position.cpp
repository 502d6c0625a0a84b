#include "engine/position.hpp"

#include <algorithm>
#include <cassert>
#include <iterator>

namespace supersoma {

namespace zobrist {
namespace {

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z               = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z               = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

struct Tables {
    Key psq[PIECE_NB][SQUARE_NB] {};
    Key hand[COLOR_NB][HAND_TYPE_NB] {};
    Key side = 0;
};

// Compile-time keys: no global initialisation order to worry about.
constexpr Tables make_tables() {
    Tables        t;
    std::uint64_t state = 0x5350534F4D41ull;  // fixed seed: keys are stable across runs
    for (auto& row : t.psq)
        for (auto& k : row) k = splitmix64(state);
    for (auto& row : t.hand)
        for (auto& k : row) k = splitmix64(state);
    t.side = splitmix64(state) | 1;
    return t;
}

constexpr Tables Keys = make_tables();

}  // namespace

Key piece_square(Piece p, Square s) {
    return Keys.psq[p][s];
}
Key hand(Color c, PieceType pt) {
    return Keys.hand[c][pt];
}
Key side() {
    return Keys.side;
}

}  // namespace zobrist

namespace {
// What `n` pieces of kind `pt` in `c`'s hand contribute to the key. XORed in like every other
// term: mixing `+` for hands with `^` for the board made incremental keys path-dependent.
Key hand_term(Color c, PieceType pt, int n) {
    return zobrist::hand(c, pt) * Key(n);
}
}  // namespace

Position::Position(const BoardSetup& setup)
    : hands_(setup.hands)
    , side_(setup.side_to_move)
    , ply_(setup.ply) {
    for (Square s = SQ_11; s < SQUARE_NB; ++s)
        if (setup.board[s] != NO_PIECE) put_piece(setup.board[s], s);
    StateInfo st {};
    st.key = compute_key();
    compute_state(st);
    states_.push_back(st);
}

Position Position::startpos() {
    BoardSetup          s;
    constexpr PieceType back[9] = {LANCE, KNIGHT, SILVER, GOLD, KING, GOLD, SILVER, KNIGHT, LANCE};
    for (File f = FILE_1; f < FILE_NB; ++f) {
        s.board[make_square(f, RANK_1)] = make_piece(GOTE, back[f]);
        s.board[make_square(f, RANK_3)] = make_piece(GOTE, PAWN);
        s.board[make_square(f, RANK_7)] = make_piece(SENTE, PAWN);
        s.board[make_square(f, RANK_9)] = make_piece(SENTE, back[f]);
    }
    s.board[make_square(FILE_2, RANK_2)] = make_piece(GOTE, BISHOP);
    s.board[make_square(FILE_8, RANK_2)] = make_piece(GOTE, ROOK);
    s.board[make_square(FILE_8, RANK_8)] = make_piece(SENTE, BISHOP);
    s.board[make_square(FILE_2, RANK_8)] = make_piece(SENTE, ROOK);
    return Position(s);
}

BoardSetup Position::setup() const {
    return BoardSetup {board_, hands_, side_, ply_};
}

void Position::put_piece(Piece p, Square s) {
    assert(supersoma::is_ok(s) && p != NO_PIECE);
    assert(board_[s] == NO_PIECE && "a square holds one piece");
    board_[s] = p;
    by_color_[color_of(p)] |= s;
    by_type_[type_of(p)] |= s;
    if (type_of(p) == KING) king_[color_of(p)] = s;
}

void Position::remove_piece(Square s) {
    assert(supersoma::is_ok(s) && board_[s] != NO_PIECE);
    const Piece p = board_[s];
    board_[s]     = NO_PIECE;
    by_color_[color_of(p)] ^= s;
    by_type_[type_of(p)] ^= s;
    if (type_of(p) == KING) king_[color_of(p)] = SQ_NONE;
}

Key Position::compute_key() const {
    Key k = side_ == GOTE ? zobrist::side() : 0;
    for (Square s : pieces()) k ^= zobrist::piece_square(board_[s], s);
    for (Color c : {SENTE, GOTE})
        for (PieceType pt = PAWN; pt <= GOLD; ++pt) k ^= hand_term(c, pt, hands_[c].count(pt));
    return k;
}

Bitboard Position::step_attackers(Color c, Square s) const {
    return ((step_attacks(~c, PAWN, s) & by_type_[PAWN])
               | (step_attacks(~c, KNIGHT, s) & by_type_[KNIGHT])
               | (step_attacks(~c, SILVER, s) & by_type_[SILVER])
               | (step_attacks(~c, GOLD, s) & golds())
               | (step_attacks(c, KING, s) & (by_type_[KING] | by_type_[HORSE] | by_type_[DRAGON])))
        & by_color_[c];
}

Bitboard Position::slider_attackers(Color c, Square s, Bitboard occ) const {
    const Bitboard own = by_color_[c];
    Bitboard       a;
    // Sliders cost a ray walk each: walk only when one of them stands on the square's lines.
    const Bitboard lances = by_type_[LANCE] & own;
    if (lances & lance_pseudo_attacks(~c, s)) a |= lance_attacks(~c, s, occ) & lances;
    const Bitboard diagonal = (by_type_[BISHOP] | by_type_[HORSE]) & own;
    if (diagonal & bishop_pseudo_attacks(s)) a |= bishop_attacks(s, occ) & diagonal;
    const Bitboard straight = (by_type_[ROOK] | by_type_[DRAGON]) & own;
    if (straight & rook_pseudo_attacks(s)) a |= rook_attacks(s, occ) & straight;
    return a;
}

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
    // Both colours at once: the step sets differ by colour, but each slider walk (bishop,
    // rook) is done once instead of once per colour (the swap board asks this per exchange).
    const Bitboard sente = by_color_[SENTE], gote = by_color_[GOTE];
    const Bitboard by_sente = (step_attacks(GOTE, PAWN, s) & by_type_[PAWN])
        | (step_attacks(GOTE, KNIGHT, s) & by_type_[KNIGHT])
        | (step_attacks(GOTE, SILVER, s) & by_type_[SILVER])
        | (step_attacks(GOTE, GOLD, s) & golds());
    const Bitboard by_gote = (step_attacks(SENTE, PAWN, s) & by_type_[PAWN])
        | (step_attacks(SENTE, KNIGHT, s) & by_type_[KNIGHT])
        | (step_attacks(SENTE, SILVER, s) & by_type_[SILVER])
        | (step_attacks(SENTE, GOLD, s) & golds());
    Bitboard a = (by_sente & sente) | (by_gote & gote)
        | (step_attacks(SENTE, KING, s) & (by_type_[KING] | by_type_[HORSE] | by_type_[DRAGON]));
    const Bitboard lances = by_type_[LANCE];
    if (lances & sente & lance_pseudo_attacks(GOTE, s))
        a |= lance_attacks(GOTE, s, occ) & lances & sente;
    if (lances & gote & lance_pseudo_attacks(SENTE, s))
        a |= lance_attacks(SENTE, s, occ) & lances & gote;
    const Bitboard diagonal = by_type_[BISHOP] | by_type_[HORSE];
    if (diagonal & bishop_pseudo_attacks(s)) a |= bishop_attacks(s, occ) & diagonal;
    const Bitboard straight = by_type_[ROOK] | by_type_[DRAGON];
    if (straight & rook_pseudo_attacks(s)) a |= rook_attacks(s, occ) & straight;
    return a;
}

Position::SliderBlockers Position::slider_blockers(
    Color sliders_of, Square s, Color shielded) const {
    SliderBlockers result;
    const Bitboard own = by_color_[sliders_of];
    // Empty-board lines from the pseudo-attack tables: no ray walk for a candidate sniper.
    const Bitboard snipers = ((rook_pseudo_attacks(s) & (by_type_[ROOK] | by_type_[DRAGON]))
                                 | (bishop_pseudo_attacks(s) & (by_type_[BISHOP] | by_type_[HORSE]))
                                 | (lance_pseudo_attacks(~sliders_of, s) & by_type_[LANCE]))
        & own;
    const Bitboard occ = pieces();
    for (Square sniper : snipers) {
        const Bitboard b = between_bb(s, sniper) & occ;
        if (b && !b.more_than_one()) {
            result.blockers |= b;
            if (b & by_color_[shielded]) result.pinners |= sniper;
        }
    }
    return result;
}

void Position::compute_checkers(StateInfo& st) const {
    st.checkers = king_[side_] != SQ_NONE ? attackers_to(~side_, king_[side_]) : Bitboard();
}

void Position::compute_state(StateInfo& st) const {
    compute_checkers(st);
    for (Color c : {SENTE, GOTE}) compute_king_lines(st, c);
}

void Position::compute_king_lines(StateInfo& st, Color c) const {
    if (king_[c] == SQ_NONE) {
        st.blockers[c] = st.pinners[c] = Bitboard();
        return;
    }
    const SliderBlockers sb = slider_blockers(~c, king_[c], c);
    st.blockers[c]          = sb.blockers;
    st.pinners[c]           = sb.pinners;
}

bool Position::legal_after_pseudo(Move m) const {
    const Color  us  = side_;
    const Square ksq = king_[us];
    if (ksq == SQ_NONE) return true;
    const Bitboard chk = checkers();
    if (m.is_drop()) {
        if (!chk) return true;
        return !chk.more_than_one() && between_bb(ksq, chk.lsb()).test(m.to());
    }
    const Square from = m.from(), to = m.to();
    if (from == ksq) return !attacked_by(~us, to, pieces() ^ from);
    if (chk) {
        if (chk.more_than_one()) return false;
        const Square c = chk.lsb();
        if (to != c && !between_bb(ksq, c).test(to)) return false;
    }
    return !pinned(us).test(from) || aligned(from, to, ksq);
}

bool Position::gives_check(Move m) const {
    const Color  us  = side_;
    const Square ksq = king_[~us];
    if (ksq == SQ_NONE || m.is_pass()) return false;
    const Square to  = m.to();
    Bitboard     occ = pieces() | to;
    if (!m.is_drop()) {
        occ ^= m.from();
        if ((blockers_for_king(~us) & by_color_[us]).test(m.from()) && !aligned(m.from(), to, ksq))
            return true;
    }
    return attacks_from(us, m.placed(), to, occ).test(ksq);
}

void Position::do_move(Move m) {
    assert(!m.is_none() && "do_move needs a move or a pass");
    StateInfo st {};
    st.key         = key() ^ zobrist::side();
    st.last_move   = m;
    st.captured    = NO_PIECE;
    const Color us = side_;
    if (m.is_pass()) {
        // Nothing moves. Tested first: the pass encoding has the drop bit set.
    } else if (m.is_drop()) {
        const PieceType pt = m.moved();
        assert(hands_[us].has(pt) && board_[m.to()] == NO_PIECE);
        const int n = hands_[us].count(pt);
        hands_[us].remove(pt);
        st.key ^= hand_term(us, pt, n) ^ hand_term(us, pt, n - 1);
        put_piece(make_piece(us, pt), m.to());
        st.key ^= zobrist::piece_square(make_piece(us, pt), m.to());
    } else {
        const Square from = m.from(), to = m.to();
        assert(board_[from] != NO_PIECE && color_of(board_[from]) == us && "the mover's own piece");
        assert(type_of(board_[from]) == m.moved() && "the move knows the kind it moves");
        assert((board_[to] == NO_PIECE || color_of(board_[to]) != us) && "no capture of one's own");
        assert(!m.is_promotion() || can_promote(m.moved()));
        if (board_[to] != NO_PIECE) {
            st.captured          = board_[to];
            const PieceType kind = unpromote(type_of(st.captured));
            st.key ^= zobrist::piece_square(st.captured, to);
            remove_piece(to);
            // A king is never held. Taking one is only possible where the side not to move is
            // in check, as in the positions SUPER-SOMA passes into to list that side's moves.
            if (kind != KING) {
                const int n = hands_[us].count(kind);
                hands_[us].add(kind);
                st.key ^= hand_term(us, kind, n) ^ hand_term(us, kind, n + 1);
            }
        }
        const Piece moving = board_[from];
        const Piece placed = m.is_promotion() ? make_piece(us, promote(type_of(moving))) : moving;
        st.key ^= zobrist::piece_square(moving, from) ^ zobrist::piece_square(placed, to);
        remove_piece(from);
        put_piece(placed, to);
    }
    side_ = ~us;
    ++ply_;
    if (m.is_pass()) {
        // The board is unchanged: blockers and pinners carry over, only the checkers change.
        std::copy(
            std::begin(state().blockers), std::end(state().blockers), std::begin(st.blockers));
        std::copy(std::begin(state().pinners), std::end(state().pinners), std::begin(st.pinners));
        compute_checkers(st);
    } else {
        // Blockers and pinners of a king lie on its lines: a move whose squares are all off
        // them (and off the king, which may have moved) leaves that king's unchanged.
        compute_checkers(st);
        const Bitboard changed = m.is_drop() ? Bitboard(m.to()) : Bitboard(m.from()) | m.to();
        for (Color c : {SENTE, GOTE}) {
            const Square k = king_[c];
            if (k != SQ_NONE
                && !(changed & (rook_pseudo_attacks(k) | bishop_pseudo_attacks(k) | k))) {
                st.blockers[c] = state().blockers[c];
                st.pinners[c]  = state().pinners[c];
            } else {
                compute_king_lines(st, c);
            }
        }
    }
    states_.push_back(st);
    assert(key() == compute_key() && "the incremental key is the key of the board");
    assert(king_[us] == SQ_NONE || board_[king_[us]] == make_piece(us, KING));
}

Position::Position(CurrentStateOnly, const Position& from)
    : board_(from.board_)
    , by_color_(from.by_color_)
    , by_type_(from.by_type_)
    , hands_(from.hands_)
    , king_(from.king_)
    , side_(from.side_)
    , ply_(from.ply_) {
    states_.push_back(from.state());
    states_.front().last_move = Move();
    states_.front().captured  = NO_PIECE;
}

Position Position::without_history() const {
    return Position(CurrentStateOnly {}, *this);
}

void Position::forget_history() {
    // The stack is never empty: the current state moves to the bottom, the rest goes.
    states_.front() = states_.back();
    states_.resize(1);
    states_.front().last_move = Move();
    states_.front().captured  = NO_PIECE;
}

void Position::undo_move() {
    assert(states_.size() > 1);
    const StateInfo& st = states_.back();
    const Move       m  = st.last_move;
    const Color      us = ~side_;
    assert(m.is_pass() || (board_[m.to()] != NO_PIECE && color_of(board_[m.to()]) == us));
    if (m.is_pass()) {
        // Nothing moved (see do_move).
    } else if (m.is_drop()) {
        remove_piece(m.to());
        hands_[us].add(m.moved());
    } else {
        const Piece placed = board_[m.to()];
        remove_piece(m.to());
        put_piece(m.is_promotion() ? make_piece(us, unpromote(type_of(placed))) : placed, m.from());
        if (st.captured != NO_PIECE) {
            put_piece(st.captured, m.to());
            if (type_of(st.captured) != KING) hands_[us].remove(unpromote(type_of(st.captured)));
        }
    }
    side_ = us;
    --ply_;
    states_.pop_back();
    assert(key() == compute_key() && "undo restores the board the key describes");
}

bool Position::is_ok() const {
    Position fresh(setup());
    if (fresh.by_color_ != by_color_ || fresh.by_type_ != by_type_ || fresh.king_ != king_)
        return false;
    const StateInfo &a = fresh.state(), &b = state();
    return a.key == b.key && a.checkers == b.checkers && a.blockers[SENTE] == b.blockers[SENTE]
        && a.blockers[GOTE] == b.blockers[GOTE] && a.pinners[SENTE] == b.pinners[SENTE]
        && a.pinners[GOTE] == b.pinners[GOTE] && (by_color_[SENTE] & by_color_[GOTE]) == Bitboard();
}

bool attacks_landing(const Position& pos, Move m, Color c) {
    const Bitboard occ = pos.pieces_after(m);
    if (m.is_drop()) return pos.attacked_by(c, m.to(), occ);
    // The mover's piece is still in the piece sets on its old square: left out by hand.
    if (c == pos.side_to_move())
        return bool(pos.attackers_to(c, m.to(), occ).andnot(Bitboard(m.from())));
    return pos.attacked_by(c, m.to(), occ);
}

}  // namespace supersoma
