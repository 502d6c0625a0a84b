#pragma once
// Runs the built supersoma binary as a GUI does: stdin and stdout through pipes, lines read
// with deadlines, stderr kept apart. For the USI conformance tests.

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace supersoma::test {

class UsiProcess {
public:
    using Clock = std::chrono::steady_clock;

    /// Starts `binary` with `args` (none: the bare binary, which speaks USI).
    explicit UsiProcess(const std::vector<std::string>& args = {}) {
        int in[2], out[2], err[2];
        if (pipe(in) || pipe(out) || pipe(err)) throw std::runtime_error("pipe failed");
        pid_ = fork();
        if (pid_ == 0) {
            dup2(in[0], 0), dup2(out[1], 1), dup2(err[1], 2);
            for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) close(fd);
            std::vector<char*> argv {const_cast<char*>(SUPERSOMA_BINARY)};
            for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
            argv.push_back(nullptr);
            execv(SUPERSOMA_BINARY, argv.data());
            _exit(127);
        }
        close(in[0]), close(out[1]), close(err[1]);
        to_ = in[1], from_ = out[0], err_ = err[0];
        fcntl(err_, F_SETFL, O_NONBLOCK);
        signal(SIGPIPE, SIG_IGN);
    }
    ~UsiProcess() {
        if (to_ >= 0) close(to_);
        if (pid_ > 0 && !exit_code_) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
        close(from_), close(err_);
    }
    UsiProcess(const UsiProcess&)            = delete;
    UsiProcess& operator=(const UsiProcess&) = delete;

    /// Writes one line (the newline is added; pass "\r\n" endings inside `text` to test them).
    void send(const std::string& text, const char* end = "\n") {
        const std::string     line = text + end;
        [[maybe_unused]] auto n    = write(to_, line.data(), line.size());
    }
    /// Closes the engine's stdin (end of input).
    void close_input() {
        close(to_);
        to_ = -1;
    }

    /// The next line, or nothing when `ms` pass first or the output ends.
    std::optional<std::string> read_line(int ms) {
        const auto deadline = Clock::now() + std::chrono::milliseconds(ms);
        while (true) {
            if (auto nl = buffer_.find('\n'); nl != std::string::npos) {
                std::string line = buffer_.substr(0, nl);
                buffer_.erase(0, nl + 1);
                lines_.push_back(line);
                return line;
            }
            const auto left
                = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now())
                      .count();
            if (left <= 0 || eof_) return std::nullopt;
            pollfd p {from_, POLLIN, 0};
            if (poll(&p, 1, int(left)) <= 0) continue;
            char       chunk[4096];
            const auto n = read(from_, chunk, sizeof chunk);
            if (n <= 0)
                eof_ = true;
            else
                buffer_.append(chunk, std::size_t(n));
        }
    }
    /// Reads until a line starting with `prefix` (returned), or nothing after `ms`.
    std::optional<std::string> wait_for(const std::string& prefix, int ms) {
        const auto deadline = Clock::now() + std::chrono::milliseconds(ms);
        while (true) {
            const auto left
                = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now())
                      .count();
            auto line = read_line(int(std::max<long>(left, 0)));
            if (!line) return std::nullopt;
            if (line->rfind(prefix, 0) == 0) return line;
        }
    }
    /// The engine's process id.
    pid_t pid() const { return pid_; }
    /// Every line read so far.
    const std::vector<std::string>& lines() const { return lines_; }
    /// Whatever the engine wrote to stderr so far.
    std::string stderr_text() {
        std::string text;
        char        chunk[4096];
        for (ssize_t n; (n = read(err_, chunk, sizeof chunk)) > 0;) text.append(chunk, n);
        return text;
    }
    /// The exit code once the process ends within `ms`, or nothing.
    std::optional<int> wait_exit(int ms) {
        const auto deadline = Clock::now() + std::chrono::milliseconds(ms);
        while (Clock::now() < deadline) {
            int status = 0;
            if (waitpid(pid_, &status, WNOHANG) == pid_) {
                exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
                return exit_code_;
            }
            usleep(2000);
        }
        return std::nullopt;
    }

private:
    pid_t                    pid_ = -1;
    int                      to_ = -1, from_ = -1, err_ = -1;
    bool                     eof_ = false;
    std::string              buffer_;
    std::vector<std::string> lines_;
    std::optional<int>       exit_code_;
};

/// Milliseconds since `start`.
inline long elapsed_ms(UsiProcess::Clock::time_point start) {
    return long(
        std::chrono::duration_cast<std::chrono::milliseconds>(UsiProcess::Clock::now() - start)
            .count());
}

}  // namespace supersoma::test
