#include "tool/serve/position_source.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <thread>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "tool/game_files.h"
#include "tool/game_registry.h"
#include "tool/operations.h"
#include "tool/serve/grundy_value.h"

namespace gamebench {
namespace {

// Sets `*flag` once `seconds` have passed (never when 0), unless destroyed
// first.
class RequestTimer {
 public:
  RequestTimer(double seconds, std::atomic<bool>* flag) {
    if (seconds <= 0) return;
    thread_ = std::thread([this, seconds, flag] {
      std::unique_lock<std::mutex> lock(mutex_);
      if (!cv_.wait_for(lock, std::chrono::duration<double>(seconds), [this] { return done_; }))
        flag->store(true);
    });
  }
  ~RequestTimer() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;
};

// Games made for requests are kept (a few bytes each); past this many
// distinct variants the cache starts again, so that requests naming ever new
// variants cannot grow it without bound.
constexpr size_t kMaxCachedGames = 256;

Valued FromAnswer(const TableAnswer& answer) {
  Valued v;
  v.value = answer.value;
  v.remoteness = answer.remoteness;
  v.terminal = answer.terminal;
  if (answer.terminal) v.remoteness = 0;
  return v;
}

// The value of a non-terminal position from its children's (negamax), and
// its remoteness when every child that decides it has one: a win by the
// quickest move to a lost child, a loss by the slowest child.
Valued FromChildren(const std::vector<PositionEval::Child>& children, bool scored) {
  Valued v;
  v.value = -children.front().valued.value;
  for (const auto& c : children) v.value = std::max(v.value, -c.valued.value);
  if (scored || v.value == kDrawScore) return v;
  std::optional<int> rem;
  for (const auto& c : children) {
    if (v.value > 0 && -c.valued.value != v.value) continue;
    if (!c.valued.remoteness) return v;
    const int r = *c.valued.remoteness + 1;
    rem = !rem ? r : (v.value > 0 ? std::min(*rem, r) : std::max(*rem, r));
  }
  v.remoteness = rem;
  return v;
}

}  // namespace

absl::StatusOr<std::unique_ptr<PositionSource>> PositionSource::Open(
    const ServeSettings& settings) {
  std::unique_ptr<PositionSource> source(new PositionSource(settings));
  for (const std::string& path : settings.tables) {
    Table t;
    t.path = path;
    if (std::filesystem::is_directory(path)) {
      auto game = OpenTierDirectory(path);
      if (!game.ok()) return game.status();
      t.game = std::move(*game);
    } else {
      auto opened = OpenTableFile(path);
      if (!opened.ok()) return opened.status();
      t.game = std::move(opened->game);
      t.table = std::move(opened->table);
    }
    const std::string spec = t.game->spec();
    if (source->tables_.count(spec))
      return absl::InvalidArgumentError(absl::StrCat("--table ", path, ": a table of ", spec,
                                                     " is already given (",
                                                     source->tables_[spec].path, ")"));
    source->tables_.emplace(spec, std::move(t));
  }
  return source;
}

std::vector<std::string> PositionSource::TableSpecs() const {
  std::vector<std::string> out;
  for (const auto& entry : tables_) out.push_back(entry.first);
  return out;
}

absl::StatusOr<std::shared_ptr<const GameHandle>> PositionSource::Game(const Spec& spec) {
  auto made = MakeGame(spec);
  if (!made.ok()) return made.status();
  const std::string canonical = (*made)->spec();
  if (auto it = tables_.find(canonical); it != tables_.end()) return it->second.game;
  std::lock_guard<std::mutex> lock(games_mutex_);
  if (auto it = games_.find(canonical); it != games_.end()) return it->second;
  if (games_.size() >= kMaxCachedGames) games_.clear();
  std::shared_ptr<const GameHandle> game = std::move(*made);
  games_.emplace(canonical, game);
  return game;
}

absl::StatusOr<PositionEval> PositionSource::Evaluate(const GameHandle& game,
                                                      const std::string& state) const {
  auto it = tables_.find(game.spec());
  absl::StatusOr<PositionEval> eval =
      it != tables_.end() ? FromTable(it->second, state) : BySearch(game, state);
  if (!eval.ok()) return eval;
  // Impartial heap games: the Grundy value of the position and of each child.
  if (auto heaps = NormalPlayHeapGame(game.spec())) {
    eval->self.grundy = GrundyValue(*heaps, game.Format(state), settings_.options);
    for (auto& c : eval->children)
      c.valued.grundy = GrundyValue(*heaps, game.Format(c.state), settings_.options);
  }
  return eval;
}

absl::StatusOr<PositionEval> PositionSource::FromTable(const Table& table,
                                                       const std::string& state) const {
  Stopwatch watch;
  const GameHandle& game = *table.game;
  auto query = [&](const std::string& s) {
    return table.table ? game.Query(*table.table, s) : game.TieredQuery(table.path, s);
  };
  PositionEval out;
  out.state = state;
  out.source = "table";
  out.table = table.path;
  auto self = query(state);
  if (!self.ok()) return self.status();
  out.self = FromAnswer(*self);
  for (const std::string& move : game.Moves(state)) {
    auto child = game.Play(state, move);
    if (!child.ok()) return child.status();
    auto answer = query(*child);
    if (!answer.ok()) return answer.status();
    out.children.push_back({move, *child, FromAnswer(*answer)});
  }
  out.seconds = watch.Seconds();
  return out;
}

absl::StatusOr<std::string> PositionSource::SolverFor(const GameHandle& game) const {
  auto entry = FindGame(game.name());
  if (!entry.ok()) return entry.status();
  if (settings_.solver_given || (*entry)->solver_applies(settings_.solver)) return settings_.solver;
  // The first solver of the catalog that applies (the catalog's order).
  const Json list = ListJson();
  for (const Json& s : list.Find("solvers")->as_array())
    if ((*entry)->solver_applies(s.Find("name")->as_string())) return s.Find("name")->as_string();
  return absl::UnimplementedError(absl::StrCat("no solver of the catalog applies to ", game.spec()));
}

absl::StatusOr<PositionEval> PositionSource::BySearch(const GameHandle& game,
                                                      const std::string& state) const {
  Stopwatch watch;
  PositionEval out;
  out.state = state;
  out.source = "search";
  if (auto t = game.Terminal(state)) {
    out.self = {*t, 0, true, std::nullopt};
    return out;
  }
  auto solver = SolverFor(game);
  if (!solver.ok()) return solver.status();
  out.solver = *solver;
  SolveOptions options = settings_.options;
  options.best_moves = false;  // the children's values are what is asked
  options.progress = false;
  auto batch = game.StartBatch(*solver, options);
  if (!batch.ok()) return batch.status();
  // One time limit for the whole request: the batch's searches each stop
  // at it, and the timer cancels the one running when the request's time is
  // up (CancelScope, core/solve.h).
  const double limit = settings_.options.time_limit_seconds;
  std::atomic<bool> cancel{false};
  CancelScope scope(&cancel);
  RequestTimer timer(limit, &cancel);
  for (const std::string& move : game.Moves(state)) {
    auto child = game.Play(state, move);
    if (!child.ok()) return child.status();
    PositionEval::Child c{move, *child, {}};
    if (auto t = game.Terminal(*child)) {
      c.valued = {*t, 0, true, std::nullopt};
    } else {
      const SolveReport r = (*batch)->Solve(*child);
      out.nodes += r.nodes;
      if (!r.complete || cancel.load())
        return absl::DeadlineExceededError(absl::StrCat(
            "the search of ", game.Format(state), " (", game.spec(), ", solver ", *solver,
            ") passed the time limit of ", limit, " s (--time-limit)"));
      c.valued.value = r.value;
      c.valued.remoteness = r.remoteness;
    }
    out.children.push_back(std::move(c));
  }
  out.self = FromChildren(out.children, game.scored());
  out.seconds = watch.Seconds();
  return out;
}

}  // namespace gamebench
