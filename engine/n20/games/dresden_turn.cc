// Owns: Dresden 20's rules that act at the played game's phase boundaries (see dresden.h): the
// turn track's weather (dresden:5.1), Variable Weather with its trend and Mud (dresden:16.8,
// 16.8.1, 16.8.2), Extra Horses ending at night (dresden:5.2), the Allied command confusion and
// its lifting (dresden:3.1), and the catastrophes of losing Dresden (dresden:12.7).
#include "engine/n20/games/dresden.h"

#include "engine/core/limits.h"
#include "engine/core/whole_number.h"
#include "engine/n20/turn_end.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace hexlaw::n20 {

namespace {

// The Weather Track's boxes from best to worst (the dresden:16.8 catalog ruling).
constexpr std::array<const char*, 5> kWeatherBoxes = {"clear", "cloudy", "showers", "downpour", "storm"};
constexpr std::string_view kMudUntil = "mud-until-";        // the Mud marker's turn on the track
constexpr std::string_view kLimit = "confusion-limit-";     // this Allied Movement Phase's limit
constexpr std::string_view kExempt = "confusion-exempt-";   // reinforcements not counted against it
constexpr const char* kLifted = "confusion-lifted";
constexpr const char* kWorsening = "weather-worsening";     // the trend marker's Worsening side
constexpr const char* kFirstCatastrophe = "catastrophe-one-dresden-hex";
constexpr const char* kSecondCatastrophe = "catastrophe-both-dresden-hexes";

// The number after `prefix` in `m`, when `m` carries `prefix` and a whole number 0..kMaxTurn
// after it.
std::optional<int> number_after(std::string_view m, std::string_view prefix) {
  if (!m.starts_with(prefix)) return std::nullopt;
  const std::optional<int> n = whole_number(m.substr(prefix.size()));
  if (!n || *n < 0 || *n > kMaxTurn) return std::nullopt;
  return n;
}

// The number after `prefix` in the first marker that carries it (the readers refused a
// marker whose number is not 0..kMaxTurn: DresdenRules::numbered_marker_problem).
std::optional<int> marker_number(const GameState& s, std::string_view prefix) {
  for (Symbol m : s.markers)
    if (m.view().starts_with(prefix)) return number_after(m.view(), prefix);
  return std::nullopt;
}

void set_marker_number(GameState& s, std::string_view prefix, std::optional<int> n) {
  std::erase_if(s.markers, [&](Symbol m) { return m.view().starts_with(prefix); });
  if (n) s.set_marker(Symbol(std::string(prefix) + std::to_string(*n)), true);
}

bool allied(const Unit& u) { return u.side != "french"; }

}  // namespace

std::string DresdenRules::numbered_marker_problem(const GameState& s) {
  for (Symbol m : s.markers)
    for (std::string_view prefix : {kMudUntil, kLimit, kExempt})
      if (m.view().starts_with(prefix) && !number_after(m.view(), prefix))
        return "marker " + m.str() + ": " + std::string(prefix) + " is followed by a whole number 0.." +
               std::to_string(kMaxTurn);
  return {};
}

std::optional<int> DresdenRules::confusion_limit(const GameState& s) { return marker_number(s, kLimit); }

int DresdenRules::confusion_moves(const GameState& s) const {
  return s.counters.units_moved - marker_number(s, kExempt).value_or(0);
}

