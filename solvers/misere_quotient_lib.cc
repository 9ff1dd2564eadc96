#include "solvers/misere_quotient.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <queue>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"

namespace gamebench {
namespace {

using Bits = std::vector<uint64_t>;

bool Test(const Bits& b, uint32_t i) { return (b[i / 64] >> (i % 64)) & 1; }
void Set(Bits& b, uint32_t i) { b[i / 64] |= uint64_t{1} << (i % 64); }

std::string MiB(uint64_t bytes) { return absl::StrCat(bytes >> 20, " MiB"); }

}  // namespace

void HeapTypes::AddSize(int64_t h) {
  if (type_of.empty()) type_of.assign(rules.size(), std::vector<int>(1, -1));
  for (size_t r = 0; r < rules.size(); ++r) {
    Type type{static_cast<int>(r), h, {}};
    rules[r].ForEachOption(static_cast<int>(h), [&](int a, int b) {
      type.options.push_back({type_of[r][a], type_of[r][b]});
    });
    type_of[r].push_back(static_cast<int>(types.size()));
    types.push_back(std::move(type));
  }
}

MisereQuotient::MisereQuotient(std::vector<HeapRule> rules) {
  types_.rules = std::move(rules);
  types_.type_of.assign(types_.rules.size(), std::vector<int>(1, -1));
  // A_0 = {0}: one element, the empty position, an N-position in misère
  // play (the player to move has no move and so has not moved last).
  q_ = BipartiteMonoid(1);
  rep_ = {{}};
  options_ = {{}};
  order_ = {0};
}

absl::Status MisereQuotient::ExtendTo(int64_t upto, const MisereQuotientLimits& limits) {
  while (upto_ < upto) {
    if (limits.should_stop && limits.should_stop())
      return absl::DeadlineExceededError(
          absl::StrCat("heap ", upto_ + 1, ": stopped by the time limit"));
    // Several rules add several types per size: keep the state of the
    // sizes before, so that a limit reached mid-size leaves a whole size.
    const BipartiteMonoid q = q_;
    const std::vector<uint32_t> phi = phi_;
    const auto rep = rep_;
    const auto options = options_;
    const auto order = order_;
    const HeapTypes types = types_;
    types_.AddSize(upto_ + 1);
    for (size_t t = types.types.size(); t < types_.types.size(); ++t) {
      if (absl::Status st = AddType(static_cast<int>(t), limits); !st.ok()) {
        q_ = q;
        phi_ = phi;
        rep_ = rep;
        options_ = options;
        order_ = order;
        types_ = types;
        return st;
      }
    }
    ++upto_;
    size_history_.push_back(q_.size());
    if (limits.on_size) limits.on_size(upto_);
  }
  return absl::OkStatus();
}

absl::Status MisereQuotient::BuildCandidate(int t, const MisereQuotientLimits& limits) {
  const HeapTypes::Type& type = types_.types[t];
  auto phi_of = [&](int s) -> uint32_t { return s < 0 ? 0 : phi_[s]; };
  // Step 1: the classes of the new heap's options.
  std::vector<uint32_t> heap_options;
  for (auto [a, b] : type.options) heap_options.push_back(q_.Mul(phi_of(a), phi_of(b)));
  std::sort(heap_options.begin(), heap_options.end());
  heap_options.erase(std::unique(heap_options.begin(), heap_options.end()), heap_options.end());

  // Step 2: columns k = 0, 1, ...: bit x says x + k new heaps is a
  // P-position, until a column repeats.
  const uint32_t n = q_.size();
  const size_t words = (n + 63) / 64;
  std::vector<Bits> cols;
  absl::flat_hash_map<Bits, size_t> seen;
  Bits col0(words, 0);
  for (uint32_t x = 0; x < n; ++x)
    if (q_.InP(x)) Set(col0, x);
  seen[col0] = 0;
  cols.push_back(std::move(col0));
  size_t first = 0, length = 0;
  while (true) {
    const Bits& prev = cols.back();
    Bits col(words, 0);
    for (uint32_t x : order_) {
      bool p = !options_[x].empty() || !heap_options.empty();
      for (uint32_t o : options_[x])
        if (Test(col, o)) {
          p = false;
          break;
        }
      if (p)
        for (uint32_t o : heap_options)
          if (Test(prev, q_.Mul(x, o))) {
            p = false;
            break;
          }
      if (p) Set(col, x);
    }
    auto [it, inserted] = seen.try_emplace(col, cols.size());
    if (!inserted) {
      first = it->second;
      length = cols.size();
      break;
    }
    cols.push_back(std::move(col));
    const uint64_t candidate = static_cast<uint64_t>(n) * cols.size();
    // The refinement holds a successor table per generator (4 bytes each).
    if (candidate > limits.max_size * 64 ||
        candidate * 4 * (static_cast<uint64_t>(t) + 4) > limits.memory_bytes)
      return absl::ResourceExhaustedError(absl::StrCat(
          "heap ", type.size, " (rule ", types_.rules[type.rule].Name(), "): more than ",
          cols.size(), " powers of the new heap differ over the ", n,
          " elements so far; the candidate quotient passes the limits (--max-size ",
          limits.max_size, ", --memory ", MiB(limits.memory_bytes), ")"));
  }

  // Step 3: the candidate Q x {a^0 .. a^(length-1)}, a^length = a^first,
  // element (i, x) numbered i * n + x; reduced by indistinguishability.
  const uint64_t period = length - first;
  auto fold = [&](uint64_t i) { return i < length ? i : first + (i - first) % period; };
  const uint32_t m = static_cast<uint32_t>(n * length);
  std::vector<uint32_t> gens;
  for (int s = 0; s < t; ++s) gens.push_back(phi_[s]);
  std::sort(gens.begin(), gens.end());
  gens.erase(std::unique(gens.begin(), gens.end()), gens.end());
  std::vector<std::function<uint32_t(uint32_t)>> next;
  for (uint32_t g : gens)
    next.push_back([&, g](uint32_t e) { return e / n * n + q_.Mul(e % n, g); });
  next.push_back([&](uint32_t e) { return static_cast<uint32_t>(fold(e / n + 1) * n + e % n); });
  std::vector<uint32_t> cls = IndistinguishabilityClasses(
      m, [&](uint32_t e) { return Test(cols[e / n], e % n); }, next);
  uint32_t classes = 0;
  for (uint32_t c : cls) classes = std::max(classes, c + 1);
  if (classes > limits.max_size)
    return absl::ResourceExhaustedError(
        absl::StrCat("heap ", type.size, " (rule ", types_.rules[type.rule].Name(),
                     "): the quotient would have ", classes, " elements, over --max-size ",
                     limits.max_size));
  if (BipartiteMonoid::TableBytes(classes) > limits.memory_bytes)
    return absl::ResourceExhaustedError(absl::StrCat(
        "heap ", type.size, " (rule ", types_.rules[type.rule].Name(), "): the quotient's table (",
        classes, " elements) would take ", MiB(BipartiteMonoid::TableBytes(classes)),
        ", over the memory budget ", MiB(limits.memory_bytes), " (--memory)"));
  std::vector<uint32_t> member(classes, UINT32_MAX);
  for (uint32_t e = 0; e < m; ++e)
    if (member[cls[e]] == UINT32_MAX) member[cls[e]] = e;
  BipartiteMonoid q(classes);
  for (uint32_t c = 0; c < classes; ++c) {
    const uint32_t e = member[c];
    q.SetP(c, Test(cols[e / n], e % n));
    for (uint32_t d = 0; d < classes; ++d) {
      const uint32_t f = member[d];
      const uint64_t i = fold(e / n + f / n);
      q.SetMul(c, d, cls[i * n + q_.Mul(e % n, f % n)]);
    }
  }
  for (int s = 0; s < t; ++s) phi_[s] = cls[phi_[s]];
  phi_.push_back(cls[fold(1) * n]);
  q_ = std::move(q);
  ComputeRepresentatives();
  return absl::OkStatus();
}

absl::Status MisereQuotient::AddType(int t, const MisereQuotientLimits& limits) {
  if (absl::Status st = BuildCandidate(t, limits); !st.ok()) return st;
  // Step 4, the exact check; where it fails, step 5 and check again.
  for (int round = 0;; ++round) {
    Walk walk = WalkStates(limits.max_verify_states);
    if (!walk.complete) {
      verified_ = false;
      return absl::OkStatus();
    }
    if (walk.agrees) return absl::OkStatus();
    if (limits.should_stop && limits.should_stop())
      return absl::DeadlineExceededError(absl::StrCat(
          "heap ", types_.types[t].size, ": stopped by the time limit while recalibrating"));
    if (round == limits.max_refinements)
      return absl::ResourceExhaustedError(absl::StrCat(
          "heap ", types_.types[t].size, " (rule ", types_.rules[types_.types[t].rule].Name(),
          "): the quotient did not settle after ", limits.max_refinements,
          " recalibrations (the candidate had ", q_.size(), " elements)"));
    ++refinements_;
    if (absl::Status st = Recalibrate(LeastFailure(walk), limits); !st.ok()) return st;
  }
}

std::vector<int> MisereQuotient::LeastFailure(const Walk& walk) const {
  // Dijkstra by tokens over the walk; a step costs its smallest heap.
  const size_t steps = walk.next.empty() ? 0 : walk.next[0].size();
  std::vector<int> cheapest(steps, -1);
  for (size_t s = 0; s < walk.step_of_type.size(); ++s) {
    int& c = cheapest[walk.step_of_type[s]];
    if (c < 0 || types_.types[s].size < types_.types[c].size) c = static_cast<int>(s);
  }
  const size_t count = walk.cls.size();
  const int64_t kInf = std::numeric_limits<int64_t>::max();
  std::vector<int64_t> dist(count, kInf);
  std::vector<std::pair<uint32_t, int>> parent(count, {0, -1});
  std::vector<bool> done(count, false);
  using Item = std::pair<int64_t, uint32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
  dist[0] = 0;
  queue.push({0, 0});
  while (!queue.empty()) {
    auto [d, i] = queue.top();
    queue.pop();
    if (done[i]) continue;
    done[i] = true;
    if (q_.InP(walk.cls[i]) != static_cast<bool>(walk.derived_p[i])) {
      std::vector<int> w;
      for (uint32_t j = i; parent[j].second >= 0; j = parent[j].first)
        w.push_back(parent[j].second);
      return w;
    }
    for (size_t g = 0; g < steps; ++g) {
      const uint32_t j = walk.next[i][g];
      const int64_t c = d + types_.types[cheapest[g]].size;
      if (c < dist[j]) {
        dist[j] = c;
        parent[j] = {i, cheapest[g]};
        queue.push({c, j});
      }
    }
  }
  return {};
}

void MisereQuotient::ComputeRepresentatives() {
  const uint32_t n = q_.size();
  // Per distinct class of a heap, its smallest heap: the cheapest way to
  // multiply by that class.
  absl::flat_hash_map<uint32_t, int> cheapest;
  for (size_t s = 0; s < phi_.size(); ++s) {
    auto [it, inserted] = cheapest.try_emplace(phi_[s], static_cast<int>(s));
    if (!inserted && types_.types[s].size < types_.types[it->second].size)
      it->second = static_cast<int>(s);
  }
  std::vector<std::pair<uint32_t, int>> steps(cheapest.begin(), cheapest.end());
  std::sort(steps.begin(), steps.end());
  // Dijkstra by tokens from the empty position.
  const int64_t kInf = std::numeric_limits<int64_t>::max();
  std::vector<int64_t> dist(n, kInf);
  std::vector<std::vector<int>> rep(n);
  std::vector<bool> done(n, false);
  using Item = std::pair<int64_t, uint32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
  dist[0] = 0;
  queue.push({0, 0});
  order_.clear();
  while (!queue.empty()) {
    auto [d, x] = queue.top();
    queue.pop();
    if (done[x]) continue;
    done[x] = true;
    order_.push_back(x);
    for (auto [g, s] : steps) {
      const uint32_t y = q_.Mul(x, g);
      const int64_t c = d + types_.types[s].size;
      if (c < dist[y]) {
        dist[y] = c;
        rep[y] = rep[x];
        rep[y].push_back(s);
        queue.push({c, y});
      }
    }
  }
  rep_ = std::move(rep);
  // The option classes of each representative.
  options_.assign(n, {});
  for (uint32_t x = 0; x < n; ++x) {
    const std::vector<int>& r = rep_[x];
    std::vector<uint32_t>& out = options_[x];
    for (size_t i = 0; i < r.size(); ++i) {
      if (i > 0 && std::find(r.begin(), r.begin() + i, r[i]) != r.begin() + i) continue;
      uint32_t rest = 0;
      for (size_t j = 0; j < r.size(); ++j)
        if (j != i) rest = q_.Mul(rest, phi_[r[j]]);
      for (auto [a, b] : types_.types[r[i]].options)
        out.push_back(q_.Mul(rest, q_.Mul(a < 0 ? 0 : phi_[a], b < 0 ? 0 : phi_[b])));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }
}

MisereQuotient::Walk MisereQuotient::WalkStates(uint64_t max_states) const {
  const uint32_t n = q_.size();
  const size_t words = (n + 63) / 64;
  Walk walk;
  // A heap as a step: its class and its options' classes (heaps alike in
  // both are one step).
  std::vector<std::pair<uint32_t, std::vector<uint32_t>>> steps;
  absl::flat_hash_map<std::pair<uint32_t, std::vector<uint32_t>>, int> step_of;
  for (size_t s = 0; s < phi_.size(); ++s) {
    std::vector<uint32_t> opts;
    for (auto [a, b] : types_.types[s].options)
      opts.push_back(q_.Mul(a < 0 ? 0 : phi_[a], b < 0 ? 0 : phi_[b]));
    std::sort(opts.begin(), opts.end());
    opts.erase(std::unique(opts.begin(), opts.end()), opts.end());
    std::pair<uint32_t, std::vector<uint32_t>> step{phi_[s], std::move(opts)};
    auto [it, inserted] = step_of.try_emplace(step, static_cast<int>(steps.size()));
    if (inserted) steps.push_back(step);
    walk.step_of_type.push_back(it->second);
  }
  std::vector<Bits> shadow(n);
  for (uint32_t x = 0; x < n; ++x) shadow[x] = q_.Shadow(x);
  // A state: word 0 the class and (bit 32) whether the position has a
  // move, then the P-shadow F of its options' classes: z in F iff some
  // option class u has u z in P. The option classes of x + heap are
  // (options of x) * heap and x * (options of heap).
  absl::flat_hash_map<Bits, uint32_t> index;
  std::vector<Bits> states;
  states.push_back(Bits(words + 1, 0));
  index[states[0]] = 0;
  walk.agrees = true;
  for (uint32_t i = 0; i < states.size(); ++i) {
    const uint32_t x = static_cast<uint32_t>(states[i][0] & 0xFFFFFFFFu);
    const bool has_move = (states[i][0] >> 32) & 1;
    const bool option_in_p = (states[i][1] & 1) != 0;  // z = identity
    walk.cls.push_back(x);
    walk.derived_p.push_back(has_move && !option_in_p);
    walk.agrees &= q_.InP(x) == walk.derived_p.back();
    walk.next.emplace_back(steps.size());
    for (size_t g = 0; g < steps.size(); ++g) {
      const auto& [y, opts] = steps[g];
      Bits next(words + 1, 0);
      next[0] = q_.Mul(x, y) | (uint64_t{has_move || !opts.empty()} << 32);
      for (uint32_t z = 0; z < n; ++z) {
        const uint32_t yz = q_.Mul(y, z);
        if ((states[i][1 + yz / 64] >> (yz % 64)) & 1) next[1 + z / 64] |= uint64_t{1} << (z % 64);
      }
      for (uint32_t o : opts) {
        const Bits& sh = shadow[q_.Mul(x, o)];
        for (size_t w = 0; w < words; ++w) next[1 + w] |= sh[w];
      }
      auto [it, inserted] = index.try_emplace(next, static_cast<uint32_t>(states.size()));
      if (inserted) {
        if (states.size() >= max_states) {
          walk.complete = false;
          walk.states = states.size();
          return walk;
        }
        states.push_back(std::move(next));
      }
      walk.next[i][g] = it->second;
    }
  }
  walk.complete = true;
  walk.states = states.size();
  return walk;
}

std::optional<bool> MisereQuotient::Verify(const MisereQuotientLimits& limits,
                                           uint64_t* states) const {
  Walk walk = WalkStates(limits.max_verify_states);
  if (states) *states = walk.states;
  if (!walk.complete) return std::nullopt;
  return walk.agrees;
}

}  // namespace gamebench
