// Owns: RapidCheck generators shared by every property — hexes, printed numbers, units and
// whole game states — each producing only values the engine accepts as legal input.
#pragma once

#include <rapidcheck.h>

#include "engine/core/hex.h"
#include "engine/n20/state.h"

namespace hexlaw::gen {

inline rc::Gen<Hex> hex() {
  return rc::gen::construct<Hex>(rc::gen::inRange(-60, 60), rc::gen::inRange(-60, 60));
}

// Printed positions as on real maps: columns and rows 0..99.
inline rc::Gen<Printed> printed() {
  return rc::gen::construct<Printed>(rc::gen::inRange(0, 100), rc::gen::inRange(0, 100));
}

inline rc::Gen<ColumnLayout> layout() {
  return rc::gen::element(ColumnLayout::OddColumnsLow, ColumnLayout::EvenColumnsLow);
}

// Printable text, including quotes, backslashes and YAML/JSON punctuation.
inline rc::Gen<std::string> text() {
  return rc::gen::container<std::string>(rc::gen::map(rc::gen::inRange(32, 127), [](int c) { return static_cast<char>(c); }));
}

inline rc::Gen<std::vector<std::string>> sorted_subset(std::vector<std::string> pool) {
  return rc::gen::map(rc::gen::container<std::vector<bool>>(pool.size(), rc::gen::arbitrary<bool>()),
                      [pool](const std::vector<bool>& pick) {
                        std::vector<std::string> out;
                        for (std::size_t i = 0; i < pool.size(); ++i)
                          if (pick[i]) out.push_back(pool[i]);
                        return out;  // pool is given sorted, so the subset is too
                      });
}

// A unit with id `id`; off-map units keep no position (Hex{}), as the engine requires.
inline rc::Gen<Unit> unit(std::string id) {
  return rc::gen::exec([id] {
    Unit u;
    u.id = id;
    u.name = *text();
    u.side = *rc::gen::element<std::string>("french", "prussian", "austrian");
    u.nationality = *rc::gen::element<std::string>("", "french", "saxon", "bavarian");
    u.army = *rc::gen::element<std::string>("", "B", "S", "N");
    u.type = *rc::gen::element(UnitType::Infantry, UnitType::Cavalry, UnitType::Artillery, UnitType::Leader,
                               UnitType::Garrison, UnitType::Dummy, UnitType::Cadre);
    u.strength = *rc::gen::inRange(0, 10);
    u.movement = *rc::gen::inRange(0, 7);
    u.flags = *sorted_subset({"elite", "guard", "light", "unreliable"});
    u.markers = *sorted_subset({"hidden", "routed"});
    u.status = *rc::gen::element(UnitStatus::OnMap, UnitStatus::OnMap, UnitStatus::Broken, UnitStatus::Eliminated,
                                 UnitStatus::Pending);
    if (u.on_map()) u.hex = to_axial(*printed(), ColumnLayout::OddColumnsLow);
    if (u.status == UnitStatus::Pending) {
      u.arrival_turn = *rc::gen::inRange(1, 20);
      u.entry = *rc::gen::element<std::string>("A", "B", "1001");
    }
    return u;
  });
}

inline rc::Gen<GameState> state() {
  return rc::gen::exec([] {
    GameState s;
    s.turn = *rc::gen::inRange(1, 30);
    s.phase = *rc::gen::element<std::string>("random-events", "movement", "reaction", "combat", "night-operations");
    s.phasing = *rc::gen::element<std::string>("", "french", "prussian");
    s.night = *rc::gen::arbitrary<bool>();
    s.weather = *rc::gen::element<std::string>("", "clear", "downpour", "mud");
    const int tracks = *rc::gen::inRange(0, 4);
    for (int i = 0; i < tracks; ++i) s.morale["track-" + std::to_string(i)] = *rc::gen::inRange(0, 11);
    for (const auto& m : *sorted_subset({"forced-march", "lull-spoiled", "mud"})) s.markers.emplace_back(m);
    const int n = *rc::gen::inRange(0, 12);
    for (int i = 0; i < n; ++i) s.units.push_back(*unit("U" + std::to_string(i)));
    return s;
  });
}

}  // namespace hexlaw::gen
