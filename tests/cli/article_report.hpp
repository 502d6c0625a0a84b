#pragma once
// The report `supersoma eval --no-threats` makes of the article's XREF position (seed 003,
// spec article-examples.md 4), shared by the renderer tests.

#include "cli/eval_report.hpp"
#include "engine/sfen.hpp"
#include "support/positions.hpp"

namespace supersoma::test {

inline constexpr const char* ArticleXrefSfen = "5g3/2k6/5b1g1/3r1S3/5p3/3L2N2/1P1P5/9/8K w - 1";

/// The article position evaluated with threats off, as the CLI would report it.
inline const cli::EvalReport& article_report() {
    static const cli::EvalReport report = [] {
        const Position    pos = position_of(ArticleXrefSfen);
        soma::EvalOptions options;
        options.threats = false;
        return cli::EvalReport {to_sfen(pos), soma::evaluate(pos, options)};
    }();
    return report;
}

}  // namespace supersoma::test