// Step A. Mud is removed when the Game Turn marker reaches it (16.8.2). Step B. Extra Horses end
// as a Night Game Turn opens (5.2). Step C. Without Variable Weather, the turn's weather is the
// one the track prints (5.1).
void DresdenRules::at_game_turn_start(const Calendar& cal, int turn, GameState& s, DiceSource& dice, Trace& t) const {
  (void)dice;
  // Step A.
  if (const auto until = marker_number(s, kMudUntil); until && turn >= *until) {
    // RULE dresden:16.8.2 — Mud is placed by Storms, pushed on by Downpours and Storms, and ends when the turn marker reaches it
    t.cite("dresden:16.8.2"_rule, [&] { return "the Game Turn marker reaches the Mud marker (turn " + std::to_string(*until) +
                                          "): Mud is removed and its effects end"; });
    set_marker_number(s, kMudUntil, std::nullopt);
    s.set_marker("mud", false);
  }
  // Step B.
  // RULE dresden:5.2 (part: the end of Extra Horses) — declared for one Day, they end as the next Night Game Turn opens
  if (cal.is_night(turn) && s.has_marker("extra-horses")) {
    t.cite("dresden:5.2"_rule, "a Night Game Turn opens: Extra Horses end");
    s.set_marker("extra-horses", false);
  }
  // Step C.
  if (!on(Optional::DresdenVariableWeather) && !cal.weather.empty()) {
    const auto it = cal.weather.find(turn);
    s.weather = it == cal.weather.end() ? "clear" : it->second;
    // RULE dresden:5.1 — without Variable Weather each turn's weather is the one the Game Turn track prints (no symbol: Clear)
    t.cite("dresden:5.1"_rule, [&] { return "the turn track prints " + std::string(s.weather.view()) + " for turn " +
                                       std::to_string(turn); });
  }
}

// Step A. Every phase opens without an Allied move limit. Step B. As the Allied Movement Phase
// opens: the Variable Weather check (16.8, right after the Allied event draw; none on the first
// turn, 5.0), then the command confusion roll (3.1), before any Forced March decision. Step C.
// Then Au IV's arrival roll (3.2).
void DresdenRules::at_phase_start(Phase p, GameState& s, DiceSource& dice, Trace& t) const {
  // Step A.
  set_marker_number(s, kLimit, std::nullopt);
  set_marker_number(s, kExempt, std::nullopt);
  if (p == Phase::Movement && s.phasing == "french" && s.turn >= 4 && s.has_marker("dresden-scenario:koenigstein"))
    // SOURCE-MISSING dresden:17.1.2 — the stacks' arrival rolls need the Arrival Table, which the sources do not print
    // SOURCE-MISSING dresden:17.1 — the variant's arrivals (17.1.2) need that table
    throw RuleRefusal("dresden:17.1.2", "the Koenigstein Maneuver's French stacks arrive by a roll on the Arrival "
                                        "Table (dresden:table.arrival), which the sources do not print");
  if (p != Phase::Movement || s.phasing == "french") return;
  // Step B.
  if (on(Optional::DresdenVariableWeather)) {
    Trace silent(Trace::Off{}, catalog());
    if (skips_random_events(s.phasing.view(), s.turn, s, silent)) {
      t.cite("dresden:5.0"_rule, [&] { return s.turn == 1 ? std::string("turn 1: no Variable Weather check")
                                                   : "turn " + std::to_string(s.turn) + ", the first Game Turn played: no Variable Weather check"; });
    } else {
      weather_check(dice.roll(6, "dresden:16.8", "Variable Weather check"), s.turn, s, t);
    }
  }
  s.set_marker("meissen-placement", false);
  confusion_roll(s, dice, t);
  // Step C. Au IV's arrival roll (3.2), reinforcement timing.
  meissen_roll(s, dice, t);
}

// The command confusion roll of 3.1, unless the limit was lifted (or the Historical scenario
// has none under its switch).
void DresdenRules::confusion_roll(GameState& s, DiceSource& dice, Trace& t) const {
  if (s.has_marker(kLifted)) return;
  if (s.has_marker("historical-scenario") && readings().dresden_confusion_historical_lifted) {
    t.cite("dresden:3.1"_rule, "dresden.command_confusion_historical=lifted: no command confusion in the Historical scenario");
    return;
  }
  const int limit = dice.roll(6, "dresden:3.1", "Allied command confusion") + 1;
  // RULE dresden:3.1 — the Allies roll a die +1 as each Movement Phase opens: at most that many units move, until a French reinforcement crosses the Elbe
  t.cite("dresden:3.1"_rule, [&] { return "command confusion: the Allies may move at most " + std::to_string(limit) +
                                     " units this Movement Phase"; });
  set_marker_number(s, kLimit, limit);
}

