// Owns: properties of the Jemmapes 1792 rules — zones of control only into the three frontal
// hexes and turning with the facing (jemmapes:1.3, 1.6); stacking never above two, and a unit of
// CP 3 or more only with artillery (jemmapes:1.4), also at the end of every legal move; the
// assault's DRM cap for every combination of modifiers (jemmapes:6.2); exact odds summing to 1
// (jemmapes:table.assault); a reaction movement turns one hexside only and ends the mover's
// move exactly when the mover's hex becomes frontal (jemmapes:5.2).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <sstream>

#include "engine/core/fraction.h"
#include "engine/jemmapes/facing.h"
#include "engine/jemmapes/movement.h"
#include "engine/jemmapes/reaction.h"
#include "properties/generators.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

using jemmapes::Unit;
using jemmapes::UnitKind;

struct World {
  Map map;
  jemmapes::Position position;
  jemmapes::Readings readings;
  jemmapes::Context context() const {
    const auto& spec = *testing::source_spec();
    return jemmapes::Context{map, spec.tables, spec.catalog, readings, position};
  }
};

Unit unit(std::string id, std::string side, UnitKind kind, Hex h, Direction facing, int cp) {
  Unit u;
  u.id = std::move(id);
  u.side = std::move(side);
  u.kind = kind;
  u.hex = h;
  u.facing = facing;
  u.cp = u.printed_cp = cp;
  return u;
}

Direction turn(Direction d, int k) { return static_cast<Direction>((static_cast<int>(d) + k) % 6); }

RC_GTEST_PROP(JemmapesProps, ZocOnlyIntoTheThreeFrontalHexesAndTurnsWithFacing, ()) {
  HEXLAW_CITES("jemmapes:1.6", "jemmapes:1.3");
  World w;
  w.map.set_default_terrain("clear");
  const Hex h = *gen::hex();
  const Direction f = static_cast<Direction>(*rc::gen::inRange(0, 6));
  const int k = *rc::gen::inRange(0, 6);
  const auto kind = *rc::gen::element(UnitKind::Infantry, UnitKind::Cavalry, UnitKind::Artillery);
  const Unit u = unit("U", "french", kind, h, f, 2);
  const Unit v = unit("V", "french", kind, h, turn(f, k), 2);
  const auto x = w.context();
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  int frontal = 0;
  for (Direction d : kAllDirections) {
    const bool zoc = jemmapes::exerts_zoc_into(x, u, neighbour(h, d), t);
    RC_ASSERT(zoc == (jemmapes::aspect(u, d) == jemmapes::Aspect::Front));
    RC_ASSERT(zoc == jemmapes::exerts_zoc_into(x, v, neighbour(h, turn(d, k)), t));
    frontal += zoc;
  }
  RC_ASSERT(frontal == 3);
  RC_ASSERT(!jemmapes::exerts_zoc_into(x, u, neighbour(neighbour(h, f), f), t));
}

RC_GTEST_PROP(JemmapesProps, StackingNeverAboveTwoAndBigUnitsOnlyWithArtillery, ()) {
  HEXLAW_CITES("jemmapes:1.4");
  World w;
  const int n = *rc::gen::inRange(1, 5);
  for (int i = 0; i < n; ++i)
    w.position.units.push_back(unit("U" + std::to_string(i), "french",
                                    *rc::gen::element(UnitKind::Infantry, UnitKind::Cavalry, UnitKind::Artillery), Hex{0, 0},
                                    Direction::N, *rc::gen::inRange(0, 6)));
  std::vector<const Unit*> stack;
  for (const auto& u : w.position.units) stack.push_back(&u);
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  std::string why;
  const bool ok = jemmapes::stacking_ok(w.context(), stack, why, t);
  if (n > 2) RC_ASSERT(!ok);
  if (n == 1) RC_ASSERT(ok);
  if (n == 2) {
    const Unit &a = w.position.units[0], &b = w.position.units[1];
    const bool expected = (a.cp < 3 || b.kind == UnitKind::Artillery) && (b.cp < 3 || a.kind == UnitKind::Artillery);
    RC_ASSERT(ok == expected);
  }
}

