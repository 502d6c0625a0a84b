// supersoma: without arguments it speaks USI on stdin/stdout, as shogi GUIs expect of the bare
// binary; with arguments it runs a command-line job (see cli/cli.hpp).
#include "cli/cli.hpp"
#include "engine/attacks.hpp"

int main(int argc, char** argv) {
    if (argc < 2) {
        supersoma::attacks::init();
        return supersoma::cli::run_usi(false);
    }
    return supersoma::cli::run(argc, argv);
}
