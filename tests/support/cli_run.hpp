#pragma once
// Runs the built supersoma binary (SUPERSOMA_BINARY) through the shell for end-to-end tests.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace supersoma::test {

/// Exit code and output of one run.
struct CliRun {
    int         code = -1;
    std::string out;
    std::string err;
};

/// The whole content of the file at `path` ("" if missing).
inline std::string slurp(const std::string& path) {
    std::ifstream      in(path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// A file name of the running test's own, so tests may run in parallel (ctest -j).
inline std::string temp_path(const std::string& name) {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    return ::testing::TempDir() + "supersoma_" + test->test_suite_name() + "_" + test->name() + "_"
        + name;
}

/// Writes `text` to a temporary file of the running test and returns its path.
inline std::string write_file(const std::string& name, const std::string& text) {
    const std::string path = temp_path(name);
    std::ofstream(path) << text;
    return path;
}

/// Runs `supersoma <args>` (already shell-quoted) and collects its exit code and output.
inline CliRun run(const std::string& args) {
    const std::string out = temp_path("stdout"), err = temp_path("stderr");
    const std::string cmd
        = std::string("'") + SUPERSOMA_BINARY + "' " + args + " >'" + out + "' 2>'" + err + "'";
    const int status = std::system(cmd.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

}  // namespace supersoma::test
