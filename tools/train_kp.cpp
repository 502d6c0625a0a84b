// train_kp: fits the learned evaluation's weights (eval/kp.hpp) to self-play positions
// (tools/selfplay) and writes a weight file (eval/data/kp_weights.bin is the built-in one).
// docs/eval.md has the commands and the last figures.
//   train_kp --data FILE... [--from features|FILE] [--out FILE] [--epochs N] [--lambda X]
#include <CLI/CLI.hpp>
#include <chrono>
#include <fstream>
#include <iostream>

#include "engine/attacks.hpp"
#include "search/values.hpp"
#include "tools/kp_trainer.hpp"

int main(int argc, char** argv) {
    using namespace supersoma;
    CLI::App                 app {"Train the learned evaluation on self-play positions"};
    std::vector<std::string> data;
    std::string              from         = "builtin", out;
    int                      max_score_cp = 3000;
    tune::KpTrainOptions     options;
    app.add_option("--data", data, "Training positions written by selfplay")
        ->check(CLI::ExistingFile);
    app.add_option("--from", from,
        "Start weights: 'builtin' (the weights built into the engine), 'material' (piece "
        "values alone) or a weight file");
    app.add_option("--out", out, "Where to write the weight file; none: report only");
    app.add_option("--epochs", options.epochs, "Passes over the data")->check(CLI::Range(0, 10000));
    app.add_option("--batch", options.batch, "Positions per step")->check(CLI::Range(1, 1 << 24));
    app.add_option("--learning-rate", options.learning_rate, "Adam step in weight units")
        ->check(CLI::PositiveNumber);
    app.add_option("--lambda", options.lambda, "The game result's share of the target")
        ->check(CLI::Range(0.0, 1.0));
    app.add_option("--pull", options.pull, "L2 pull of each KP weight towards its start")
        ->check(CLI::NonNegativeNumber);
    auto* scale = app.add_option("--scale", options.scale,
        "K of sigmoid(K * search units); default: the K with which the scores best predict the "
        "results, so the learned values keep the search's scale");
    scale->check(CLI::PositiveNumber);
    app.add_option("--max-score", max_score_cp, "Leave out positions scored beyond this (cp)")
        ->check(CLI::Range(1, 100000));
    CLI11_PARSE(app, argc, argv);

    attacks::init();
    try {
        const auto  start = std::chrono::steady_clock::now();
        tune::KpSet set;
        for (const std::string& file : data) {
            const tune::KpSet::Report r
                = set.add(tune::read_records(file), search::from_centipawns(max_score_cp));
            std::cout << file << ": " << r.read << " positions, " << r.kept << " kept, "
                      << r.in_check << " in check, " << r.capture << " best move a capture, "
                      << r.decided << " decided, " << r.unreadable << " unreadable\n";
        }
        const eval::KpWeights initial = from == "builtin" ? *eval::KpWeights::builtin()
            : from == "material"                          ? tune::kp_from_material()
                                                          : eval::KpWeights::load(from);
        if (!set.samples.empty()) {
            const double fitted = tune::fit_result_scale(set.samples);
            if (scale->count() == 0) options.scale = fitted;
            std::cout << "the scores predict the results best with K = " << fitted
                      << " per search unit; training uses " << options.scale << "\n";
        }
        const tune::KpTrainResult r = tune::train_kp(set, initial, options, &std::cout);
        std::cout << "train loss " << r.train_before << " -> " << r.train_after
                  << "\nvalidation loss " << r.validation_before << " -> " << r.validation_after
                  << " (epoch " << r.best_epoch << ")\n"
                  << "weights hash " << std::hex << r.weights.hash() << std::dec << "\n"
                  << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
                  << " s\n";
        if (!out.empty()) {
            const std::vector<unsigned char> bytes = r.weights.to_bytes();
            std::ofstream                    file(out, std::ios::binary);
            file.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
            if (!file) throw std::runtime_error("cannot write '" + out + "'");
            std::cout << "weights written to " << out << "\n";
        }
    } catch (const std::exception& e) {
        std::cerr << "train_kp: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