// Random French and Austrian units around 0505; a random French unit's every reachable end
// hex keeps the stacking rule, and a legal path never ends in an enemy hex.
RC_GTEST_PROP(JemmapesProps, EveryReachableEndKeepsStackingAndAvoidsEnemies, ()) {
  HEXLAW_CITES("jemmapes:1.4", "jemmapes:5.1", "jemmapes:1.6");
  std::ostringstream y;
  y << "game: jemmapes\nmap: {bounds: {cols: [1, 12], rows: [1, 12]}}\nstate:\n  formations: {E: {side: french, order: "
    << *rc::gen::element<std::string>("offensive", "manoeuvre", "defensive", "demoralised")
    << ", reserve: 1}, L: {side: austrian, order: defensive}}\nunits:\n";
  const int n = *rc::gen::inRange(2, 9);
  std::set<std::pair<int, int>> used;
  std::map<std::pair<int, int>, std::string> side_at;
  for (int i = 0; i < n; ++i) {
    const int c = *rc::gen::inRange(3, 8), r = *rc::gen::inRange(3, 8);
    const std::string side = i == 0 ? "french" : *rc::gen::element<std::string>("french", "austrian");
    auto it = side_at.find({c, r});
    if (it != side_at.end() && it->second != side) continue;
    side_at[{c, r}] = side;
    char hex[5];
    std::snprintf(hex, sizeof hex, "%02d%02d", c, r);
    y << "  - {id: U" << i << ", side: " << side << ", kind: infantry, hex: \"" << hex << "\", facing: "
      << (side == "french" ? "n" : "s") << ", cp: " << *rc::gen::inRange(1, 4) << ", mp: " << *rc::gen::inRange(1, 5)
      << ", formation: " << (side == "french" ? "E" : "L") << "}\n";
  }
  y << "question: {kind: reach, unit: U0}\n";
  CaseFile c = testing::inline_case(y.str());
  Answer a = [&] {
    try {
      return ask(c);
    } catch (const CaseError&) {
      RC_DISCARD("an illegal random position (stacking or facing)");
    }
  }();
  const auto& pos = *c.jemmapes;
  const Unit& u = *pos.unit("U0");
  for (const auto& [name, entry] : a.outcome["hexes"].items()) {
    const Hex h = c.map->hex(name);
    RC_ASSERT(!pos.enemy_combat_in(h, "french"));
    int combat = 1;
    for (const Unit* o : pos.combat_units_at(h, "french")) combat += o->id != u.id;
    RC_ASSERT(combat <= 2);
  }
}

// An assault around 0504 with random strengths, morale, levels, orders, charges and flank
// positions: the modifiers are capped at +/-6 (all together, or all but the morale difference).
RC_GTEST_PROP(JemmapesProps, AssaultDrmCapHoldsForEveryCombination, ()) {
  HEXLAW_CITES("jemmapes:6.2", "jemmapes:table.assault");
  const bool excl = *rc::gen::arbitrary<bool>();
  const std::string order = *rc::gen::element<std::string>("offensive", "manoeuvre", "defensive", "demoralised");
  const int am = *rc::gen::inRange(1, 9), dm = *rc::gen::inRange(1, 9);
  const auto level = [] { return *rc::gen::element<std::string>("good_order", "disorganised_1", "disorganised_2"); };
  // Attackers in 0505 (facing n) and 0605 (facing nw); the defender faces a random way.
  std::ostringstream y;
  y << "game: jemmapes\ninterpretations: {jemmapes.assault.drm_cap_scope: " << (excl ? "excludes_morale" : "all") << "}\n"
    << "state:\n  formations: {E: {side: french, order: offensive}, L: {side: austrian, order: " << order << "}}\n"
    << "map: {hexes: {\"0504\": " << *rc::gen::element<std::string>("clear", "village", "wood") << "}}\n"
    << "units:\n"
    << "  - {id: F, side: french, kind: infantry, hex: \"0505\", facing: n, cp: " << *rc::gen::inRange(1, 3)
    << ", morale: " << am << ", formation: E, level: " << level() << "}\n"
    << "  - {id: G, side: french, kind: infantry, hex: \"0605\", facing: nw, cp: " << *rc::gen::inRange(1, 9)
    << ", morale: 3, formation: E, level: " << level() << "}\n"
    << "  - {id: A, side: austrian, kind: infantry, hex: \"0504\", facing: "
    << *rc::gen::element<std::string>("n", "ne", "se", "s", "sw", "nw") << ", cp: " << *rc::gen::inRange(1, 9)
    << ", morale: " << dm << ", formation: L, level: " << level() << "}\n";
  if (*rc::gen::arbitrary<bool>()) y << "  - {id: B, side: austrian, kind: infantry, hex: \"0606\", facing: s, cp: 2, formation: L}\n";
  const bool bayonet = *rc::gen::arbitrary<bool>();
  y << "question: {kind: assault, attackers: [F, G], hex: \"0504\", attacker_head: F" << (bayonet ? ", bayonet: [F, G]" : "") << "}\n";
  const Answer a = ask(testing::inline_case(y.str()));
  // The generator builds only legal assaults: both attackers have 0504 in front, and their 2+ SS
  // against at most 8 is never under 1/4.
  RC_ASSERT(a.outcome["legal"].get<bool>());
  const int drm = a.outcome["drm"].get<int>();
  int morale = 0;
  for (const auto& d : a.outcome["drms"])
    if (d["what"] == "morale difference of the head units") morale = d["value"].get<int>();
  RC_ASSERT(morale == am - (dm - (order == "demoralised" ? 1 : 0)));
  if (excl) RC_ASSERT(std::abs(drm - morale) <= 6);
  else RC_ASSERT(std::abs(drm) <= 6);
}

