#include "tool/serve/static_files.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace gamebench {
namespace {

// The types of the files a page and a results folder hold; anything else is
// not served.
std::optional<std::string> ContentType(const std::string& extension) {
  static const std::map<std::string, std::string> kTypes = {
      {".html", "text/html; charset=utf-8"},  {".css", "text/css; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"}, {".json", "application/json"},
      {".svg", "image/svg+xml"},              {".png", "image/png"},
      {".md", "text/plain; charset=utf-8"},   {".txt", "text/plain; charset=utf-8"},
      {".ico", "image/x-icon"}};
  auto it = kTypes.find(extension);
  if (it == kTypes.end()) return std::nullopt;
  return it->second;
}

}  // namespace

absl::StatusOr<StaticFolder> StaticFolder::List(const std::string& root) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(root, ec))
    return absl::NotFoundError(absl::StrCat("folder '", root, "' does not exist"));
  StaticFolder folder;
  folder.root_ = root;
  // Links are neither followed into folders nor served: a link could lead
  // out of the folder.
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_symlink(ec) || !it->is_regular_file(ec)) continue;
    const fs::path& p = it->path();
    auto type = ContentType(p.extension().string());
    if (!type) continue;
    folder.files_[fs::relative(p, root, ec).generic_string()] = {p.string(), *type};
  }
  if (ec) return absl::InvalidArgumentError(absl::StrCat("folder '", root, "': ", ec.message()));
  return folder;
}

std::optional<StaticFile> StaticFolder::Find(const std::string& relative) const {
  auto it = files_.find(relative);
  if (it == files_.end()) return std::nullopt;
  return it->second;
}

std::vector<std::string> StaticFolder::WithExtension(const std::string& extension) const {
  std::vector<std::string> out;
  for (const auto& entry : files_)
    if (entry.first.size() >= extension.size() &&
        entry.first.compare(entry.first.size() - extension.size(), extension.size(), extension) == 0)
      out.push_back(entry.first);
  return out;
}

absl::StatusOr<std::string> ReadStaticFile(const StaticFile& file) {
  std::ifstream in(file.path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("file '", file.path, "' is gone"));
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

}  // namespace gamebench
