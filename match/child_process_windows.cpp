#include <windows.h>

#include <algorithm>
#include <stdexcept>
#include <thread>

#include "match/child_process.hpp"

namespace supersoma::match {

struct ChildProcess::Native {
    HANDLE process = nullptr;
    HANDLE to      = nullptr;  // the child's stdin
    HANDLE from    = nullptr;  // the child's stdout and stderr
};

ChildProcess::ChildProcess(const std::string& command)
    : native_(std::make_unique<Native>()) {
    SECURITY_ATTRIBUTES inherit {sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    HANDLE              child_in = nullptr, child_out = nullptr;
    if (!CreatePipe(&child_in, &native_->to, &inherit, 0)) throw std::runtime_error("pipe failed");
    if (!CreatePipe(&native_->from, &child_out, &inherit, 0)) {
        CloseHandle(child_in), CloseHandle(native_->to);
        throw std::runtime_error("pipe failed");
    }
    // The child inherits only its own ends.
    SetHandleInformation(native_->to, HANDLE_FLAG_INHERIT, 0);
    SetHandleInformation(native_->from, HANDLE_FLAG_INHERIT, 0);
    STARTUPINFOA start {};
    start.cb         = sizeof start;
    start.dwFlags    = STARTF_USESTDHANDLES;
    start.hStdInput  = child_in;
    start.hStdOutput = child_out;
    start.hStdError  = child_out;
    PROCESS_INFORMATION info {};
    std::string         line = command;  // CreateProcess may write into it
    const BOOL made = CreateProcessA(nullptr, line.data(), nullptr, nullptr, TRUE, CREATE_NO_WINDOW,
        nullptr, nullptr, &start, &info);
    CloseHandle(child_in), CloseHandle(child_out);
    if (!made) {
        CloseHandle(native_->to), CloseHandle(native_->from);
        throw std::runtime_error("cannot start '" + command + "'");
    }
    CloseHandle(info.hThread);
    native_->process = info.hProcess;
}

ChildProcess::~ChildProcess() {
    if (!reaped_) terminate(std::chrono::milliseconds(0));
    if (native_->to) CloseHandle(native_->to);
    CloseHandle(native_->from);
    CloseHandle(native_->process);
}

bool ChildProcess::send(const std::string& line) {
    const std::string text = line + "\n";
    std::size_t       done = 0;
    while (done < text.size()) {
        DWORD written = 0;
        if (!native_->to
            || !WriteFile(
                native_->to, text.data() + done, DWORD(text.size() - done), &written, nullptr)
            || written == 0)
            return false;
        done += written;
    }
    return true;
}

// Anonymous pipes cannot wait with a timeout: peek every millisecond until output or the
// deadline.
void ChildProcess::read_some(SteadyClock::time_point deadline) {
    while (true) {
        DWORD available = 0;
        if (!PeekNamedPipe(native_->from, nullptr, 0, nullptr, &available, nullptr)) {
            eof_ = true;  // the child closed its end
            return;
        }
        if (available > 0) {
            char  chunk[4096];
            DWORD n = 0;
            if (!ReadFile(
                    native_->from, chunk, std::min<DWORD>(available, sizeof chunk), &n, nullptr)
                || n == 0)
                eof_ = true;
            else
                buffer_.append(chunk, n);
            return;
        }
        if (SteadyClock::now() >= deadline) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

bool ChildProcess::running() {
    if (reaped_) return false;
    if (WaitForSingleObject(native_->process, 0) == WAIT_OBJECT_0) {
        DWORD code = 0;
        GetExitCodeProcess(native_->process, &code);
        reaped_           = true;
        exit_description_ = "exit code " + std::to_string(code);
    }
    return !reaped_;
}

void ChildProcess::terminate(std::chrono::milliseconds grace) {
    // End of input: a well-behaved engine quits.
    if (native_->to) CloseHandle(native_->to), native_->to = nullptr;
    if (wait_exit(grace)) return;
    TerminateProcess(native_->process, 1);
    WaitForSingleObject(native_->process, INFINITE);
    reaped_           = true;
    exit_description_ = "killed";
}

}  // namespace supersoma::match