// Exact odds of any assault on printed rows, or with the cut rows named, sum to 1.
RC_GTEST_PROP(JemmapesProps, ExactAssaultOddsSumToOne, ()) {
  HEXLAW_CITES("jemmapes:table.assault", "jemmapes:6.3");
  std::ostringstream y;
  const int fcp = *rc::gen::inRange(1, 9);
  y << "game: jemmapes\nstate:\n  formations: {E: {side: french, order: offensive}, L: {side: austrian, order: manoeuvre}}\n"
    << "units:\n  - {id: F, side: french, kind: infantry, hex: \"0505\", facing: n, cp: " << fcp
    << ", morale: " << *rc::gen::inRange(1, 7) << ", formation: E}\n"
    << "  - {id: A, side: austrian, kind: infantry, hex: \"0504\", facing: " << *rc::gen::element<std::string>("n", "s", "ne")
    << ", cp: " << *rc::gen::inRange(1, std::min(9, 4 * fcp + 1)) << ", morale: " << *rc::gen::inRange(1, 7) << ", formation: L}\n"
    << "question: {kind: assault, attackers: [F], hex: \"0504\", attacker_head: F, roll: true}\ndice: enumerate\n";
  Answer a = [&] {
    try {
      return ask(testing::inline_case(y.str()));
    } catch (const CaseRefused&) {
      RC_DISCARD("every line of dice meets the same missing cell");
    }
  }();
  // A ratio of 1/4 or better always rolls (the generator never builds a prohibited one).
  RC_ASSERT(a.outcome.contains("odds"));
  Fraction sum(0);
  for (const auto& o : a.outcome["odds"]) {
    const std::string p = o["probability"].get<std::string>();
    const auto slash = p.find('/');
    sum += slash == std::string::npos ? Fraction(std::stoll(p)) : Fraction(std::stoll(p.substr(0, slash)), std::stoll(p.substr(slash + 1)));
  }
  RC_ASSERT(sum == Fraction(1));
}

// On clear ground, a reactor next to the mover (which came from further away) may pivot exactly
// one hexside either way, and the pivot ends the move exactly when the mover's hex is then one
// of the reactor's three frontal hexes.
RC_GTEST_PROP(JemmapesProps, ReactionPivotsOneHexsideAndStopsOnlyFromTheFront, ()) {
  HEXLAW_CITES("jemmapes:5.2");
  World w;
  w.map.set_default_terrain("clear");
  const Hex h = *gen::hex();
  const Direction toward = static_cast<Direction>(*rc::gen::inRange(0, 6));
  const Direction f = static_cast<Direction>(*rc::gen::inRange(0, 6));
  const int k = *rc::gen::inRange(0, 6);
  const Hex entered = neighbour(h, toward);
  const Hex from = neighbour(entered, toward);  // two hexes from the reactor: no ZoC before
  w.position.units.push_back(unit("M", "french", UnitKind::Infantry, entered, opposite(toward), 2));
  w.position.units.push_back(unit("R", "austrian", UnitKind::Infantry, h, f, 2));
  const auto x = w.context();
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  jemmapes::ReactionChoice c;
  c.facing = turn(f, k);
  const auto out = jemmapes::reaction(x, w.position.units[0], from, w.position.units[1], c, t);
  RC_ASSERT(out["eligible"].get<bool>());
  RC_ASSERT(out["allowed"].get<bool>() == (k == 1 || k == 5));
  // Whether the mover stops, on a pivot of one hexside either way (the only reactions allowed).
  c.facing = turn(f, *rc::gen::element(1, 5));
  const auto pivot = jemmapes::reaction(x, w.position.units[0], from, w.position.units[1], c, t);
  RC_ASSERT(pivot["allowed"].get<bool>());
  const int rel = (static_cast<int>(toward) - static_cast<int>(c.facing) + 6) % 6;
  RC_ASSERT(pivot["mover_stops"].get<bool>() == (rel == 0 || rel == 1 || rel == 5));
}

}  // namespace
}  // namespace hexlaw

