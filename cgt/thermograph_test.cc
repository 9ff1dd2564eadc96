#include "cgt/thermograph.h"

#include "cgt/notation.h"
#include "gtest/gtest.h"

namespace gamebench::cgt {
namespace {

std::string Therm(GameArena& a, ThermographCache& cache, const char* text) {
  auto g = ParseCgsuite(a, text);
  EXPECT_TRUE(g.ok()) << g.status();
  return McgsThermographString(cache.Of(a.Canonical(*g)));
}

TEST(CgtThermographTest, SmallGames) {
  GameArena a;
  ThermographCache c(a);
  // Integers are masts from -1; 1/2 has temperature -1/2 (Siegel, II.5).
  EXPECT_EQ(Therm(a, c, "0"), "L: (0, -1) R: (0, -1)");
  EXPECT_EQ(Therm(a, c, "-2"), "L: (-2, -1) R: (-2, -1)");
  EXPECT_EQ(Therm(a, c, "1/2"), "L: (1, -1) (1/2, -1/2) R: (0, -1) (1/2, -1/2)");
  // * is hot only below 0; {1|-1} has temperature 1 and mean 0.
  EXPECT_EQ(Therm(a, c, "*"), "L: (1, -1) (0, 0) R: (-1, -1) (0, 0)");
  EXPECT_EQ(Therm(a, c, "{1|-1}"), "L: (2, -1) (0, 1) R: (-2, -1) (0, 1)");
  // {3|1}: mean 2, temperature 1.
  const Thermograph& t = c.Of(a.Canonical(*ParseCgsuite(a, "{3|1}")));
  EXPECT_EQ(t.mean, Dyadic::Integer(2));
  EXPECT_EQ(t.temperature, Dyadic::Integer(1));
  // Up: temperature 0, mean 0.
  const Thermograph& up = c.Of(a.UpStar(1, false));
  EXPECT_EQ(up.temperature, Dyadic::Integer(0));
  EXPECT_EQ(up.mean, Dyadic::Integer(0));
}

// Means add; the temperature of a sum is at most the largest temperature.
TEST(CgtThermographTest, MeansAdd) {
  GameArena a;
  ThermographCache c(a);
  const char* games[] = {"{3|1}", "{1|-1}", "{5/2|-1/4}", "{2|{1|0}}", "^*", "{0|-7}"};
  for (const char* x : games)
    for (const char* y : games) {
      GameId gx = a.Canonical(*ParseCgsuite(a, x)), gy = a.Canonical(*ParseCgsuite(a, y));
      Dyadic mx = c.Of(gx).mean, my = c.Of(gy).mean;
      Dyadic tx = c.Of(gx).temperature, ty = c.Of(gy).temperature;
      const Thermograph& s = c.Of(a.Sum(gx, gy));
      EXPECT_EQ(s.mean, mx + my) << x << " + " << y;
      EXPECT_TRUE(s.temperature <= (tx < ty ? ty : tx)) << x << " + " << y;
    }
}

}  // namespace
}  // namespace gamebench::cgt
