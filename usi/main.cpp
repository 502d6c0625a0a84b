// supersoma: with arguments, a command-line job (see usi/cli.hpp); without, its usage until
// the USI protocol lands.
#include "usi/cli.hpp"

int main(int argc, char** argv) {
    if (argc < 2) {
        char  help[] = "--help";
        char* args[] = {argv[0], help, nullptr};
        return supersoma::cli::run(2, args);
    }
    return supersoma::cli::run(argc, argv);
}
