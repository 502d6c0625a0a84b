#include "search/mate.hpp"

#include <algorithm>
#include <cassert>

namespace supersoma::search {

namespace {

constexpr uint32_t INF = 100'000'000;  // proof and disproof numbers saturate here

// A time limit past a year is no limit; its deadline would overflow the clock's nanoseconds
// (`go mate 5077777777777777`, found by fuzz_usi_loop).
constexpr std::chrono::milliseconds LONGEST_TIME_LIMIT = std::chrono::hours(24 * 366);

uint32_t saturating_add(uint32_t a, uint32_t b) {
    return std::min<uint32_t>(INF, a + b);
}

// A useless interposition (無駄合): the defender, in check from afar, drops a piece between
// the checker and its king where no defender guards it, so the checker takes it and checks
// again, one piece richer. It lengthens the mate without changing it.
bool useless_interposition(Position& pos, Move m) {
    const Bitboard checkers = pos.checkers();
    if (!m.is_drop() || !checkers || checkers.more_than_one()) return false;
    const Color us = pos.side_to_move();
    if (!between_bb(checkers.lsb(), pos.king_square(us)).test(m.to())) return false;
    pos.do_move(m);
    const bool guarded = bool(pos.attackers_to(us, m.to()));
    pos.undo_move();
    return !guarded;
}

}  // namespace

MateSolver::MateSolver(std::size_t megabytes) {
    std::size_t entries = 1;
    while (entries * 2 * sizeof(Entry) <= megabytes * 1024 * 1024) entries *= 2;
    table_.resize(std::max<std::size_t>(entries, 1024));
}

bool MateSolver::out_of_time() {
    if (aborted_) return true;
    if (node_limit_ && nodes_ >= node_limit_) return aborted_ = true;
    if ((nodes_ & 1023) != 0) return false;
    aborted_ = stop_->load(std::memory_order_relaxed)
        || (timed_ && std::chrono::steady_clock::now() >= deadline_);
    return aborted_;
}

MateSolver::Numbers MateSolver::lookup(const Position& pos, int ply) const {
    const uint64_t    key       = pos.key();
    const std::size_t index     = key & (table_.size() - 2);
    const int         remaining = max_plies_ - ply;
    for (std::size_t i = index; i < index + 2; ++i) {
        const Entry& e = table_[i];
        if (e.key != key) continue;
        // A disproof searched with fewer plies left, or a proof longer than the plies left,
        // does not hold here.
        if (e.dn == 0 && e.remaining < remaining) return {1, 1, 0};
        if (e.pn == 0 && e.distance > remaining) return {1, 1, 0};
        return {e.pn, e.dn, e.distance};
    }
    return {1, 1, 0};
}

void MateSolver::store(const Position& pos, int ply, uint32_t pn, uint32_t dn, uint16_t distance) {
    assert(!(pn == 0 && dn == 0) && "a node is not both proven and disproven");
    assert(pn == 0 || distance == 0);
    const uint64_t    key   = pos.key();
    const std::size_t index = key & (table_.size() - 2);
    Entry*            slot  = nullptr;
    for (std::size_t i = index; i < index + 2 && !slot; ++i)
        if (table_[i].key == key) slot = &table_[i];
    if (!slot) {
        // Replace an empty slot first, then one without a proof: proofs make up the line.
        auto keep = [](const Entry& e) { return e.key == 0 ? 0 : e.pn != 0 ? 1 : 2; };
        slot = keep(table_[index]) <= keep(table_[index + 1]) ? &table_[index] : &table_[index + 1];
    }
    *slot = {key, pn, dn, distance, uint16_t(std::max(0, max_plies_ - ply))};
}

bool MateSolver::repeats_on_path(const Position& pos) const {
    const int depth = std::min(pos.moves_made(), path_length_);
    for (int back = 4; back <= depth; back += 2)
        if (pos.state_ago(back).key == pos.key()) return true;
    return false;
}

void MateSolver::mid(Position& pos, uint32_t thpn, uint32_t thdn, int ply, bool attacker) {
    ++nodes_;
    if (out_of_time()) return;
    MoveList moves;
    generate(attacker ? GenKind::Checks : GenKind::Evasions, pos, moves);
    if (moves.empty()) {
        // No check to give: no mate here. No evasion: mated (a pawn-drop mate never gets
        // here, the generator refuses it).
        if (attacker)
            store(pos, ply, INF, 0, 0);
        else
            store(pos, ply, 0, INF, 0);
        return;
    }
    if (ply >= max_plies_) {
        store(pos, ply, INF, 0, 0);
        return;
    }
    ++path_length_;
    while (true) {
        // The node's numbers from its children's: the attacker needs one proven child, the
        // defender needs all of them proven.
        uint32_t    pn = attacker ? INF : 0, dn = attacker ? 0 : INF;
        uint32_t    best_value = INF, second_value = INF, best_pn = 0, best_dn = 0;
        std::size_t best     = 0;
        uint16_t    distance = attacker ? UINT16_MAX : 0;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            pos.do_move(moves[i]);
            const Numbers n = repeats_on_path(pos) ? Numbers {INF, 0, 0} : lookup(pos, ply + 1);
            pos.undo_move();
            const uint32_t value = attacker ? n.pn : n.dn;
            if (attacker) {
                pn = std::min(pn, n.pn), dn = saturating_add(dn, n.dn);
                if (n.pn == 0) distance = std::min<uint16_t>(distance, n.distance + 1);
            } else {
                pn = saturating_add(pn, n.pn), dn = std::min(dn, n.dn);
                distance = std::max<uint16_t>(distance, n.distance + 1);
            }
            if (value < best_value) {
                second_value = best_value, best_value = value, best = i;
                best_pn = n.pn, best_dn = n.dn;
            } else if (value < second_value) {
                second_value = value;
            }
        }
        if (pn >= thpn || dn >= thdn || aborted_) {
            store(pos, ply, pn, dn, pn == 0 ? distance : 0);
            break;
        }
        uint32_t child_thpn, child_thdn;
        if (attacker) {
            child_thpn = std::min(thpn, saturating_add(second_value, 1));
            child_thdn = thdn >= INF ? INF : saturating_add(thdn - dn, best_dn);
        } else {
            child_thdn = std::min(thdn, saturating_add(second_value, 1));
            child_thpn = thpn >= INF ? INF : saturating_add(thpn - pn, best_pn);
        }
        pos.do_move(moves[best]);
        mid(pos, child_thpn, child_thdn, ply + 1, !attacker);
        pos.undo_move();
    }
    --path_length_;
}