namespace hexlaw {
namespace {

const char* kLevelNames[] = {"good_order", "disorganised_1", "disorganised_2", "rout"};

int level_index(const std::string& name) {
  for (int i = 0; i < 4; ++i)
    if (name == kLevelNames[i]) return i;
  return -1;
}

// Results only worsen organisation (jemmapes:6.3); a rally only improves it (jemmapes:7.0).
RC_GTEST_PROP(JemmapesProps, LevelsWorsenOnlyByResultsAndImproveOnlyByRally, ()) {
  HEXLAW_CITES("jemmapes:1.5", "jemmapes:6.3", "jemmapes:7.0");
  // The attacker is not in rout (a routed unit has no zone of control to assault from); the
  // defender may be at any level; the defender never has over 4x the attacker's SS.
  const int la = *rc::gen::inRange(0, 3), ld = *rc::gen::inRange(0, 4);
  const int fcp = *rc::gen::inRange(1, 6);
  std::ostringstream y;
  y << "game: jemmapes\ninterpretations: {jemmapes.assault.unprinted_rows: example_values}\n"
    << "state:\n  formations: {E: {side: french, order: offensive}, L: {side: austrian, order: manoeuvre}}\n"
    << "units:\n  - {id: F, side: french, kind: infantry, hex: \"0505\", facing: n, cp: " << fcp
    << ", morale: 3, formation: E, level: " << kLevelNames[la] << "}\n"
    << "  - {id: A, side: austrian, kind: infantry, hex: \"0504\", facing: s, cp: " << *rc::gen::inRange(1, std::min(6, 4 * fcp + 1))
    << ", morale: 3, formation: L, level: " << kLevelNames[ld] << "}\n";
  // The dice are drawn among the pairs whose modified total reads a printed row (0 or less to 7)
  // or the example's row 9 (example_values), so no roll meets a lost cell.
  const Answer pre = ask(testing::inline_case(y.str() + "question: {kind: assault, attackers: [F], hex: \"0504\", attacker_head: F}\n"));
  RC_ASSERT(pre.outcome["legal"].get<bool>());
  const int drm = pre.outcome["drm"].get<int>();
  std::vector<std::pair<int, int>> pairs;
  for (int d1 = 1; d1 <= 6; ++d1)
    for (int d2 = 1; d2 <= 6; ++d2)
      if (d1 + d2 + drm <= 7 || d1 + d2 + drm == 9) pairs.emplace_back(d1, d2);
  RC_ASSERT(!pairs.empty());  // the cap keeps the DRM within +6, and 3 + 6 = 9 is printed
  const auto [d1, d2] = *rc::gen::elementOf(pairs);
  std::ostringstream q;
  q << "question: {kind: assault, attackers: [F], hex: \"0504\", attacker_head: F, roll: true}\n"
    << "dice: {script: [" << d1 << ", " << d2 << "]}\n";
  const Answer a = ask(testing::inline_case(y.str() + q.str()));
  RC_ASSERT(a.outcome["legal"].get<bool>());
  RC_ASSERT(level_index(a.outcome["after"]["attacker"]["units"]["F"]["level"].get<std::string>()) >= la);
  RC_ASSERT(level_index(a.outcome["after"]["defender"]["units"]["A"]["level"].get<std::string>()) >= ld);
  // A rally, from any level but good order (which has nothing to rally from).
  const int lr = *rc::gen::inRange(1, 4);
  std::ostringstream r;
  r << "game: jemmapes\nstate:\n  formations: {E: {side: french, order: offensive}}\nunits:\n"
    << "  - {id: F, side: french, kind: infantry, hex: \"0505\", facing: n, cp: 1, morale: " << *rc::gen::inRange(1, 9)
    << ", formation: E, level: " << kLevelNames[lr] << "}\n"
    << "question: {kind: rally, unit: F, roll: true}\ndice: {script: [" << *rc::gen::inRange(1, 7) << ", "
    << *rc::gen::inRange(1, 7) << "]}\n";
  const Answer ra = ask(testing::inline_case(r.str()));
  const int after = level_index(ra.outcome["level"].get<std::string>());
  RC_ASSERT(after <= lr);
  RC_ASSERT(lr - after == ra.outcome["levels_removed"].get<int>());
}

}  // namespace
}  // namespace hexlaw
