// `misere`: the misère quotient of a heap game (solvers/misere_quotient.h),
// its presentation, stabilisation and tameness, and the heaps' genera.

#include <algorithm>
#include <cstdio>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/memory.h"
#include "core/progress.h"
#include "solvers/misere_analysis.h"
#include "solvers/misere_presentation.h"
#include "solvers/misere_values.h"
#include "tool/heap_solve.h"
#include "tool/operations.h"

namespace gamebench {
namespace {

// Positions the genus search may hold (solvers/misere_values.h).
constexpr uint64_t kGenusPositions = 1 << 20;
constexpr int kGammas = 12;

Json QuotientJson(const MisereQuotient& q, const MisereQuotientLimits& limits) {
  const BipartiteMonoid& m = q.monoid();
  const MiserePresentation p = Present(q);
  const MisereAnalysis a = Analyze(q, limits);
  Json j = Json::MakeObject();
  j.Set("upto", q.upto());
  j.Set("size", static_cast<int64_t>(m.size()));
  j.Set("p_count", static_cast<int64_t>(m.PCount()));
  j.Set("verified", q.verified());
  j.Set("refinements", q.refinements());
  Json gens = Json::MakeArray();
  for (const auto& g : p.generators) {
    Json x = Json::MakeObject();
    x.Set("name", g.name);
    x.Set("heap", g.heap);
    gens.Push(std::move(x));
  }
  j.Set("generators", std::move(gens));
  Json rels = Json::MakeArray();
  for (const std::string& r : p.relations) rels.Push(Json(r));
  j.Set("relations", std::move(rels));
  Json elements = Json::MakeArray(), pset = Json::MakeArray();
  for (uint32_t x = 0; x < m.size(); ++x) {
    elements.Push(Json(p.words[x]));
    if (m.InP(x)) pset.Push(Json(p.words[x]));
  }
  j.Set("elements", std::move(elements));
  j.Set("p_portion", std::move(pset));
  Json pretend = Json::MakeArray(), sizes = Json::MakeArray();
  pretend.as_array().reserve(q.upto());
  sizes.as_array().reserve(q.upto());
  for (int64_t h = 1; h <= q.upto(); ++h) {
    pretend.as_array().emplace_back(p.words[q.Pretend(0, h)]);
    sizes.as_array().emplace_back(static_cast<int64_t>(q.size_history()[h - 1]));
  }
  j.Set("pretending", std::move(pretend));
  j.Set("size_history", std::move(sizes));
  j.Set("stable_from", a.stable_from);
  j.Set("periodic", a.periodic);
  j.Set("period", a.periodic ? Json(a.period) : Json());
  j.Set("preperiod", a.periodic ? Json(a.preperiod) : Json());
  j.Set("tame", a.tame ? Json(*a.tame) : Json());
  return j;
}

}  // namespace

MisereRun MisereCommand(const MisereRequest& request) {
  MisereRun run;
  auto described = HeapSpecOf(request.spec);
  if (!described.ok()) {
    run.status = described.status();
    return run;
  }
  if (!described->has_value() || (*described)->components.size() != 1) {
    run.status = absl::InvalidArgumentError(absl::StrCat(
        "game '", request.spec.name, "': a misere quotient needs a heap game of one rule"));
    return run;
  }
  const HeapRule rule = (*described)->components[0].rule;
  run.game_spec = (*described)->canonical;
  MisereQuotientLimits limits;
  limits.max_size = static_cast<uint64_t>(request.max_size);
  limits.memory_bytes = request.memory_bytes ? request.memory_bytes : DefaultMemoryBudget();
  Stopwatch watch;
  Progress progress(request.progress);
  progress.Phase("misere quotient: heaps", static_cast<uint64_t>(request.upto));
  if (request.time_limit > 0)
    limits.should_stop = [&watch, &request] { return watch.Seconds() >= request.time_limit; };
  limits.on_size = [&progress](int64_t h) { progress.Update(static_cast<uint64_t>(h)); };
  auto q = std::make_shared<MisereQuotient>(std::vector<HeapRule>{rule});
  run.status = q->ExtendTo(request.upto, limits);
  progress.Finish();
  limits.should_stop = nullptr;  // the analysis below is bounded by its own limits
  limits.on_size = nullptr;
  run.quotient = q;
  Json j = QuotientJson(*q, limits);
  Json out = Json::MakeObject();
  out.Set("game", run.game_spec);
  out.Set("rule", rule.Name());
  out.Set("requested_upto", request.upto);
  for (const auto& [k, v] : j.as_object()) out.Set(k, v);
  if (!run.status.ok()) out.Set("stopped", std::string(run.status.message()));
  const int64_t genus_upto = request.genus_upto.value_or(std::min<int64_t>(request.upto, 12));
  Json genera = Json::MakeArray();
  for (const HeapGenus& g : HeapGenera(rule, genus_upto, kGammas, kGenusPositions)) {
    Json x = Json::MakeObject();
    x.Set("heap", g.heap);
    x.Set("misere_grundy", g.gammas[0]);
    x.Set("genus", g.text);
    x.Set("settled", g.settled);
    genera.Push(std::move(x));
  }
  out.Set("genera", std::move(genera));
  out.Set("seconds", watch.Seconds());
  run.json = std::move(out);
  return run;
}

void PrintMisere(const MisereRun& run, bool json) {
  if (json) {
    std::printf("%s\n", run.json.Dump().c_str());
    return;
  }
  const Json& j = run.json;
  auto text = [&](const char* key) { return j.Find(key) ? j.Find(key)->Dump() : "null"; };
  std::printf("game:        %s\n", run.game_spec.c_str());
  std::printf("heaps:       1..%s%s\n", text("upto").c_str(),
              j.Find("stopped") ? absl::StrCat(" (stopped: ", j.Find("stopped")->as_string(), ")").c_str() : "");
  std::printf("quotient:    |Q| = %s, |P| = %s, %s\n", text("size").c_str(), text("p_count").c_str(),
              j.Find("verified")->as_bool() ? "verified" : "NOT verified (check passed its limit)");
  std::printf("stable from: heap %s; pretending period %s from heap %s; tame: %s\n",
              text("stable_from").c_str(), text("period").c_str(), text("preperiod").c_str(),
              text("tame").c_str());
  std::vector<std::string> gens;
  for (const Json& g : j.Find("generators")->as_array())
    gens.push_back(absl::StrCat(g.Find("name")->as_string(), " = heap ", g.Find("heap")->Dump()));
  std::printf("generators:  %s\n", absl::StrJoin(gens, ", ").c_str());
  std::vector<std::string> rels;
  for (const Json& r : j.Find("relations")->as_array()) rels.push_back(r.as_string());
  std::printf("relations:   %s\n", absl::StrJoin(rels, ", ").c_str());
  std::vector<std::string> pset;
  for (const Json& r : j.Find("p_portion")->as_array()) pset.push_back(r.as_string());
  std::printf("P:           %s\n", absl::StrJoin(pset, ", ").c_str());
  int64_t h = 1;
  std::vector<std::string> pretend;
  for (const Json& r : j.Find("pretending")->as_array())
    pretend.push_back(absl::StrCat(h++, ":", r.as_string()));
  std::printf("pretending:  %s\n", absl::StrJoin(pretend, "  ").c_str());
  std::vector<std::string> genera;
  for (const Json& g : j.Find("genera")->as_array())
    genera.push_back(absl::StrCat(g.Find("heap")->Dump(), ":", g.Find("genus")->as_string()));
  std::printf("genera:      %s\n", absl::StrJoin(genera, "  ").c_str());
}

}  // namespace gamebench