// RULE dresden:16.8 — Variable Weather: the Allies roll after their event draw and move the marker; never better than Clear nor left worse than Downpour
// RULE dresden:16.8.1 — Improving: 1 worsens, 5-6 improve; Worsening: 1-2 worsen, 6 improves (the side showing is the state marker weather-worsening)
void DresdenRules::weather_check(int face, int turn, GameState& s, Trace& t) const {
  const bool worsening = s.has_marker(kWorsening);
  const int delta = worsening ? (face <= 2 ? 1 : face == 6 ? -1 : 0) : (face == 1 ? 1 : face >= 5 ? -1 : 0);
  constexpr int kCloudy = 1;  // kWeatherBoxes' index of the set-up's box
  int was = kCloudy;
  if (s.weather.empty()) {
    // RULE dresden:3.0 (part: the Weather Trend marker's start) — with Variable Weather the marker starts in the Cloudy box (dresden:17.2 too)
    t.cite("dresden:3.0"_rule, "no weather is stated: the Weather Trend marker is where the set-up places it, in the Cloudy box");
  } else {
    const auto at = std::find(kWeatherBoxes.begin(), kWeatherBoxes.end(), s.weather.view());
    if (at == kWeatherBoxes.end())
      throw std::invalid_argument("weather '" + s.weather.str() + "' is not a box of the Weather Track (dresden:16.8)");
    was = static_cast<int>(at - kWeatherBoxes.begin());
  }
  int now = std::clamp(was + delta, 0, 3 + (was == 3 ? 1 : 0));
  t.cite("dresden:16.8.1"_rule, [&] {
    return std::string("weather check ") + std::to_string(face) + " with the trend " +
           (worsening ? "Worsening" : "Improving") + ": " + kWeatherBoxes[static_cast<std::size_t>(was)] + " -> " +
           kWeatherBoxes[static_cast<std::size_t>(now)];
  });
  t.cite("dresden:16.8"_rule, "the weather never gets better than Clear nor stays worse than Downpour");
  const auto mud = marker_number(s, kMudUntil);
  if (now == 4) {
    // A Storm places the Mud marker two turns ahead, or pushes it two, and falls back to Downpour.
    const int until = mud ? *mud + 2 : turn + 2;
    t.cite("dresden:16.8.2"_rule, [&] { return std::string(mud ? "Storm: the Mud marker moves two turns on" : "Storm: Mud is placed") +
                                          ", to turn " + std::to_string(until) + "; the weather falls back to Downpour"; });
    set_marker_number(s, kMudUntil, until);
    s.set_marker("mud", true);
    now = 3;
  } else if (now == 3 && mud) {
    t.cite("dresden:16.8.2"_rule, [&] { return "Downpour with Mud on the track: the Mud marker moves on to turn " +
                                          std::to_string(*mud + 1); });
    set_marker_number(s, kMudUntil, *mud + 1);
  }
  s.weather = kWeatherBoxes[static_cast<std::size_t>(now)];
}

// The move limit of 3.1, while it is in force this phase.
bool DresdenRules::may_move_more(const GameState& s, Trace& t) const {
  const auto limit = confusion_limit(s);
  if (!limit || confusion_moves(s) < *limit) return true;
  t.cite("dresden:3.1"_rule, [&] { return "command confusion: the Allies have moved the " + std::to_string(*limit) +
                                     " units the roll allows"; });
  return false;
}

