#pragma once
// USI options: the declarations `usi` prints and the parsing of `setoption`. Names match
// case-insensitively; a bad value is refused with a reason and leaves the option unchanged.

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace supersoma::usi {

/// One option as the GUI sees it.
struct UsiOption {
    enum class Type { Check, Spin, Combo, Button, String };
    std::string                             name;  // canonical spelling, no spaces
    Type                                    type = Type::Check;
    std::string                             default_value;
    std::int64_t                            min = 0, max = 0;  // spin
    std::vector<std::string>                vars;              // combo
    std::string                             value;             // current value, as text
    std::function<void(const std::string&)> on_change;
    // A switch for measurement: `setoption` takes it, `usi` lists it only when asked to
    // (supersoma usi --all-options), so a GUI shows the options a player sets.
    bool expert = false;

    /// The `option name … type …` line.
    std::string declaration() const;
};

class OptionTable {
public:
    /// Adds an option; on_change runs once now with the default and again on every change.
    void add(UsiOption option);
    /// Marks the options from index `first` on as expert (measurement switches).
    void mark_expert_from(std::size_t first) {
        for (std::size_t i = first; i < options_.size(); ++i) options_[i].expert = true;
    }
    /// Another name for an existing option (USI_MultiPV for MultiPV).
    void alias(const std::string& alias, const std::string& name);

    /// Applies `setoption name <name> [value <text>]`; returns why it was refused, if it was.
    std::optional<std::string> set(const std::string& name, const std::string& value);

    /// The options in declaration order.
    const std::vector<UsiOption>& all() const { return options_; }
    /// The current value of `name` (as text), or "" for an unknown name.
    std::string get(const std::string& name) const;

private:
    int index_of(const std::string& name) const;  // -1 when unknown

    std::vector<UsiOption>             options_;
    std::map<std::string, std::string> aliases_;  // lower-case alias -> lower-case name
};

/// A signed 64-bit integer from the whole of `text`, without exceptions.
std::optional<std::int64_t> parse_int(const std::string& text);

}  // namespace supersoma::usi
