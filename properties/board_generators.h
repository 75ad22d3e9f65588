// Owns: generators of whole positions for movement and ZOC properties — a small bounded map
// with random terrain and hexsides, and units of two sides placed one per hex — plus the
// invariant checker every generated or visited position must pass.
#pragma once

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include <memory>
#include <ostream>
#include <set>
#include <string>

#include "engine/core/map.h"
#include "engine/n20/state.h"
#include "engine/n20/rules.h"
#include "tests/support/source_spec.h"

namespace hexlaw::gen {

struct Position {
  std::shared_ptr<Map> map;
  GameState state;
};

// How RapidCheck prints a falsifying position (it looks this up by argument-dependent lookup):
// the map and the state in the engine's own JSON, the shapes a case file's `map:` and a game
// state take, so a shrunk counterexample can be written down as a case file.
inline void showValue(const Position& p, std::ostream& os) {
  os << "map: " << p.map->to_json().dump() << "\nstate: " << to_json_text(p.state, p.map->layout());
}

// Every position the engine sees must satisfy these; returns the first violation or "".
inline std::string invariant_violation(const Map& map, const GameState& s) {
  std::set<std::string> ids;
  std::set<std::pair<int, int>> taken;
  for (const Unit& u : s.units) {
    if (!ids.insert(u.id).second) return "duplicate unit id " + u.id;
    if (u.on_map()) {
      if (!map.on_map(u.hex)) return u.id + " stands off the map";
      for (const Unit& v : s.units)
        if (&v != &u && v.on_map() && v.hex == u.hex && v.side != u.side) return u.id + " shares a hex with enemy " + v.id;
    } else if (!(u.hex == Hex{})) {
      return u.id + " is off the map but keeps a position";
    }
  }
  for (const auto& [track, points] : s.morale)
    if (points < 0 || points > 10) return "morale " + track + " out of 0..10";
  return "";
}

inline rc::Gen<Position> position(int cols = 8, int rows = 8, int max_units = 10) {
  return rc::gen::exec([=] {
    Position p;
    p.map = std::make_shared<Map>(*rc::gen::element(ColumnLayout::OddColumnsLow, ColumnLayout::EvenColumnsLow));
    Map& m = *p.map;
    m.set_bounds(MapBounds{1, cols, 1, rows});
    for (int c = 1; c <= cols; ++c)
      for (int r = 1; r <= rows; ++r) {
        const Hex h = to_axial({c, r}, m.layout());
        m.set_terrain(h, *rc::gen::weightedElement<std::string>(
                             {{12, "open"}, {3, "forest"}, {2, "rough"}, {3, "town"}, {1, "fortified"},
                              {1, "redoubt"}, {1, "swamp"}}));
        for (Direction d : {Direction::N, Direction::NE, Direction::SE}) {
          const Hex n = neighbour(h, d);
          if (!m.on_map(n)) continue;
          const Hexside side = Hexside::of(h, d);
          const int roll = *rc::gen::inRange(0, 100);
          if (roll < 8) {
            m.add_feature(side, "major_river");
            const int crossing = *rc::gen::inRange(0, 4);
            if (crossing == 0) m.add_feature(side, "bridge");
            if (crossing == 1) m.add_feature(side, "ford");
          } else if (roll < 12) {
            m.add_feature(side, "minor_river");
          }
          if (*rc::gen::inRange(0, 100) < 15) m.add_feature(side, "road");
        }
      }
    const int n = *rc::gen::inRange(1, max_units + 1);
    std::set<std::pair<int, int>> used;
    for (int i = 0; i < n; ++i) {
      const Printed at{*rc::gen::inRange(1, cols + 1), *rc::gen::inRange(1, rows + 1)};
      if (!used.insert({at.col, at.row}).second) continue;
      Unit u;
      u.id = "U" + std::to_string(i);
      u.side = *rc::gen::element<std::string>("french", "prussian");
      u.type = *rc::gen::element(UnitType::Infantry, UnitType::Cavalry, UnitType::Artillery);
      u.strength = *rc::gen::inRange(1, 5);
      u.movement = *rc::gen::inRange(0, 5);
      if (*rc::gen::inRange(0, 6) == 0) u.flags = {"guard"};
      u.hex = to_axial(at, m.layout());
      p.state.units.push_back(u);
    }
    p.state.phase = "movement";
    p.state.night = *rc::gen::inRange(0, 5) == 0;
    p.state.morale = {{"french", *rc::gen::inRange(1, 11)}, {"prussian", *rc::gen::inRange(1, 11)}};
    return p;
  });
}

inline std::unique_ptr<n20::N20Rules> standard_rules() {
  return n20::make_rules(n20::RulesetChoice{}, testing::source_spec());
}

}  // namespace hexlaw::gen
