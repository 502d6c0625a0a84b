#include "soma/core/values.hpp"

#include <charconv>
#include <vector>

namespace supersoma::soma {

std::string ValuesError::message() const {
    return "values, column " + std::to_string(column + 1) + ": " + what;
}

namespace {

constexpr std::array<const char*, 5> KindNames {"pawn", "knight", "bishop", "rook", "queen"};

/// Parses one field of the list starting at `column`, or says why it is not a positive value.
std::variant<Value, ValuesError> parse_value(
    std::string_view field, std::size_t column, std::size_t index) {
    const std::string name = KindNames[index];
    if (field.empty()) return ValuesError {column, "empty " + name + " value"};
    Value value    = 0;
    auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (ec == std::errc::result_out_of_range)
        return ValuesError {column, name + " value out of range"};
    if (ec != std::errc {} || end != field.data() + field.size()) {
        const std::size_t bad = ec != std::errc {} ? 0 : std::size_t(end - field.data());
        return ValuesError {column + bad,
            "bad character '" + std::string(1, field[bad]) + "' in the " + name + " value"};
    }
    if (value <= 0 || value >= ChessKingValue)
        return ValuesError {
            column, name + " value must be between 1 and " + std::to_string(ChessKingValue - 1)};
    return value;
}

}  // namespace

std::variant<ChessValues, ValuesError> parse_chess_values(std::string_view text) {
    if (text == "cpw") return CpwValues;
    if (text == "mediocre") return MediocreValues;
    std::array<Value, 5> values {};
    std::size_t          index = 0, start = 0;
    while (true) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        if (index == values.size())
            return ValuesError {start - 1, "expected 5 values P,N,B,R,Q (or cpw, mediocre)"};
        auto value = parse_value(text.substr(start, comma - start), start, index);
        if (auto* error = std::get_if<ValuesError>(&value)) return *error;
        values[index++] = std::get<Value>(value);
        if (comma == text.size()) break;
        start = comma + 1;
    }
    if (index != values.size())
        return ValuesError {text.size(),
            "expected 5 values P,N,B,R,Q (or cpw, mediocre), got " + std::to_string(index)};
    return make_chess_values(values[0], values[1], values[2], values[3], values[4]);
}

}  // namespace supersoma::soma
