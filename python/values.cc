#include "python/values.h"

#include <algorithm>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace gamebench::python {

// Bad input: ValueError with the tool's message; a refused memory budget:
// MemoryError; an internal failure: RuntimeError.
[[noreturn]] void Raise(const absl::Status& status) {
  const std::string message = OneLine(status.message());
  PyObject* type = PyExc_ValueError;
  if (status.code() == absl::StatusCode::kResourceExhausted) type = PyExc_MemoryError;
  if (status.code() == absl::StatusCode::kInternal) type = PyExc_RuntimeError;
  PyErr_SetString(type, message.c_str());
  throw py::error_already_set();
}

py::object ToPython(const Json& j) {
  if (j.is_null()) return py::none();
  if (j.is_bool()) return py::bool_(j.as_bool());
  if (j.is_int()) return py::int_(j.as_int());
  if (j.is_double()) {
    // The number as the tool prints it (6 significant digits), so that the
    // dict equals json.loads of the tool's output.
    double d = j.as_double();
    if (!absl::SimpleAtod(j.Dump(), &d)) d = j.as_double();
    return py::float_(d);
  }
  if (j.is_string()) return py::str(j.as_string());
  if (j.is_array()) {
    py::list out;
    for (const Json& v : j.as_array()) out.append(ToPython(v));
    return out;
  }
  py::dict out;
  for (const auto& [k, v] : j.as_object()) out[py::str(k)] = ToPython(v);
  return out;
}

// ---- positions ---------------------------------------------------------------

// A position argument: a State of the same game, or its text.
std::string StateBytes(const GameHandle& game, const py::handle& position) {
  if (py::isinstance<PyState>(position)) {
    const PyState& s = position.cast<const PyState&>();
    if (s.game->spec() != game.spec())
      Raise(absl::InvalidArgumentError(
          absl::StrCat("a position of ", s.game->spec(), " is not a position of ", game.spec())));
    return s.bytes;
  }
  if (py::isinstance<py::str>(position)) return Check(game.Parse(position.cast<std::string>()));
  throw py::type_error("a position is a gamebench.State or its text (str)");
}

// ---- typed arguments -------------------------------------------------------
// The operations take typed requests (tool/operations.h); these build them
// from Python values, with the tool's checks and messages (tool/args.h).

// A position for an operation: None (the start), a State (used as it is),
// or its text.
PositionArg PositionOf(const py::handle& position) {
  if (position.is_none()) return PositionArg::Start();
  if (py::isinstance<PyState>(position)) {
    const PyState& s = position.cast<const PyState&>();
    return PositionArg::State(s.game, s.bytes);
  }
  if (py::isinstance<py::str>(position)) return PositionArg::Text(position.cast<std::string>());
  throw py::type_error("position is a gamebench.State or its text (str)");
}

bool IsNumber(const py::handle& v) {
  return !py::isinstance<py::bool_>(v) &&
         (py::isinstance<py::int_>(v) || py::isinstance<py::float_>(v));
}
bool IsInteger(const py::handle& v) {
  return !py::isinstance<py::bool_>(v) && py::isinstance<py::int_>(v);
}

// A number of seconds (time_limit=2.5), or None.
std::optional<double> Seconds(const char* name, const py::handle& value) {
  if (value.is_none()) return std::nullopt;
  if (!IsNumber(value)) throw py::type_error(absl::StrCat(name, " is a number of seconds"));
  return value.cast<double>();
}

// An integer (threads=2, upto=300), or None.
std::optional<int64_t> Integer(const char* name, const py::handle& value) {
  if (value.is_none()) return std::nullopt;
  if (!IsInteger(value)) throw py::type_error(absl::StrCat(name, " is an integer"));
  return value.cast<int64_t>();
}

// A size (memory=2**30, tt_size="16M"): bytes, or the tool's text; or None.
std::optional<ByteSize> Size(const char* flag, const py::handle& value) {
  if (value.is_none()) return std::nullopt;
  if (py::isinstance<py::str>(value)) return Check(ByteSize::Parse(value.cast<std::string>()));
  if (!IsInteger(value))
    throw py::type_error(absl::StrCat(flag, " is a size: bytes (int) or text like '512M'"));
  const int64_t bytes = value.cast<int64_t>();
  if (bytes < 0)
    Raise(absl::InvalidArgumentError(absl::StrCat("--", flag, " ", bytes, " is not a size")));
  return ByteSize::Of(static_cast<uint64_t>(bytes));
}

bool Flag(const char* name, const py::handle& value) {
  if (!py::isinstance<py::bool_>(value))
    throw py::type_error(absl::StrCat(name, " is True or False"));
  return value.cast<bool>();
}

SolveSettings Settings(const py::handle& time_limit, const py::handle& memory,
                       const py::handle& threads, const py::dict& options,
                       std::initializer_list<const char*> extra) {
  SolveSettings settings;
  for (const auto& [key, value] : options) {
    const std::string name = py::str(key);
    if (value.is_none()) continue;  // as if not given
    if (name == "tt_size") {
      settings.tt_size = Size("tt-size", value);
    } else if (name == "symmetry") {
      settings.symmetry = Flag("symmetry", value);
    } else if (name == "ordering") {
      settings.ordering = Flag("ordering", value);
    } else if (name == "best_moves") {
      settings.best_moves = Flag("best_moves", value);
    } else if (name == "progress") {
      settings.progress = Flag("progress", value);
    } else if (std::find_if(extra.begin(), extra.end(), [&](const char* e) { return name == e; }) ==
               extra.end()) {
      std::string dashed = name;
      std::replace(dashed.begin(), dashed.end(), '_', '-');
      Raise(UnknownFlag(dashed));
    }
  }
  settings.time_limit = Seconds("time_limit", time_limit).value_or(0);
  settings.memory = Size("memory", memory);
  settings.threads = Integer("threads", threads).value_or(0);
  return settings;
}

SolveOptions Options(const SolveSettings& settings) {
  return Check(MakeSolveOptions(settings, /*limit_address_space=*/false));
}

std::optional<std::string> Text(const char* name, const py::handle& value) {
  if (value.is_none()) return std::nullopt;
  if (!py::isinstance<py::str>(value)) throw py::type_error(absl::StrCat(name, " is a path (str)"));
  return value.cast<std::string>();
}

}  // namespace gamebench::python
