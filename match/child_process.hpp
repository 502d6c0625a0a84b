#pragma once
// A child process spoken to through pipes, line by line, with deadlines: how a GUI or the
// match tool runs a USI engine.

#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>

namespace supersoma::match {

using SteadyClock = std::chrono::steady_clock;

class ChildProcess {
public:
    /// Starts `command` (through /bin/sh on POSIX, as Windows parses a command line there) so
    /// arguments and paths work as typed; its stdout and stderr arrive merged on one pipe.
    /// Throws std::runtime_error when it cannot start.
    explicit ChildProcess(const std::string& command);
    ~ChildProcess();
    ChildProcess(const ChildProcess&)            = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    /// Writes `line` and a newline; false when the child no longer reads.
    bool send(const std::string& line);

    enum class ReadStatus { Line, Timeout, Closed };
    /// Reads the next line into `line` ('\r' stripped), waiting until `deadline` at most.
    ReadStatus read_line(std::string& line, SteadyClock::time_point deadline);

    /// True while the child runs (reaps it when it has ended).
    bool running();
    /// True once the child's output has ended.
    bool output_closed() const { return eof_; }
    /// Waits up to `timeout` for the child to end by itself; true when it has.
    bool wait_exit(std::chrono::milliseconds timeout);
    /// Waits up to `grace` for the child to end by itself, then kills it.
    void terminate(std::chrono::milliseconds grace);
    /// How the child ended, once it has: "exit code N" or "killed by signal N".
    std::string exit_description() const { return exit_description_; }

    /// The last lines the child wrote (at most 12), for reports of how a game ended.
    const std::deque<std::string>& last_lines() const { return last_lines_; }

private:
    struct Native;  // the system's handles: child_process_posix.cpp or child_process_windows.cpp

    /// Waits until `deadline` at most for output and appends what came to buffer_; sets eof_
    /// when the output has ended.
    void read_some(SteadyClock::time_point deadline);

    std::unique_ptr<Native> native_;
    bool                    eof_    = false;
    bool                    reaped_ = false;
    std::string             buffer_;  // bytes read but not yet returned as lines
    std::string             exit_description_;
    std::deque<std::string> last_lines_;
};

}  // namespace supersoma::match
