// Owns: the Leipzig set-up as data and its check (leipzig:3.0, steps 1 to 5: leipzig:3.0.1 to
// 3.0.5) and the Elite Forces of leipzig:2.0, both read from leipzig:table.order-of-battle: each
// listed unit's side, army, quality, and how it comes into play under each French choice for
// Dresden (strongly or lightly defended, abandoned). A position set up for the game carries the
// state marker leipzig-scenario:standard and the choice as dresden-defence:strong|light|abandoned.
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>

#include "engine/n20/games/leipzig.h"

namespace hexlaw::n20 {
namespace {

constexpr const char* kTable = "leipzig:table.order-of-battle";
constexpr std::string_view kScenarioMarker = "leipzig-scenario:";
constexpr std::string_view kDefenceMarker = "dresden-defence:";
constexpr const char* kNorthLater = "morale-track-later:allied-north=7@7";  // leipzig:3.0.3 in a played game

// The cell of `row` under `column`, "-" read as empty.
std::string cell(const GridTable& t, const GridRow& row, const std::string& column) {
  const auto* c = t.cell(row.key, column);
  if (!c || !*c) throw std::invalid_argument(t.id + ": row '" + row.key + "' has no " + column);
  return **c == "-" ? std::string() : **c;
}

}  // namespace

// Step A. The table. Step B. Each row against its cells: the known ways into play, a hex for a
// set-up, a turn for a reinforcement.
std::vector<LeipzigRules::Listed> LeipzigRules::read_order_of_battle(const GridTable& t) {
  std::vector<LeipzigRules::Listed> out;
  for (const GridRow& row : t.rows) {
    LeipzigRules::Listed l;
    l.id = row.key;
    l.side = cell(t, row, "side");
    l.army = cell(t, row, "army");
    l.quality = cell(t, row, "quality");
    l.leader = cell(t, row, "leader") == "yes";
    l.arrives = {cell(t, row, "strong"), cell(t, row, "light"), cell(t, row, "abandoned")};
    l.setup = cell(t, row, "setup");
    const std::string turn = cell(t, row, "turn");
    l.turn = turn.empty() ? 0 : std::stoi(turn);
    l.entry = cell(t, row, "entry");
    if (l.side != "french" && l.side != "allied")
      throw std::invalid_argument(t.id + ": row '" + row.key + "': side is french or allied");
    if (!l.quality.empty() && l.quality != "elite" && l.quality != "guard-elite" && l.quality != "guard-no-recule")
      throw std::invalid_argument(t.id + ": row '" + row.key + "': unknown quality '" + l.quality + "'");
    for (const std::string& a : l.arrives) {
      const bool known = a == "setup" || a == "turn" || a == "set-aside" || a == "dresden" || a == "cadre" || a == "unused";
      if (!known || (a == "setup" && l.setup.empty()) || (a == "turn" && l.turn < 1))
        throw std::invalid_argument(t.id + ": row '" + row.key + "' is incomplete for how it arrives ('" + a + "')");
    }
    out.push_back(std::move(l));
  }
  return out;
}

namespace {

// The choice of leipzig:3.0.5 as an index into Listed::arrives: 0 strong, 1 light, 2 abandoned;
// -1 when the position states none, -2 when it states an unknown one or several.
int defence_choice(const GameState& s, std::string& named) {
  int found = -1;
  for (Symbol mk : s.markers) {
    if (!mk.view().starts_with(kDefenceMarker)) continue;
    named = std::string(mk.view().substr(kDefenceMarker.size()));
    const int c = named == "strong" ? 0 : named == "light" ? 1 : named == "abandoned" ? 2 : -2;
    found = found == -1 ? c : -2;
  }
  return found;
}

}  // namespace

// RULE leipzig:table.order-of-battle — the set-up lists of 3.0 (steps 4 and 5) and the Elite Forces of 2.0 read as data
// The order of battle of the spec, read once per table (rule sets built under one spec share it).
const std::vector<LeipzigRules::Listed>* LeipzigRules::order_of_battle() const {
  static std::mutex mu;
  static std::map<const GridTable*, std::vector<Listed>> cache;
  const GridTable* t = spec()->tables.grid(kTable);
  if (!t) return nullptr;
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(t);
  if (it == cache.end()) it = cache.emplace(t, read_order_of_battle(*t)).first;
  return &it->second;
}

const LeipzigRules::Listed* LeipzigRules::listed(const Unit& u) const {
  const auto* order = order_of_battle();
  if (!order) return nullptr;
  for (const Listed& l : *order)
    if (l.id == u.id.view() && l.side == u.side.view()) return &l;
  return nullptr;
}

// RULE leipzig:2.0 — Elite Forces: Ru III Elite (rout and rally) only; OG and Au/Ru G&R Guard and Elite; the Swedish Corps and its Cadre Guard, not Elite
// Units the list does not name keep their counters' printed qualities.
bool LeipzigRules::is_elite(const Unit& u, Trace& t) const {
  const Listed* l = listed(u);
  if (!l || l->quality.empty()) return N20Rules::is_elite(u, t);
  const bool elite = l->quality == "elite" || l->quality == "guard-elite";
  t.cite("leipzig:2.0"_rule, [&] { return u.id + (elite ? " is an Elite Force" : " is not an Elite Force") + " (Elite Forces)"; });
  return elite;
}

bool LeipzigRules::is_guard(const Unit& u, Trace& t) const {
  const Listed* l = listed(u);
  if (!l || l->quality.empty()) return N20Rules::is_guard(u, t);
  const bool guard = l->quality != "elite";
  t.cite("leipzig:2.0"_rule, [&] { return u.id + (guard ? " counts as a Guard unit" : " is not a Guard unit") + " (Elite Forces)"; });
  return guard;
}

const char* LeipzigRules::spared_garde_recule(const Unit& u, Trace& t) const {
  const Listed* l = listed(u);
  if (!l || l->quality != "guard-no-recule") return nullptr;
  t.cite("leipzig:2.0"_rule, [&] { return u.id + " is a Guard unit for committing only: Le Garde Recule does not touch it"; });
  return "leipzig:2.0";
}

// Step A. No leipzig-scenario marker: no list to check (an abstract question's position).
// Step B. The first turn (3.0.1). Step C. The Dresden choice and its marker (3.0.5). Step D. The
// starting morale (3.0.3 as 3.0.5 changes it). Step E. Each listed unit against its list (3.0.4,
// with 3.0.5's Dresden units, 3.0.2's garrisons left at Dresden and the Leader lines of 16.12).
// RULE leipzig:3.0 — the set-up check: with the marker leipzig-scenario:standard, steps 1 to 5 hold the starting position
// RULE leipzig:3.0.1 — the game starts on Turn 1
// RULE leipzig:3.0.2 — the Dresden garrison units stay in their holding boxes: not in play unless step 5 brings them
// RULE leipzig:3.0.3 — French Morale 5, the South Front 7, the North Front not yet on the track
// RULE leipzig:3.0.4 — the listed units on their hexes, due on their turns through their areas, VIII and Pr II set aside, Leaders only with 16.12
// RULE leipzig:3.0.5 — Dresden strongly or lightly defended, or abandoned: morale, I and XIV, Ru O-T and Ru Cadre, the Dresden Abandoned marker
void LeipzigRules::setup_problems(const Map& m, const GameState& s, std::vector<SetupIssue>& problems, Trace& t) const {
  // Step A.
  std::string named;
  for (Symbol mk : s.markers)
    if (mk.view().starts_with(kScenarioMarker)) named = std::string(mk.view().substr(kScenarioMarker.size()));
  if (named.empty()) return;
  if (named != "standard") {
    problems.push_back({"", "leipzig:3.0", "unknown scenario '" + named + "' (leipzig-scenario:standard; the "
                                           "Alternate Scenarios of 17.1 and 17.2 are not printed)"});
    return;
  }
  const auto* order = order_of_battle();
  if (!order) throw std::invalid_argument(std::string("spec has no table '") + kTable + "'");
  record_dynamic_citation(kTable);  // scenarios are read under a silent trace
  t.cite("leipzig:3.0"_rule, "the Leipzig set-up (steps 1 to 5)");
  // Step B.
  t.cite("leipzig:3.0.1"_rule, "the Game Turn marker starts on Turn 1, October 14 Morning");
  if (s.turn != 1) problems.push_back({"", "leipzig:3.0.1", "the game starts on Turn 1"});
  // Step C.
  std::string chosen;
  const int choice = defence_choice(s, chosen);
  if (choice < 0) {
    problems.push_back({"", "leipzig:3.0.5", choice == -1 ? "the French choice for Dresden is not stated (the marker "
                                                            "dresden-defence:strong, light or abandoned)"
                                                          : "one French choice for Dresden: dresden-defence:strong, "
                                                            "light or abandoned, once"});
    return;
  }
  static const char* const kChoices[] = {"strongly defended", "lightly defended", "abandoned"};
  t.cite("leipzig:3.0.5"_rule, [&] { return std::string("the French leave Dresden ") + kChoices[choice]; });
  const bool abandoned = choice == 2;
  if (abandoned != s.has_marker("dresden-abandoned"))
    problems.push_back({"", "leipzig:3.0.5", abandoned ? "Dresden abandoned: the Dresden Abandoned marker (dresden-abandoned) is placed"
                                                       : "Dresden is held: no Dresden Abandoned marker (dresden-abandoned)"});
  // Step D.
  const int french = choice == 0 ? 5 : 4, south = abandoned ? 8 : 7;
  t.cite("leipzig:3.0.3"_rule, [&] { return "French Morale starts at " + std::to_string(french) + ", the South Front at " +
                                       std::to_string(south) + "; the North Front comes on Turn 7"; });
  for (const auto& [track, points] : {std::pair<const char*, int>{"french", french}, {"allied-south", south}}) {
    const auto* e = s.morale.find(Symbol(track));
    if (e == s.morale.end() || e->second != points)
      problems.push_back({"", choice == 0 ? "leipzig:3.0.3" : "leipzig:3.0.5",
                          std::string(track) + " morale starts at " + std::to_string(points)});
  }
  if (s.morale.count(Symbol("allied-north")))
    problems.push_back({"", "leipzig:3.0.3", "the North Front's marker is not on the Morale Track until Turn 7"});
  // A played position says when the North Front comes on (morale-track-later: scenario.h); it can
  // only be Turn 7 at 7.
  for (Symbol mk : s.markers)
    if (mk.view().starts_with("morale-track-later:") && mk.view() != kNorthLater)
      problems.push_back({"", "leipzig:3.0.3", "the North Front alone comes on later, on Turn 7 at 7 (" +
                                                   std::string(kNorthLater) + "), not " + mk.str()});
  // Step E.
  t.cite(kTable, "each listed unit against the order of battle");
  const bool leaders = on(Optional::LeipzigLeaders);
  bool entry_unknown = false;
  for (const Listed& l : *order) {
    const Unit* u = s.unit(l.id);
    const std::string& how = l.arrives[choice];
    const char* rule = how == "dresden" ? "leipzig:3.0.2" : l.arrives[0] != how ? "leipzig:3.0.5" : "leipzig:3.0.4";
    if (u && u->side != l.side) {
      problems.push_back({l.id, "leipzig:3.0.4", "a " + l.side + " unit of the Leipzig order of battle"});
      continue;
    }
    // Off the map for good: the Alternate Scenarios' units, those left at Dresden, the Leaders
    // without leipzig:16.12 (their counters only mark a group's turn), Cadres not yet made.
    const bool absent = how == "unused" || how == "dresden" || how == "cadre" || (l.leader && !leaders);
    // RULE leipzig:3.0.2 (part: the set-up check) — a unit the chosen defence leaves at Dresden stays in its holding box
    if (how == "dresden") t.cite("leipzig:3.0.2"_rule, [&] { return l.id + " stays in its Dresden holding box"; });
    if (absent) {
      if (u && u->status != UnitStatus::Eliminated)
        problems.push_back({l.id, l.leader && !leaders ? "leipzig:3.0" : rule,
                            how == "dresden"  ? "stays at Dresden: leave it out of play"
                            : how == "cadre"  ? "a Cadre made only by a breakdown: not in the starting position"
                            : how == "unused" ? "only in the Alternate Scenarios (17.1, 17.2): leave it out"
                                              : "a Leader: set up only with the Leader rules (leipzig:16.12)"});
      continue;
    }
    if (how == "set-aside") {
      const bool needed = l.id == "Pr II" ? on(Optional::LeipzigRecombine) : on(Optional::Cadres);
      if (u ? u->status != UnitStatus::Eliminated : needed)
        problems.push_back({l.id, "leipzig:3.0.4", "set aside off the map (eliminated), available to " +
                                                       std::string(l.id == "Pr II" ? "leipzig:16.7.3" : "std:16.7.2")});
      continue;
    }
    if (!u) {
      problems.push_back({l.id, rule, "missing from the position"});
      continue;
    }
    if (!l.army.empty() && u->army.view() != l.army)
      problems.push_back({l.id, "leipzig:3.0.4", "a unit of Army " + l.army});
    if (how == "setup") {
      if (!u->on_map() || m.name(u->hex) != l.setup) problems.push_back({l.id, rule, "sets up in " + l.setup});
      continue;
    }
    // A reinforcement: its turn, and its area where the sheet prints one.
    const bool area_ok = l.entry.empty() || u->entry.view() == l.entry;
    if (l.entry.empty()) entry_unknown = true;
    if (u->status != UnitStatus::Pending || u->arrival_turn != l.turn || !area_ok)
      problems.push_back({l.id, rule, "a reinforcement due on Turn " + std::to_string(l.turn) +
                                          (l.entry.empty() ? std::string() : " through area " + l.entry)});
  }
  // SOURCE-MISSING leipzig:table.allied-army-entry — Armies S, P and N's historical entry areas are on the Allied mat only: not checked
  if (entry_unknown)
    t.cite("leipzig:3.0.4"_rule, "the entry areas of Armies S, P and N are not printed "
                            "(leipzig:table.allied-army-entry): only their turns are checked");
}

// A North Front due on the track later (the printed set-up's marker morale-track-later:allied-north=7@7,
// leipzig:3.0.3) and not on it yet comes on at 7 as the first phase of Turn 7 (or any later turn,
// if the game's first phase came after it) opens.
// RULE leipzig:3.0.3 (part: the North Front marker's arrival) — on Turn 7 the North Front marker is put on the Morale Track at 7
void LeipzigRules::place_late_fronts(GameState& s, Trace& t) const {
  static const Symbol kNorth("allied-north"), kLater(kNorthLater);
  if (s.turn < 7 || s.morale.count(kNorth) || !s.has_marker(kLater)) return;
  s.morale[kNorth] = 7;
  t.cite("leipzig:3.0.3"_rule, [&] { return "turn " + std::to_string(s.turn) + ": the North Front marker comes onto the "
                                       "Morale Track at 7 (armies N and S; not on the track before Turn 7)"; });
}

}  // namespace hexlaw::n20
