// Owns: the totals of one declared battle (std:9.0 steps B–E; see battle.h).
#include "engine/n20/battle.h"

#include <algorithm>
#include <stdexcept>

#include "engine/n20/zoc.h"

namespace hexlaw::n20 {
namespace {

int halve_up(int v) { return (v + 1) / 2; }

// A combat value the terrain chart leaves unstated, from the interpretation switches that
// record the ruling (dresden:table.terrain notes). Throws when no ruling covers it.
int unstated_value(const N20Rules& rules, const std::string& terrain) {
  const Readings& r = rules.readings();
  if (terrain == "fortified" || terrain == "redoubt") return r.fortified_combat_value;
  if (terrain == "swamp") return r.swamp_combat_value;
  if (terrain == "minor_river") return r.minor_river_combat_value;
  throw std::invalid_argument("no source gives a combat value for " + terrain + " and no ruling supplies one");
}

// The combat value of a hexside type, resolving unstated values and fords through switches.
std::optional<int> hexside_value(const N20Rules& rules, const HexsideType& t) {
  if (t.name == "ford") {
    const HexsideType* as = rules.terrain_chart().side(rules.readings().ford_as);
    if (as) return hexside_value(rules, *as);
  }
  if (t.combat) return t.combat;
  if (t.name == "minor_river") return unstated_value(rules, t.name);
  return std::nullopt;
}

struct Side {
  std::vector<const Unit*> units;
};

}  // namespace

// Step A. Resolve the units. Step B. Every attacker adjacent to every defender; across a
// hexside that forbids attack only bombarding artillery. Step C. Attack strengths. Step D.
// Defence strengths. Step E. The single best terrain benefit. Step F. Artillery support.
// Step G. Reserves. Step H. Differential and column.
BattleTotals battle_totals(const N20Rules& rules, const Map& map, const GameState& state, const BattleDeclaration& b,
                           Trace& trace) {
  BattleTotals t;
  auto violate = [&](const char* rule, std::string reason) {
    t.legal = false;
    trace.cite(rule, [&] { return "illegal: " + reason; });
    t.violations.emplace_back(rule, std::move(reason));
  };
  // Step A.
  UnitList att, def;
  for (const auto& id : b.attackers)
    if (const Unit* u = state.unit(id)) att.push_back(u);
  for (const auto& id : b.defenders)
    if (const Unit* u = state.unit(id)) def.push_back(u);
  if (att.empty() || def.empty() || att.size() != b.attackers.size() || def.size() != b.defenders.size())
    throw std::invalid_argument("a battle needs known attacking and defending units");
  const std::string& attacker_side = att.front()->side;
  for (const Unit* u : att)
    if (u->side != attacker_side || !u->on_map())
      throw std::invalid_argument("attacker " + u->id + " is not an on-map unit of side " + attacker_side);
  for (const Unit* u : def)
    if (u->side == attacker_side || !u->on_map())
      throw std::invalid_argument("defender " + u->id + " is not an on-map enemy unit");
  if (state.night) violate("std:14.0", "no battles are fought at night");
  {  // A game's own conditions on who fights (the battle_conditions hook).
    std::vector<std::pair<std::string, std::string>> broken;
    rules.battle_conditions(att, def, state, broken, trace);
    for (auto& [rule, reason] : broken) {
      t.legal = false;
      trace.cite(rule, [&reason = reason] { return "illegal: " + reason; });  // clang 14 cannot capture a binding
      t.violations.emplace_back(std::move(rule), std::move(reason));
    }
  }

  // RULE std:8.2.1 (countercharge.multi_defender = single_defender) — each countercharge battle has exactly one defender
  if (b.countercharge && def.size() > 1 && rules.readings().countercharge_single_defender)
    violate("std:8.2.1", "a countercharge battle has a single defending unit (countercharge.multi_defender = "
                         "single_defender), not " + std::to_string(def.size()));
  // Step B.
  Trace silent(Trace::Off{}, rules.catalog());
  InlineVector<bool, 8> bombarding;
  bombarding.resize(att.size());
  for (std::size_t i = 0; i < att.size(); ++i) {
    const Unit& a = *att[i];
    if (b.countercharge && a.type != UnitType::Cavalry)
      violate("std:8.1", a.id + " is not cavalry and cannot countercharge");
    for (const Unit* d : def) {
      if (distance(a.hex, d->hex) != 1) {
        // RULE std:9.2.2 — every attacker of a battle must be adjacent to every defender
        violate("std:9.2.2", a.id + " is not adjacent to " + d->id);
        continue;
      }
      // A game may close an adjacent hexside to some attackers (Dresden's pontoon under
      // dresden.pontoon_allied_attack = as_river, dresden:6.0): as if no crossing were there.
      const char* closed = rules.attack_across_closed(map, a, d->hex, state);
      if (!closed && adjacent_for_rules(rules, map, state, a.hex, d->hex, silent)) continue;
      if (a.type == UnitType::Artillery && rules.on(Optional::ArtillerySupport) && rules.artillery_doubles(state, silent)) {
        // RULE std:16.3.2 — artillery may bombard across a hexside that forbids attack
        bombarding[i] = true;
        trace.cite("std:16.3.2"_rule, [&] { return a.id + " bombards " + d->id + " across a hexside that forbids a normal attack"; });
      } else if (closed) {
        violate(closed, a.id + " cannot attack " + d->id + " across that hexside: its crossing is not open to " +
                            std::string(a.side.view()) + " attacks");
      } else {
        violate(rules.terrain_table_id().c_str(),
                a.id + " cannot attack " + d->id + " across a major river without bridge or ford");
      }
    }
  }
  trace.cite("std:9.2.2"_rule, "every attacker is adjacent to every defender");

  // Step C.
  const bool routed_rule = rules.on(Optional::RoutedUnits);
  // RULE std:16.5 — optional rule: routed units carry a marker and suffer the effects of 16.5.2
  if (routed_rule) trace.cite("std:16.5"_rule, "optional rule 16.5 (routed units) is in use");
  const bool double_first = !rules.halve_before_doubling();
  const bool artillery_doubles = rules.artillery_doubles(state, trace);
  bool countercharge_doubles = b.countercharge;
  if (b.countercharge) {
    const bool any_cav = std::any_of(def.begin(), def.end(), [](const Unit* d) { return d->type == UnitType::Cavalry; });
    const bool all_cav = std::all_of(def.begin(), def.end(), [](const Unit* d) { return d->type == UnitType::Cavalry; });
    const bool lost = rules.readings().countercharge_lost_if_any ? any_cav : all_cav;
    countercharge_doubles = !lost;
    // RULE std:8.2.2 — countercharging units fight doubled, except in a battle against cavalry
    trace.cite("std:8.2.2"_rule, lost ? "the countercharge meets enemy cavalry: no doubling"
                                 : "countercharging units fight at double strength");
  }
  t.attack.reserve(att.size());
  t.defense.reserve(def.size());
  for (std::size_t i = 0; i < att.size(); ++i) {
    const Unit& a = *att[i];
    StrengthLine s{a.id, a.strength, rules.base_strength(a, state, trace), bombarding[i], {}};
    const bool doubles = (a.type == UnitType::Artillery && !bombarding[i] && artillery_doubles) || countercharge_doubles;
    auto weather = [&] {
      const int m = rules.strength_modifier(a, state, trace);
      if (m == 0) return;
      s.value = std::max(0, s.value + m);
      s.why.push_back("weather " + std::to_string(m));
    };
    const bool halves = routed_rule && a.has(UnitMarker::Routed);
    auto dbl = [&] {
      if (!doubles) return;
      s.value *= 2;
      if (a.type == UnitType::Artillery && !b.countercharge) {
        // RULE std:9.3 — artillery fights at double strength when it attacks (Artillery Bonus)
        s.why.push_back("artillery doubled when attacking (std:9.3)");
        trace.cite("std:9.3"_rule, [&] { return a.id + " is artillery attacking: strength doubled to " + std::to_string(s.value); });
      } else {
        s.why.push_back("countercharge doubled (std:8.2.2)");
      }
    };
    auto half = [&] {
      if (!halves) return;
      s.value = halve_up(s.value);
      // RULE std:16.5.2 (part: strength halved) — routed units fight at half strength, rounded up
      s.why.push_back("routed: halved, rounded up (std:16.5.2)");
      trace.cite("std:16.5.2"_rule, [&] { return a.id + " is routed: strength halved, rounding up, to " + std::to_string(s.value); });
    };
    if (double_first) dbl(), half(), weather();
    else half(), weather(), dbl();
    if (bombarding[i]) s.why.push_back("bombarding at printed strength (std:16.3.2)");
    t.attack_units += s.value;
    t.attack.push_back(std::move(s));
  }

  // Step D.
  for (const Unit* d : def) {
    StrengthLine s{d->id, d->strength, rules.base_strength(*d, state, trace), false, {}};
    if (routed_rule && d->has(UnitMarker::Routed)) {
      s.value = halve_up(s.value);
      s.why.push_back("routed: halved, rounded up (std:16.5.2)");
      trace.cite("std:16.5.2"_rule, [&] { return d->id + " is routed: strength halved, rounding up, to " + std::to_string(s.value); });
    }
    if (const int m = rules.strength_modifier(*d, state, trace); m != 0) {
      s.value = std::max(0, s.value + m);
      s.why.push_back("weather " + std::to_string(m));
    }
    t.defense_units += s.value;
    t.defense.push_back(std::move(s));
  }

  // Step E.
  t.terrain_source = "none";
  int candidates = 0;
  std::vector<std::string> offered;  // every benefit on offer, for the explanation (kept only for a trace that keeps reasons)
  for (const Unit* d : def) {
    const TerrainType& here = rules.terrain_of(map, d->hex, state);
    const int hex_value = here.combat ? *here.combat : unstated_value(rules, here.name);
    ++candidates;
    if (trace.on()) offered.push_back(map.name(d->hex) + " " + here.name + " +" + std::to_string(hex_value));
    if (hex_value > t.terrain) {
      t.terrain = hex_value;
      t.terrain_source = map.name(d->hex) + " " + here.name;
    }
    if (!here.rule.empty())  // terrain a game's layer defines cites its case
      trace.cite(here.rule, [&] { return map.name(d->hex) + " is " + here.name + ": +" + std::to_string(hex_value) + " to its defender"; });
    // Hexside benefits: a cross-hexside benefit counts only when every attacker attacks
    // across a hexside of that type.
    InlineVector<std::string_view, 6> names;  // the chart's names, which outlive the battle
    for (const Unit* a : att) {
      auto hs = Hexside::between(a->hex, d->hex);
      if (!hs) continue;
      for (const HexsideType* ht : rules.hexside_types(map, *hs, state))
        if (std::find(names.begin(), names.end(), ht->name) == names.end()) names.push_back(ht->name);
    }
    for (const auto& n : names) {
      const HexsideType* ht = rules.terrain_chart().side(std::string(n));
      const auto value = hexside_value(rules, *ht);
      if (!value) continue;
      const bool all_across = std::all_of(att.begin(), att.end(), [&](const Unit* a) {
        auto hs = Hexside::between(a->hex, d->hex);
        if (!hs) return false;
        for (const HexsideType* x : rules.hexside_types(map, *hs, state))
          if (x->name == n) return true;
        return false;
      });
      const bool cross = ht->cross_hexside;
      if (cross && !all_across) {
        trace.cite(rules.terrain_table_id(), [&] { return d->id + " gets no " + std::string(n) + " benefit: not every attacker is across it"; });
        continue;
      }
      ++candidates;
      if (trace.on()) offered.push_back("the " + std::string(n) + " hexside of " + map.name(d->hex) + " +" + std::to_string(*value));
      if (*value > t.terrain) {
        t.terrain = *value;
        t.terrain_source = "the " + std::string(n) + " hexside of " + map.name(d->hex);
      }
    }
  }
  // RULE std:9.4 — the defender adds the terrain chart's value for its hex or the hexside attacked through
  trace.cite("std:9.4"_rule, [&] { return "terrain benefit +" + std::to_string(t.terrain) + " (" + t.terrain_source + ")"; });
  // RULE std:9.4.1 — only the single best benefit counts
  // RULE std:9.4.2 — with several defenders, the best benefit of any of them
  if (candidates > 1) {
    std::string list;
    for (const auto& o : offered) list += (list.empty() ? "" : ", ") + o;
    trace.cite("std:9.4.1"_rule, [&] { return "benefits on offer: " + list + "; they do not add, only the single best counts"; });
  }
  if (def.size() > 1) trace.cite("std:9.4.2"_rule, "with several defenders the battle takes the best benefit of any");
  // RULE std:9.4.3 — the attackers' own terrain counts for nothing
  for (const Unit* a : att) {
    const TerrainType& there = rules.terrain_of(map, a->hex, state);
    if (there.combat.value_or(1) != 0) {
      trace.cite("std:9.4.3"_rule, [&] { return a->id + "'s own " + there.name + " hex gives the attacker nothing"; });
      break;
    }
  }

  // Step F.
  if (rules.on(Optional::ArtillerySupport)) {
    // RULE std:16.3 — optional rule: artillery support in defence (16.3.1) and bombardment (16.3.2)
    trace.cite("std:16.3"_rule, "optional rule 16.3 (artillery support) is in use");
    using Scope = Readings::ArtillerySupportScope;
    const Scope scope = rules.readings().artillery_support;
    std::vector<int> per_defender(def.size(), 0);
    for (const Unit& art : state.units) {
      if (!art.on_map() || art.type != UnitType::Artillery || art.side == attacker_side) continue;
      const bool attacked = std::find(b.defenders.begin(), b.defenders.end(), art.id) != b.defenders.end() ||
                            std::find(b.attacked_elsewhere.begin(), b.attacked_elsewhere.end(), art.id) !=
                                b.attacked_elsewhere.end();
      if (attacked) continue;
      for (std::size_t k = 0; k < def.size(); ++k) {
        if (def[k] == &art || distance(art.hex, def[k]->hex) != 1) continue;
        if (!exerts_zoc_into(rules, map, state, art, def[k]->hex, silent)) continue;
        // RULE std:16.3.1 — an unattacked artillery unit adds +1 to friendly defenders in its ZOC
        ++per_defender[k];
        trace.cite("std:16.3.1"_rule, [&] { return art.id + " (not attacked) supports " + def[k]->id + " in its zone of control: +1"; });
      }
    }
    for (int v : per_defender) t.support += scope == Scope::PerUnitMaxOne ? std::min(v, 1) : v;
    if (scope == Scope::PerBattleMaxOne) t.support = std::min(t.support, 1);
  }

  // Step G.
  auto reserve = [&](bool asked, UnitRefs units, const std::string& who) {
    if (!asked) return 0;
    if (routed_rule && std::all_of(units.begin(), units.end(), [](const Unit* u) { return u->has(UnitMarker::Routed); })) {
      violate("std:16.5.2", "every " + who + " unit in the battle is routed: no reserves may be committed");
      return 0;
    }
    if (const char* rule = rules.forbids_reserves(units, trace)) {
      violate(rule, who + " may not commit reserves to this battle");
      return 0;
    }
    const Symbol track = rules.battle_tracks(units, N20Rules::BattleMorale::Reserves, state, trace).front();
    if (auto it = state.morale.find(track); it != state.morale.end() && it->second < 1) {
      violate("std:12.5", who + " has no morale point to commit reserves");
      return 0;
    }
    // RULE std:12.5 — each side may spend one morale point for +1 in a battle
    trace.cite("std:12.5"_rule, [&] { return "the " + who + " commits reserves: +1 for a morale point"; });
    return 1;
  };
  t.attack_reserve = reserve(b.attacker_reserve, att, "attacker");
  t.defense_reserve = reserve(b.defender_reserve, def, "defender");

  // Step H.
  t.attack_total = t.attack_units + t.attack_reserve;
  t.defense_total = t.defense_units + t.terrain + t.support + t.defense_reserve;
  t.differential = t.attack_total - t.defense_total;
  // A game's addition after every other one, before std:9.5's reduction (leipzig:16.12).
  t.command = rules.command_span_modifier(map, att, state, trace);
  t.differential += t.command;
  const CrtTable& crt = rules.crt();
  t.column = std::clamp(t.differential, crt.lowest, crt.highest);
  // RULE std:9.0 — steps B-E: total each side, subtract, find the differential column
  trace.cite("std:9.0"_rule, [&] { return "steps B-E: attack " + std::to_string(t.attack_total) + " against defence " +
                            std::to_string(t.defense_total) + ": differential " + std::to_string(t.differential) +
                            ", column " + std::to_string(t.column); });
  if (b.reduce_to) {
    if (*b.reduce_to > t.column || *b.reduce_to < crt.lowest) {
      violate("std:9.5", "the differential can only be reduced, to a column of the table between " +
                             std::to_string(crt.lowest) + " and " + std::to_string(t.column));
    } else if (*b.reduce_to < t.column) {
      // RULE std:9.5 — the attacker may resolve the battle on a lower column
      trace.cite("std:9.5"_rule, [&] { return "the attacker resolves on the " + std::to_string(*b.reduce_to) + " column instead of " +
                                std::to_string(t.column); });
      t.column = *b.reduce_to;
    }
  }
  return t;
}

}  // namespace hexlaw::n20
