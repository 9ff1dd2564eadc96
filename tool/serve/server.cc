#include "tool/serve/server.h"

#include <httplib.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

#include "absl/strings/str_cat.h"
#include "tool/operations.h"
#include "tool/serve/routes.h"

namespace gamebench {
namespace {

// Set by SIGINT/SIGTERM (a lock-free atomic store is all a handler may do);
// a watcher thread sees it and stops the server.
std::atomic<bool> stop_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free);
extern "C" void OnStopSignal(int) { stop_requested.store(true); }

// The connections served at once (each waits for its own search, if any).
constexpr size_t kConnectionThreads = 16;

}  // namespace

absl::Status RunServer(const ServeSettings& settings) {
  ServeContext context;
  auto source = PositionSource::Open(settings);
  if (!source.ok()) return source.status();
  context.source = std::move(*source);
  auto page = StaticFolder::List(settings.static_dir);
  if (!page.ok())
    return absl::InvalidArgumentError(absl::StrCat("--static: ", page.status().message()));
  context.page = std::move(*page);
  if (settings.results_dir) {
    auto results = StaticFolder::List(*settings.results_dir);
    if (!results.ok())
      return absl::InvalidArgumentError(absl::StrCat("--results: ", results.status().message()));
    context.results = std::move(*results);
  }
  const Json list = ListJson();
  for (const Json& g : list.Find("games")->as_array())
    for (const Json& cap : g.Find("capabilities")->as_array())
      if (cap.as_string() == "loopy") context.loopy_games.insert(g.Find("name")->as_string());
  context.cache = std::make_unique<AnswerCache>(settings.cache_entries);
  context.pool = std::make_unique<SearchPool>(settings.workers, settings.queue);

  httplib::Server server;
  server.new_task_queue = [] { return new httplib::ThreadPool(kConnectionThreads); };
  server.set_keep_alive_max_count(100);
  server.set_keep_alive_timeout(2);
  server.set_payload_max_length(1 << 16);
  AddRoutes(server, context);

  int port = settings.port;
  if (port == 0) {
    port = server.bind_to_any_port(settings.host);
    if (port < 0) port = -1;
  } else if (!server.bind_to_port(settings.host, port)) {
    port = -1;
  }
  if (port < 0)
    return absl::UnavailableError(absl::StrCat("cannot listen on ", settings.host, ":",
                                               settings.port, " (in use, or not an address here)"));

  struct sigaction action = {};
  action.sa_handler = OnStopSignal;
  sigemptyset(&action.sa_mask);
  struct sigaction old_int = {}, old_term = {};
  sigaction(SIGINT, &action, &old_int);
  sigaction(SIGTERM, &action, &old_term);
  std::atomic<bool> finished{false};
  std::thread watcher([&server, &finished] {
    while (!finished.load() && !stop_requested.load())
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    server.stop();
  });

  const std::string host =
      settings.host.find(':') != std::string::npos ? absl::StrCat("[", settings.host, "]") : settings.host;
  std::printf("gamebench serve: http://%s:%d/ (Ctrl-C stops)\n", host.c_str(), port);
  std::fflush(stdout);
  const bool listened = server.listen_after_bind();
  finished.store(true);
  watcher.join();
  sigaction(SIGINT, &old_int, nullptr);
  sigaction(SIGTERM, &old_term, nullptr);
  if (!listened && !stop_requested.load())
    return absl::UnavailableError(absl::StrCat("serving on ", host, ":", port, " failed"));
  std::fprintf(stderr, "gamebench serve: stopped\n");
  return absl::OkStatus();
}

}  // namespace gamebench
