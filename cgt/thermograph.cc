#include "cgt/thermograph.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace gamebench::cgt {
namespace {

// A trajectory with the slope of each segment: slopes[i] holds from
// points[i] to points[i + 1] (the last: from the last point on).
struct Piecewise {
  std::vector<std::pair<Dyadic, Dyadic>> points;
  std::vector<Dyadic> slopes;
};

Dyadic Mul(Dyadic a, Dyadic b) {
  Dyadic r = Dyadic::Make(a.num * b.num, a.exp + b.exp);
  if (!r.Fits()) throw CgtRefusal("thermograph arithmetic out of range");
  return r;
}

// a / b when the quotient is dyadic; refused otherwise.
Dyadic Div(Dyadic a, Dyadic b) {
  int64_t odd = b.num;
  int twos = 0;
  while (odd % 2 == 0) odd /= 2, ++twos;
  if (a.num % odd != 0) throw CgtRefusal("thermograph vertex is not dyadic");
  Dyadic q = Dyadic::Make(a.num / odd, a.exp);  // a / odd
  const int shift = twos - b.exp;               // b = odd * 2^shift
  if (shift >= 0) return Dyadic::Make(q.num, q.exp + shift);
  int up = -shift;
  int64_t num = q.num;
  int exp = q.exp;
  while (up-- > 0) {
    if (exp > 0) --exp;
    else num *= 2;
  }
  return Dyadic::Make(num, exp);
}

Dyadic ValueAt(const Piecewise& p, Dyadic t) {
  size_t i = 0;
  while (i + 1 < p.points.size() && p.points[i + 1].first <= t) ++i;
  return p.points[i].second + Mul(p.slopes[i], t - p.points[i].first);
}
Dyadic SlopeAt(const Piecewise& p, Dyadic t) {  // the slope just after t
  size_t i = 0;
  while (i + 1 < p.points.size() && p.points[i + 1].first <= t) ++i;
  return p.slopes[i];
}

Piecewise FromTrajectory(const Trajectory& t) {
  Piecewise p;
  p.points = t.points;
  for (size_t i = 0; i + 1 < t.points.size(); ++i)
    p.slopes.push_back(Div(t.points[i + 1].second - t.points[i].second,
                           t.points[i + 1].first - t.points[i].first));
  p.slopes.push_back(t.final_slope);
  return p;
}

Trajectory ToTrajectory(const Piecewise& p) {
  // Drops breakpoints where the slope does not change.
  Trajectory t;
  std::vector<Dyadic> slopes;
  for (size_t i = 0; i < p.points.size(); ++i) {
    if (!t.points.empty() && (slopes.back() == p.slopes[i] || t.points.back().first == p.points[i].first)) {
      if (t.points.back().first == p.points[i].first) slopes.back() = p.slopes[i];
      continue;
    }
    t.points.push_back(p.points[i]);
    slopes.push_back(p.slopes[i]);
  }
  t.final_slope = slopes.back();
  return t;
}

Piecewise Shift(Piecewise p, Dyadic c) {
  for (size_t i = 0; i < p.points.size(); ++i) {
    p.points[i].second = p.points[i].second + Mul(c, p.points[i].first);
    p.slopes[i] = p.slopes[i] + c;
  }
  return p;
}

// The pointwise maximum (or minimum) of two trajectories.
Piecewise Combine(const Piecewise& a, const Piecewise& b, bool take_max) {
  std::vector<Dyadic> ts;
  for (auto& pt : a.points) ts.push_back(pt.first);
  for (auto& pt : b.points) ts.push_back(pt.first);
  std::sort(ts.begin(), ts.end());
  ts.erase(std::unique(ts.begin(), ts.end()), ts.end());
  Piecewise out;
  auto better = [&](Dyadic x, Dyadic y) { return take_max ? y < x : x < y; };
  for (size_t j = 0; j < ts.size(); ++j) {
    const Dyadic t = ts[j];
    Dyadic va = ValueAt(a, t), vb = ValueAt(b, t);
    Dyadic sa = SlopeAt(a, t), sb = SlopeAt(b, t);
    const bool a_wins = better(va, vb) || (va == vb && !better(sb, sa));
    const Dyadic vw = a_wins ? va : vb, sw = a_wins ? sa : sb;
    const Dyadic vl = a_wins ? vb : va, sl = a_wins ? sb : sa;
    out.points.push_back({t, vw});
    out.slopes.push_back(sw);
    // The loser catches up where vw + sw d = vl + sl d, if before the next breakpoint.
    if (better(sl, sw)) {
      Dyadic d = Div(vw - vl, sl - sw);
      Dyadic at = t + d;
      if (t < at && (j + 1 == ts.size() || at < ts[j + 1])) {
        out.points.push_back({at, vl + Mul(sl, d)});
        out.slopes.push_back(sl);
      }
    }
  }
  return out;
}

Piecewise Truncate(const Piecewise& p, Dyadic at, Dyadic mast) {
  Piecewise out;
  for (size_t i = 0; i < p.points.size() && p.points[i].first < at; ++i) {
    out.points.push_back(p.points[i]);
    out.slopes.push_back(p.slopes[i]);
  }
  out.points.push_back({at, mast});
  out.slopes.push_back(Dyadic::Integer(0));
  return out;
}

}  // namespace

