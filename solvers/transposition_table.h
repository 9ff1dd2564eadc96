#ifndef GAMEBENCH_SOLVERS_TRANSPOSITION_TABLE_H_
#define GAMEBENCH_SOLVERS_TRANSPOSITION_TABLE_H_

// A transposition table of bounds on exact game values, that starts small
// and grows with the search.
//
// Memory. The table reserves its maximum at construction (the flag's size,
// --tt-size, within the memory budget) as one ZeroedArray
// (core/zeroed_array.h): an empty slot is all zeros, and pages never written
// cost neither time nor resident memory. It uses a prefix of it: 2 MiB at
// first (kFirstTableBytes), multiplied by 8 (kGrowthFactor; less at the last
// step, so as not to pass the maximum) each time the search stores a subtree
// that cost at least as many nodes as the table in use has entries
// (kGrowNodesPerEntry). Growth rehashes in place (Grow says why no entry is
// lost), so the table never maps more than the reserved maximum: the memory
// budget holds at every moment and a growth cannot fail.
//
// Why start small: a small table is faster per node. 2 MiB stays in a core's
// L2 cache and one huge page covers it; on Pons' short files a 2 MiB table
// searches about the nodes of a 64 MiB one in 28% less time (Test_L2_R2
// 2.51 s against 3.48 s, 18.4M nodes against 18.1M; Test_L1_R1 0.18 s
// against 0.59 s), the rest being cache and TLB misses and the kernel's first
// touch of fresh pages.
//
// Why that rule: what says a table is too small is one search that needs
// more than it holds, not a table whose slots have all been written (a file
// of 1000 small searches writes every slot many times over, each search
// needing only its own entries). A subtree of N nodes stores a share of N
// entries (Connect Four 0.56 a node, Sim 0.23) that its own later nodes may
// hit; once N passes the table's entries, one search has filled a good part
// of the table by itself, and a search that big gains from more entries
// (Test_L1_R3: 2 MiB searches 1.5 to 1.7 times the nodes of 64 MiB). The
// subtree's nodes are what Store receives anyway (the work of the entry),
// so the rule needs nothing from the search and serves every game. One node
// per entry, measured: Sim K8 (every entry counts: hit rate 53%) searches
// 1,169,345 nodes at 1, 1,288,224 at 2 and 1,310,887 at 4 nodes per entry
// (a fixed 64 MiB table: 1,154,179); on Test_L2_R2 the rule at 1 grows the
// table once, to 16 MiB (18,173,844 nodes; fixed 2 MiB 18,420,041, 64 MiB
// 18,147,751), at 2 not at all.
// Growing 8-fold, not 2-fold: fewer steps to a size that holds a big search
// (2, 16, 128 MiB, 1 GiB) while it runs, and a rehash then costs at most a
// seventh of the final table's entries. Once grown, a table stays grown for
// the rest of the batch (Clear() takes it back to its first size).
//
// Pages. A table that grows asks for huge pages from the start: its first
// 2 MiB is one huge page, and when it grows, the prefix it used is mostly
// full (the subtree that grew it stored a good part of it), so the rehash
// writes every huge page of the new prefix anyway. A table whose maximum is
// its first size (--tt-size 2M or less) is fixed, and keeps the rule of the
// fixed tables (HugePagesAfterStores, also used by ptt's shared table): a
// table of at most 4 MiB starts on huge pages; a larger one starts on 4 KiB
// pages (one store must not make a 2 MiB huge page resident) and moves to
// huge pages once the stores reach one per small page.
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

// Helpers shared by the tables of bounds (this one, solvers/proof_number.h).