void MateSolver::extract_line(Position& pos, std::vector<Move>& line) {
    Numbers here = lookup(pos, 0);
    if (here.pn != 0) return;
    bool attacker = true;
    for (int ply = 0; ply < max_plies_; ++ply, attacker = !attacker) {
        MoveList moves;
        generate(attacker ? GenKind::Checks : GenKind::Evasions, pos, moves);
        if (moves.empty()) break;
        // The attacker takes its shortest proven mate, the defender its longest defence that
        // is not a useless interposition (unless it has nothing else), as tsume lines are read.
        Move chosen;
        int  chosen_distance = attacker ? INT32_MAX : -1;
        for (const bool allow_useless : {false, true}) {
            for (const Move m : moves) {
                if (!attacker && !allow_useless && useless_interposition(pos, m)) continue;
                pos.do_move(m);
                const Numbers n = lookup(pos, ply + 1);
                pos.undo_move();
                if (n.pn != 0) continue;
                if (attacker ? n.distance < chosen_distance : n.distance > chosen_distance)
                    chosen = m, chosen_distance = n.distance;
            }
            if (attacker || !chosen.is_none()) break;
        }
        if (chosen.is_none()) break;  // the table lost part of the proof
        line.push_back(chosen);
        pos.do_move(chosen);
    }
    for (std::size_t i = 0; i < line.size(); ++i) pos.undo_move();
}

MateResult MateSolver::solve(const Position& root, std::chrono::milliseconds time_limit,
    const std::atomic<bool>& stop, int max_plies, uint64_t max_nodes) {
    MateResult result;
    stop_        = &stop;
    timed_       = time_limit.count() > 0 && time_limit < LONGEST_TIME_LIMIT;
    deadline_    = timed_ ? std::chrono::steady_clock::now() + time_limit
                          : std::chrono::steady_clock::time_point::max();
    nodes_       = 0;
    node_limit_  = max_nodes;
    aborted_     = false;
    Position pos = root;
    pos.forget_history();
    if (pos.in_check()) {
        result.status = MateResult::Status::NoMate;  // the attacker would be the one in check
        return result;
    }
    // Prove once, then ask for a mate two plies shorter until there is none (or no time).
    for (int limit = max_plies; limit >= 1 && !aborted_;) {
        max_plies_   = limit;
        path_length_ = 0;
        mid(pos, INF - 1, INF - 1, 0, true);
        if (aborted_) break;
        const Numbers n = lookup(pos, 0);
        if (n.pn != 0) break;  // no mate within `limit`: the last line is the shortest
        std::vector<Move> line;
        extract_line(pos, line);
        if (line.empty() || line.size() % 2 == 0) break;
        result.line   = std::move(line);
        result.status = MateResult::Status::Mate;
        limit         = int(result.line.size()) - 2;
    }
    if (result.status != MateResult::Status::Mate)
        result.status = aborted_ ? MateResult::Status::Timeout : MateResult::Status::NoMate;
    result.nodes = nodes_;
    return result;
}

std::optional<int> MateSolver::prove(const Position& pos, int max_plies, uint64_t max_nodes) {
    static const std::atomic<bool> never {false};
    if (pos.in_check()) return std::nullopt;
    stop_        = &never;
    timed_       = false;
    nodes_       = 0;
    node_limit_  = max_nodes;
    aborted_     = false;
    max_plies_   = max_plies;
    path_length_ = 0;
    // Without its history: none to copy, and a line of up to 7 plies stays in the position's
    // inline state storage.
    scratch_ = pos.without_history();
    mid(scratch_, INF - 1, INF - 1, 0, true);
    if (aborted_) return std::nullopt;
    const Numbers n = lookup(scratch_, 0);
    if (n.pn != 0 || n.distance == 0) return std::nullopt;
    return int(n.distance);
}

}  // namespace supersoma::search
