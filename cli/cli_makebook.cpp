// `supersoma makebook --openings FILE --out BOOK`: an opening book in YaneuraOu's format made
// from the engine's own searches. Every position of each opening up to --plies, and past the
// opening's end the engine's best move, is searched with MultiPV; each line becomes a book
// move with its score, depth and the reply it expects.
#include <algorithm>
#include <atomic>
#include <fstream>
#include <future>
#include <iostream>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "book/book.hpp"
#include "cli/cli.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "match/openings.hpp"
#include "search/engine.hpp"

namespace supersoma::cli {

namespace {

struct MakebookOptions {
    std::string  openings, out;
    int          plies   = 16;
    int          depth   = 10;
    std::int64_t nodes   = 0;
    int          multipv = 4;
    int          jobs    = 1;
    int          hash_mb = 64;
};

// The lines of one search of `pos`: each slot's move, reply, score and depth.
std::vector<BookMove> search_lines(
    search::Engine& engine, const Position& pos, const MakebookOptions& o) {
    std::vector<search::InfoReport> lines(std::size_t(o.multipv));
    std::promise<void>              done;
    search::Limits                  limits;
    limits.depth = o.nodes ? 0 : o.depth;
    limits.nodes = std::uint64_t(o.nodes);
    engine.set_position(pos);
    engine.go(
        limits,
        [&lines](const search::InfoReport& info) {
            if (info.multipv <= int(lines.size())) lines[std::size_t(info.multipv - 1)] = info;
        },
        [&done](const search::SearchResult&) { done.set_value(); });
    done.get_future().get();
    engine.wait();
    std::vector<BookMove> moves;
    for (const search::InfoReport& info : lines) {
        if (info.pv.empty() || search::is_mate_score(info.score)) continue;  // mates: no book
        BookMove m;
        m.move   = info.pv[0];
        m.ponder = info.pv.size() >= 2 ? info.pv[1] : Move::none();
        m.value  = search::to_centipawns(info.score);
        m.depth  = info.depth;
        moves.push_back(m);
    }
    return moves;
}

int run_makebook(const MakebookOptions& o) {
    std::vector<match::Opening> openings;
    try {
        openings = match::read_openings(o.openings);
    } catch (const std::exception& e) {
        fail("makebook", e.what());
    }
    Book                     book;
    std::set<std::string>    searched;
    std::mutex               mutex;
    std::atomic<std::size_t> next {0}, positions {0};
    auto                     work = [&] {
        search::Engine engine;
        engine.set_hash_megabytes(std::size_t(o.hash_mb));
        engine.options().multipv = o.multipv;
        engine.options().root_mate_probe_nodes = 0;  // a fixed depth gives the same book every run
        engine.ready();
        for (std::size_t i; (i = next.fetch_add(1)) < openings.size();) {
            const match::Opening& opening = openings[i];
            Position              pos = std::get<Position>(parse_sfen(opening.start_sfen));
            for (int ply = 0; ply < o.plies && has_legal_move(pos); ++ply) {
                std::vector<BookMove> known;
                bool                  fresh = false;
                {
                    std::lock_guard lock(mutex);
                    fresh = searched.insert(Book::key(pos)).second;
                    if (!fresh)
                        if (const auto* moves = book.find(pos)) known = *moves;
                }
                if (fresh) {
                    known = search_lines(engine, pos, o);
                    std::lock_guard lock(mutex);
                    for (const BookMove& m : known) book.add(pos, m);
                    ++positions;
                }
                // Along the opening, then along the best move the book holds for it.
                Move next_move = Move::none();
                if (std::size_t(ply) < opening.moves.size())
                    next_move
                        = std::get<Move>(parse_usi_move(pos, opening.moves[std::size_t(ply)]));
                else if (!known.empty())
                    next_move = known.front().move;
                if (next_move.is_none()) break;
                pos.do_move(next_move);
            }
        }
    };
    std::vector<std::thread> threads;
    for (int j = 0; j < std::max(1, o.jobs); ++j) threads.emplace_back(work);
    for (std::thread& t : threads) t.join();
    std::ofstream out(o.out);
    book.write(out);
    if (!out.flush()) fail("makebook", "cannot write '" + o.out + "'");
    std::cout << "makebook: " << positions.load() << " positions searched, " << book.positions()
              << " in the book, written to " << o.out << std::endl;
    return 0;
}

}  // namespace

void add_makebook_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("makebook",
        "Make an opening book (YaneuraOu's format) from the engine's searches along openings");
    auto  o   = std::make_shared<MakebookOptions>();
    cmd->add_option("--openings", o->openings,
           "Openings, one per line (startpos/sfen … moves …, as supersoma match reads them)")
        ->required();
    cmd->add_option("--out", o->out, "The book file to write")->required();
    whole_number(cmd->add_option("--plies", o->plies,
                     "Book positions up to this many plies from each opening's start (default 16)"),
        1, 256);
    auto* depth = whole_number(
        cmd->add_option("--depth", o->depth, "Search each position to this depth (default 10)"), 1,
        search::MAX_DEPTH);
    auto* nodes = whole_number(
        cmd->add_option("--nodes", o->nodes, "Search each position this many nodes instead"), 1);
    depth->excludes(nodes);
    whole_number(cmd->add_option("--multipv", o->multipv,
                     "Book moves per position: the searches' best lines (default 4)"),
        1, 64);
    whole_number(cmd->add_option("--jobs", o->jobs, "Searches at a time (default 1)"), 1, 256);
    whole_number(
        cmd->add_option("--hash", o->hash_mb, "Table per search in MB (default 64)"), 1, 65536);
    cmd->callback([o] { throw CLI::RuntimeError(run_makebook(*o)); });
}

}  // namespace supersoma::cli