Dyadic Trajectory::At(Dyadic t) const { return ValueAt(FromTrajectory(*this), t); }

const Thermograph& ThermographCache::Of(GameId g) {
  if (auto it = cache_.find(g); it != cache_.end()) return it->second;
  const Dyadic minus_one = Dyadic::Integer(-1);
  Thermograph th;
  auto number = arena_.NumberValue(g);
  if (number && number->IsInteger()) {
    th.left = th.right = Trajectory{{{minus_one, *number}}, Dyadic::Integer(0)};
    th.mean = *number;
    th.temperature = minus_one;
    return cache_[g] = th;
  }
  std::vector<GameId> left(arena_.Left(g).begin(), arena_.Left(g).end());
  std::vector<GameId> right(arena_.Right(g).begin(), arena_.Right(g).end());
  if (left.empty() || right.empty())
    throw CgtRefusal("thermograph of a non-integer game with an empty side");
  Piecewise ls, rs;
  for (size_t i = 0; i < left.size(); ++i) {
    Piecewise w = Shift(FromTrajectory(Of(left[i]).right), minus_one);
    ls = i == 0 ? w : Combine(ls, w, true);
  }
  for (size_t i = 0; i < right.size(); ++i) {
    Piecewise w = Shift(FromTrajectory(Of(right[i]).left), Dyadic::Integer(1));
    rs = i == 0 ? w : Combine(rs, w, false);
  }
  // The least t >= -1 with LS_t <= RS_t: on LS - RS, the first zero.
  Piecewise diff = Combine(ls, rs, true);  // only for the union of breakpoints
  std::vector<Dyadic> ts;
  for (auto& pt : diff.points) ts.push_back(pt.first);
  bool found = false;
  Dyadic temp = minus_one;
  for (size_t j = 0; j < ts.size() && !found; ++j) {
    const Dyadic t = ts[j];
    const Dyadic d = ValueAt(ls, t) - ValueAt(rs, t);
    if (d <= Dyadic::Integer(0)) {
      temp = t, found = true;
      break;
    }
    const Dyadic s = SlopeAt(ls, t) - SlopeAt(rs, t);
    if (s < Dyadic::Integer(0)) {
      Dyadic at = t + Div(d, -s);
      if (j + 1 == ts.size() || at <= ts[j + 1]) temp = at, found = true;
    }
  }
  if (!found) throw CgtRefusal("thermograph scaffolds never meet");
  th.temperature = temp;
  th.mean = ValueAt(ls, temp);
  th.left = ToTrajectory(Truncate(ls, temp, th.mean));
  th.right = ToTrajectory(Truncate(rs, temp, th.mean));
  return cache_[g] = th;
}

std::string McgsThermographString(const Thermograph& t) {
  auto wall = [](const Trajectory& w) {
    std::vector<std::string> pts;
    for (auto& [temp, value] : w.points)
      pts.push_back(absl::StrCat("(", value.ToString(), ", ", temp.ToString(), ")"));
    return absl::StrJoin(pts, " ");
  };
  return absl::StrCat("L: ", wall(t.left), " R: ", wall(t.right));
}

}  // namespace gamebench::cgt
