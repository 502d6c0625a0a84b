#include "search/engine.hpp"

namespace supersoma::search {

Engine::Engine()
    : position_(Position::startpos()) { }

void Engine::ready() {
    pool_.wait();
    if (tt_.megabytes() != hash_mb_) {
        tt_.resize(hash_mb_);
        tt_.clear();
    }
    if (pool_.size() != threads_) pool_.set_size(threads_);
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
