#ifndef GAMEBENCH_TOOL_SERVE_ANSWER_CACHE_H_
#define GAMEBENCH_TOOL_SERVE_ANSWER_CACHE_H_

// The answers `gamebench serve` already computed (a position's JSON, by game
// and position), so that a page going back and forth, or many clients asking
// for the same positions, do not search again. Bounded: past `capacity`
// entries the oldest goes, so memory stays flat however long it runs.

#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace gamebench {

class AnswerCache {
 public:
  explicit AnswerCache(size_t capacity) : capacity_(capacity) {}
  std::optional<std::string> Find(const std::string& key);
  void Put(const std::string& key, std::string answer);
  size_t size();

 private:
  const size_t capacity_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::string> answers_;
  std::deque<std::string> order_;  // keys, oldest first
};

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_SERVE_ANSWER_CACHE_H_
