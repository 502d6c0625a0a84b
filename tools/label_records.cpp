// label_records: a tuning set from match records (docs/tuning.md): each move of the named
// player whose record carries its score, as SFEN;move;score lines that tune_eval reads.
//   label_records --player Fairy-Stockfish match-records/*/game-*.csa > labels.txt
#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/attacks.hpp"
#include "tools/record_labels.hpp"

int main(int argc, char** argv) {
    using namespace supersoma;
    CLI::App                 app {"Labelled positions from the score comments of match records"};
    std::vector<std::string> records;
    std::string              player;
    app.add_option("records", records, "CSA records written by supersoma match")
        ->required()
        ->check(CLI::ExistingFile);
    app.add_option("--player", player, "Whose moves and scores become labels (name prefix)")
        ->required();
    CLI11_PARSE(app, argc, argv);

    attacks::init();
    std::cout << "# Positions labelled by the in-game scores of " << player << " in "
              << records.size()
              << " match records (label_records). Format: SFEN;best move;score (cp from the "
                 "side to move, or mate N).\n";
    std::size_t labels = 0, unreadable = 0;
    for (const std::string& path : records) {
        std::ifstream      in(path);
        std::ostringstream text;
        text << in.rdbuf();
        try {
            for (const tune::RecordLabel& label : tune::labels_from_csa(text.str(), player)) {
                std::cout << tune::to_line(label) << "\n";
                ++labels;
            }
        } catch (const std::exception& e) {
            std::cerr << path << ": " << e.what() << "\n";
            ++unreadable;
        }
    }
    std::cerr << labels << " positions from " << records.size() - unreadable << " records ("
              << unreadable << " unreadable)\n";
    return unreadable == records.size() ? 1 : 0;
}
