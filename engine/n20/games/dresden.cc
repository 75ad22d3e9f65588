// Owns: Dresden 20's weather, Koenigstein, the bridges and the Light Corps as overrides of the
// standard rules' hooks (see dresden.h); garrisons are dresden_garrisons.cc, the turn dresden_turn.cc.
#include "engine/n20/games/dresden.h"

#include "engine/core/errors.h"

#include <algorithm>
#include <stdexcept>

namespace hexlaw::n20 {

namespace {
constexpr const char* kKoenigstein = "1222";
}  // namespace

// RULE dresden:0.0 — the exclusive rules are a layer over the standard rules: where they conflict, the layer's hooks win
DresdenRules::DresdenRules(RulesetChoice choice, std::shared_ptr<const Spec> spec)
    : N20Rules(std::move(choice), std::move(spec)),
      standard_order_(read_order_of_battle(this->spec()->tables, false)),
      historical_order_(read_order_of_battle(this->spec()->tables, true)) {
  record_dynamic_citation("dresden:0.0");  // every Dresden rule set is built as this layer
}

// RULE dresden:5.1.1 — Showers: infantry -1; Downpour or Mud: infantry -1 in rain, allowances -1, no road bonus, no artillery doubling or bombardment, rivers one class worse, no pontoon (the parts tagged below and in dresden_pontoon.cc make the whole)
bool DresdenRules::wet(const GameState& s) {
  return s.weather == "downpour" || s.has_marker("mud");
}

bool DresdenRules::raining(const GameState& s) { return s.weather == "showers" || s.weather == "downpour"; }

// RULE dresden:5.1.1 (part: rivers) — in Downpour or Mud a minor river counts as a major river
// RULE dresden:6.10 — a Landgraben hexside counts as a minor river in Downpour or Mud, else nothing
void DresdenRules::hexside_types(const Map& m, Hexside side, const GameState& s,
                                 std::vector<const HexsideType*>& out) const {
  const bool soaked = wet(s);
  for (const auto& f : m.features(side)) {
    if (f == "pontoon_bridge") continue;  // never map data at Dresden (position_problem refuses it)
    std::string as = f;
    if (soaked && f == "minor_river") as = "major_river";  // no chaining: each converts once
    if (f == "landgraben") {
      if (!soaked) continue;
      as = "minor_river";
      record_dynamic_citation("dresden:6.10");  // this hook has no trace; coverage still sees it
    }
    if (soaked && f == "minor_river") record_dynamic_citation("dresden:5.1.1");
    if (const HexsideType* t = terrain_chart().side(as)) out.push_back(t);
  }
  // The built pontoon (dresden:6.0): a bridge on its hexside while it may be used (not in
  // Downpour or Mud, 5.1.1); French-only by reserved_crossing, its retreat hazard waived.
  if (!soaked && is_pontoon_side(m, side, s)) {
    const HexsideType* bridge = terrain_chart().side("bridge");
    if (!bridge) throw std::logic_error("the terrain chart lacks a bridge hexside (dresden:6.0)");
    out.push_back(bridge);  // the chart's Bridge (dresden:table.terrain ruling)
  }
}

// RULE dresden:5.1.1 (part: movement) — Downpour or Mud: every allowance -1, after the night cap
// RULE dresden:5.2 (part: the effect, not the once-a-game declaration) — Extra Horses spares French infantry the reduction for a day
int DresdenRules::movement_allowance_modifier(const Unit& u, const GameState& s, Trace& t) const {
  if (!wet(s)) return 0;
  const bool horses = s.has_marker("extra-horses");
  if (horses && u.side == "french" && (u.type == UnitType::Infantry || u.type == UnitType::Cadre)) {
    t.cite("dresden:5.2"_rule, [&] { return "Extra Horses: " + u.id + " keeps its full allowance in the mud"; });
    return 0;
  }
  if (s.night && readings().dresden_downpour_before_cap) {
    t.cite("dresden:5.1.1"_rule, [&] { return "dresden.night_downpour_ma=before_cap: the -1 falls on " + u.id +
                                         "'s printed allowance, and the Night cap then sets it to 1"; });
    return 0;
  }
  t.cite("dresden:5.1.1"_rule, [&] { return "Downpour or Mud: " + u.id + "'s allowance -1"; });
  return -1;
}

bool DresdenRules::road_bonus_allowed(const GameState& s, Trace& t) const {
  if (!wet(s)) return true;
  // RULE dresden:5.1.1 (part: roads) — no +1 for a move along road in Downpour or Mud
  t.cite("dresden:5.1.1"_rule, [&] { return "Downpour or Mud: no +1 for a move wholly along road (std:6.6 overridden)"; });
  return false;
}

// RULE dresden:5.1.1 (part: infantry) — in Showers or Downpour every infantry unit fights at -1
// RULE dresden:9.4.5 — halve a routed unit, then the weather's -1, then doubling, then terrain
// RULE dresden:16.8.3 — only rain falling (Showers, Downpour) weakens infantry, not Mud alone
int DresdenRules::strength_modifier(const Unit& u, const GameState& s, Trace& t) const {
  if (!(u.type == UnitType::Infantry || u.type == UnitType::Cadre)) return 0;
  if (!raining(s)) {
    if (wet(s)) t.cite("dresden:16.8.3"_rule, [&] { return "Mud but no rain: infantry " + u.id + " keeps its strength"; });
    return 0;
  }
  t.cite("dresden:5.1.1"_rule, [&] { return s.weather + ": infantry " + u.id + " fights at -1"; });
  t.cite("dresden:9.4.5"_rule, "strength order: rout halving, then weather, then doubling, then terrain");
  return -1;
}

// RULE dresden:5.0 — on the first Game Turn played the Allies skip their Random Events draw (Turn 6 in the Historical scenario)
bool DresdenRules::skips_random_events(std::string_view side, int turn, const GameState& s, Trace& t) const {
  // Turn 1 always skips: a played game opens there even in the Historical scenario (its
  // calendar has no first turn of its own yet, dresden:17.2 part), so it is its first turn played.
  const bool historical_first = s.has_marker("historical-scenario") && turn == 6;
  if ((turn != 1 && !historical_first) || side == "french") return false;
  t.cite("dresden:5.0"_rule, [&] {
    return historical_first ? std::string("turn 6, the Historical scenario's first Game Turn (dresden:17.2): the Allies "
                                          "draw no Random Event (nor roll for Variable Weather)")
                            : std::string("turn 1: the Allies draw no Random Event (nor roll for Variable Weather)");
  });
  return true;
}

// RULE dresden:16.9 — the Austrian Light Corps (light infantry) may Disengage as cavalry does under std:8.3
bool DresdenRules::may_disengage(const Unit& u, Trace& t) const {
  if (u.type == UnitType::Infantry && u.has(UnitFlag::Light) &&
      readings().dresden_light_infantry_optional_off) {
    t.cite("dresden:16.9"_rule, [&] { return "dresden.light_infantry_optional=optional_off: 16.9 is an optional rule left "
                                        "out of play, so " + u.id + " is plain infantry and may not Disengage"; });
    return N20Rules::may_disengage(u, t);
  }
  if (u.type == UnitType::Infantry && u.has(UnitFlag::Light)) {
    t.cite("dresden:16.9"_rule, [&] { return u.id + " is light infantry: it may Disengage as cavalry does (std:8.3)"; });
    return true;
  }
  return N20Rules::may_disengage(u, t);
}

// RULE dresden:6.12 — Königstein (1222) is super-fortified: +4 to its defender, whatever the map's terrain there
const TerrainType& DresdenRules::terrain_of(const Map& m, Hex h, const GameState& s) const {
  if (m.terrain(h) == "grosser_garten") {
    // RULE dresden:6.11 — the Grosser Garten defends as woods (+1) and moves as clear terrain (no stop)
    if (!garten_) {
      const TerrainChart& chart = terrain_chart();
      auto read = [&](const char* name) {
        const TerrainType* type = chart.terrain(name);
        if (!type)
          throw SpecError(chart.file, std::string("hex_terrain.") + name,
                          chart.id + " has no '" + name + "' terrain, which dresden:6.11 reads for the Grosser Garten "
                          "(its movement as 'open', its defence as 'forest')");
        return type;
      };
      const TerrainType* clear = read("open");
      const TerrainType* woods = read("forest");
      garten_ = std::make_unique<TerrainType>(*clear);
      garten_->name = "Grosser Garten";
      garten_->combat = woods->combat;
      garten_->rule = "dresden:6.11";
    }
    return *garten_;
  }
  const TerrainType& base = N20Rules::terrain_of(m, h, s);
  if (m.name(h) != kKoenigstein) return base;
  for (const auto& [from, fortress] : koenigstein_)
    if (from == &base) return *fortress;
  auto fortress = std::make_unique<TerrainType>(base);  // its movement stays the map's
  fortress->name = "Koenigstein";
  fortress->combat = 4;
  fortress->built_up = true;
  fortress->zoc_barrier = true;
  fortress->rule = "dresden:6.12";
  koenigstein_.emplace_back(&base, std::move(fortress));
  return *koenigstein_.back().second;
}

// RULE dresden:6.12 — a unit retreating from Königstein may retreat 4 hexes fewer in all (in place of std:9.8.1's one)
int DresdenRules::retreat_reduction(const Map& m, Hex h, const GameState& s, Trace& t) const {
  if (m.name(h) != kKoenigstein) return N20Rules::retreat_reduction(m, h, s, t);
  t.cite("dresden:6.12"_rule, "Koenigstein: a unit retreating from it may retreat 4 hexes fewer in all");
  return 4;
}

// RULE dresden:9.11 — no hazard roll for the river crossed at either Dresden bridge
const char* DresdenRules::retreat_hazard_waiver(const Map& m, Hexside side) const {
  const std::string a = m.name(side.first()), b = m.name(side.second());
  // RULE dresden:6.0 — a retreat across the built pontoon is not a Hazardous Retreat (the Elbe there has no other crossing)
  for (const char* to : kPontoonTo)
    if (((a == kPontoonFrom && b == to) || (b == kPontoonFrom && a == to)) && m.has_feature(side, "major_river"))
      return "dresden:6.0";
  const bool bridge = (a == "1406" && (b == "1306" || b == "1407")) || (b == "1406" && (a == "1306" || a == "1407"));
  return bridge ? "dresden:9.11" : nullptr;
}

bool DresdenRules::artillery_doubles(const GameState& s, Trace& t) const {
  if (!wet(s)) return true;
  // RULE dresden:5.1.1 (part: artillery) — no artillery doubling and no bombardment in Downpour or Mud
  t.cite("dresden:5.1.1"_rule, "Downpour or Mud: attacking artillery is not doubled and cannot bombard");
  return false;
}

}  // namespace hexlaw::n20
