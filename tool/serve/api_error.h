#ifndef GAMEBENCH_TOOL_SERVE_API_ERROR_H_
#define GAMEBENCH_TOOL_SERVE_API_ERROR_H_

// A refusal of `gamebench serve` as HTTP: the status that fits the kind of
// error (400 bad input, 404 unknown game or path, 503 busy or over the
// memory budget, 504 past the time limit, 500 the tool's own failure) and
// the body {"error": {"code": "invalid_argument", "message": "..."}}, the
// code being the absl status code in lower case, as `--json` prints it.

#include <string>

#include "absl/status/status.h"

namespace gamebench {

int HttpStatusOf(absl::StatusCode code);
// The JSON body of an error (the message folded to one line).
std::string ErrorBody(const absl::Status& status);

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_SERVE_API_ERROR_H_
