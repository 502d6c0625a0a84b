#include "match/usi_engine.hpp"

#include <stdexcept>

namespace supersoma::match {

namespace {

int64_t ms_since(SteadyClock::time_point start) {
    // Rounded up: a GUI's clock never credits an engine with time it did not have.
    const auto us
        = std::chrono::duration_cast<std::chrono::microseconds>(SteadyClock::now() - start);
    return (us.count() + 999) / 1000;
}

std::string join(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& l : lines) text += "\n  " + l;
    return text;
}

}  // namespace

UsiEngine::UsiEngine(const EngineSpec& spec, std::chrono::milliseconds startup)
    : spec_(spec)
    , process_(spec.command) {
    const auto deadline = SteadyClock::now() + startup;
    process_.send("usi");
    std::string line;
    while (true) {
        const auto status = process_.read_line(line, deadline);
        if (status != ChildProcess::ReadStatus::Line)
            throw std::runtime_error(
                "'" + spec.command + "' did not answer usi with usiok" + join(last_lines()));
        if (line.rfind("id name ", 0) == 0) id_name_ = line.substr(8);
        if (line == "usiok") break;
    }
    for (const auto& [name, value] : spec.options)
        process_.send("setoption name " + name + " value " + value);
    process_.send("isready");
    if (!wait_for("readyok", deadline))
        throw std::runtime_error(
            "'" + spec.command + "' did not answer isready with readyok" + join(last_lines()));
}

bool UsiEngine::wait_for(const std::string& word, SteadyClock::time_point deadline) {
    std::string line;
    while (process_.read_line(line, deadline) == ChildProcess::ReadStatus::Line)
        if (line == word) return true;
    return false;
}

bool UsiEngine::new_game(std::chrono::milliseconds timeout) {
    process_.send("usinewgame");
    process_.send("isready");
    return wait_for("readyok", SteadyClock::now() + timeout);
}

EngineReply UsiEngine::think(const std::string& position_command, const std::string& go_command,
    SteadyClock::time_point deadline, std::chrono::milliseconds stop_grace) {
    EngineReply reply;
    process_.send(position_command);
    const auto start = SteadyClock::now();
    process_.send(go_command);
    std::string line;
    bool        stopped = false;
    while (true) {
        const auto status = process_.read_line(line, deadline);
        if (status == ChildProcess::ReadStatus::Closed) {
            reply.status     = EngineReply::Status::Crashed;
            reply.elapsed_ms = ms_since(start);
            return reply;
        }
        if (status == ChildProcess::ReadStatus::Timeout) {
            if (stopped) {
                reply.status     = EngineReply::Status::NoAnswer;
                reply.elapsed_ms = ms_since(start);
                return reply;
            }
            process_.send("stop");
            stopped  = true;
            deadline = SteadyClock::now() + stop_grace;
            continue;
        }
        if (auto report = parse_info_line(line)) reply.report = std::move(*report);
        if (line.rfind("bestmove", 0) == 0) {
            reply.elapsed_ms = ms_since(start);
            const auto first = line.find_first_not_of(' ', 8);
            reply.move       = first == std::string::npos
                      ? ""
                      : line.substr(first, line.find(' ', first) - first);
            if (stopped) reply.status = EngineReply::Status::NoAnswer;
            return reply;
        }
    }
}

void UsiEngine::game_over(const std::string& result) {
    process_.send("gameover " + result);
}

void UsiEngine::quit(std::chrono::milliseconds grace) {
    process_.send("quit");
    process_.terminate(grace);
}

std::vector<std::string> UsiEngine::last_lines() {
    // A process whose output ended is about to exit: give it a moment to say how.
    if (process_.output_closed()) process_.wait_exit(std::chrono::milliseconds(1000));
    std::vector<std::string> lines(process_.last_lines().begin(), process_.last_lines().end());
    if (!process_.running())
        lines.push_back("(process ended: " + process_.exit_description() + ")");
    return lines;
}

}  // namespace supersoma::match
