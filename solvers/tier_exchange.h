#ifndef GAMEBENCH_SOLVERS_TIER_EXCHANGE_H_
#define GAMEBENCH_SOLVERS_TIER_EXCHANGE_H_

// What the ranks of a tiered analysis (solvers/tiered_retrograde.h) send
// each other, over the communicator of solvers/tier_comm.h. Each rank holds
// its share of every tier (solvers/tier_partition.h); what it needs of
// another's share goes in batches of positions, so that the buffers stay
// bounded, and in collectives that every rank calls as often:
//   forward  the marks of reached positions another rank owns (keys: tier
//            and index), one Alltoallv per batch (Outboxes);
//   backward the values of children another rank owns: the batch's keys,
//            sorted and deduplicated per owner, one Alltoallv, and the
//            owners' answers in one more (FetchRemoteValues);
//   loopy    each in-tier move (child, parent) to the child's owner
//            (MovesToChildOwners), then the fixpoint's events for parents
//            another rank owns at the end of each level (FixpointPeers).
// With one rank none of this runs.

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "solvers/tier_errors.h"
#include "solvers/tier_fixpoint.h"
#include "solvers/tier_partition.h"
#include "tbb/combinable.h"

namespace gamebench::tiered {

// Positions (in bitmap words) per exchange batch with more than one rank:
// 2^18 positions, so that a batch's buffers stay near 8 bytes x moves x 2^18
// (14 MiB for Connect Four 7x6) and the collectives stay few.
inline constexpr uint64_t kBatchWords = uint64_t{1} << 12;

// A position sent to its owner: the tier in the top 8 bits, the index below.
inline constexpr int kTierShift = 56;
inline constexpr uint64_t kIndexMask = (uint64_t{1} << kTierShift) - 1;
inline uint64_t Key(int tier, uint64_t index) {
  return static_cast<uint64_t>(tier) << kTierShift | index;
}
inline int KeyTier(uint64_t key) { return static_cast<int>(key >> kTierShift); }
inline uint64_t KeyIndex(uint64_t key) { return key & kIndexMask; }

// The batches of a scan over `words` local bitmap words: one with one rank
// (nothing to exchange), else kBatchWords each, as many on every rank
// (collective).
template <typename Comm>
uint64_t Batches(Comm& comm, uint64_t words, uint64_t& batch_words) {
  if (comm.size() == 1) {
    batch_words = std::max<uint64_t>(words, 1);
    return 1;
  }
  batch_words = kBatchWords;
  return comm.AllreduceMax((words + batch_words - 1) / batch_words);
}

// Per thread, per destination rank: the keys for other ranks of one batch.
class Outboxes {
 public:
  explicit Outboxes(int ranks)
      : ranks_(ranks), boxes_([ranks] { return std::vector<std::vector<uint64_t>>(ranks); }) {}

  // This thread's outbox for `rank`.
  std::vector<uint64_t>& To(int rank) { return boxes_.local()[rank]; }

  // The threads' outboxes, per destination rank, merged (and emptied).
  std::vector<std::vector<uint64_t>> Take(bool sort_unique) {
    std::vector<std::vector<uint64_t>> out(ranks_);
    boxes_.combine_each([&](std::vector<std::vector<uint64_t>>& v) {
      for (int r = 0; r < ranks_; ++r) {
        out[r].insert(out[r].end(), v[r].begin(), v[r].end());
        v[r].clear();
      }
    });
    if (sort_unique)
      for (auto& v : out) {
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
      }
    return out;
  }

 private:
  int ranks_;
  tbb::combinable<std::vector<std::vector<uint64_t>>> boxes_;
};

// The values of the children other ranks own that one batch's positions
// reach: per owner, the sorted keys asked and the answers in that order.
struct RemoteValues {
  std::vector<std::vector<uint64_t>> keys;
  std::vector<uint16_t> values;
  std::vector<uint64_t> offset;  // of each owner's answers in `values`

