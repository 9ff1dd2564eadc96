#ifndef GAMEBENCH_TOOL_SERVE_SERVER_H_
#define GAMEBENCH_TOOL_SERVE_SERVER_H_

// `gamebench serve`: opens the tables, lists the page's folder, binds
// host:port (cpp-httplib), prints the URL on stdout, answers requests until
// SIGINT or SIGTERM, then stops: the listening socket closes, running
// requests finish, the search pool drains, and the call returns OK.

#include "absl/status/status.h"
#include "tool/serve/serve_settings.h"

namespace gamebench {

absl::Status RunServer(const ServeSettings& settings);

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_SERVE_SERVER_H_
