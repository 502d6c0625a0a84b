#pragma once
// The XREF table of SUPER-SOMA (seed 003, step A): one entry per tactical move of either
// side, plain data. The steps A1-A4 fill it, B1-B2 weight it; cli/ shows it (report_text,
// report_json, board_svg).

#include <cstdint>
#include <optional>

#include "engine/move.hpp"
#include "engine/position.hpp"
#include "soma/shogi/profile.hpp"
#include "soma/shogi/soma.hpp"
#include "soma/xref/relations.hpp"
#include "util/arena.hpp"

namespace supersoma::soma {

/// What kind of tactical move an entry is; an entry may be several at once.
enum EntryKind : std::uint16_t {
    KIND_CAPTURE    = 1 << 0,
    KIND_PROMOTION  = 1 << 1,
    KIND_FORK       = 1 << 2,  // attacks two or more targets at once (A4)
    KIND_IMMOBILE   = 1 << 3,  // attacks a piece that cannot run (A4)
    KIND_DISCOVERED = 1 << 4,  // moving the piece opens a line onto a target (A2)
    KIND_CHECK      = 1 << 5,
    KIND_DROP       = 1 << 6,
    KIND_MATE       = 1 << 7,  // mates in one (A2 mate threat)
};

/// How the side that suffers an entry could neutralise it (the article's "Neutralise" column).
struct Neutralisers {
    bool           run    = false;  // the target piece has a safe square to go to
    bool           block  = false;  // the attack runs along a line that can be interposed
    bool           defend = false;  // a defender can be added so the capture no longer pays
    constexpr bool any() const { return run || block || defend; }
};

/// One entry's share of another's weight (B2), kept for --explain.
struct Contribution {
    enum class Reason : std::uint8_t {
        CapturesMover,  // this entry takes the piece the other entry would move
        MovesTarget,    // this entry moves away the piece the other entry would take
    };
    int    entry = -1;  // index of the contributing (opposing) entry in the same table
    Value  value = 0;
    Reason reason {};
};

/// One tactical move of either side.
struct XrefEntry {
    Move          move;
    Color         side  = SENTE;  // who makes the move
    std::uint16_t kinds = 0;      // EntryKind bits
    Value value     = 0;  // net value of the move and what follows on its square(s), mover's view
    Value first     = 0;  // what the move itself gains (capture and promotion), mover's view
    Value recapture = 0;  // what the opponent's reply takes back (<= 0), mover's view
    Neutralisers neutralise;    // how the opponent could parry it
    Square target = SQ_NONE;    // the piece the move threatens or takes (first target of a fork)
    Value  weight = 0;          // B1 value, then B2 cross-referenced
    Value  credit_largest = 0;  // B2: the largest single credit in weight
    ArenaVector<Contribution> contributions;

    bool is(EntryKind k) const { return (kinds & k) != 0; }
    /// True for captures, promotions and mates, which gain as soon as they are played; forks
    /// and attacks on immobile pieces are plans two moves deep, priced into the piece's value.
    bool gains_at_once() const { return !is(KIND_FORK) && !is(KIND_IMMOBILE); }
    /// The square the moving piece leaves (SQ_NONE for drops).
    Square origin() const { return move.is_drop() ? SQ_NONE : move.from(); }
};

/// An A4 threat found by the screen (a move or drop that would fork, or attack a piece that
/// cannot run), not yet valued against the opponent's replies.
struct ThreatCandidate {
    Move     move;
    Value    best      = 0;     // what the best target would win if nothing were done
    Value    pre_value = 0;     // what it would win if only one target could be saved
    Bitboard targets;           // enemy pieces it attacks with profit
    Square   target = SQ_NONE;  // the best of them
    bool     fork   = false;
};

/// A3's result for one from-to pair of a table: the capture kept (the better of a promoting
/// pair) and its exchange, before A2 and A4 add to the entry.
struct ExchangeRecord {
    Move     move;
    Exchange exchange;
};

/// The exchanges of the table before a move and the squares where the move may have changed
/// them (stale_squares): A3 takes the others' results instead of computing them again.
struct ExchangeReuse {
    const ArenaVector<ExchangeRecord>* records = nullptr;
    Bitboard                           stale   = Bitboard::all();
};

/// The squares whose exchanges may differ between `before` and `after`, the position after the
/// move `m`: every square on a line with, or a knight's jump from, a square the move changed
/// (an exchange reads only the pieces on its square's lines and knight squares); the whole
/// board when a king moved or a pin changed (pinned pieces may not join an exchange).
Bitboard stale_squares(const Position& before, const Position& after, Move m);

/// The XREF table: every entry of both sides for one position.
struct XrefTable {
    ArenaVector<XrefEntry>         entries;
    std::optional<RelationSummary> relations;  // A2's findings, in a complete (Full) table
    // A Decisions table leaves the side to move's screened threats unvalued: B3 values only
    // those that could outweigh its best entry (soma/playout/choose.hpp).
    ArenaVector<ThreatCandidate> unvalued_threats;
    // A3's results, for the table after the next move (B4); empty in a parry table.
    ArenaVector<ExchangeRecord> exchanges;
};

/// What step A lists, chosen by the caller (the playout's options extend these).
struct XrefOptions {
    const ValueProfile* profile = &article_profile();
    bool                threats = true;  // A4 forks, immobile-piece attacks, drop threats
    bool                ties    = true;  // tie-aware SOMA (a tied defender pays what it exposes)
    // A2's mate-in-one search in the decision and parry tables; off only to measure what it
    // is worth (the ablation of docs/accuracy.md).
    bool mate_search = true;

    bool operator==(const XrefOptions&) const = default;
};

/// Which entries build_xref lists.
enum class XrefScope {
    Full,       // everything the options allow, both sides
    Decisions,  // what B1-B3 read: Full without the side not to move's A4 threats, the A2
                // relations other than mate threats, and the captures' check/parry notes;
                // the side to move's threats screened but left for B3 to value
};

/// A: builds the XREF table of `pos`: A1 attack map, A2 relations, A3 exchanges, A4 threats
/// (promotions always; forks and immobile-piece attacks only with options.threats). A3 takes
/// the results `reuse` holds where they still stand (without tie-aware exchanges).
XrefTable build_xref(const Position& pos, const XrefOptions& options,
    XrefScope scope = XrefScope::Full, const ExchangeReuse* reuse = nullptr);

/// A for B3: what a parry is measured against, `side`'s entries that gain at once (captures,
/// promotions, and with `mates` and options.mate_search the mates in one) and nothing else.
XrefTable build_parry_table(
    const Position& pos, Color side, const XrefOptions& options, bool mates);

/// The sum of the positive values of `side`'s entries (only those that gain at once if asked).
Value positive_total(const ArenaVector<XrefEntry>& entries, Color side, bool at_once_only = false);

}  // namespace supersoma::soma
