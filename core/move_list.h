#ifndef GAMEBENCH_CORE_MOVE_LIST_H_
#define GAMEBENCH_CORE_MOVE_LIST_H_

#include <array>
#include <cassert>
#include <cstdint>

namespace gamebench {

// A fixed-capacity list of moves that lives on the stack: move generation
// writes into it, so searching a node never touches the heap. The capacity is
// the game's compile-time bound on the number of legal moves in any position.
template <typename Move, int kCapacity>
class MoveList {
 public:
  static constexpr int kMaxSize = kCapacity;

  void push_back(Move m) {
    assert(size_ < kCapacity);
    moves_[size_++] = m;
  }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move& operator[](int i) { return moves_[i]; }
  const Move& operator[](int i) const { return moves_[i]; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }

 private:
  int size_ = 0;
  std::array<Move, kCapacity> moves_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_MOVE_LIST_H_
