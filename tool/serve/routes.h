#ifndef GAMEBENCH_TOOL_SERVE_ROUTES_H_
#define GAMEBENCH_TOOL_SERVE_ROUTES_H_

// The routes of `gamebench serve`:
//   GET /api/v1/                                  the games (an array)
//   GET /api/v1/<game>/                           the game and its variants
//   GET /api/v1/<game>/<variant>/                 the variant and its start position
//   GET /api/v1/<game>/<variant>/positions/?p=POS[&m=MOVE]
//                                                 the position (after MOVE), valued
//   GET /api/results/                             what the results folder holds
//   GET /results/<file>                           a file of the results folder
//   GET /, GET /<file>                            the page (the static folder)
// A variant is the spec's parameters in canonical form ("w=7,h=6,score=exact")
// or "regular" for the defaults. Bad input is a 4xx with a JSON error
// (tool/serve/api_error.h); a position is valued on the search pool.

#include <memory>
#include <optional>
#include <set>
#include <string>

#include "tool/serve/answer_cache.h"
#include "tool/serve/position_source.h"
#include "tool/serve/search_pool.h"
#include "tool/serve/static_files.h"

namespace httplib {
class Server;
}

namespace gamebench {

struct ServeContext {
  std::unique_ptr<PositionSource> source;
  std::unique_ptr<SearchPool> pool;
  std::unique_ptr<AnswerCache> cache;
  StaticFolder page;
  std::optional<StaticFolder> results;
  std::set<std::string> loopy_games;  // by name: `list --json` capability "loopy"
};

// Registers every route on `server`; `context` outlives it.
void AddRoutes(httplib::Server& server, ServeContext& context);

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_SERVE_ROUTES_H_
