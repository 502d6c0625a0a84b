// SFEN parser: any text is refused with a reason or gives a position that is consistent,
// writes back to an SFEN that parses to the same position, and has legal moves we can make.
#include <cstdint>
#include <string_view>
#include <variant>

#include "engine/attacks.hpp"
#include "engine/movegen.hpp"
#include "engine/sfen.hpp"

using namespace supersoma;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool ready = (attacks::init(), true);
    (void)ready;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto                   parsed = parse_sfen(text);
    if (const auto* error = std::get_if<SfenError>(&parsed)) {
        if (error->message().empty()) __builtin_trap();
        return 0;
    }
    Position&         pos   = std::get<Position>(parsed);
    const std::string sfen  = to_sfen(pos);
    auto              again = parse_sfen(sfen);
    if (!std::holds_alternative<Position>(again) || to_sfen(std::get<Position>(again)) != sfen)
        __builtin_trap();
    if (!pos.is_ok()) __builtin_trap();
    for (const Move m : generate(GenKind::Legal, pos)) {
        pos.do_move(m);
        if (!pos.is_ok()) __builtin_trap();
        pos.undo_move();
    }
    return 0;
}
