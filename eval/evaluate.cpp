#include "eval/evaluate.hpp"

#include <cassert>

namespace supersoma::eval {

const soma::ValueProfile& search_profile() {
    return soma::full_hand_profile();
}

Value material(const Position& pos, Color c) {
    const soma::ValueProfile& profile = search_profile();
    Value                     v       = 0;
    for (Square s : pos.pieces(c)) {
        const PieceType pt = type_of(pos.piece_on(s));
        if (pt != KING) v += profile.board[pt];
    }
    for (PieceType pt = PAWN; pt <= GOLD; ++pt) v += pos.hand(c).count(pt) * profile.hand[pt];
    assert(v >= 0);
    return v;
}

Value material_balance(const Position& pos) {
    const Color us = pos.side_to_move();
    return material(pos, us) - material(pos, ~us);
}

void load_eval_file(const std::string& path, EvalSettings& settings) {
    if (path.empty()) {
        settings.weights = nullptr;
        settings.network = nullptr;
        return;
    }
    const std::vector<unsigned char> bytes = read_file_bytes(path);
    if (Network::is_network_file(bytes)) {
        settings.network = std::make_shared<const Network>(Network::from_bytes(bytes));
        settings.weights = nullptr;
    } else {
        settings.weights = std::make_shared<const KpWeights>(KpWeights::from_bytes(bytes));
        settings.network = nullptr;
    }
}

Learned learned_evaluation(const EvalSettings& settings, bool threat_inputs) {
    if (!settings.positional) return {};
    if (settings.network) return {nullptr, settings.network.get()};
    if (settings.weights) return {settings.weights.get(), nullptr};
    if (settings.use_network) {
        if (threat_inputs && Network::builtin(true)) return {nullptr, Network::builtin(true).get()};
        if (Network::builtin()) return {nullptr, Network::builtin().get()};
    }
    return {KpWeights::builtin().get(), nullptr};
}

}  // namespace supersoma::eval
