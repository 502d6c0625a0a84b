// `supersoma bench`: a fixed set of positions searched to a fixed depth. The total node count
// is a signature that changes only when the search does; nodes per second measure speed.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <future>
#include <variant>

#include "cli/cli.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "eval/evaluate.hpp"
#include "search/engine.hpp"

namespace supersoma::cli {

namespace {

// The start position, openings and middle games reached by play, and two end games.
constexpr const char* bench_positions[] = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lns3snl/1r2gkgb1/ppppppppp/9/9/2P4P1/PP1PPPP1P/1B1S2SRL/LN1GKG1N1 b - 11",
    "lnsg2bn1/r2kgs2l/pp1p1pp1p/2p1p2p1/9/1P3P3/P1PPPGPPP/1B2KR3/LNS1G1SNL b - 19",
    "lns3snl/3g1krb1/1p3pp1p/pgppp2p1/6PP1/5P3/PPPPPSN1P/2RS1G2L/LNB1KG3 w - 30",
    "1ng2gsnl/ls2k4/p1r1ppp1b/1ppp2Gpp/7P1/PPPP2PR1/4PP2P/1B1S1SG2/LN2K2NL w - 42",
    "1ns3+Bnl/l1k6/p1g1pp2p/Prppg1pP1/1p7/1P2P1P1P/L1GP1P3/5SRB1/1NSK2GNL w PSp 46",
    "1nsg1ks1l/l4r3/p1pgp1npp/1p4p2/P8/LPP5P/3PPPPP1/3B1KGRL/1NSG2SN1 w 2Pb 38",
    "1n6b/l4rk1l/Psggspp1n/1p1Pp3p/7p1/1P1nP4/L1PG1PPPP/1B1G3R1/2S2KSNL w 3P 70",
    "l7b/n3gs3/np+Bsk2gn/p1p3p1l/P3p2pP/3PPpPPL/1PPR1P2S/3GGR3/LNS3K2 b 2P 75",
    "lns1ggpsl/2k5+B/p3pp3/1p1r1b3/2npP4/3P2P1P/PPK2P1Pn/LS3GSRL/G6N1 b 3Pp 69",
    "n5gr1/1P1sk3l/1p2gs2g/p1p1pPppp/P2p1L3/2PP1pRPP/4P1S1L/LS2K1B1N/1+B2G2N1 b Np 105",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
};

struct BenchOptions {
    int         depth   = 5;
    int         threads = 1;
    int         hash    = int(search::Engine::DEFAULT_HASH_MB);
    std::string leaf;       // "": the engine's default (quiescence)
    std::string eval_file;  // "": the built-in evaluation
    bool        kp_only      = false;
    bool        without_soma = false;  // USI UseSuperSoma false
    bool        list         = false;
};

// The tree's shape over all positions: the main thread's counts, summed.
struct TreeShape {
    std::uint64_t nodes = 0, in_check = 0, qsearch = 0, cutoffs = 0, first_move_cutoffs = 0;
    std::uint64_t last_iteration = 0, iteration_before = 0;  // nodes of depth d and of d - 1

