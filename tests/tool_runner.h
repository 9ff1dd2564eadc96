#ifndef GAMEBENCH_TESTS_TOOL_RUNNER_H_
#define GAMEBENCH_TESTS_TOOL_RUNNER_H_

// The one harness for tests that run a program (the `gamebench` binary, a
// script): start it without a shell, with extra environment variables and
// stdin from a file, capture its exit status, stdout and stderr separately,
// and kill it (with its children) when it exceeds a timeout, so that a hung
// tool fails its test instead of the whole ctest run.
//
//   ToolRun r = RunTool("solve 'nim(heaps=3;5;7)' --json");   // words, quoted as in a shell
//   ToolRun r = RunToolArgs({"solve", "nim", "--json"});      // or the words themselves
//   EXPECT_EQ(r.status, 0) << r.Describe();
//   EXPECT_TRUE(r.OneLineError()) << r.Describe();            // exit 2, one line on stderr
//
// A command line is split into words like a shell splits simple ones
// (spaces; '...' and "..." quote); nothing else is interpreted: no
// variables, globs or redirections (use RunOptions for stdin and the
// environment). Output goes to pipes, never to files, so nothing is left
// behind. ToolProcess starts a run in the background, for tests that signal
// it while it runs.

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "gtest/gtest.h"

extern char** environ;

namespace gamebench::testing {

struct RunOptions {
  std::vector<std::string> env;    // "NAME=value", added to (or replacing in) the environment
  std::string stdin_path;          // the program's stdin; empty: /dev/null
  double timeout_seconds = 300;    // then the program and its children are killed
};

struct ToolRun {
  std::string command;   // what ran, for messages
  int status = -1;       // the exit status; -1 when a signal ended it
  int signal = 0;        // the signal that ended it, 0 when it exited
  bool timed_out = false;
  std::string out, err;  // stdout and stderr

  bool killed() const { return signal != 0; }
  // A refusal: exit status 2 and exactly one line, naming an error, on stderr.
  bool OneLineError() const {
    return status == 2 && err.find("error") != std::string::npos &&
           err.find('\n') == err.size() - 1;
  }
  std::string Describe() const {
    std::string how = timed_out                ? "timed out and was killed"
                      : signal != 0            ? "killed by signal " + std::to_string(signal)
                                               : "exit status " + std::to_string(status);
    return command + ": " + how + "\n--- stdout ---\n" + out + "--- stderr ---\n" + err;
  }
};

// The words of a simple shell command line.
inline std::vector<std::string> Words(std::string_view line) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '\'' || c == '"') {
      const size_t end = line.find(c, i + 1);
      if (end == std::string_view::npos) {
        ADD_FAILURE() << "unbalanced quote in the command line: " << line;
        break;
      }
      word.append(line.substr(i + 1, end - i - 1));
      in_word = true;
      i = end;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else {
      word.push_back(c);
      in_word = true;
    }
  }
  if (in_word) words.push_back(std::move(word));
  return words;
}

namespace tool_runner_internal {

// The program's path: as given when it names a directory, else found on PATH.
inline std::string FindProgram(const std::string& name) {
  if (name.find('/') != std::string::npos) return name;
  const char* path = std::getenv("PATH");
  std::string_view dirs = path ? path : "/usr/bin:/bin";
  while (!dirs.empty()) {
    const size_t colon = dirs.find(':');
    const std::string dir(dirs.substr(0, colon));
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    if (colon == std::string_view::npos) break;
    dirs.remove_prefix(colon + 1);
  }
  return name;
}

// This process's environment with `extra` added; a NAME in `extra` replaces
// the inherited one.
inline std::vector<std::string> Environment(const std::vector<std::string>& extra) {
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string_view entry(*e);
    const std::string_view name = entry.substr(0, entry.find('=') + 1);
    bool replaced = false;
    for (const std::string& x : extra) replaced |= x.compare(0, name.size(), name) == 0;
    if (!replaced) env.emplace_back(entry);
  }
  env.insert(env.end(), extra.begin(), extra.end());
  return env;
}

inline std::string Quoted(const std::vector<std::string>& argv) {
  std::string s;
  for (const std::string& a : argv) {
    if (!s.empty()) s += ' ';
    const bool plain = !a.empty() && a.find_first_of(" \t\n'\"|;&<>()*?$\\") == std::string::npos;
    s += plain ? a : "'" + a + "'";
  }
  return s;
}

}  // namespace tool_runner_internal

