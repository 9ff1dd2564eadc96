#ifndef GAMEBENCH_PYTHON_VALUES_H_
#define GAMEBENCH_PYTHON_VALUES_H_

// What python/module.cc's bindings share: statuses as Python exceptions,
// the tool's JSON as Python values, positions (gamebench.State), and the
// typed arguments of the operations' requests (tool/operations.h) made from
// Python values, with the tool's checks and messages (tool/args.h).

#include <pybind11/pybind11.h>

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/json.h"
#include "tool/args.h"
#include "tool/game_handle.h"
#include "tool/operations.h"

namespace gamebench::python {

namespace py = pybind11;

// Bad input: ValueError with the tool's message; a refused memory budget:
// MemoryError; an internal failure: RuntimeError.
[[noreturn]] void Raise(const absl::Status& status);

template <typename T>
T Check(absl::StatusOr<T> value) {
  if (!value.ok()) Raise(value.status());
  return *std::move(value);
}

// The tool's JSON as Python values (doubles as the tool prints them).
py::object ToPython(const Json& j);

// A position of a game: opaque, immutable, hashable.
struct PyState {
  std::shared_ptr<const GameHandle> game;
  std::string bytes;
};

// A position argument of the game API: a State of the same game, or its text.
std::string StateBytes(const GameHandle& game, const py::handle& position);

// A position for an operation: None (the start), a State (used as it is),
// or its text.
PositionArg PositionOf(const py::handle& position);

// Typed arguments, or None: a number of seconds (time_limit=2.5), an integer
// (threads=2), a size (memory=2**30 or "512M"), a path (save="t.tbl"), a
// flag (True or False). A value of another type raises TypeError.
std::optional<double> Seconds(const char* name, const py::handle& value);
std::optional<int64_t> Integer(const char* name, const py::handle& value);
std::optional<ByteSize> Size(const char* flag, const py::handle& value);
std::optional<std::string> Text(const char* name, const py::handle& value);
bool Flag(const char* name, const py::handle& value);

// The solving flags: time_limit, memory and threads, and in **options the
// others under the flags' names with '_' for '-' (tt_size, symmetry,
// ordering, best_moves: True or False; progress: off unless True, since a
// script's stderr may be a terminal). `extra` names the options a command
// takes besides (analyze: tiers), left in `options` for it. Any other name
// is refused as the tool refuses a flag it does not declare.
SolveSettings Settings(const py::handle& time_limit, const py::handle& memory,
                       const py::handle& threads, const py::dict& options,
                       std::initializer_list<const char*> extra = {});

// The settings checked into options; the interpreter outlives the call, so
// no cap on the address space.
SolveOptions Options(const SolveSettings& settings);

}  // namespace gamebench::python

#endif  // GAMEBENCH_PYTHON_VALUES_H_
