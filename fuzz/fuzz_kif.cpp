// KIF game records: refused with a named line, or a game whose moves replay legally.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "engine/attacks.hpp"
#include "record/kif.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool ready = (supersoma::attacks::init(), true);
    (void)ready;
    try {
        supersoma::record::parse_kif(std::string(reinterpret_cast<const char*>(data), size));
    } catch (const std::runtime_error&) { }
    return 0;
}
