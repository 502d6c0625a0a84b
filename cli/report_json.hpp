#pragma once
// JSON rendering of `supersoma eval`; the schema is documented in docs/eval-json.md.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/eval_report.hpp"

namespace supersoma::cli {

/// The names of the EntryKind bits set in `kinds`, in bit order ("capture", "promotion",
/// "fork", "immobile", "discovered", "check", "drop", "mate").
std::vector<std::string> kind_names(std::uint16_t kinds);

/// How much of an evaluation the JSON holds.
enum class JsonDetail {
    Full,     // every iteration's table, relations and neutralisers
    Summary,  // the net, the line and how it ended (--json=summary)
};

/// The JSON object of one position; `input_line` (1-based) is added when given (--file).
nlohmann::ordered_json eval_json(const EvalReport& report, JsonDetail detail = JsonDetail::Full,
    std::optional<std::size_t> input_line = {});

/// eval_json as text: one line with indent -1 (JSON Lines), else pretty with `indent` spaces.
std::string render_json(const EvalReport& report, JsonDetail detail = JsonDetail::Full,
    int indent = -1, std::optional<std::size_t> input_line = {});

/// The object that stands in for a rejected position: {"error": "...", "input_line": N}, the
/// line number only for --file.
nlohmann::ordered_json error_json(std::optional<std::size_t> input_line, std::string_view message);
/// error_json as one line of text.
std::string render_error_json(std::optional<std::size_t> input_line, std::string_view message);

}  // namespace supersoma::cli
