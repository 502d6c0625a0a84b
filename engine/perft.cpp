#include "engine/perft.hpp"

#include "engine/movegen.hpp"

namespace supersoma {

std::uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return std::uint64_t(count_legal(pos));  // bulk counting
    MoveList list;
    generate(GenKind::Legal, pos, list);
    std::uint64_t nodes = 0;
    for (Move m : list) {
        pos.do_move(m);
        nodes += perft(pos, depth - 1);
        pos.undo_move();
    }
    return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
    std::vector<std::pair<Move, std::uint64_t>> result;
    for (Move m : generate(GenKind::Legal, pos)) {
        pos.do_move(m);
        result.emplace_back(m, depth > 1 ? perft(pos, depth - 1) : 1);
        pos.undo_move();
    }
    return result;
}

}  // namespace supersoma
