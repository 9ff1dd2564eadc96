#ifndef GAMEBENCH_TOOL_SERVE_STATIC_FILES_H_
#define GAMEBENCH_TOOL_SERVE_STATIC_FILES_H_

// The files `gamebench serve` hands out as they are: its page (a folder of
// plain HTML, CSS and JS files, tool/serve/static/) and, when asked, a main
// job's results folder (run.json and the figures). A folder is listed once,
// when the server starts: only the regular files found under it then, with
// a known extension, can be served, looked up by their relative path as a
// key, so that no request path ("..", an absolute path, a link) can name a
// file outside the folder.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace gamebench {

struct StaticFile {
  std::string path;          // on disk
  std::string content_type;  // "text/html; charset=utf-8", ...
};

class StaticFolder {
 public:
  // Lists `root` (recursively; links are not followed). An empty folder is
  // allowed; a missing one is an error.
  static absl::StatusOr<StaticFolder> List(const std::string& root);

  // The file at `relative` ("index.html", "figures/a.svg"), if listed.
  std::optional<StaticFile> Find(const std::string& relative) const;
  // The listed relative paths with the given extension (".svg"), sorted.
  std::vector<std::string> WithExtension(const std::string& extension) const;
  const std::string& root() const { return root_; }

 private:
  std::string root_;
  std::map<std::string, StaticFile> files_;
};

// The file's bytes; NotFound if it vanished since it was listed.
absl::StatusOr<std::string> ReadStaticFile(const StaticFile& file);

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_SERVE_STATIC_FILES_H_
