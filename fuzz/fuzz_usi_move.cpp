// USI move text on a few positions: refused (malformed or illegal) or a legal move.
#include <cstdint>
#include <string_view>
#include <variant>

#include "engine/attacks.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"

using namespace supersoma;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool ready = (attacks::init(), true);
    (void)ready;
    if (size == 0) return 0;
    static const char* positions[] = {
        "startpos",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "1n6b/l4rk1l/Psggspp1n/1p1Pp3p/7p1/1P1nP4/L1PG1PPPP/1B1G3R1/2S2KSNL w 3P 70",
        "7nk/9/8G/9/9/9/9/9/4K4 b P 1",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    };
    Position               pos = std::get<Position>(parse_sfen(positions[data[0] % 5]));
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    const auto             move = parse_usi_move(pos, text);
    if (const auto* m = std::get_if<Move>(&move)) {
        if (!is_legal(pos, *m) || to_usi(*m) != text) __builtin_trap();
        pos.do_move(*m);
        if (!pos.is_ok()) __builtin_trap();
    }
    return 0;
}