  uint16_t Find(int owner, uint64_t key) const {
    const auto& asked = keys[owner];
    auto it = std::lower_bound(asked.begin(), asked.end(), key);
    if (it == asked.end() || *it != key) return 0;
    return values[offset[owner] + static_cast<uint64_t>(it - asked.begin())];
  }
};

// Asks the owners for the batch's remote children (the keys in `outboxes`)
// and answers the other ranks' requests: held(tier, index) is this rank's
// value of that position, or nullptr when this rank does not hold it (an
// error). Collective.
template <typename Comm, typename Held>
void FetchRemoteValues(Comm& comm, Outboxes& outboxes, Held&& held, FirstError& errors,
                       RemoteValues& fetched) {
  const int ranks = comm.size();
  fetched.keys = outboxes.Take(true);
  std::vector<uint64_t> from;
  const std::vector<uint64_t> asked = comm.Alltoallv(fetched.keys, from);
  std::vector<std::vector<uint16_t>> answers(ranks);
  uint64_t at = 0;
  for (int r = 0; r < ranks; ++r) {
    answers[r].resize(from[r]);
    for (uint64_t j = 0; j < from[r]; ++j, ++at) {
      const int tier = KeyTier(asked[at]);
      const uint64_t index = KeyIndex(asked[at]);
      const uint16_t* value = held(tier, index);
      if (!value) {
        errors.Fail(absl::StrCat("rank ", r, " asked for tier ", tier, " index ", index,
                                 ", which this rank does not hold"));
        continue;
      }
      answers[r][j] = *value;
    }
  }
  fetched.values = comm.Alltoallv(answers, from);
  fetched.offset.assign(ranks, 0);
  for (int r = 1; r < ranks; ++r) fetched.offset[r] = fetched.offset[r - 1] + from[r - 1];
}

// A loopy tier's in-tier moves, `moves` as (child, parent) tier index pairs,
// each sent to its child's owner in batches of `batch` moves (the vector
// shrinks as it goes, and ends empty). Returns the moves to this rank's
// positions as (local child, parent). Collective.
template <typename Comm>
std::vector<std::pair<uint64_t, uint64_t>> MovesToChildOwners(Comm& comm, int tier,
                                                              const TierPartition& part,
                                                              uint64_t batch,
                                                              std::vector<uint64_t>& moves,
                                                              FirstError& errors) {
  const int rank = comm.rank();
  std::vector<std::pair<uint64_t, uint64_t>> pairs;
  const uint64_t batches = comm.AllreduceMax((moves.size() / 2 + batch - 1) / batch);
  std::vector<std::vector<uint64_t>> out(comm.size());
  std::vector<uint64_t> from;
  for (uint64_t k = 0; k < batches; ++k) {
    // From the end of `moves`, which shrinks as it goes.
    const uint64_t take = std::min<uint64_t>(moves.size(), 2 * batch);
    for (uint64_t q = moves.size() - take; q < moves.size(); q += 2) {
      auto& to_owner = out[part.Owner(moves[q])];
      to_owner.push_back(moves[q]);
      to_owner.push_back(moves[q + 1]);
    }
    moves.resize(moves.size() - take);
    if (moves.capacity() > 2 * moves.size()) moves.shrink_to_fit();
    const std::vector<uint64_t> in = comm.Alltoallv(out, from);
    for (auto& o : out) o = std::vector<uint64_t>();
    for (uint64_t q = 0; q + 1 < in.size(); q += 2) {
      if (in[q] >= part.size() || part.Owner(in[q]) != rank) {
        errors.Fail(absl::StrCat("tier ", tier, ": another rank sent a move to index ", in[q],
                                 ", which this rank does not own"));
        continue;
      }
      pairs.emplace_back(part.Local(in[q]), in[q + 1]);
    }
  }
  moves = std::vector<uint64_t>();
  return pairs;
}

// The fixpoint's other ranks (solvers/tier_fixpoint.h): a child settled
// here tells a parent another rank owns at the end of the level, in one
// exchange.
template <typename Comm>
struct FixpointPeers {
  static constexpr bool kAlone = false;
  Comm& comm;
  const TierPartition& part;
  FirstError& errors;
  const int rank;                          // this one
  std::vector<std::vector<uint64_t>> out;  // per owner: parent | kLossEvent

  FixpointPeers(Comm& c, const TierPartition& p, FirstError& e)
      : comm(c), part(p), errors(e), rank(c.rank()), out(c.size()) {}

  bool Route(uint64_t parent, bool loss, uint64_t& local) {
    const int owner = part.Owner(parent);
    if (owner == rank) {
      local = part.Local(parent);
      return true;
    }
    out[owner].push_back(parent | (loss ? tier_fixpoint::kLossEvent : 0));
    return false;
  }
  std::vector<uint64_t> Deliver() {
    std::vector<uint64_t> from;
    std::vector<uint64_t> in = comm.Alltoallv(out, from);
    for (auto& o : out) o.clear();
    uint64_t kept = 0;
    for (const uint64_t event : in) {
      const uint64_t parent = event & ~tier_fixpoint::kLossEvent;
      if (parent >= part.size() || part.Owner(parent) != rank) {
        errors.Fail(absl::StrCat("another rank sent an event for index ", parent,
                                 ", which this rank does not own"));
        continue;
      }
      in[kept++] = part.Local(parent) | (event & tier_fixpoint::kLossEvent);
    }
    in.resize(kept);
    return in;
  }
  uint64_t AllreduceMax(uint64_t v) { return comm.AllreduceMax(v); }
};

}  // namespace gamebench::tiered

#endif  // GAMEBENCH_SOLVERS_TIER_EXCHANGE_H_
