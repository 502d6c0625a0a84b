#pragma once
// The USI protocol loop (../shared/spec/usi.md): reads commands on the calling thread while
// the search runs on its own threads, and writes every line whole and flushed.

#include <atomic>
#include <cstdio>
#include <istream>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>

#include "book/book.hpp"
#include "search/engine.hpp"
#include "search/mate.hpp"
#include "usi/info_sequence.hpp"
#include "usi/options.hpp"

namespace supersoma::usi {

/// Writes protocol lines atomically (search and input threads share it), each flushed.
class LineWriter {
public:
    explicit LineWriter(std::FILE* out)
        : out_(out) { }
    void line(const std::string& text);
    /// After quit nothing more may reach the GUI, not even a late bestmove.
    void silence() { silent_ = true; }

private:
    std::FILE*        out_;
    std::mutex        mutex_;
    std::atomic<bool> silent_ {false};
};

class UsiLoop {
public:
    /// A loop writing to `out`; `usi` lists the measurement options too with
    /// `list_expert_options`.
    explicit UsiLoop(std::FILE* out = stdout, bool list_expert_options = false);
    ~UsiLoop();

    /// Reads commands from `in` until `quit` or end of input; returns the exit code.
    int run(std::istream& in);
    /// Handles one command line; false when it was `quit`.
    bool execute(const std::string& line);
    /// The engine the options drive (tests compare its settings with the defaults).
    const search::Engine& engine() const { return engine_; }

private:
    void declare_options();
    void cmd_usi();
    void cmd_isready();
    void cmd_setoption(const std::string& line);
    void cmd_position(const std::string& line);
    void cmd_go(const std::string& line);
    void cmd_ponderhit(const std::vector<std::string>& tokens);
    void cmd_display();
    void cmd_go_mate(const std::vector<std::string>& tokens, std::size_t at);
    /// Plays a book move for `limits` if the book has one: its info line and bestmove.
    bool play_from_book(const search::Limits& limits);
    /// Loads the book at `path` ("" or "<empty>": none); throws when it does not load.
    void load_book(const std::string& path);
    void finish_search();  // stops a running search or mate search and waits for its answer
    void info_string(const std::string& text) { out_.line("info string " + text); }

    LineWriter     out_;
    OptionTable    options_;
    search::Engine engine_;
    bool           list_expert_options_ = false;
    bool           show_soma_line_      = true;
    int            depth_limit_         = 0;
    // `go mate`: the solver (made on first use), its thread and stop flag.
    std::unique_ptr<search::MateSolver> mate_solver_;
    std::thread                         mate_thread_;
    std::atomic<bool>                   mate_stop_ {false};
    std::uint64_t                       nodes_limit_ = 0;
    bool ponder_without_clock_ = false;  // the last `go ponder` gave no clock and no limit
    // What the GUI sees of the search's reports, and the nodes of the last line it saw.
    InfoSequence  info_sequence_;
    std::uint64_t shown_nodes_        = 0;
    bool          consideration_mode_ = false;  // analysis panes: exact lines only
    // The opening book (BookFile), played while USI_OwnBook is on.
    std::optional<Book> book_;
    bool                own_book_ = true;
    BookChoice          book_choice_;
    std::mt19937_64     book_random_ {std::random_device {}()};
};

/// Formats one `info` report: depth … pv, pv last.
std::string format_info(const search::InfoReport& info);
/// Formats the `bestmove` line of a result.
std::string format_bestmove(const search::SearchResult& result);

}  // namespace supersoma::usi
