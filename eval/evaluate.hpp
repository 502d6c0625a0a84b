#pragma once
// The search's static evaluation, from the side to move's view in the units of the search
// profile: the network (eval/nnue.hpp) or the learned KP evaluation (eval/kp.hpp), or material
// alone where they cannot see (a king missing: tsume, diagrams) or where they are switched off.
// SUPER-SOMA's tactical net is added by the leaf (eval/leaf.hpp); quiescence search uses this
// alone.

#include <memory>

#include "engine/position.hpp"
#include "eval/kp.hpp"
#include "eval/nnue.hpp"
#include "soma/shogi/profile.hpp"

namespace supersoma::eval {

/// The one value profile of the search (material, SUPER-SOMA and the learned evaluation):
/// the article's board values, every piece in hand worth its board value (pawn 52).
const soma::ValueProfile& search_profile();

/// Board and hand material of `c` under the search profile.
Value material(const Position& pos, Color c);

/// Material alone, side to move's view.
Value material_balance(const Position& pos);

/// Which static evaluation plays (USI PositionalEval, UseNetwork and EvalFile).
struct EvalSettings {
    bool positional  = true;  // off: material only (labels for docs/accuracy.md)
    bool use_network = true;  // off: KP alone, even where a network is built in
    // A file's KP weights or network (USI EvalFile); both null: the ones built in.
    std::shared_ptr<const KpWeights> weights;
    std::shared_ptr<const Network>   network;

    bool operator==(const EvalSettings&) const = default;
};

/// Loads the network or KP weights of the file at `path` (told apart by the header) into
/// `settings`, or clears them for "" (the built-in evaluation). Throws std::runtime_error
/// saying why a file is refused; `settings` is then unchanged.
void load_eval_file(const std::string& path, EvalSettings& settings);

/// The learned evaluation that plays: a network, KP weights, or neither (material alone).
struct Learned {
    const KpWeights* kp      = nullptr;
    const Network*   network = nullptr;

    bool incremental() const { return kp || network; }
};

/// What `settings` play with: a file's network or weights, else the built-in network (with
/// the threat inputs when `threat_inputs` and the build has that network; when the build has
/// one and use_network), else the built-in KP weights; nothing when positional is off.
Learned learned_evaluation(const EvalSettings& settings, bool threat_inputs);

/// The static value of `pos`, side to move's view: the network or KP (kept up to date move
/// by move), material alone when `learned` has neither or a king is missing.
inline Value static_value(const Position& pos, const Learned& learned) {
    if (!learned.incremental() || pos.king_square(SENTE) == SQ_NONE
        || pos.king_square(GOTE) == SQ_NONE)
        return material_balance(pos);
    return learned.network ? nnue_evaluate(pos, *learned.network) : kp_evaluate(pos, *learned.kp);
}

/// Notes what the last move of `pos` changed that the evaluation cannot read later (the threat
/// inputs' difference, read from the two boards); the search calls it before it makes a move
/// from `pos`. A second call finds it noted.
inline void note_move(const Position& pos, const Learned& learned) {
    if (learned.network && learned.network->has_threats() && pos.king_square(SENTE) != SQ_NONE
        && pos.king_square(GOTE) != SQ_NONE)
        nnue_note_move(pos);
}

/// Makes the incremental state of `pos` (the search's root) so that the positions after it
/// update from it even when its own value is never asked.
inline void prepare_root(const Position& pos, const Learned& learned) {
    if (learned.network && pos.king_square(SENTE) != SQ_NONE && pos.king_square(GOTE) != SQ_NONE)
        nnue_prepare(pos, *learned.network);
}

}  // namespace supersoma::eval
