// Chess FEN parser (the SOMA/SEE core's adapter): refused with a reason, or a board.
#include <cstdint>
#include <string_view>
#include <variant>

#include "soma/chess/chess_board.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto                   parsed = supersoma::soma::chess::parse_fen(text);
    (void)parsed;
    return 0;
}