// A program running in the background; Wait() collects it. Its output is
// drained while it runs, so a chatty program never blocks on a full pipe.
class ToolProcess {
 public:
  ToolProcess(const std::vector<std::string>& argv, const RunOptions& options = {}) {
    using namespace tool_runner_internal;
    result_.command = Quoted(argv);
    if (argv.empty()) {
      result_.err = "no program to run";
      return;
    }
    const std::string program = FindProgram(argv[0]);
    const std::vector<std::string> env = Environment(options.env);
    std::vector<char*> c_argv, c_env;
    for (const std::string& a : argv) c_argv.push_back(const_cast<char*>(a.c_str()));
    c_argv.push_back(nullptr);
    for (const std::string& e : env) c_env.push_back(const_cast<char*>(e.c_str()));
    c_env.push_back(nullptr);
    const std::string in_path = options.stdin_path.empty() ? "/dev/null" : options.stdin_path;
    const int in = ::open(in_path.c_str(), O_RDONLY | O_CLOEXEC);
    int out[2], err[2];
    if (in < 0 || ::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) {
      result_.err = "cannot set up the run: " + std::string(std::strerror(errno));
      if (in >= 0) ::close(in);
      return;
    }
    pid_ = ::fork();
    if (pid_ == 0) {
      // The child: only async-signal-safe calls until exec. Its own process
      // group, so that a timeout kills what it started too.
      ::setpgid(0, 0);
      ::dup2(in, 0);
      ::dup2(out[1], 1);
      ::dup2(err[1], 2);
      ::execve(program.c_str(), c_argv.data(), c_env.data());
      static const char kMessage[] = "tool_runner: cannot execute the program\n";
      (void)!::write(2, kMessage, sizeof kMessage - 1);
      ::_exit(127);
    }
    ::close(in);
    ::close(out[1]);
    ::close(err[1]);
    if (pid_ < 0) {
      result_.err = "cannot fork: " + std::string(std::strerror(errno));
      ::close(out[0]);
      ::close(err[0]);
      return;
    }
    ::setpgid(pid_, pid_);  // (also from here: no race with a signal sent right away)
    reader_ = std::thread([this, out = out[0], err = err[0], timeout = options.timeout_seconds] {
      Drain(out, err, timeout);
    });
  }
  ToolProcess(const ToolProcess&) = delete;
  ToolProcess& operator=(const ToolProcess&) = delete;
  ~ToolProcess() {
    if (pid_ > 0 && !waited_) {
      Signal(SIGKILL);
      Wait();
    }
  }

  pid_t pid() const { return pid_; }
  // Sends `sig` to the program (not to its children).
  void Signal(int sig) const {
    if (pid_ > 0) ::kill(pid_, sig);
  }

  // Waits for the program to end and returns how it ended and what it wrote.
  ToolRun Wait() {
    if (reader_.joinable()) reader_.join();
    if (pid_ > 0 && !waited_) {
      int st = 0;
      while (::waitpid(pid_, &st, 0) < 0 && errno == EINTR) {
      }
      waited_ = true;
      if (WIFEXITED(st)) result_.status = WEXITSTATUS(st);
      if (WIFSIGNALED(st)) result_.signal = WTERMSIG(st);
    }
    return result_;
  }

 private:
  // Reads both pipes to their end; past the timeout, kills the process group.
  void Drain(int out, int err, double timeout_seconds) {
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration<double>(timeout_seconds);
    pollfd fds[2] = {{out, POLLIN, 0}, {err, POLLIN, 0}};
    std::string* sinks[2] = {&result_.out, &result_.err};
    int open = 2;
    while (open > 0) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0 && !result_.timed_out) {
        result_.timed_out = true;
        ::kill(-pid_, SIGKILL);
      }
      const int ready = ::poll(fds, 2, result_.timed_out ? 1000 : static_cast<int>(left.count()) + 1);
      if (ready < 0 && errno != EINTR) break;
      for (int i = 0; i < 2; ++i) {
        if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        char buf[65536];
        const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
        if (n > 0) {
          sinks[i]->append(buf, static_cast<size_t>(n));
        } else if (n == 0 || errno != EINTR) {
          ::close(fds[i].fd);
          fds[i].fd = -1;
          --open;
        }
      }
    }
    for (const pollfd& p : fds)
      if (p.fd >= 0) ::close(p.fd);
  }

  pid_t pid_ = -1;
  bool waited_ = false;
  ToolRun result_;
  std::thread reader_;
};

// Runs a program to its end.
inline ToolRun RunProgram(const std::vector<std::string>& argv, const RunOptions& options = {}) {
  return ToolProcess(argv, options).Wait();
}

// This build's `gamebench` (GAMEBENCH_BINARY) with the given words, or
// with the words of a command line (split by Words()).
inline std::vector<std::string> ToolCommand(std::vector<std::string> args) {
  args.insert(args.begin(), GAMEBENCH_BINARY);
  return args;
}
inline std::vector<std::string> ToolCommand(std::string_view command_line) {
  return ToolCommand(Words(command_line));
}

// Runs this build's `gamebench` with the given words.
inline ToolRun RunToolArgs(std::vector<std::string> args, const RunOptions& options = {}) {
  return RunProgram(ToolCommand(std::move(args)), options);
}

// Runs this build's `gamebench` with a command line (split by Words()).
inline ToolRun RunTool(std::string_view command_line, const RunOptions& options = {}) {
  return RunProgram(ToolCommand(command_line), options);
}

}  // namespace gamebench::testing

#endif  // GAMEBENCH_TESTS_TOOL_RUNNER_H_
