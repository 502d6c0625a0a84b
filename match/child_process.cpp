#include "match/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace supersoma::match {

namespace {

constexpr std::size_t KEPT_LINES = 12;

}  // namespace

ChildProcess::ChildProcess(const std::string& command) {
    // A child that dies must not kill the parent with SIGPIPE on the next write.
    signal(SIGPIPE, SIG_IGN);
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
    if (pipe2(out, O_CLOEXEC) != 0) {
        close(in[0]), close(in[1]);
        throw std::runtime_error("pipe failed");
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, out[1], 2);
    // "exec" makes the engine itself the child, so killing the child kills the engine.
    const std::string script = "exec " + command;
    const char*       argv[] = {"/bin/sh", "-c", script.c_str(), nullptr};
    const int         error
        = posix_spawn(&pid_, "/bin/sh", &actions, nullptr, const_cast<char**>(argv), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(in[0]), close(out[1]);
    to_ = in[1], from_ = out[0];
    if (error != 0) {
        close(to_), close(from_);
        throw std::runtime_error("cannot start '" + command + "'");
    }
}

ChildProcess::~ChildProcess() {
    if (!reaped_) terminate(std::chrono::milliseconds(0));
    if (to_ >= 0) close(to_);
    close(from_);
}

bool ChildProcess::send(const std::string& line) {
    const std::string text = line + "\n";
    std::size_t       done = 0;
    while (done < text.size()) {
        const ssize_t n = write(to_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += std::size_t(n);
    }
    return true;
}

ChildProcess::ReadStatus ChildProcess::read_line(
    std::string& line, SteadyClock::time_point deadline) {
    while (true) {
        if (const auto nl = buffer_.find('\n');
            nl != std::string::npos || (eof_ && !buffer_.empty())) {
            const std::size_t end = nl == std::string::npos ? buffer_.size() : nl;
            line.assign(buffer_, 0, end);
            buffer_.erase(0, nl == std::string::npos ? end : end + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            last_lines_.push_back(line);
            if (last_lines_.size() > KEPT_LINES) last_lines_.pop_front();
            return ReadStatus::Line;
        }
        if (eof_) return ReadStatus::Closed;
        const auto left
            = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now())
                  .count();
        if (left <= 0) return ReadStatus::Timeout;
        pollfd    p {from_, POLLIN, 0};
        const int ready = poll(&p, 1, int(std::min<long long>(left, 1'000'000)));
        if (ready < 0 && errno != EINTR) eof_ = true;
        if (ready <= 0) continue;
        char          chunk[4096];
        const ssize_t n = read(from_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)
            eof_ = true;
        else
            buffer_.append(chunk, std::size_t(n));
    }
}

bool ChildProcess::running() {
    if (reaped_) return false;
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) reap(status);
    return !reaped_;
}

bool ChildProcess::wait_exit(std::chrono::milliseconds timeout) {
    const auto deadline = SteadyClock::now() + timeout;
    while (running() && SteadyClock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    return !running();
}

void ChildProcess::terminate(std::chrono::milliseconds grace) {
    if (to_ >= 0) close(to_), to_ = -1;  // end of input: a well-behaved engine quits
    if (wait_exit(grace)) return;
    kill(pid_, SIGKILL);
    int status = 0;
    if (waitpid(pid_, &status, 0) == pid_) reap(status);
}

void ChildProcess::reap(int status) {
    reaped_           = true;
    exit_description_ = WIFEXITED(status) ? "exit code " + std::to_string(WEXITSTATUS(status))
        : WIFSIGNALED(status)             ? "killed by signal " + std::to_string(WTERMSIG(status))
                                          : "ended";
}

}  // namespace supersoma::match