// Growth of tt's table (TranspositionTableOf; the header comment argues it).
inline constexpr uint64_t kFirstTableBytes = uint64_t{2} << 20;
inline constexpr uint64_t kGrowthFactor = 8;
inline constexpr uint64_t kGrowNodesPerEntry = 1;

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

  // A table of at most `max_bytes` that starts at `first_bytes` (when
  // smaller) and grows by `growth_factor` (an integer: the rehash must keep
  // every entry) each time a stored subtree cost at least
  // `grow_nodes_per_entry` nodes per entry of the table (the header comment
  // argues the rule). A table that starts at its maximum never grows and
  // keeps the page rule of fixed tables (HugePagesAfterStores).
  explicit TranspositionTableOf(uint64_t max_bytes, uint64_t first_bytes = kFirstTableBytes,
                                uint64_t growth_factor = kGrowthFactor,
                                uint64_t grow_nodes_per_entry = kGrowNodesPerEntry)
      : max_buckets_(BucketsOf(max_bytes)),
        first_buckets_(std::min(max_buckets_, BucketsOf(first_bytes))),
        num_buckets_(first_buckets_),
        growth_factor_(std::max<uint64_t>(2, growth_factor)),
        grow_nodes_per_entry_(std::max<uint64_t>(1, grow_nodes_per_entry)),
        entries_(max_buckets_ * kWays,
                 growable() ? ZeroedArray<Entry>::Pages::kHugeWhenLarge
                            : FirstPagesOfTable<Entry>(max_buckets_ * kWays * sizeof(Entry))),
        huge_pages_after_(growable() ? 0 : HugePagesAfterStores(max_buckets_ * kWays * sizeof(Entry))) {
    SetGrowthThreshold();
  }

  // Empties the table and takes it back to its first size.
  void Clear() {
    entries_.Zero();
    num_buckets_ = first_buckets_;
    SetGrowthThreshold();
  }

  uint64_t capacity() const { return num_buckets_ * kWays; }
  uint64_t bytes() const { return capacity() * sizeof(Entry); }
  uint64_t max_capacity() const { return max_buckets_ * kWays; }
  uint64_t growths() const { return growths_; }
  // Whether the table uses huge pages (HugePagesAfterStores; a growable
  // table asks for them from the start, see the header comment).
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

  // Invalidates entry pointers from Probe (the store may grow the table).
  void Store(Key key, Score lower, Score upper, int move, uint64_t subtree_nodes) {
    if (++stores_ == huge_pages_after_) entries_.UseHugePages();
    if (subtree_nodes >= grow_at_nodes_) Grow();
    Entry e{key,
            static_cast<int16_t>(lower),
            static_cast<int16_t>(upper),
            static_cast<uint8_t>(move < 0 || move > 254 ? 255 : move),
            WorkOfNodes(subtree_nodes),
            0};
    StoreInBucket(Bucket(key), e, overwrites_);
  }

  // Multiplies the number of buckets by the growth factor (less at the last
  // step, so as not to pass the maximum), keeping every entry. With the
  // index h * n / 2^64 (BucketIndexOf), a key in bucket i of n lands in one
  // of the buckets f*i .. f*i + f - 1 of f*n: from i <= h*n/2^64 < i + 1
  // follows f*i <= h*f*n/2^64 < f*i + f. So the new buckets of distinct old
  // buckets are disjoint, each receives the (at most two) entries of one old
  // bucket, and nothing is dropped. Going from the last bucket down, the new
  // buckets of bucket i (at f*i >= 2i, or i itself when i = 0, read before
  // it is written) lie over old buckets already moved and never over one
  // still to move: the rehash runs in place, in the memory reserved at
  // construction, so growing never needs more than the maximum table.
  void Grow() {
    const uint64_t f = std::min(growth_factor_, max_buckets_ / num_buckets_);
    if (f < 2) {
      grow_at_nodes_ = ~uint64_t{0};
      return;
    }
    const uint64_t n = num_buckets_, m = n * f;
    for (uint64_t i = n; i-- > 0;) {
      Entry* old = &entries_[i * kWays];
      if (old[0].work == 0 && old[1].work == 0) continue;  // unwritten pages stay unwritten
      const Entry moved[kWays] = {old[0], old[1]};
      old[0] = Entry{};
      old[1] = Entry{};
      for (const Entry& e : moved) {
        if (e.work == 0) continue;
        Entry* b = &entries_[BucketIndexOf(e.key, m) * kWays];
        b[b[0].work == 0 ? 0 : 1] = e;  // the first slot keeps the first entry's place
      }
    }
    num_buckets_ = m;
    ++growths_;
    SetGrowthThreshold();
  }

  uint64_t CountUsed() const {
    uint64_t n = 0;
    entries_.ForEachResidentRange([&](uint64_t begin, uint64_t end) {
      for (uint64_t i = begin; i < end; ++i) n += entries_[i].work != 0;
    });
    return n;
  }

  // probes, hits, stores, overwrites, capacity, use and growths, for
  // reports. `count_used` false skips tt_used, a scan of the whole table
  // (too slow to repeat after each of many small solves).
  Json Stats(bool count_used = true) const {
    Json j = TableStats(bytes(), capacity(),
                        count_used ? std::optional<uint64_t>(CountUsed()) : std::nullopt, probes_,
                        hits_, stores_, overwrites_);
    j.Set("tt_growths", growths_);
    return j;
  }

 private:
  static uint64_t BucketsOf(uint64_t bytes) {
    return std::max<uint64_t>(1, bytes / (kWays * sizeof(Entry)));
  }
  bool growable() const { return first_buckets_ < max_buckets_; }
  void SetGrowthThreshold() {
    grow_at_nodes_ = num_buckets_ < max_buckets_ ? grow_nodes_per_entry_ * capacity() : ~uint64_t{0};
  }
  Entry* Bucket(Key key) { return &entries_[BucketIndexOf(key, num_buckets_) * kWays]; }

  uint64_t max_buckets_;
  uint64_t first_buckets_;
  uint64_t num_buckets_;  // in use: the first num_buckets_ * kWays entries
  uint64_t growth_factor_;
  uint64_t grow_nodes_per_entry_;
  ZeroedArray<Entry> entries_;  // zero pages until written: an empty slot is all zeros
  uint64_t huge_pages_after_;   // stores before moving to huge pages
  uint64_t grow_at_nodes_ = 0;  // a stored subtree of this many nodes grows the table
  uint64_t probes_ = 0, hits_ = 0, stores_ = 0, overwrites_ = 0, growths_ = 0;
};

// The table of games with 64-bit keys (every game but the widest boards).
using TranspositionTable = TranspositionTableOf<uint64_t>;

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_TRANSPOSITION_TABLE_H_
