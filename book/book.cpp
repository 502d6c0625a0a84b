#include "book/book.hpp"

#include <algorithm>
#include <cassert>
#include <fstream>
#include <istream>
#include <map>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <variant>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"

namespace supersoma {

namespace {

[[noreturn]] void refuse(std::size_t line, const std::string& why) {
    throw std::runtime_error("book line " + std::to_string(line) + ": " + why);
}

// A whole-token integer of a book line.
std::int64_t number(const std::string& token, std::size_t line, const char* field) {
    std::size_t  used  = 0;
    std::int64_t value = 0;
    try {
        value = std::stoll(token, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != token.size() || token.empty())
        refuse(line, std::string(field) + " '" + token + "' is not a number");
    return value;
}

void sort_moves(std::vector<BookMove>& moves) {
    std::stable_sort(moves.begin(), moves.end(), [](const BookMove& a, const BookMove& b) {
        return a.value != b.value ? a.value > b.value : a.count > b.count;
    });
}

}  // namespace

std::string Book::key(const Position& pos) {
    const std::string sfen = to_sfen(pos);
    return sfen.substr(0, sfen.rfind(' '));
}

Book Book::read(std::istream& in) {
    Book        book;
    std::string text;
    Position    pos   = Position::startpos();
    Entry*      entry = nullptr;
    for (std::size_t number_of_line = 1; std::getline(in, text); ++number_of_line) {
        if (!text.empty() && text.back() == '\r') text.pop_back();
        if (text.empty() || text[0] == '#' || text.rfind("//", 0) == 0) continue;
        if (text.rfind("sfen ", 0) == 0) {
            auto parsed = parse_sfen(text);
            if (const auto* error = std::get_if<SfenError>(&parsed))
                refuse(number_of_line, error->message());
            pos        = std::get<Position>(parsed);
            entry      = &book.entries_[key(pos)];
            entry->ply = pos.ply();
            continue;
        }
        if (!entry) refuse(number_of_line, "a move before the first 'sfen' line");
        std::istringstream       fields(text);
        std::vector<std::string> tokens;
        for (std::string t; fields >> t && t.rfind("//", 0) != 0;) tokens.push_back(t);
        if (tokens.empty()) continue;
        BookMove move;
        auto     parsed = parse_usi_move(pos, tokens[0]);
        if (const auto* error = std::get_if<MoveTextError>(&parsed))
            refuse(number_of_line, "move '" + tokens[0] + "': " + error->what);
        move.move = std::get<Move>(parsed);
        if (tokens.size() > 1 && tokens[1] != "none") {
            Position after = pos;
            after.do_move(move.move);
            auto reply = parse_usi_move(after, tokens[1]);
            if (const auto* error = std::get_if<MoveTextError>(&reply))
                refuse(number_of_line, "ponder move '" + tokens[1] + "': " + error->what);
            move.ponder = std::get<Move>(reply);
        }
        if (tokens.size() > 2) move.value = int(number(tokens[2], number_of_line, "value"));
        if (tokens.size() > 3) move.depth = int(number(tokens[3], number_of_line, "depth"));
        if (tokens.size() > 4) move.count = number(tokens[4], number_of_line, "count");
        entry->moves.push_back(move);
    }
    for (auto& [key, e] : book.entries_) sort_moves(e.moves);
    return book;
}

Book Book::load(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open book '" + path + "'");
    return read(in);
}

void Book::write(std::ostream& out) const {
    out << HEADER << '\n';
    const std::map<std::string, const Entry*> sorted = [this] {
        std::map<std::string, const Entry*> m;
        for (const auto& [key, e] : entries_) m.emplace(key, &e);
        return m;
    }();
    for (const auto& [key, e] : sorted) {
        out << "sfen " << key << ' ' << e->ply << '\n';
        for (const BookMove& m : e->moves)
            out << to_usi(m.move) << ' ' << (m.ponder.is_none() ? "none" : to_usi(m.ponder)) << ' '
                << m.value << ' ' << m.depth << ' ' << m.count << '\n';
    }
}

void Book::add(const Position& pos, const BookMove& move) {
    assert(is_legal(pos, move.move));
    Entry& e        = entries_[key(pos)];
    e.ply           = pos.ply();
    const auto same = std::find_if(
        e.moves.begin(), e.moves.end(), [&](const BookMove& m) { return m.move == move.move; });
    if (same != e.moves.end())
        *same = move;
    else
        e.moves.push_back(move);
    sort_moves(e.moves);
}

const std::vector<BookMove>* Book::find(const Position& pos) const {
    const auto it = entries_.find(key(pos));
    return it == entries_.end() || it->second.moves.empty() ? nullptr : &it->second.moves;
}

std::optional<BookMove> Book::choose(
    const Position& pos, const BookChoice& choice, std::mt19937_64& random) const {
    if (pos.ply() > choice.max_ply) return std::nullopt;
    const std::vector<BookMove>* moves = find(pos);
    if (!moves) return std::nullopt;
    // The book may hold a move the game's history makes illegal (a repetition is legal, but a
    // book read from elsewhere was checked against its own position only).
    std::vector<const BookMove*> candidates;
    const int                    best = moves->front().value;
    for (const BookMove& m : *moves)
        if (m.value >= best - choice.eval_diff && is_legal(pos, m.move)) candidates.push_back(&m);
    if (candidates.empty()) return std::nullopt;
    std::vector<double> weights;
    for (const BookMove* m : candidates)
        weights.push_back(double(std::max<std::int64_t>(m->count, 1)));
    std::discrete_distribution<std::size_t> pick(weights.begin(), weights.end());
    return *candidates[pick(random)];
}

}  // namespace supersoma