// Step A. An Allied reinforcement entering the map is not counted against the limit under
// dresden.command_confusion_counts_reinforcements=exempt. Step B. A French reinforcement
// entering activates its area's LOC (9.8.6). Step C. A French reinforcement that crosses a
// (printed) major river hexside, the Elbe, lifts the limit for good.
void DresdenRules::after_move(const Map& m, Symbol unit, Hex from, bool entering, const std::vector<Hex>& path,
                              GameState& s, Trace& t) const {
  const Unit* u = s.unit(unit);
  if (!u) return;
  // Au IV entering from Meissen (dresden.meissen_au4_may_leave=may_leave) empties the box.
  if (const Symbol box("meissen:" + u->id.str()); entering && s.has_marker(box)) {
    t.cite("dresden:3.2"_rule, [&] { return u->id + " leaves Meissen through area Y: the box is empty again"; });
    s.set_marker(box, false);
  }
  // Step A.
  if (allied(*u) && entering && confusion_limit(s) &&
      readings().dresden_confusion_exempts_reinforcements) {
    t.cite("dresden:3.1"_rule, [&] { return "dresden.command_confusion_counts_reinforcements=exempt: " + u->id +
                                       " entering is not counted against the limit"; });
    set_marker_number(s, kExempt, marker_number(s, kExempt).value_or(0) + 1);
    return;
  }
  // Step B. A French reinforcement entering through area A, B or C activates that area's LOC (9.8.6).
  if (!allied(*u) && entering && !u->entry.empty()) {
    const Symbol active("loc-active-" + std::string(u->entry.view()));
    if (!s.has_marker(active)) {
      // RULE dresden:9.8.6 — French units retreat towards active French LOCs: 1601 from the start, 1607/1617/1624 once a reinforcement enters through A/B/C; the Allies towards theirs
      t.cite("dresden:9.8.6"_rule, [&] { return u->id + " enters through area " + std::string(u->entry.view()) +
                                          ": that area's French LOC is active from now on"; });
      // RULE dresden:11.5 — reinforcements arrive through their entry areas (map data); a French one arriving through A, B or C activates that area's LOC
      t.cite("dresden:11.5"_rule, "a French reinforcement arriving through its entry area activates that area's LOC");
      s.set_marker(active, true);
    }
  }
  // Step C.
  if (allied(*u) || u->arrival_turn == 0 || s.has_marker(kLifted)) return;
  Hex prev = from;
  bool have_prev = !entering;
  for (Hex h : path) {
    if (have_prev)
      if (const auto side = Hexside::between(prev, h); side && m.has_feature(*side, "major_river")) {
        t.cite("dresden:3.1"_rule, [&] { return "the French reinforcement " + u->id + " crosses the Elbe (" + m.name(prev) +
                                           "-" + m.name(h) + "): the Allied command confusion ends for good"; });
        s.set_marker(kLifted, true);
        set_marker_number(s, kLimit, std::nullopt);
        return;
      }
    prev = h;
    have_prev = true;
  }
}

// RULE dresden:12.7 — the first French Player Turn ending with an Allied unit in a Dresden hex costs the French 1; the first with both, French -2 and Allied +1; each once a game
void DresdenRules::at_player_turn_close(const Map& m, std::string_view side, GameState& s, Trace& t) const {
  if (side != "french") return;
  const std::array dresden{m.hex("1306"), m.hex("1407")};
  std::array<const Unit*, dresden.size()> held{};  // the first Allied unit found in each
  for (const Unit& u : s.units)
    for (std::size_t i = 0; i < dresden.size(); ++i)
      if (u.on_map() && allied(u) && u.hex == dresden[i] && !held[i]) held[i] = &u;
  int french_loss = 0, allied_gain = 0;
  const Unit* allied_unit = held[0] ? held[0] : held[1];
  if (allied_unit && !s.has_marker(kFirstCatastrophe)) {
    s.set_marker(kFirstCatastrophe, true);
    french_loss += 1;
    t.cite("dresden:12.7"_rule, [&] { return "catastrophe: " + allied_unit->id + " holds a Dresden hex as a French Player Turn "
                                        "ends, for the first time: French morale -1"; });
  }
  if (held[0] && held[1] && !s.has_marker(kSecondCatastrophe)) {
    s.set_marker(kSecondCatastrophe, true);
    french_loss += 2;
    allied_gain += 1;
    t.cite("dresden:12.7"_rule, "catastrophe: the Allies hold both Dresden hexes as a French Player Turn ends, for the first "
                           "time: French morale -2, Allied morale +1");
  }
  if (french_loss == 0) return;
  // Gains first, then losses (std:12.1); the Allied gain goes on the track of the unit in Dresden.
  t.cite("std:12.1"_rule, "simultaneous morale changes: gains first, then losses");
  if (allied_gain) {
    int& a = s.morale[morale_track(*allied_unit, s)];
    a = std::min(10, a + allied_gain);
  }
  if (auto* f = s.morale.find(Symbol("french")); f != s.morale.end())
    f->second = std::max(0, f->second - french_loss);
}

