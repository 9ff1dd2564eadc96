#ifndef GAMEBENCH_SOLVERS_SHARED_TRANSPOSITION_TABLE_H_
#define GAMEBENCH_SOLVERS_SHARED_TRANSPOSITION_TABLE_H_

// A transposition table of bounds that many threads probe and store into at
// once, with no lock: the table of solvers/transposition_table.h (same
// buckets, same replacement, same 16-byte entries, bounds on exact values)
// made safe for concurrent use by Hyatt and Mann's lockless hashing.
//
// Why not a lock or 128-bit atomics: a lock per bucket doubles the memory
// traffic of every probe, and cmpxchg16b is slow and not always lock-free.
// Instead each entry is two 64-bit words written and read one at a time
// (relaxed atomics: no data race in the C++ sense, nothing for TSan to
// report, plain moves on x86): `check` holds key XOR data, `data` the packed
// bounds. A reader accepts an entry only when check XOR data equals its key.
// Two threads writing one slot at once can leave the words of different
// writes side by side; such a torn entry fails the check unless the two
// writes had the same data (then it is a valid entry anyway), or for an
// unrelated key with probability 2^-64 per torn read. A lost or rejected
// entry costs only a re-search: every stored value is a true bound on the
// exact value (searches run to the end of the game), so whatever a thread
// reads that passes the check is correct whoever wrote it and when.
//
// Merging bounds on a store (read, tighten, write) is not atomic either: two
// stores of one key racing can lose the tighter bound of one of them, never
// make a bound wrong. Counters live in the caller (one set per thread), so
// threads share nothing but the entries.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>

#include "core/json.h"
#include "core/score.h"
#include "core/zeroed_array.h"
#include "solvers/transposition_table.h"

namespace gamebench {

class SharedTranspositionTable {
 public:
  using Bounds = TableBounds;
  // Per-thread counters, summed for the report.
  struct Counters {
    uint64_t probes = 0, hits = 0, stores = 0, overwrites = 0;
    Counters& operator+=(const Counters& o) {
      probes += o.probes;
      hits += o.hits;
      stores += o.stores;
      overwrites += o.overwrites;
      return *this;
    }
  };
  static constexpr int kWays = TranspositionTable::kWays;

  explicit SharedTranspositionTable(uint64_t table_bytes)
      : num_buckets_(std::max<uint64_t>(1, table_bytes / (kWays * sizeof(Slot)))),
        slots_(num_buckets_ * kWays, FirstPagesOfTable<Slot>(num_buckets_ * kWays * sizeof(Slot))),
        huge_pages_after_(HugePagesAfterStores(num_buckets_ * kWays * sizeof(Slot))) {}

  uint64_t capacity() const { return num_buckets_ * kWays; }
  uint64_t bytes() const { return capacity() * sizeof(Slot); }

  void Prefetch(uint64_t key) { __builtin_prefetch(Bucket(key)); }

  // The bounds stored for `key`, if any.
  bool Probe(uint64_t key, Bounds& out, Counters& c) {
    ++c.probes;
    Slot* b = Bucket(key);
    for (int i = 0; i < kWays; ++i) {
      const Packed e = Load(b[i]);
      if (e.work != 0 && e.key == key) {
        ++c.hits;
        out = {e.lower, e.upper, e.move};
        return true;
      }
    }
    return false;
  }

  void Store(uint64_t key, Score lower, Score upper, int move, uint64_t subtree_nodes,
             Counters& c) {
    ++c.stores;
    Packed e{key, static_cast<int16_t>(lower), static_cast<int16_t>(upper),
             static_cast<uint8_t>(move < 0 || move > 254 ? 255 : move), WorkOfNodes(subtree_nodes)};
    Slot* b = Bucket(key);
    Packed old[kWays];
    for (int i = 0; i < kWays; ++i) {
      old[i] = Load(b[i]);
      if (old[i].work != 0 && old[i].key == key) {
        // Both are true bounds on the same value: keep the tighter of each.
        e.lower = std::max(e.lower, old[i].lower);
        e.upper = std::min(e.upper, old[i].upper);
        e.work = std::max(e.work, old[i].work);
        Save(b[i], e);
        return;
      }
    }
    // The replacement of TranspositionTable (PlaceInBucket), on the copies.
    if (old[1].work != 0) ++c.overwrites;
    if (e.work >= old[0].work) {
      Save(b[1], old[0]);
      Save(b[0], e);
    } else {
      Save(b[1], e);
    }
  }

  // Stores after which huge pages pay (see TranspositionTable). Moving the
  // table is not safe while threads search: the caller does it between
  // searches.
  uint64_t huge_pages_after() const { return huge_pages_after_; }
  // `parallel`: on the threads of the enclosing task arena (ZeroedArray).
  void UseHugePages(bool parallel = false) { slots_.UseHugePages(parallel); }
  bool huge_pages() const { return slots_.huge_pages(); }

  // Call only while no thread searches.
  uint64_t CountUsed() const {
    uint64_t n = 0;
    slots_.ForEachResidentRange([&](uint64_t begin, uint64_t end) {
      for (uint64_t i = begin; i < end; ++i) n += Unpack(slots_[i].check ^ slots_[i].data, slots_[i].data).work != 0;
    });
    return n;
  }

  Json Stats(const Counters& c, bool count_used) const {
    return TableStats(bytes(), capacity(), count_used ? std::optional<uint64_t>(CountUsed()) : std::nullopt,
                      c.probes, c.hits, c.stores, c.overwrites);
  }

 private:
  // Two plain words (a ZeroedArray needs a trivially copyable type), only
  // ever accessed through std::atomic_ref while threads run.
  struct Slot {
    uint64_t check;  // key ^ data
    uint64_t data;   // lower:16 | upper:16 | move:8 | work:8
  };
  static_assert(sizeof(Slot) == 16);
  static_assert(std::atomic_ref<uint64_t>::is_always_lock_free);
  struct Packed {
    uint64_t key;
    int16_t lower, upper;
    uint8_t move, work;
  };

  static uint64_t Pack(const Packed& e) {
    return static_cast<uint64_t>(static_cast<uint16_t>(e.lower)) |
           static_cast<uint64_t>(static_cast<uint16_t>(e.upper)) << 16 |
           static_cast<uint64_t>(e.move) << 32 | static_cast<uint64_t>(e.work) << 40;
  }
  static Packed Unpack(uint64_t key, uint64_t data) {
    return {key, static_cast<int16_t>(data & 0xFFFF), static_cast<int16_t>((data >> 16) & 0xFFFF),
            static_cast<uint8_t>(data >> 32), static_cast<uint8_t>(data >> 40)};
  }
  // An empty slot (all zeros) unpacks with work 0, whatever key it claims.
  static Packed Load(Slot& s) {
    const uint64_t check = std::atomic_ref<uint64_t>(s.check).load(std::memory_order_relaxed);
    const uint64_t data = std::atomic_ref<uint64_t>(s.data).load(std::memory_order_relaxed);
    return Unpack(check ^ data, data);
  }
  static void Save(Slot& s, const Packed& e) {
    const uint64_t data = Pack(e);
    std::atomic_ref<uint64_t>(s.check).store(e.key ^ data, std::memory_order_relaxed);
    std::atomic_ref<uint64_t>(s.data).store(data, std::memory_order_relaxed);
  }

  Slot* Bucket(uint64_t key) { return &slots_[BucketIndexOf(key, num_buckets_) * kWays]; }

  uint64_t num_buckets_;
  ZeroedArray<Slot> slots_;
  uint64_t huge_pages_after_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_SHARED_TRANSPOSITION_TABLE_H_
