// train_nnue: trains the network evaluation (eval/nnue.hpp) on self-play positions
// (tools/selfplay) and writes a network file (eval/data/nnue.bin is the built-in one).
// docs/eval.md has the commands and the last figures.
//   train_nnue --data FILE... [--out FILE] [--width N] [--epochs N] [--kp builtin|material|FILE]
//              [--threats] [--init builtin|FILE]
#include <CLI/CLI.hpp>
#include <chrono>
#include <fstream>
#include <iostream>
#include <optional>

#include "engine/attacks.hpp"
#include "search/values.hpp"
#include "tools/kp_trainer.hpp"
#include "tools/nnue_trainer.hpp"

int main(int argc, char** argv) {
    using namespace supersoma;
    CLI::App                 app {"Train the network evaluation on self-play positions"};
    std::vector<std::string> data;
    std::string              kp_from      = "builtin", out, init_from;
    int                      max_score_cp = 3000;
    tune::NnueTrainOptions   options;
    app.add_option("--data", data, "Training positions written by selfplay")
        ->required()
        ->check(CLI::ExistingFile);
    app.add_option("--kp", kp_from,
        "The KP weights the network adds to, trained on with it: 'builtin', 'material' or a "
        "weight file");
    app.add_option("--out", out, "Where to write the network file; none: report only");
    app.add_option("--width", options.width, "First layer width (a multiple of 32, up to 256)")
        ->check(CLI::Range(32, eval::nnue::MAX_WIDTH));
    app.add_option("--epochs", options.epochs, "Passes over the data")->check(CLI::Range(0, 10000));
    app.add_option("--batch", options.batch, "Positions per step")->check(CLI::Range(1, 1 << 24));
    app.add_option("--learning-rate", options.learning_rate, "Adam step of the network")
        ->check(CLI::PositiveNumber);
    app.add_option("--kp-rate", options.kp_rate, "Adam step of the KP weights, search units")
        ->check(CLI::NonNegativeNumber);
    app.add_option("--lambda", options.lambda, "The game result's share of the target")
        ->check(CLI::Range(0.0, 1.0));
    auto* scale = app.add_option("--scale", options.scale,
        "K of sigmoid(K * search units); default: the K with which the scores best predict the "
        "results");
    scale->check(CLI::PositiveNumber);
    app.add_option("--max-score", max_score_cp, "Leave out positions scored beyond this (cp)")
        ->check(CLI::Range(1, 100000));
    app.add_option("--threads", options.threads, "Threads")->check(CLI::Range(1, 256));
    app.add_option("--seed", options.seed, "Seed of the start and the shuffles");
    app.add_flag("--threats", options.threats,
        "Add the threat inputs (eval/threats.hpp: XREF attacks and king shields)");
    app.add_option("--init", init_from,
        "Train on from a network: 'builtin' (the built-in threat network) or a network file; "
        "its width, threat inputs and KP weights replace --width, --threats and --kp");
    CLI11_PARSE(app, argc, argv);
    if (options.width % 32 != 0) {
        std::cerr << "train_nnue: --width must be a multiple of 32\n";
        return 2;
    }

    attacks::init();
    try {
        const auto                   start = std::chrono::steady_clock::now();
        std::optional<eval::Network> init;
        if (init_from == "builtin") {
            const auto& builtin = eval::Network::builtin(true);
            if (!builtin) throw std::runtime_error("this build has no built-in threat network");
            init = *builtin;
        } else if (!init_from.empty()) {
            init = eval::Network::load(init_from);
        }
        tune::NnueSet set;
        set.threats = init ? init->has_threats() : options.threats;
        for (const std::string& file : data) {
            const tune::FilterReport r
                = set.add(tune::read_records(file), search::from_centipawns(max_score_cp));
            std::cout << file << ": " << r.read << " positions, " << r.kept << " kept, "
                      << r.in_check << " in check, " << r.capture << " best move a capture, "
                      << r.decided << " decided, " << r.unreadable << " unreadable" << std::endl;
        }
        const eval::KpWeights kp = kp_from == "builtin" ? *eval::KpWeights::builtin()
            : kp_from == "material"                     ? tune::kp_from_material()
                                                        : eval::KpWeights::load(kp_from);
        if (!set.samples.empty()) {
            const double fitted = tune::fit_result_scale(set.samples);
            if (scale->count() == 0) options.scale = fitted;
            std::cout << "the scores predict the results best with K = " << fitted
                      << " per search unit; training uses " << options.scale << std::endl;
        }
        const tune::NnueTrainResult r   = init
              ? tune::train_nnue(set, tune::FloatNetwork(*init), options, &std::cout)
              : tune::train_nnue(set, kp, options, &std::cout);
        const eval::Network         net = r.network.quantise();
        std::cout << "train loss " << r.train_before << " -> " << r.train_after
                  << "\nvalidation loss " << r.validation_before << " -> " << r.validation_after
                  << " (epoch " << r.best_epoch << ")\nnetwork hash " << std::hex << net.hash()
                  << std::dec << "\n"
                  << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
                  << " s\n";
        if (!out.empty()) {
            const std::vector<unsigned char> bytes = net.to_bytes();
            std::ofstream                    file(out, std::ios::binary);
            file.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
            if (!file) throw std::runtime_error("cannot write '" + out + "'");
            std::cout << "network written to " << out << " (" << bytes.size() << " bytes)\n";
        }
    } catch (const std::exception& e) {
        std::cerr << "train_nnue: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