// RULE dresden:14.0 — no French Objective hexes; Neustadt (1406) and the Meissen box are the Allied Objectives: each night the French lose 1 for each the Allies hold
NightMorale DresdenRules::judge_night_morale(const Map& m, const GameState& s, const std::string& side, Trace& t) const {
  Map objectives = m;  // the map's own objective lists give way to the rule's
  objectives.clear_objectives();
  // An inactive French LOC is no LOC the Allies can hold (9.8.6), unless the exclusion is
  // limited to retreat direction (dresden.inactive_loc_scope = retreat_only).
  if (!readings().dresden_inactive_loc_retreat_only)
    for (Hex h : inactive_french_locs(m, s)) objectives.remove_loc("french", h);
  else if (side != "french" && !inactive_french_locs(m, s).empty())
    t.cite("dresden:9.8.6"_rule, "dresden.inactive_loc_scope=retreat_only: the inactive French LOCs still count as French LOCs "
                            "the Allies may hold");
  if (side == "french") {
    t.cite("dresden:14.0"_rule, "the French have no Objective hexes");
    return standard_night_morale(*this, objectives, s, side, t);
  }
  objectives.add_objective("french", m.hex("1406"));
  t.cite("dresden:14.0"_rule, "the Allied Objectives are Neustadt (1406) and the Meissen box: each the Allies hold costs the French 1");
  NightMorale out = standard_night_morale(*this, objectives, s, side, t);
  // The Meissen box, held by an Allied unit, scores as one more Allied Objective (3.2).
  if (const Unit* in = meissen_occupant(s); in && in->side == side) {
    t.cite("dresden:3.2"_rule, [&] { return in->id + " in Meissen counts as an Allied unit on an Allied Objective: French -1"; });
    ++out.enemy_objectives_held;
    ++out.enemy_loss;
    if (auto* f = out.after.find(Symbol("french")); f != out.after.end()) f->second = std::max(0, f->second - 1);
  }
  return out;
}

std::vector<Hex> DresdenRules::inactive_french_locs(const Map& m, const GameState& s) const {
  static constexpr std::pair<const char*, const char*> kAreaLocs[] = {{"A", "1607"}, {"B", "1617"}, {"C", "1624"}};
  const bool historical_1607 = s.has_marker("historical-scenario") &&
                               readings().dresden_historical_locs_active;
  std::vector<Hex> out;
  for (const auto& [area, loc] : kAreaLocs) {
    if (s.has_marker(Symbol(std::string("loc-active-") + area))) continue;
    if (historical_1607 && std::string_view(area) == "A") continue;
    const Hex h = m.hex(loc);
    if (m.locs("french").count(h)) out.push_back(h);
  }
  return out;
}

// French units use only the active French LOCs, for retreats and rallies alike (the
// dresden.inactive_loc_scope default, any_purpose); under retreat_only every French LOC stays a
// LOC for rallies, breaking on arrival (std:9.8.7) and night morale, and only the retreat's
// direction is narrowed (retreat_direction_locs). The Allies use the map's.
LocList DresdenRules::friendly_locs(const Unit& u, const Map& m, const GameState& s) const {
  LocList locs = N20Rules::friendly_locs(u, m, s);
  if (u.side != "french") return locs;
  if (readings().dresden_inactive_loc_retreat_only) {
    if (!inactive_french_locs(m, s).empty()) record_dynamic_citation("dresden:9.8.6");
    return locs;
  }
  for (Hex h : inactive_french_locs(m, s))
    if (locs.erase(h)) record_dynamic_citation("dresden:9.8.6");  // this hook has no trace
  return locs;
}

