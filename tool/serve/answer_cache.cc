#include "tool/serve/answer_cache.h"

#include <utility>

namespace gamebench {

std::optional<std::string> AnswerCache::Find(const std::string& key) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = answers_.find(key);
  if (it == answers_.end()) return std::nullopt;
  return it->second;
}

void AnswerCache::Put(const std::string& key, std::string answer) {
  if (capacity_ == 0) return;
  std::lock_guard<std::mutex> lock(mutex_);
  if (answers_.count(key)) return;
  while (answers_.size() >= capacity_) {
    answers_.erase(order_.front());
    order_.pop_front();
  }
  answers_.emplace(key, std::move(answer));
  order_.push_back(key);
}

size_t AnswerCache::size() {
  std::lock_guard<std::mutex> lock(mutex_);
  return answers_.size();
}

}  // namespace gamebench
