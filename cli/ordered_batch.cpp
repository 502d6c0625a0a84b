#include "cli/ordered_batch.hpp"

#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace supersoma::cli {

namespace {

std::string trim(const std::string& s) {
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

// The state shared by the reader, the workers and the emitting thread. Line i lives in
// slot i % window from when it is read until it is emitted.
class Batch {
public:
    Batch(std::size_t window)
        : slots_(window) { }

    // Reader: waits for a free slot, then queues the line.
    void push(InputLine line) {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return read_ - emitted_ < slots_.size(); });
        slots_[read_ % slots_.size()] = {std::move(line), {}, false};
        todo_.push_back(read_++);
        changed_.notify_all();
    }

    void finish_reading() {
        std::lock_guard lock(mutex_);
        eof_ = true;
        changed_.notify_all();
    }

    // Worker: the next line to work on, or nothing when the input is exhausted.
    std::optional<std::pair<std::size_t, InputLine>> next_work() {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return !todo_.empty() || eof_; });
        if (todo_.empty()) return std::nullopt;
        const std::size_t index = todo_.front();
        todo_.pop_front();
        return std::pair {index, slots_[index % slots_.size()].line};
    }

    void done(std::size_t index, LineOutcome outcome) {
        std::lock_guard lock(mutex_);
        Slot&           slot = slots_[index % slots_.size()];
        slot.outcome         = std::move(outcome);
        slot.ready           = true;
        changed_.notify_all();
    }

    // Emitter: the next line in input order once it is done, or nothing at the end.
    std::optional<std::pair<InputLine, LineOutcome>> next_result() {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] {
            return (emitted_ < read_ && slots_[emitted_ % slots_.size()].ready)
                || (eof_ && emitted_ == read_);
        });
        if (emitted_ == read_) return std::nullopt;
        Slot& slot = slots_[emitted_ % slots_.size()];
        slot.ready = false;
        return std::pair {std::move(slot.line), std::move(slot.outcome)};
    }

    // Emitter: the line handed out by next_result is written; its slot is free.
    void release() {
        std::lock_guard lock(mutex_);
        ++emitted_;
        changed_.notify_all();
    }

    std::size_t read() const {
        std::lock_guard lock(mutex_);
        return read_;
    }

private:
    struct Slot {
        InputLine   line;
        LineOutcome outcome;
        bool        ready = false;
    };

    mutable std::mutex      mutex_;
    std::condition_variable changed_;
    std::vector<Slot>       slots_;
    std::deque<std::size_t> todo_;
    std::size_t             read_ = 0, emitted_ = 0;
    bool                    eof_ = false;
};

}  // namespace

std::size_t run_ordered(std::istream& in, unsigned jobs, std::size_t window,
    const std::function<LineOutcome(const InputLine&)>&              work,
    const std::function<void(const InputLine&, const LineOutcome&)>& emit) {
    Batch                    batch(std::max<std::size_t>(window, 1));
    std::thread              reader([&] {
        std::string text;
        for (std::size_t number = 1; std::getline(in, text); ++number) {
            text = trim(text.substr(0, text.find(';')));
            if (!text.empty() && text[0] != '#') batch.push({number, text});
        }
        batch.finish_reading();
    });
    std::vector<std::thread> workers;
    for (unsigned t = 0; t < std::max(jobs, 1u); ++t)
        workers.emplace_back([&] {
            while (auto job = batch.next_work()) {
                LineOutcome outcome;
                try {
                    outcome = work(job->second);
                } catch (const std::exception& e) {  // one bad line must not end the batch
                    outcome.error = std::string("internal error: ") + e.what();
                }
                batch.done(job->first, std::move(outcome));
            }
        });
    while (auto result = batch.next_result()) {
        emit(result->first, result->second);
        batch.release();
    }
    reader.join();
    for (auto& w : workers) w.join();
    return batch.read();
}

}  // namespace supersoma::cli
