#include "cli/ordered_batch.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <sstream>
#include <streambuf>
#include <thread>

namespace supersoma::cli {
namespace {

// A stream of "1\n2\n…" that counts how many lines have been taken from it.
class CountingLines : public std::streambuf {
public:
    explicit CountingLines(int lines)
        : lines_(lines) { }
    int taken() const { return taken_.load(); }

protected:
    int_type underflow() override {
        if (taken_ == lines_) return traits_type::eof();
        current_ = std::to_string(++taken_) + "\n";
        setg(current_.data(), current_.data(), current_.data() + current_.size());
        return traits_type::to_int_type(current_[0]);
    }

private:
    int              lines_;
    std::atomic<int> taken_ {0};
    std::string      current_;
};

TEST(OrderedBatch, ResultsComeInInputOrderWhateverTheyCost) {
    std::istringstream       in("# header\n5\n\n1 ; comment\n4\n2\n3\n");
    std::vector<std::string> emitted;
    const std::size_t        n = run_ordered(
               in, 4, 8,
               [](const InputLine& line) {
            // Later lines finish first.
            std::this_thread::sleep_for(std::chrono::milliseconds(10 * std::stoi(line.text)));
            return LineOutcome {line.text + "@" + std::to_string(line.number), ""};
        },
               [&](const InputLine&, const LineOutcome& r) { emitted.push_back(r.output); });
    EXPECT_EQ(n, 5u);
    EXPECT_EQ(emitted, (std::vector<std::string> {"5@2", "1@4", "4@5", "2@6", "3@7"}));
}

// However long the input, no more than the window is read ahead of what was emitted.
TEST(OrderedBatch, ReadsAtMostAWindowAhead) {
    CountingLines source(2000);
    std::istream  in(&source);
    int           emitted = 0, worst = 0;
    run_ordered(
        in, 3, 6,
        [](const InputLine& line) {
            return LineOutcome {line.text, ""};
        },
        [&](const InputLine& line, const LineOutcome& r) {
            EXPECT_EQ(r.output, std::to_string(++emitted));
            EXPECT_EQ(line.number, std::size_t(emitted));
            worst = std::max(worst, source.taken() - emitted);
        });
    EXPECT_EQ(emitted, 2000);
    EXPECT_LE(worst, 6 + 1);  // the window, and the line the reader holds while it waits
}

TEST(OrderedBatch, AThrowingLineBecomesAnErrorAndTheRestGoOn) {
    std::istringstream       in("a\nboom\nb\n");
    std::vector<std::string> seen;
    run_ordered(
        in, 2, 4,
        [](const InputLine& line) {
            if (line.text == "boom") throw std::runtime_error("bad line");
            return LineOutcome {line.text, ""};
        },
        [&](const InputLine&, const LineOutcome& r) {
            seen.push_back(r.error.empty() ? r.output : "error: " + r.error);
        });
    EXPECT_EQ(seen, (std::vector<std::string> {"a", "error: internal error: bad line", "b"}));
}

}  // namespace
}  // namespace supersoma::cli