// RULE dresden:3.0 — the two sides are the French and the Allies (a position names them french and allied)
N20Rules::GameSides DresdenRules::game_sides() const { return {{"french", "allied"}, "dresden:3.0"}; }

// Dresden's game-level markers beside the standard ones: scenario, weather and mud, the Extra
// Horses, Allied confusion, the Dresden catastrophes, the pontoon, garrisons and Meissen.
std::vector<N20Rules::MarkerFamily> DresdenRules::marker_families() const {
  auto out = N20Rules::marker_families();
  out.insert(out.end(), {{"dresden-scenario:", true},
                         {"historical-scenario", false},
                         {"mud", false},
                         {std::string(kMudUntil), true},
                         {kWorsening, false},
                         {"extra-horses", false},
                         {"extra-horses-used", false},
                         {"loc-active-", true},
                         {std::string(kLimit), true},
                         {std::string(kExempt), true},
                         {kLifted, false},
                         {kFirstCatastrophe, false},
                         {kSecondCatastrophe, false},
                         {std::string(kPontoonMarker), true},
                         {"garrison-out:", true},
                         {"dresden-garrison-destroyed", false},
                         {"meissen:", true},
                         {"meissen-placement", false}});
  return out;
}

// The turn track's weathers, which the position may state (Storm never stays: dresden:16.8.2).
N20Rules::GameWeathers DresdenRules::weathers() const { return {{"clear", "cloudy", "showers", "downpour"}, "dresden:5.1"}; }

// RULE dresden:4.0 — the Allied player is the First Player: a scenario naming the French first is refused
const char* DresdenRules::first_player_rule(const std::string& first, const std::string& french, Trace& t) const {
  // Every Dresden rule names the French side "french" (dresden:1.0); the scenario's own French
  // side must be that one too.
  if (first != "french" && french == "french") {
    t.cite("dresden:4.0"_rule, "the Allies are the First Player");
    record_dynamic_citation("dresden:4.0");  // scenarios are read under a silent trace
    return nullptr;
  }
  return "dresden:4.0";
}

// RULE dresden:5.2 — once per game, as his Night Operations Phase ends, the French player may declare Extra Horses
std::optional<N20Rules::NightDeclaration> DresdenRules::night_declaration(const GameState& s, std::string_view side,
                                                                          Trace& t) const {
  if (side != "french") return std::nullopt;
  if (s.has_marker("extra-horses-used")) {
    t.cite("dresden:5.2"_rule, "Extra Horses were declared earlier in the game: once per game only");
    record_dynamic_citation("dresden:5.2");  // the game asks this hook under a silent trace
    return std::nullopt;
  }
  return NightDeclaration{"dresden:5.2", "Extra Horses"};
}

// The declaration: the Game Turn marker flips to its Extra Horses side for the coming Day (the
// marker extra-horses, lifted as the next Night Game Turn opens), and it is spent for the game.
void DresdenRules::declare_at_night(GameState& s, std::string_view side, Trace& t) const {
  if (side != "french") throw std::logic_error("only the French declare Extra Horses (dresden:5.2)");
  s.set_marker("extra-horses", true);
  s.set_marker("extra-horses-used", true);
  t.cite("dresden:5.2"_rule, "the French declare Extra Horses: French infantry ignores the Downpour/Mud -1 until the "
                        "next Night Game Turn opens; no other declaration this game");
}

}  // namespace hexlaw::n20

namespace hexlaw::n20 {

// A French retreat heads for an active LOC only (9.8.6), under either reading of
// dresden.inactive_loc_scope.
LocList DresdenRules::retreat_direction_locs(const Unit& u, const Map& m, const GameState& s) const {
  LocList locs = N20Rules::friendly_locs(u, m, s);
  if (u.side != "french") return locs;
  for (Hex h : inactive_french_locs(m, s))
    if (locs.erase(h)) record_dynamic_citation("dresden:9.8.6");  // this hook has no trace
  return locs;
}

}  // namespace hexlaw::n20