    void add(const search::SearchStats& s, std::uint64_t nodes_searched, int depth) {
        nodes += nodes_searched;
        in_check += s.in_check;
        qsearch += s.qsearch;
        cutoffs += s.cutoffs;
        first_move_cutoffs += s.first_move_cutoffs;
        if (depth < 3) return;
        last_iteration += s.nodes_at_depth[depth] - s.nodes_at_depth[depth - 1];
        iteration_before += s.nodes_at_depth[depth - 1] - s.nodes_at_depth[depth - 2];
    }
    static double percent(std::uint64_t part, std::uint64_t whole) {
        return 100.0 * double(part) / double(std::max<std::uint64_t>(1, whole));
    }
    void print() const {
        // The branching factor as the growth of one iteration over the one before, the
        // positions' nodes summed (Stockfish-style engines report the same ratio).
        std::printf("ebf       : %.2f (nodes of the last iteration / the one before)\n",
            double(last_iteration) / double(std::max<std::uint64_t>(1, iteration_before)));
        std::printf("in check  : %.1f %% of the nodes\n", percent(in_check, nodes));
        std::printf("first cut : %.1f %% of the fail-highs on the first move\n",
            percent(first_move_cutoffs, cutoffs));
        std::printf("qsearch   : %.1f %% of the nodes\n", percent(qsearch, nodes));
    }
};

int run_bench(const BenchOptions& o) {
    if (o.list) {
        for (const char* sfen : bench_positions) std::printf("%s\n", sfen);
        return 0;
    }
    search::Engine engine;
    engine.set_hash_megabytes(std::size_t(o.hash));
    engine.set_threads(o.threads);
    if (!o.leaf.empty()) engine.options().leaf_mode = *search::leaf_mode_named(o.leaf);
    engine.options().use_super_soma   = !o.without_soma;
    engine.options().eval.use_network = !o.kp_only;
    try {
        engine.set_eval_file(o.eval_file);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench: --eval-file: %s\n", e.what());
        return 2;
    }
    const search::LeafMode leaf         = search::leaf_mode_of(engine.options());
    std::uint64_t          total_nodes  = 0;
    double                 soma_seconds = 0;
    std::uint64_t soma_calls = 0, soma_hits = 0;   // leaf verdicts computed, and found cached
    std::uint64_t step_hits = 0, step_misses = 0;  // their playout steps, kept and decided
    TreeShape     shape;
    const auto    start = std::chrono::steady_clock::now();
    for (const char* sfen : bench_positions) {
        engine.new_game();
        engine.set_position(std::get<Position>(parse_sfen(sfen)));
        search::Limits limits;
        limits.depth = o.depth;
        std::promise<search::SearchResult> done;
        engine.go(limits, nullptr, [&done](const search::SearchResult& r) { done.set_value(r); });
        const search::SearchResult result = done.get_future().get();
        engine.wait();
        const std::uint64_t nodes = engine.pool().nodes();
        total_nodes += nodes;
        soma_seconds
            += std::chrono::duration<double>(engine.pool().main_worker().leaf().time_in_soma())
                   .count();
        soma_calls += engine.pool().main_worker().leaf().evaluations();
        soma_hits += engine.pool().main_worker().leaf().hits();
        step_hits += engine.pool().main_worker().leaf().step_hits();
        step_misses += engine.pool().main_worker().leaf().step_misses();
        const search::Worker& main = engine.pool().main_worker();
        shape.add(main.stats(), main.nodes(), result.depth);
        std::printf("%-80s depth %2d nodes %10llu best %s\n", sfen, result.depth,
            (unsigned long long)nodes, to_usi(result.best).c_str());
    }
    const double seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("===========================\n");
    std::printf("leaf      : %s%s\n", lower_case(search::LEAF_MODE_NAMES[int(leaf)]).c_str(),
        engine.options().use_super_soma ? "" : ", without SUPER-SOMA");
    const eval::Learned learned = search::learned_evaluation_of(engine.options());
    const std::string   network = learned.network
          ? "network of width " + std::to_string(learned.network->width())
            + (learned.network->has_threats() ? " with threat inputs" : "")
          : "";
    std::printf("evaluation: %s\n",
        learned.network  ? network.c_str()
            : learned.kp ? "KP"
                         : "material");
    std::printf("depth     : %d\n", o.depth);
    std::printf("threads   : %d\n", o.threads);
    std::printf("time (ms) : %llu\n", (unsigned long long)(seconds * 1000));
    std::printf("nodes     : %llu\n", (unsigned long long)total_nodes);
    std::printf("nps       : %llu\n", (unsigned long long)(double(total_nodes) / seconds));
    shape.print();
    if (o.threads == 1 && soma_calls + soma_hits > 0) {
        std::printf("soma share: %.1f %%\n", 100.0 * soma_seconds / seconds);
        std::printf("soma runs : %llu (%.1f %% of asks cached)\n", (unsigned long long)soma_calls,
            100.0 * double(soma_hits) / double(std::max<std::uint64_t>(1, soma_calls + soma_hits)));
        std::printf("soma steps: %llu decided (%.1f %% of steps kept from earlier verdicts)\n",
            (unsigned long long)step_misses,
            100.0 * double(step_hits)
                / double(std::max<std::uint64_t>(1, step_hits + step_misses)));
    }
    return 0;
}

}  // namespace

void add_bench_command(CLI::App& app) {
    auto  opts = std::make_shared<BenchOptions>();
    auto* cmd  = app.add_subcommand("bench", "Search a fixed set of positions to a fixed depth");
    whole_number(cmd->add_option("--depth", opts->depth, "Depth in plies"), 1, 64)
        ->capture_default_str();
    whole_number(cmd->add_option("--threads", opts->threads, "Search threads"), 1, 256);
    whole_number(cmd->add_option("--hash", opts->hash, "Table size in MB"), 1, 65536);
    cmd->add_option("--leaf", opts->leaf,
           "Leaf mode (USI LeafMode): supersoma or hybrid for SUPER-SOMA's verdicts; default: "
           "the engine's, quiescence")
        ->check(cli::is_name_in(search::LEAF_MODE_NAMES));
    cmd->add_flag("--without-supersoma", opts->without_soma,
        "Search with no use of SUPER-SOMA: the network without threat inputs, quiescence leaves "
        "(USI UseSuperSoma false)");
    cmd->add_option("--eval-file", opts->eval_file,
        "A network or KP weight file to search with (USI EvalFile); default: the built-in one");
    cmd->add_flag("--kp", opts->kp_only,
        "Search with the KP evaluation alone even where a network is built in (USI UseNetwork "
        "false)");
    cmd->add_flag("--list", opts->list, "Print the positions (SFEN) and exit");
    cmd->callback([opts] { throw CLI::RuntimeError(run_bench(*opts)); });
}

}  // namespace supersoma::cli
