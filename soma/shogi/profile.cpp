#include "soma/shogi/profile.hpp"

namespace supersoma::soma {

namespace {

ValueProfile make_article_profile() {
    ValueProfile p;
    p.name              = "article";
    p.board[PAWN]       = 52;
    p.board[LANCE]      = 120;
    p.board[KNIGHT]     = 120;
    p.board[SILVER]     = 200;
    p.board[GOLD]       = 220;
    p.board[BISHOP]     = 360;
    p.board[ROOK]       = 480;
    p.board[KING]       = 3999;
    p.board[PRO_PAWN]   = 240;
    p.board[PRO_LANCE]  = 230;
    p.board[PRO_KNIGHT] = 230;
    p.board[PRO_SILVER] = 220;  // not printed; "s 4d-5c+ = 20" makes it 220 (spec 2)
    p.board[HORSE]      = 460;
    p.board[DRAGON]     = 550;
    for (PieceType pt = LANCE; pt <= GOLD; ++pt) p.hand[pt] = p.board[pt];
    p.hand[PAWN] = 0;
    return p;
}

ValueProfile make_full_hand_profile() {
    ValueProfile p = make_article_profile();
    p.name         = "full-hand";
    p.hand[PAWN]   = p.board[PAWN];
    return p;
}

}  // namespace

const ValueProfile& article_profile() {
    static const ValueProfile p = make_article_profile();
    return p;
}

const ValueProfile& full_hand_profile() {
    static const ValueProfile p = make_full_hand_profile();
    return p;
}

std::optional<ValueProfile> find_profile(std::string_view name) {
    if (name == article_profile().name) return article_profile();
    if (name == full_hand_profile().name) return full_hand_profile();
    return std::nullopt;
}

std::array<std::string_view, 2> profile_names() {
    return {article_profile().name, full_hand_profile().name};
}

}  // namespace supersoma::soma
