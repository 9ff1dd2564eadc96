#ifndef GAMEBENCH_SOLVERS_TRANSPOSITION_TABLE_H_
#define GAMEBENCH_SOLVERS_TRANSPOSITION_TABLE_H_

// A fixed-size transposition table of bounds on exact game values.
//
// Memory is fixed at construction (the flag's size, within the memory
// budget) and never grows. It is a ZeroedArray (core/zeroed_array.h): an
// empty slot is all zeros, so pages the search never touches cost neither
// time nor resident memory (a tic-tac-toe solve with the default 64 MiB
// table takes a few milliseconds and 1 MiB instead of zeroing 64 MiB first).
// Stores land uniformly over the table, so it starts on 4 KiB pages (one
// store must not make a 2 MiB huge page resident) and moves to huge pages
// once the stores reach one per small page (HugePagesAfterStores): from there
// most pages are written anyway, and huge pages spare the TLB misses of a
// large search. A table of at most 4 MiB starts on huge pages.
//
// Buckets hold two 16-byte entries: the first is
// kept for the entry whose subtree cost the most work (it saves the most on a
// hit), the second is always replaced; a new entry that beats the first
// demotes it to the second. Each entry stores the full 64-bit key, so a hit
// is exact whenever the game's Key() is injective (every game documents this).
//
// Games with 128-bit keys (core/game.h, GameKey) get 32-byte entries that
// store all 128 bits, compared in full on every probe: a hit is exact for the
// same reason, never a hash match. Half the entries per byte is the price; a
// 64-bit fragment of the key would need the bucket index to supply the other
// bits exactly (Pons' Chinese-remainder table), which holds only while the
// table has at least 2^(key bits - 64) buckets — not for every board and
// table size, so the full key it is. Only boards over 64 bits pay this.
//
// Stored values are bounds, not depth-limited scores: every search here runs
// to the end of the game, so a bound found once holds in every later visit.

#include <algorithm>
#include <cstdint>
#include <optional>

#include "core/game.h"
#include "core/json.h"
#include "core/score.h"
#include "core/zeroed_array.h"

namespace gamebench {

// Helpers shared by the fixed-size tables (this one, solvers/proof_number.h).

// 1 + log2(nodes): how much work an entry's subtree cost; 0 marks an empty slot.
inline uint8_t WorkOfNodes(uint64_t nodes) {
  return static_cast<uint8_t>(1 + (nodes ? 63 - __builtin_clzll(nodes) : 0));
}

// Stores after which a table of `table_bytes`, started on 4 KiB pages, moves
// to huge pages: one per small page. The move makes every 2 MiB region that
// holds a written entry resident, and stores land uniformly, so a region is
// touched long before its small pages are: at one store per 8 small pages (the
// rule before) 12% of the small pages were written but every region of a
// 64 MiB table held 64 stores, so a 21k-node solve made all 64 MiB resident
// (Test_L3_R1: 3,795 minor faults against 739 with a 2 MiB table). At one
// store per page, 1 - 1/e = 63% of the pages are written already, so the
// move at most multiplies the resident memory by 1.6, and a search that
// stores less than that keeps only the pages it wrote. 0: a table of at most
// two huge pages (e.g. --tt-size 2M) takes huge pages from the start, since
// a few stores make it all resident anyway and one fault per huge page is
// cheaper than one per small page.
inline uint64_t HugePagesAfterStores(uint64_t table_bytes) {
  return table_bytes <= (uint64_t{4} << 20) ? 0 : table_bytes / 4096;
}
// The pages a table of `table_bytes` starts on (HugePagesAfterStores).
template <typename T>
typename ZeroedArray<T>::Pages FirstPagesOfTable(uint64_t table_bytes) {
  return HugePagesAfterStores(table_bytes) == 0 ? ZeroedArray<T>::Pages::kHugeWhenLarge
                                                : ZeroedArray<T>::Pages::kSmallFirst;
}

// The bucket of a key among `num_buckets`. The key is mixed first: exact keys
// (packed states) are far from uniform in their low bits.
inline uint64_t BucketIndexOf(uint64_t key, uint64_t num_buckets) {
  uint64_t h = key * 0x9E3779B97F4A7C15ull;
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 32;
  __extension__ using Wide = unsigned __int128;  // h * n / 2^64: a uniform index, no division
  return static_cast<uint64_t>((static_cast<Wide>(h) * num_buckets) >> 64);
}

// The bucket of a 128-bit key: both halves folded into one mixed word (only
// the spread matters here; the entry keeps the whole key).
inline uint64_t BucketIndexOf(Uint128 key, uint64_t num_buckets) {
  const uint64_t high = static_cast<uint64_t>(key >> 64);
  const uint64_t folded = static_cast<uint64_t>(key) ^ (high * 0xC2B2AE3D27D4EB4Full + (high >> 31));
  return BucketIndexOf(folded, num_buckets);
}

// Puts a new entry `e` (a key not in the bucket) into a two-entry bucket: the
// first slot keeps the entry with more work, the second is always replaced.
template <typename Entry>
void PlaceInBucket(Entry* b, const Entry& e, uint64_t& overwrites) {
  if (b[1].work != 0) ++overwrites;
  if (e.work >= b[0].work) {
    b[1] = b[0];
    b[0] = e;
  } else {
    b[1] = e;
  }
}

// Stores `e` in a two-entry bucket: over an entry of the same key, keeping
// the tighter of each bound (both are true bounds on one value) and the
// larger work; else as a new entry (PlaceInBucket). Shared by the tables of
// tt and of the proof-number solvers.
template <typename Entry>
void StoreInBucket(Entry* b, Entry e, uint64_t& overwrites) {
  for (int i = 0; i < 2; ++i) {
    if (b[i].work != 0 && b[i].key == e.key) {
      e.lower = std::max(e.lower, b[i].lower);
      e.upper = std::min(e.upper, b[i].upper);
      e.work = std::max(e.work, b[i].work);
      b[i] = e;
      return;
    }
  }
  PlaceInBucket(b, e, overwrites);
}

// The counters every table reports, under the names `tt` uses (tt_used only
// when counted: it scans the whole table).
inline Json TableStats(uint64_t bytes, uint64_t capacity, std::optional<uint64_t> used, uint64_t probes,
                       uint64_t hits, uint64_t stores, uint64_t overwrites) {
  Json j = Json::MakeObject();
  j.Set("tt_bytes", bytes);
  j.Set("tt_entries", capacity);
  if (used) j.Set("tt_used", *used);
  j.Set("tt_probes", probes);
  j.Set("tt_hits", hits);
  j.Set("tt_hit_rate", probes ? static_cast<double>(hits) / probes : 0.0);
  j.Set("tt_stores", stores);
  j.Set("tt_overwrites", overwrites);
  return j;
}

// What a probe of a table of bounds found (tt's or the shared one).
struct TableBounds {
  Score lower;  // the value is >= lower
  Score upper;  // the value is <= upper
  int move;     // index of the best move found, in heuristic order; 255: none
};

template <GameKeyWord Key>
class TranspositionTableOf {
 public:
  struct Entry {
    Key key;
    int16_t lower;  // the value is >= lower
    int16_t upper;  // the value is <= upper
    uint8_t move;   // index of the best move found, in heuristic order; 255: none
    uint8_t work;   // 1 + log2(nodes of the subtree); 0 marks an empty slot
    uint16_t unused;
  };
  static_assert(sizeof(Entry) == (sizeof(Key) == 8 ? 16 : 32));
  static constexpr int kWays = 2;

