// Owns: properties of Dresden's Pirna pontoon bridge (dresden:6.0, 5.1.1's pontoon bullet) on
// generated positions around 1216, whatever the weather and wherever (or whether) the pontoon
// is built: no Allied unit ever moves or retreats across its hexside; in Downpour or Mud no unit
// moves across it, and a French retreat across it ends there, the unit broken; in dry weather
// a built pontoon carries French moves, and it is built by French infantry in 1216 only.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <array>
#include <set>
#include <sstream>
#include <string>

#include "engine/n20/games/dresden.h"
#include "engine/n20/movement.h"
#include "engine/n20/position_reader.h"
#include "engine/n20/retreat.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

constexpr std::array<const char*, 3> kTo = {"1115", "1116", "1217"};
// The hexes units are placed in: 1216, its six neighbours and a ring of others nearby.
constexpr std::array<const char*, 16> kHexes = {"1216", "1115", "1116", "1217", "1215", "1315", "1316", "1015",
                                                "1016", "1017", "1114", "1117", "1218", "1214", "1317", "1414"};

// A generated position: the Elbe on the pontoon's three hexsides, the pontoon built to one of
// them or not, a weather, and 2-6 units on distinct hexes (the first French, at 1216 or one of
// the landing hexes, so most positions stand at the pontoon; the second Allied; the rest either).
struct PontoonPosition {
  std::string yaml;
  std::optional<std::string> built;
  bool wet = false;
};

rc::Gen<PontoonPosition> pontoon_position() {
  return rc::gen::exec([] {
    PontoonPosition p;
    const int b = *rc::gen::inRange(0, 4);
    if (b < 3) p.built = kTo[static_cast<std::size_t>(b)];
    const int w = *rc::gen::inRange(0, 4);
    const char* weather = w == 1 ? "showers" : w == 2 ? "downpour" : "clear";  // 3: Mud without rain
    const bool mud = w == 3;
    p.wet = w >= 2;
    std::ostringstream y;
    y << "game: dresden\noptions: [\"dresden:16.8\"]\nmap:\n  bounds: {cols: [8, 16], rows: [10, 22]}\n"
      << "  locs: {french: [\"1411\", \"0911\"], allied: [\"1021\", \"1521\"]}\n  hexsides:\n";
    for (const char* to : kTo) y << "    - {between: [\"1216\", \"" << to << "\"], features: [major_river]}\n";
    y << "units:\n";
    const int n = *rc::gen::inRange(2, 7);
    std::set<int> used;
    for (int i = 0; i < n; ++i) {
      int at = i == 0 ? *rc::gen::inRange(0, 4) : *rc::gen::inRange(0, static_cast<int>(kHexes.size()));
      while (used.count(at)) at = (at + 1) % static_cast<int>(kHexes.size());
      used.insert(at);
      const bool french = i == 0 || (i > 1 && *rc::gen::arbitrary<bool>());  // both sides always present
      const bool cavalry = *rc::gen::inRange(0, 4) == 0;
      y << "  - {id: U" << i << ", side: " << (french ? "french" : "allied") << ", type: "
        << (cavalry ? "cavalry" : "infantry") << ", strength: 3, movement: " << (cavalry ? 3 : 2) << ", hex: \""
        << kHexes[static_cast<std::size_t>(at)] << "\"}\n";
    }
    y << "state: {turn: 3, phase: movement, phasing: french, weather: " << weather
      << ", morale: {french: 7, allied: 7}, markers: [";
    bool first = true;
    if (p.built) y << "\"pontoon-built:" << *p.built << "\"", first = false;
    if (mud) y << (first ? "" : ", ") << "mud";
    y << "]}\n";
    p.yaml = y.str();
    return p;
  });
}

// Whether the step a -> b crosses the built pontoon's hexside.
bool crosses_pontoon(const Map& m, const std::optional<std::string>& built, Hex a, Hex b) {
  if (!built) return false;
  const std::string x = m.name(a), y = m.name(b);
  return (x == "1216" && y == *built) || (y == "1216" && x == *built);
}

RC_GTEST_PROP(DresdenPontoonProps, NoAlliedCrossingAndNoneInDownpourOrMud, ()) {
  HEXLAW_CITES("dresden:6.0", "dresden:5.1.1");
  const PontoonPosition gp = *pontoon_position();
  const CasePosition p = parse_position(CaseField::load_text(gp.yaml, "pontoon-position"), testing::source_spec());
  const auto& rules = dynamic_cast<const n20::DresdenRules&>(*p.rules);
  Trace t(Trace::Off{}, rules.catalog());
  bool french_crossed = false;
  for (const Unit& u : p.state.units) {
    GameState s = p.state;
    s.phasing = u.side;
    // Moves: no Allied path, and no path at all in Downpour or Mud, crosses the pontoon.
    for (const n20::ReachableHex& r : n20::reachable_hexes(rules, *p.map, s, u, {}, t)) {
      Hex from = u.hex;
      for (Hex h : r.path) {
        if (crosses_pontoon(*p.map, gp.built, from, h)) {
          RC_ASSERT(u.side == "french");
          RC_ASSERT(!gp.wet);
          french_crossed = true;
        }
        from = h;
      }
    }
    // Retreats of 1-3 hexes: never across it for the Allies; in Downpour or Mud a French one
    // across it is its last step, doomed (the unit breaks there).
    for (int d = 1; d <= 3; ++d)
      for (const n20::RetreatPath& path : n20::retreat_paths(rules, *p.map, s, u, d, std::nullopt, t).paths) {
        Hex from = u.hex;
        for (std::size_t k = 0; k < path.steps.size(); ++k) {
          const n20::RetreatStep& st = path.steps[k];
          if (crosses_pontoon(*p.map, gp.built, from, st.hex)) {
            RC_ASSERT(u.side == "french");
            RC_ASSERT(st.doomed == gp.wet);
            RC_ASSERT(st.rolls() == (st.enemy_zoc && !gp.wet ? 1 : 0));  // never a river roll there
            if (gp.wet) RC_ASSERT(k + 1 == path.steps.size());
          } else {
            RC_ASSERT(!st.doomed);
          }
          from = st.hex;
        }
      }
    // Building: only French infantry in 1216, only while unbuilt and dry, into the three hexes.
    for (Hex h : rules.crossing_build_targets(*p.map, s, u)) {
      RC_ASSERT(u.side == "french");
      RC_ASSERT(u.type == UnitType::Infantry);
      RC_ASSERT(p.map->name(u.hex) == "1216");
      RC_ASSERT(!gp.built.has_value());
      RC_ASSERT(!gp.wet);
      const std::string to = p.map->name(h);
      RC_ASSERT(to == "1115" || to == "1116" || to == "1217");
    }
  }
  RC_TAG(french_crossed ? "a French move crossed" : "no French move crossed");
}

}  // namespace
}  // namespace hexlaw
