// Opening books: refused with a named line, or a book whose moves are legal in their positions
// and that writes out and reads back the same.
#include <cassert>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "book/book.hpp"
#include "engine/attacks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool ready = (supersoma::attacks::init(), true);
    (void)ready;
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    try {
        const supersoma::Book book = supersoma::Book::read(in);
        std::ostringstream    out;
        book.write(out);
        std::istringstream again(out.str());
        std::ostringstream out2;
        supersoma::Book::read(again).write(out2);
        if (out.str() != out2.str()) __builtin_trap();  // a book must read back as written
    } catch (const std::runtime_error&) { }
    return 0;
}
