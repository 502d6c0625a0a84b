// Replays fuzz inputs without libFuzzer: each file named on the command line, and each file
// in a directory named there (in name order), goes once through the target's
// LLVMFuzzerTestOneInput. The ordinary test builds link it with every target, so the
// committed corpora run as regression tests, under AddressSanitizer and UBSan too.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

std::vector<std::filesystem::path> inputs_of(const std::filesystem::path& path) {
    if (!std::filesystem::is_directory(path)) return {path};
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(path))
        if (entry.is_regular_file()) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

int main(int argc, char** argv) {
    std::size_t replayed = 0;
    for (int i = 1; i < argc; ++i)
        for (const auto& file : inputs_of(argv[i])) {
            std::ifstream     in(file, std::ios::binary);
            const std::string bytes {std::istreambuf_iterator<char>(in), {}};
            if (!in && !in.eof()) {
                std::fprintf(stderr, "cannot read %s\n", file.c_str());
                return 2;
            }
            LLVMFuzzerTestOneInput(
                reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
            ++replayed;
        }
    std::printf("%zu inputs replayed, no crash\n", replayed);
    return replayed ? 0 : 1;  // an empty corpus tests nothing
}
