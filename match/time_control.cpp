#include "match/time_control.hpp"

#include <charconv>

namespace supersoma::match {

namespace {

bool parse_number(std::string_view text, int64_t& value) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size() && value >= 0;
}

}  // namespace

std::optional<TimeControl> parse_time_control(std::string_view text, std::string& error) {
    TimeControl tc;
    if (text.empty()) {
        error = "empty time control";
        return std::nullopt;
    }
    while (!text.empty()) {
        const std::size_t      comma = text.find(',');
        const std::string_view term  = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
        const std::size_t eq = term.find('=');
        if (eq == std::string_view::npos) {
            error = "'" + std::string(term) + "' is not name=value";
            return std::nullopt;
        }
        const std::string_view name = term.substr(0, eq), value = term.substr(eq + 1);
        int64_t                number = 0;
        bool                   ok     = true;
        if (name == "count") {
            ok               = value == "ms" || value == "seconds";
            tc.whole_seconds = value == "seconds";
            if (!ok) {
                error = "'" + std::string(term) + "': count=ms or count=seconds";
                return std::nullopt;
            }
        } else if (name == "fischer") {
            const std::size_t plus = value.find('+');
            ok = plus != std::string_view::npos && parse_number(value.substr(0, plus), tc.main_ms)
                && parse_number(value.substr(plus + 1), tc.increment_ms);
        } else if (!parse_number(value, number)) {
            ok = false;
        } else if (name == "byoyomi") {
            tc.byoyomi_ms = number;
        } else if (name == "time") {
            tc.main_ms = number;
        } else if (name == "inc") {
            tc.increment_ms = number;
        } else if (name == "movetime") {
            tc.movetime_ms = number;
        } else if (name == "nodes") {
            tc.nodes = number;
        } else if (name == "depth") {
            tc.depth = int(std::min<int64_t>(number, 1000));
        } else {
            error = "unknown time control term '" + std::string(name) + "'";
            return std::nullopt;
        }
        if (!ok) {
            error = "'" + std::string(term) + "': the value is not a number (fischer=MAIN+INC)";
            return std::nullopt;
        }
    }
    if (tc.has_clock() && tc.main_ms + tc.byoyomi_ms + tc.increment_ms == 0) {
        error = "the time control gives no time";
        return std::nullopt;
    }
    if (!tc.has_clock()
        && (tc.main_ms + tc.byoyomi_ms + tc.increment_ms != 0 || tc.whole_seconds)) {
        error = "movetime, nodes and depth do not combine with a clock (or count=seconds)";
        return std::nullopt;
    }
    return tc;
}

std::string TimeControl::describe() const {
    if (movetime_ms) return "movetime=" + std::to_string(movetime_ms);
    if (nodes) return "nodes=" + std::to_string(nodes);
    if (depth) return "depth=" + std::to_string(depth);
    std::string text;
    auto        add = [&](const char* name, int64_t v) {
        if (!v) return;
        if (!text.empty()) text += ",";
        text += std::string(name) + "=" + std::to_string(v);
    };
    add("time", main_ms);
    add("byoyomi", byoyomi_ms);
    add("inc", increment_ms);
    if (whole_seconds) text += ",count=seconds";
    return text;
}

int64_t GameClock::budget_ms() const {
    if (tc_.movetime_ms) return tc_.movetime_ms;
    if (!tc_.has_clock()) return 0;
    return remaining_ms_ + tc_.increment_ms + tc_.byoyomi_ms + (tc_.whole_seconds ? 999 : 0);
}

bool GameClock::charge(int64_t elapsed_ms) {
    if (!tc_.has_clock()) return tc_.movetime_ms == 0 || elapsed_ms <= tc_.movetime_ms;
    if (tc_.whole_seconds) elapsed_ms -= elapsed_ms % 1000;
    // The increment is added when the move starts (as USI's binc/winc is read), byoyomi
    // only covers what the main time does not.
    const int64_t left = remaining_ms_ + tc_.increment_ms - elapsed_ms;
    if (left + tc_.byoyomi_ms < 0) return false;
    remaining_ms_ = std::max<int64_t>(left, 0);
    return true;
}

std::string describe_time_controls(const TimeControl& sente, const TimeControl& gote) {
    if (sente == gote) return sente.describe();
    return "sente " + sente.describe() + " / gote " + gote.describe();
}

std::string go_command(Color mover, const GameClock& sente, const GameClock& gote, bool swapped) {
    const TimeControl& tc = (mover == SENTE ? sente : gote).time_control();
    if (tc.movetime_ms) return "go movetime " + std::to_string(tc.movetime_ms);
    if (tc.nodes) return "go nodes " + std::to_string(tc.nodes);
    if (tc.depth) return "go depth " + std::to_string(tc.depth);
    const GameClock& b  = swapped ? gote : sente;
    const GameClock& w  = swapped ? sente : gote;
    std::string      go = "go btime " + std::to_string(b.remaining_ms()) + " wtime "
        + std::to_string(w.remaining_ms());
    if (tc.increment_ms)
        go += " binc " + std::to_string(b.time_control().increment_ms) + " winc "
            + std::to_string(w.time_control().increment_ms);
    else
        go += " byoyomi " + std::to_string(tc.byoyomi_ms);
    return go;
}

}  // namespace supersoma::match
