#include "match/child_process.hpp"

#include <thread>

namespace supersoma::match {

namespace {
constexpr std::size_t KEPT_LINES = 12;
}  // namespace

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
        if (SteadyClock::now() >= deadline) return ReadStatus::Timeout;
        read_some(deadline);
    }
}

bool ChildProcess::wait_exit(std::chrono::milliseconds timeout) {
    const auto deadline = SteadyClock::now() + timeout;
    while (running() && SteadyClock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    return !running();
}

}  // namespace supersoma::match
