#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <stdexcept>

#include "match/child_process.hpp"

extern char** environ;

namespace supersoma::match {

struct ChildProcess::Native {
    pid_t pid  = -1;
    int   to   = -1;  // the child's stdin
    int   from = -1;  // the child's stdout and stderr
};

namespace {

std::string describe_exit(int status) {
    return WIFEXITED(status)  ? "exit code " + std::to_string(WEXITSTATUS(status))
        : WIFSIGNALED(status) ? "killed by signal " + std::to_string(WTERMSIG(status))
                              : "ended";
}

}  // namespace

ChildProcess::ChildProcess(const std::string& command)
    : native_(std::make_unique<Native>()) {
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
    const int         error  = posix_spawn(
                 &native_->pid, "/bin/sh", &actions, nullptr, const_cast<char**>(argv), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(in[0]), close(out[1]);
    native_->to = in[1], native_->from = out[0];
    if (error != 0) {
        close(native_->to), close(native_->from);
        throw std::runtime_error("cannot start '" + command + "'");
    }
}

ChildProcess::~ChildProcess() {
    if (!reaped_) terminate(std::chrono::milliseconds(0));
    if (native_->to >= 0) close(native_->to);
    close(native_->from);
}

bool ChildProcess::send(const std::string& line) {
    const std::string text = line + "\n";
    std::size_t       done = 0;
    while (done < text.size()) {
        const ssize_t n = write(native_->to, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += std::size_t(n);
    }
    return true;
}

void ChildProcess::read_some(SteadyClock::time_point deadline) {
    const auto left
        = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now())
              .count();
    pollfd    p {native_->from, POLLIN, 0};
    const int ready = poll(&p, 1, int(std::clamp<long long>(left, 0, 1'000'000)));
    if (ready < 0 && errno != EINTR) eof_ = true;
    if (ready <= 0) return;
    char          chunk[4096];
    const ssize_t n = read(native_->from, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) return;
    if (n <= 0)
        eof_ = true;
    else
        buffer_.append(chunk, std::size_t(n));
}

bool ChildProcess::running() {
    if (reaped_) return false;
    int status = 0;
    if (waitpid(native_->pid, &status, WNOHANG) == native_->pid) {
        reaped_           = true;
        exit_description_ = describe_exit(status);
    }
    return !reaped_;
}

void ChildProcess::terminate(std::chrono::milliseconds grace) {
    // End of input: a well-behaved engine quits.
    if (native_->to >= 0) close(native_->to), native_->to = -1;
    if (wait_exit(grace)) return;
    kill(native_->pid, SIGKILL);
    int status = 0;
    if (waitpid(native_->pid, &status, 0) == native_->pid) {
        reaped_           = true;
        exit_description_ = describe_exit(status);
    }
}

}  // namespace supersoma::match
