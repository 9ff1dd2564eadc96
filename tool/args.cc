#include "tool/args.h"

#include <unistd.h>

#include <thread>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "core/memory.h"
#include "core/spec.h"

namespace gamebench {

std::vector<FlagSpec> SolveFlags() {
  return {{"time-limit", "S"}, {"memory", "SIZE"}, {"tt-size", "SIZE"},
          {"threads", "N"},    {"no-symmetry"},    {"no-ordering"},
          {"no-best-moves"},   {"progress"},       {"no-progress"}};
}

std::string CommandLineSpec::Usage() const {
  std::string out = positional;
  for (const FlagSpec& f : flags) {
    absl::StrAppend(&out, out.empty() ? "" : " ", f.required ? "--" : "[--", f.name);
    if (f.value) absl::StrAppend(&out, " ", f.value);
    if (!f.required) absl::StrAppend(&out, "]");
  }
  return out;
}

absl::StatusOr<Args> Args::Parse(const std::vector<std::string>& argv,
                                 const CommandLineSpec& spec) {
  std::set<std::string> value_flags, bool_flags;
  for (const FlagSpec& f : spec.flags) (f.value ? value_flags : bool_flags).insert(f.name);
  Args args;
  bool only_positional = false;
  for (size_t i = 0; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (only_positional || a.size() < 2 || a.rfind("--", 0) != 0) {
      args.positional_.push_back(a);
      continue;
    }
    if (a == "--") {
      only_positional = true;
      continue;
    }
    std::string name = a.substr(2);
    std::optional<std::string> value;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    if (args.values_.count(name))
      return absl::InvalidArgumentError(absl::StrCat("flag --", name, " given twice"));
    if (value_flags.count(name)) {
      if (!value) {
        if (i + 1 >= argv.size())
          return absl::InvalidArgumentError(absl::StrCat("flag --", name, " needs a value"));
        value = argv[++i];
      }
      args.values_[name] = *value;
    } else if (bool_flags.count(name)) {
      if (value)
        return absl::InvalidArgumentError(absl::StrCat("flag --", name, " takes no value"));
      args.values_[name] = "";
    } else {
      return UnknownFlag(name);
    }
  }
  return args;
}

std::optional<std::string> Args::Get(absl::string_view flag) const {
  auto it = values_.find(std::string(flag));
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

absl::StatusOr<int64_t> Args::GetInt(absl::string_view flag, int64_t default_value, int64_t min,
                                     int64_t max) const {
  auto v = Get(flag);
  if (!v) return default_value;
  return ParseInt(*v, min, max, absl::StrCat("flag --", flag));
}

absl::StatusOr<double> Args::GetDouble(absl::string_view flag, double default_value, double min,
                                       double max) const {
  auto v = Get(flag);
  if (!v) return default_value;
  double d;
  if (!absl::SimpleAtod(*v, &d) || !(d >= min && d <= max))
    return absl::InvalidArgumentError(
        absl::StrCat("flag --", flag, ": '", *v, "' is not a number in [", min, ", ", max, "]"));
  return d;
}

absl::Status Args::ExpectPositional(size_t n, absl::string_view what) const {
  if (positional_.size() < n) return absl::InvalidArgumentError(absl::StrCat("missing ", what));
  if (positional_.size() > n)
    return absl::InvalidArgumentError(absl::StrCat("unexpected argument '", positional_[n], "'"));
  return absl::OkStatus();
}

bool WantsProgress(const Args& args) {
  return args.Has("progress") || (!args.Has("no-progress") && isatty(2));
}

absl::Status UnknownFlag(absl::string_view name) {
  return absl::InvalidArgumentError(absl::StrCat("unknown flag --", name));
}

absl::Status CheckNumberFlag(absl::string_view flag, double value, double min, double max) {
  if (value >= min && value <= max) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("flag --", flag, ": '", value, "' is not a number in [", min, ", ", max, "]"));
}

absl::Status CheckIntegerFlag(absl::string_view flag, int64_t value, int64_t min, int64_t max) {
  if (value >= min && value <= max) return absl::OkStatus();
  return absl::OutOfRangeError(
      absl::StrCat("flag --", flag, ": ", value, " is out of range [", min, ", ", max, "]"));
}

absl::StatusOr<ByteSize> ByteSize::Parse(absl::string_view text) {
  auto bytes = ParseByteSize(text);
  if (!bytes.ok()) return bytes.status();
  return ByteSize{*bytes, std::string(text)};
}

ByteSize ByteSize::Of(uint64_t bytes) { return ByteSize{bytes, absl::StrCat(bytes)}; }

absl::StatusOr<SolveOptions> MakeSolveOptions(const SolveSettings& settings,
                                              bool limit_address_space) {
  SolveOptions o;
  if (auto st = CheckNumberFlag("time-limit", settings.time_limit, 0, kMaxSeconds); !st.ok())
    return st;
  o.time_limit_seconds = settings.time_limit;
  o.memory_bytes = DefaultMemoryBudget();
  if (const auto& m = settings.memory) {
    if (m->bytes < (1u << 20))
      return absl::InvalidArgumentError(absl::StrCat("--memory ", m->text, " is below 1 MiB"));
    if (m->bytes > PhysicalMemoryBytes())
      return absl::InvalidArgumentError(absl::StrCat("--memory ", m->text,
                                                     " is more than this machine has (",
                                                     FormatBytes(PhysicalMemoryBytes()), ")"));
    o.memory_bytes = m->bytes;
  }
  if (const auto& s = settings.tt_size) {
    if (s->bytes < 1024)
      return absl::InvalidArgumentError(absl::StrCat("--tt-size ", s->text, " is below 1 KiB"));
    if (s->bytes > o.memory_bytes)
      return absl::InvalidArgumentError(absl::StrCat(
          "--tt-size ", s->text, " exceeds the memory budget (", FormatBytes(o.memory_bytes), ")"));
    o.tt_bytes = s->bytes;
  }
  o.tt_bytes = std::min(o.tt_bytes, o.memory_bytes);
  if (limit_address_space) LimitAddressSpace(o.memory_bytes);
  if (auto st = CheckIntegerFlag("threads", settings.threads, 0, kMaxThreads); !st.ok()) return st;
  o.threads = static_cast<int>(settings.threads);
  if (o.threads == 0)
    o.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  o.symmetry = settings.symmetry;
  o.move_ordering = settings.ordering;
  o.best_moves = settings.best_moves;
  o.progress = settings.progress;
  return o;
}

absl::StatusOr<SolveOptions> ParseSolveOptions(const Args& args, bool limit_address_space) {
  // Each flag's text is read here, so that the messages quote it as given;
  // MakeSolveOptions checks the values (the ranges again: a no-op).
  SolveSettings settings;
  auto t = args.GetDouble("time-limit", 0, 0, kMaxSeconds);
  if (!t.ok()) return t.status();
  settings.time_limit = *t;
  if (auto m = args.Get("memory")) {
    auto size = ByteSize::Parse(*m);
    if (!size.ok()) return size.status();
    settings.memory = *std::move(size);
  }
  if (auto s = args.Get("tt-size")) {
    auto size = ByteSize::Parse(*s);
    if (!size.ok()) return size.status();
    settings.tt_size = *std::move(size);
  }
  auto threads = args.GetInt("threads", 0, 0, kMaxThreads);
  if (!threads.ok()) return threads.status();
  settings.threads = *threads;
  settings.symmetry = !args.Has("no-symmetry");
  settings.ordering = !args.Has("no-ordering");
  settings.best_moves = !args.Has("no-best-moves");
  settings.progress = WantsProgress(args);
  return MakeSolveOptions(settings, limit_address_space);
}

absl::StatusOr<SolveCommandLine> ParseSolveCommandLine(const std::vector<std::string>& argv,
                                                       const CommandLineSpec& command_line,
                                                       bool limit_address_space) {
  auto args = Args::Parse(argv, command_line);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(1, "game SPEC"); !st.ok()) return st;
  auto spec = ParseSpec(args->positional()[0]);
  if (!spec.ok()) return spec.status();
  auto options = ParseSolveOptions(*args, limit_address_space);
  if (!options.ok()) return options.status();
  return SolveCommandLine{*std::move(args), *std::move(spec), *std::move(options)};
}

}  // namespace gamebench
