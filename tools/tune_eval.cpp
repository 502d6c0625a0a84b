// tune_eval: fits the positional evaluation's weights to labelled positions and writes
// eval/eval_weights.cpp. docs/tuning.md has the data, the command and the last figures.
//   tune_eval --data FILE [--data FILE...] [--table supersoma|qsearch] [--from TABLE] [--leaf-net]
//             [--out FILE]
#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>

#include "engine/attacks.hpp"
#include "tools/tuner.hpp"

int main(int argc, char** argv) {
    using namespace supersoma;
    CLI::App                 app {"Tune the positional evaluation's weights on labelled positions"};
    std::vector<std::string> data;
    std::string              out;
    std::string              source;
    int                      max_score = 2000;
    tune::TuneOptions        options;
    std::string              table_name = "supersoma";
    std::string              from_name;
    tune::TrainingSet        set;
    app.add_option("--data", data, "Labelled positions: SFEN;move;score[;PV] lines")
        ->required()
        ->check(CLI::ExistingFile);
    app.add_option("--table", table_name, "Which weight table to write (and start from)")
        ->check(CLI::IsMember({"supersoma", "qsearch"}));
    app.add_option("--from", from_name, "Start from this table instead")
        ->check(CLI::IsMember({"supersoma", "qsearch"}));
    app.add_option("--out", out,
        "Where to write the weights (eval/eval_weights.cpp, or eval/eval_weights_qsearch.cpp "
        "with --table qsearch); none: report only");
    app.add_option("--source", source, "What the weights come from, for the file's header");
    app.add_flag("--leaf-net", set.add_leaf_net,
        "Add the SuperSoma leaves' net to each position's fixed part (for --table supersoma)");
    app.add_option("--max-score", max_score, "Leave out labels beyond this many centipawns")
        ->check(CLI::Range(1, 100000));
    app.add_option("--iterations", options.iterations, "Passes at most")
        ->check(CLI::Range(0, 1000000));
    app.add_option("--learning-rate", options.learning_rate, "Adam step in weight units")
        ->check(CLI::PositiveNumber);
    app.add_option("--pull", options.pull, "L2 pull of each weight towards its start")
        ->check(CLI::NonNegativeNumber);
    app.add_option("--patience", options.patience,
           "Passes without a better validation loss before stopping")
        ->check(CLI::Range(1, 1000000));
    CLI11_PARSE(app, argc, argv);

    attacks::init();
    for (const std::string& file : data) {
        std::ifstream          in(file);
        const tune::ReadReport r = set.read(in, max_score);
        std::cout << file << ": " << r.read << " positions, " << r.kept << " kept, " << r.not_quiet
                  << " not quiet, " << r.decided << " decided, " << r.unreadable << " unreadable\n";
        if (!r.first_error.empty()) std::cout << "  first unreadable: " << r.first_error << "\n";
    }
    if (set.samples.empty()) {
        std::cerr << "tune_eval: no position to tune on\n";
        return 1;
    }
    const auto table_of = [](const std::string& name) {
        return name == "qsearch" ? tune::Table::QSearch : tune::Table::SuperSoma;
    };
    const tune::Table      table = table_of(table_name);
    const tune::Table      from  = table_of(from_name.empty() ? table_name : from_name);
    const tune::TuneResult r     = tune::tune(set, tune::engine_weights(from), options, &std::cout);
    std::cout << "scale k " << r.scale << " per search unit\n"
              << "train loss " << r.train_before << " -> " << r.train_after << "\n"
              << "validation loss " << r.validation_before << " -> " << r.validation_after
              << " after " << r.iterations << " passes\n";
    if (!out.empty()) {
        std::ofstream file(out);
        file << tune::weights_source(r.weights, source, table);
        if (!file) {
            std::cerr << "tune_eval: cannot write '" << out << "'\n";
            return 1;
        }
        std::cout << "weights written to " << out << "\n";
    }
    return 0;
}
