#pragma once
// A batch job over the lines of a stream: lines are worked on by several threads and their
// results handed on in input order as soon as each one and all before it are done, so that
// a pipe gets answers while later lines are still being read, and memory stays bounded
// whatever the input's length.

#include <cstddef>
#include <functional>
#include <istream>
#include <string>

namespace supersoma::cli {

/// One non-blank, non-comment line of the input.
struct InputLine {
    std::size_t number = 0;  // 1-based line number in the stream
    std::string text;        // trimmed; anything from a ';' on dropped
};

/// What the work gives for one line: its output, or why the line was rejected.
struct LineOutcome {
    std::string output;
    std::string error;
};

/// Runs `work` on every line of `in` on `jobs` threads (at least one), at most `window`
/// lines read ahead of the last one emitted, and calls `emit` on the calling thread in
/// input order. Blank lines and lines starting with '#' are skipped. Returns the number
/// of lines worked on.
std::size_t run_ordered(std::istream& in, unsigned jobs, std::size_t window,
    const std::function<LineOutcome(const InputLine&)>&              work,
    const std::function<void(const InputLine&, const LineOutcome&)>& emit);

}  // namespace supersoma::cli