  explicit TranspositionTableOf(uint64_t table_bytes)
      : num_buckets_(std::max<uint64_t>(1, table_bytes / (kWays * sizeof(Entry)))),
        entries_(num_buckets_ * kWays, FirstPagesOfTable<Entry>(num_buckets_ * kWays * sizeof(Entry))),
        huge_pages_after_(HugePagesAfterStores(num_buckets_ * kWays * sizeof(Entry))) {}

  void Clear() { entries_.Zero(); }

  uint64_t capacity() const { return num_buckets_ * kWays; }
  uint64_t bytes() const { return capacity() * sizeof(Entry); }
  // Whether the table has moved to huge pages (HugePagesAfterStores).
  bool huge_pages() const { return entries_.huge_pages(); }

  // Starts loading the bucket of `key` into the cache: a search that knows a
  // key early hides part of the memory latency of the Probe that follows.
  void Prefetch(Key key) { __builtin_prefetch(Bucket(key)); }

  // The entry for `key`, or nullptr.
  const Entry* Probe(Key key) {
    ++probes_;
    Entry* b = Bucket(key);
    for (int i = 0; i < kWays; ++i) {
      if (b[i].work != 0 && b[i].key == key) {
        ++hits_;
        return &b[i];
      }
    }
    return nullptr;
  }

  // Invalidates entry pointers from Probe.
  void Store(Key key, Score lower, Score upper, int move, uint64_t subtree_nodes) {
    if (++stores_ == huge_pages_after_) entries_.UseHugePages();
    Entry e{key,
            static_cast<int16_t>(lower),
            static_cast<int16_t>(upper),
            static_cast<uint8_t>(move < 0 || move > 254 ? 255 : move),
            WorkOfNodes(subtree_nodes),
            0};
    StoreInBucket(Bucket(key), e, overwrites_);
  }

  uint64_t CountUsed() const {
    uint64_t n = 0;
    entries_.ForEachResidentRange([&](uint64_t begin, uint64_t end) {
      for (uint64_t i = begin; i < end; ++i) n += entries_[i].work != 0;
    });
    return n;
  }

  // probes, hits, stores, overwrites, capacity and use, for reports.
  // `count_used` false skips tt_used, a scan of the whole table (too slow to
  // repeat after each of many small solves).
  Json Stats(bool count_used = true) const {
    return TableStats(bytes(), capacity(),
                      count_used ? std::optional<uint64_t>(CountUsed()) : std::nullopt, probes_,
                      hits_, stores_, overwrites_);
  }

 private:
  Entry* Bucket(Key key) { return &entries_[BucketIndexOf(key, num_buckets_) * kWays]; }

  uint64_t num_buckets_;
  ZeroedArray<Entry> entries_;  // zero pages until written: an empty slot is all zeros
  uint64_t huge_pages_after_;   // stores before moving to huge pages
  uint64_t probes_ = 0, hits_ = 0, stores_ = 0, overwrites_ = 0;
};

// The table of games with 64-bit keys (every game but the widest boards).
using TranspositionTable = TranspositionTableOf<uint64_t>;

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_TRANSPOSITION_TABLE_H_
