#ifndef GAMEBENCH_CORE_SPEC_H_
#define GAMEBENCH_CORE_SPEC_H_

#include <cstdint>
#include <string>
#include "absl/strings/string_view.h"
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace gamebench {

// A game specification as typed by the user: `name` or
// `name(key=value,...)`, where a list value is written `a;b;c`, and where an
// argument without `=` is itself a nested spec (used by `sum(G1,G2,...)`).
struct Spec {
  std::string name;
  std::vector<std::pair<std::string, std::string>> params;  // in given order
  std::vector<Spec> args;                                   // nested specs
  bool parenthesized = false;  // `name(...)` rather than the bare `name`
};

// Parses a whole spec; rejects empty names, unbalanced parentheses, empty
// keys or values, a parameter given twice, and trailing text.
absl::StatusOr<Spec> ParseSpec(absl::string_view text);

// Writes a spec back in the form ParseSpec reads.
std::string FormatSpec(const Spec& spec);

// Reads a game's parameters from a Spec with range checks, and remembers which
// it consumed so that Finish() can reject unknown keys. Games use it in their
// FromSpec() so every game reports bad parameters in the same words.
class ParamReader {
 public:
  explicit ParamReader(const Spec& spec) : spec_(spec), used_(spec.params.size(), false) {}

  absl::StatusOr<int64_t> Int(absl::string_view key, int64_t default_value, int64_t min,
                              int64_t max);
  absl::StatusOr<bool> Bool(absl::string_view key, bool default_value);
  absl::StatusOr<std::vector<int64_t>> IntList(absl::string_view key,
                                               std::vector<int64_t> default_value,
                                               int64_t min_value, int64_t max_value,
                                               size_t min_count, size_t max_count);
  // The raw text of a parameter, or the default when absent.
  std::string Text(absl::string_view key, absl::string_view default_value);
  bool Has(absl::string_view key) const;

  // Errors when a parameter was not consumed, or when nested specs were given
  // to a game that takes none.
  absl::Status Finish(bool allow_args = false) const;

 private:
  const std::string* Find(absl::string_view key);
  absl::Status Error(absl::string_view key, absl::string_view what) const;

  const Spec& spec_;
  std::vector<bool> used_;
};

// Parses a decimal integer in [min, max]; the error names `what`.
absl::StatusOr<int64_t> ParseInt(absl::string_view text, int64_t min, int64_t max,
                                 absl::string_view what);

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_SPEC_H_
