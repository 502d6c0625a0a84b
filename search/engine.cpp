#include "search/engine.hpp"

#include "engine/notation.hpp"
#include "eval/evaluate.hpp"
#include "eval/leaf.hpp"
#include "soma/supersoma.hpp"

namespace supersoma::search {

Engine::Engine()
    : position_(Position::startpos()) { }

void Engine::ready() {
    pool_.wait();
    // The built-in network is read on first use (tens of ms): pay it here, not on the clock.
    learned_evaluation_of(options_);
    if (tt_.megabytes() != hash_mb_) {
        tt_.resize(hash_mb_);
        tt_.clear();
    }
    if (pool_.size() != threads_) pool_.set_size(threads_);
    // The first timed search spent ~80 ms building it and moved before finishing depth 1.
    pool_.prepare_mate_solver();
}

void Engine::set_eval_file(const std::string& path) {
    eval::load_eval_file(path, options_.eval);
}

std::string Engine::supersoma_line(const Position& pos) const {
    // The leaf's configuration with B3's learned weights: the line a player reads (the search's
    // leaves keep the article's weights, which won by games: docs/strength.md).
    const soma::EvalResult result = soma::evaluate(
        pos, soma::with_model(eval::leaf_eval_options(options_.leaf), soma::learned_leaf_model()));
    std::string text = "supersoma line";
    for (const soma::LineStep& step : result.line) text += " " + to_usi(step.move);
    if (result.line.empty()) text += " (none)";
    return text + " net " + std::to_string(result.net) + " ends " + soma::line_end_name(result.end);
}

void Engine::new_game() {
    ready();
    tt_.clear();
    pool_.clear();
}

void Engine::go(const Limits& limits, std::function<void(const InfoReport&)> on_info,
    std::function<void(const SearchResult&)> on_done) {
    ready();
    pool_.start(position_, limits, options_, tt_, std::move(on_info), std::move(on_done));
}

}  // namespace supersoma::search
