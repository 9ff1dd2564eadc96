#include "tool/serve/routes.h"

#include <httplib.h>

#include <exception>
#include <functional>
#include <new>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/json.h"
#include "core/spec.h"
#include "tool/game_registry.h"
#include "tool/serve/api_error.h"
#include "tool/operations.h"
#include "tool/serve/position_json.h"

namespace gamebench {
namespace {

// The API's answers may be read by a page served elsewhere (GamesmanUni's
// front end pointed at this server): they are read-only game values.
void SendJson(httplib::Response& res, const std::string& body) {
  res.status = 200;
  res.set_header("Access-Control-Allow-Origin", "*");
  res.set_content(body, "application/json");
}
void SendError(httplib::Response& res, const absl::Status& status) {
  res.status = HttpStatusOf(status.code());
  res.set_header("Access-Control-Allow-Origin", "*");
  res.set_content(ErrorBody(status), "application/json");
}

// A handler that returns its JSON or a refusal; an exception (out of
// memory, a bug) is a 500 with a JSON error, never a dropped connection.
using JsonHandler = std::function<absl::StatusOr<std::string>(const httplib::Request&)>;
httplib::Server::Handler Wrap(JsonHandler handler) {
  return [handler = std::move(handler)](const httplib::Request& req, httplib::Response& res) {
    absl::StatusOr<std::string> body;
    try {
      body = handler(req);
    } catch (const std::bad_alloc&) {
      body = absl::ResourceExhaustedError("out of memory");
    } catch (const std::exception& e) {
      body = absl::InternalError(e.what());
    }
    if (body.ok()) {
      SendJson(res, *body);
    } else {
      SendError(res, body.status());
    }
  };
}

// The variant id of a canonical spec: its parameters ("" for none).
std::string VariantOf(const std::string& canonical) {
  const size_t open = canonical.find('(');
  if (open == std::string::npos || canonical.back() != ')') return "";
  return canonical.substr(open + 1, canonical.size() - open - 2);
}

// The spec a game and variant name ("regular": the defaults).
absl::StatusOr<Spec> SpecOf(const std::string& game, const std::string& variant) {
  if (variant == "regular" || variant.empty()) return ParseSpec(game);
  auto spec = ParseSpec(absl::StrCat(game, "(", variant, ")"));
  if (!spec.ok())
    return absl::InvalidArgumentError(
        absl::StrCat("variant '", variant, "' of ", game, ": ", spec.status().message()));
  return spec;
}

Json GameSummary(const Json& listed) {
  Json g = Json::MakeObject();
  g.Set("id", *listed.Find("name"));
  g.Set("name", *listed.Find("name"));
  g.Set("type", "twoPlayer");
  g.Set("gui", "v0");
  g.Set("description", *listed.Find("description"));
  return g;
}

absl::StatusOr<std::string> Games() {
  Json games = Json::MakeArray();
  for (const GameEntry* entry : GameRegistry()) games.Push(GameSummary(entry->list_json()));
  return games.Dump();
}

absl::StatusOr<std::string> GameInfo(ServeContext& context, const std::string& name) {
  auto entry = FindGame(name);
  if (!entry.ok()) return entry.status();
  const Json listed = (*entry)->list_json();
  Json out = GameSummary(listed);
  out.Set("allowCustomVariantCreation", true);
  out.Set("supportsWinBy", false);
  out.Set("params", *listed.Find("params"));
  out.Set("capabilities", *listed.Find("capabilities"));
  Json variants = Json::MakeArray();
  auto regular = context.source->Game(Spec{name, {}, {}});
  if (regular.ok()) {
    Json v = Json::MakeObject();
    v.Set("id", "regular");
    v.Set("name", (*regular)->spec());
    v.Set("gui", "v0");
    variants.Push(std::move(v));
  }
  // The variants a table was given for.
  for (const std::string& spec : context.source->TableSpecs()) {
    auto parsed = ParseSpec(spec);
    if (!parsed.ok() || parsed->name != name) continue;
    Json v = Json::MakeObject();
    v.Set("id", VariantOf(spec).empty() ? "regular" : VariantOf(spec));
    v.Set("name", absl::StrCat(spec, " (table)"));
    v.Set("gui", "v0");
    v.Set("table", true);
    variants.Push(std::move(v));
  }
  out.Set("variants", std::move(variants));
  return out.Dump();
}

absl::StatusOr<std::string> VariantInfo(ServeContext& context, const std::string& name,
                                        const std::string& variant) {
  auto spec = SpecOf(name, variant);
  if (!spec.ok()) return spec.status();
  auto game = context.source->Game(*spec);
  if (!game.ok()) return game.status();
  const std::string start = (*game)->Format((*game)->Start());
  Json out = Json::MakeObject();
  out.Set("id", variant);
  out.Set("variant", VariantOf((*game)->spec()).empty() ? "regular" : VariantOf((*game)->spec()));
  out.Set("name", (*game)->spec());
  out.Set("gui", "v0");
  out.Set("startPosition", start);
  out.Set("autoguiStartPosition", start);
  out.Set("game", (*game)->name());
  out.Set("spec", (*game)->spec());
  out.Set("scored", (*game)->scored());
  out.Set("minScore", (*game)->min_score());
  out.Set("maxScore", (*game)->max_score());
  bool table = false;
  for (const std::string& s : context.source->TableSpecs()) table |= s == (*game)->spec();
  out.Set("table", table);
  return out.Dump();
}

absl::StatusOr<std::string> PositionInfo(ServeContext& context, const std::string& name,
                                         const std::string& variant, const httplib::Request& req) {
  auto spec = SpecOf(name, variant);
  if (!spec.ok()) return spec.status();
  auto game = context.source->Game(*spec);
  if (!game.ok()) return game.status();
  if (!req.has_param("p"))
    return absl::InvalidArgumentError("no position: expected ?p=POSITION");
  auto state = (*game)->Parse(req.get_param_value("p"));
  if (!state.ok()) return state.status();
  if (req.has_param("m")) {
    state = (*game)->Play(*state, req.get_param_value("m"));
    if (!state.ok()) return state.status();
  }
  const std::string key = absl::StrCat((*game)->spec(), "\n", (*game)->Format(*state));
  if (auto cached = context.cache->Find(key)) return *std::move(cached);

  absl::StatusOr<PositionEval> eval = absl::InternalError("not valued");
  const GameHandle& handle = **game;
  const std::string& s = *state;
  const bool ran = context.pool->Run([&context, &eval, &handle, &s] {
    try {
      eval = context.source->Evaluate(handle, s);
    } catch (const std::bad_alloc&) {
      eval = absl::ResourceExhaustedError("out of memory (--memory, --tt-size)");
    } catch (const std::exception& e) {
      eval = absl::InternalError(e.what());
    }
  });
  if (!ran)
    return absl::UnavailableError(absl::StrCat(
        "busy: ", context.pool->workers(), " searches running and ", context.pool->queue_capacity(),
        " waiting (--workers, --queue); try again"));
  if (!eval.ok()) return eval.status();
  std::string body =
      PositionJson(handle, *eval, context.loopy_games.count(handle.name()) > 0).Dump();
  context.cache->Put(key, body);
  return body;
}

absl::StatusOr<std::string> ResultsInfo(ServeContext& context) {
  Json out = Json::MakeObject();
  out.Set("available", context.results.has_value());
  Json figures = Json::MakeArray();
  bool run = false;
  if (context.results) {
    for (const std::string& f : context.results->WithExtension(".svg")) figures.Push(f);
    run = context.results->Find("run.json").has_value();
  }
  out.Set("run", run);
  out.Set("figures", std::move(figures));
  return out.Dump();
}

// A file of `folder` at the request's path (after `prefix`); "" is index.html.
void ServeFile(const StaticFolder* folder, const std::string& relative, httplib::Response& res) {
  std::optional<StaticFile> file;
  if (folder) file = folder->Find(relative.empty() ? "index.html" : relative);
  if (!file) {
    SendError(res, absl::NotFoundError(absl::StrCat("no file '", OneLine(relative), "'")));
    return;
  }
  auto bytes = ReadStaticFile(*file);
  if (!bytes.ok()) {
    SendError(res, bytes.status());
    return;
  }
  res.status = 200;
  res.set_content(*std::move(bytes), file->content_type.c_str());
}

}  // namespace

void AddRoutes(httplib::Server& server, ServeContext& context) {
  ServeContext* c = &context;
  server.Get(R"(/api/v1/?)", Wrap([](const httplib::Request&) { return Games(); }));
  server.Get(R"(/api/v1/([^/]+)/?)", Wrap([c](const httplib::Request& req) {
               return GameInfo(*c, req.matches[1]);
             }));
  server.Get(R"(/api/v1/([^/]+)/([^/]+)/?)", Wrap([c](const httplib::Request& req) {
               return VariantInfo(*c, req.matches[1], req.matches[2]);
             }));
  server.Get(R"(/api/v1/([^/]+)/([^/]+)/positions/?)", Wrap([c](const httplib::Request& req) {
               return PositionInfo(*c, req.matches[1], req.matches[2], req);
             }));
  server.Get(R"(/api/results/?)", Wrap([c](const httplib::Request&) { return ResultsInfo(*c); }));
  server.Get(R"(/api/.*)", Wrap([](const httplib::Request& req) -> absl::StatusOr<std::string> {
               return absl::NotFoundError(absl::StrCat("no route ", OneLine(req.path)));
             }));
  server.Get(R"(/results/(.*))", [c](const httplib::Request& req, httplib::Response& res) {
    ServeFile(c->results ? &*c->results : nullptr, req.matches[1], res);
  });
  server.Get(R"(/(.*))", [c](const httplib::Request& req, httplib::Response& res) {
    ServeFile(&c->page, req.matches[1], res);
  });
}

}  // namespace gamebench
