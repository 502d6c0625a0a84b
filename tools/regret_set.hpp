#pragma once
// The regret-labelled set (docs/accuracy.md): positions, each with the scores of the side to
// move's candidate first moves (its XREF entries and neutralisers) from the engine's own search
// restricted to each, and the best of the other moves (SUPER-SOMA's pass: no tactical move).
// One text line a position, so shards concatenate and a reader can look:
//   sfen <SFEN> ; depth <D> ; rest <move|none> <cp> ; shallow <m1> <m2> <m4> ; moves <m> <cp> ...
// Scores are centipawns from the side to move's view, clipped to +-REGRET_CLIP (a mate counts
// as the clip); `shallow` holds what depth-1, -2 and -4 searches play.

#include <array>
#include <istream>
#include <optional>
#include <string>
#include <vector>

namespace supersoma::tune {

/// Scores are clipped here, and a mate counts as this much (the outside measurement's scale).
constexpr int REGRET_CLIP = 5000;

/// One labelled position.
struct RegretPosition {
    struct Scored {
        std::string move;  // USI
        int         cp = 0;
    };
    std::string                sfen;
    int                        depth = 0;
    std::vector<Scored>        moves;       // each searched alone, or together under MultiPV
    std::optional<Scored>      rest;        // the best move outside `moves`, if any is left
    std::array<std::string, 3> shallow {};  // what depth 1, 2 and 4 play

    /// The best score of the position: the best of `moves` and `rest`.
    int best() const;
    /// The score of `move` (USI); a move outside `moves` scores at most `rest`, so it is that
    /// (its upper bound; exact when it is rest's move); nullopt if nothing covers it.
    std::optional<int> score_of(const std::string& move) const;
    /// The score of a pass: what the best move outside `moves` gets (nullopt when none is left).
    std::optional<int> pass_score() const { return rest ? std::optional(rest->cp) : std::nullopt; }
};

/// The line of `p` in the set's format (no newline).
std::string format_regret_line(const RegretPosition& p);
/// Parses one line; nullopt for a comment, a blank line or one that is not in the format.
std::optional<RegretPosition> parse_regret_line(const std::string& line);
/// Every position in `in`, skipping lines that are not positions.
std::vector<RegretPosition> read_regret_set(std::istream& in);

/// True when the position `sfen` belongs to the held-out part: a fixed one in five,
/// chosen by a hash of the SFEN so that every tool and every shard agrees.
bool is_held_out(const std::string& sfen);

}  // namespace supersoma::tune
