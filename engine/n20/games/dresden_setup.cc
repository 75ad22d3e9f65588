// Owns: the Dresden set-up check (dresden:3.0, the Standard scenario; dresden:17.2, the
// Historical one; dresden:17.1.1, the Königstein Maneuver's secret stacks): listed units (by
// designation, dresden:table.order-of-battle) on their hexes or due on their turns through their
// areas, the starting morale, and the scenario markers the layer reads.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine/n20/games/dresden.h"

namespace hexlaw::n20 {
namespace {

constexpr const char* kTable = "dresden:table.order-of-battle";
constexpr std::string_view kScenarioMarker = "dresden-scenario:";

// The cell of `row` under `column`, "-" read as empty.
std::string cell(const GridTable& t, const GridRow& row, const std::string& column) {
  const auto* c = t.cell(row.key, column);
  if (!c || !*c) throw std::invalid_argument(t.id + ": row '" + row.key + "' has no " + column);
  return **c == "-" ? std::string() : **c;
}

}  // namespace

// RULE dresden:table.order-of-battle — the setup lists of 3.0 and 17.2 read as data: side, and per scenario the setup hex or the turn and area
// Step A. The table and its columns for the scenario: the Standard's, the Historical's (17.2).
// Step B. Each row against its cells.
std::vector<DresdenRules::Listed> DresdenRules::read_order_of_battle(const TableSet& tables, bool historical) {
  // Step A.
  const GridTable* t = tables.grid(kTable);
  if (!t) throw std::invalid_argument(std::string("spec has no table '") + kTable + "'");
  const std::string prefix = historical ? "historical" : "standard";
  std::vector<Listed> out;
  // Step B.
  for (const GridRow& row : t->rows) {
    Listed l;
    l.id = row.key;
    l.side = cell(*t, row, "side");
    l.arrives = cell(*t, row, prefix);
    l.setup = cell(*t, row, prefix + "_setup");
    const std::string turn = cell(*t, row, prefix + "_turn");
    l.turn = turn.empty() ? 0 : std::stoi(turn);
    l.entry = cell(*t, row, prefix + "_entry");
    const bool known = l.arrives == "setup" || l.arrives == "turn" || l.arrives == "meissen" || l.arrives == "unused";
    if ((l.side != "french" && l.side != "allied") || !known || (l.arrives == "setup" && l.setup.empty()) ||
        ((l.arrives == "turn" || l.arrives == "meissen") && (l.turn < 1 || l.entry.empty())))
      throw std::invalid_argument(t->id + ": row '" + row.key + "' is incomplete for how it arrives (" + prefix + ")");
    out.push_back(std::move(l));
  }
  return out;
}

// Step A. Which scenario the state says (none: no list to check; the Königstein Maneuver: the
// stacks of 17.1.1). Step B. The starting morale. Step C. Each listed unit against its list.
// RULE dresden:3.0 — the Standard scenario: French Morale 7, Allied 8; each listed unit on its hex, or due on its turn through its area
// RULE dresden:17.2 (part: the set-up) — the Historical scenario's list: the Guard in Dresden, V Cavalry unused, Au IV on Turn 11 through Z
void DresdenRules::setup_problems(const Map& m, const GameState& s, std::vector<SetupIssue>& problems, Trace& t) const {
  // Step A.
  const bool historical = s.has_marker("historical-scenario");
  std::string named;
  for (Symbol mk : s.markers)
    if (mk.view().starts_with(kScenarioMarker)) named = std::string(mk.view().substr(kScenarioMarker.size()));
  if (!named.empty() && named != "standard" && named != "koenigstein")
    problems.push_back({"", "dresden:3.0", "unknown scenario '" + named + "' (dresden-scenario:standard or "
                                           "dresden-scenario:koenigstein; the Historical one is historical-scenario)"});
  if (historical && !named.empty())
    problems.push_back({"", "dresden:17.2", "the Historical scenario cannot also be dresden-scenario:" + named});
  if (!historical && named != "standard" && named != "koenigstein") return;
  if (named == "koenigstein") koenigstein_stacks(s, problems, t);
  const char* rule = historical ? "dresden:17.2" : "dresden:3.0";
  t.cite(rule, historical ? "the Historical scenario's set-up" : "the Standard scenario's set-up");
  // RULE dresden:17.2 — the Historical scenario opens on Turn 6 (a calendar's first_turn) with its own list; with its parts (the set-up, no Meissen, the lulls) the whole case
  if (historical && s.turn < 6)
    problems.push_back({"", rule, "the Historical scenario opens on Turn 6, not Turn " + std::to_string(s.turn) +
                                      " (a scenario's calendar says first_turn: 6)"});
  // Step B.
  for (const auto& [track, points] : {std::pair<const char*, int>{"french", 7}, {"allied", 8}}) {
    const auto* e = s.morale.find(Symbol(track));
    if (e == s.morale.end() || e->second != points)
      problems.push_back({"", rule, std::string(track) + " morale starts at " + std::to_string(points)});
  }
  // Step C.
  const auto& order = historical ? historical_order_ : standard_order_;
  for (const Unit& u : s.units) {
    const auto it = std::find_if(order.begin(), order.end(), [&](const Listed& l) { return l.id == u.id.view(); });
    if (it == order.end()) continue;
    const Listed& l = *it;
    t.cite(kTable, [&] { return u.id + " is in the " + l.side + " list"; });
    record_dynamic_citation(kTable);  // scenarios are read under a silent trace
    if (u.side != l.side) {
      problems.push_back({u.id, rule, "listed on the " + l.side + " side of the Dresden order of battle"});
      continue;
    }
    if (l.arrives == "unused") {
      if (u.status != UnitStatus::Eliminated)
        problems.push_back({u.id, rule, "not used in this scenario: leave it out (or eliminated)"});
      continue;
    }
    if (l.arrives == "setup") {
      if (!u.on_map() || m.name(u.hex) != l.setup) problems.push_back({u.id, rule, "sets up in " + l.setup});
      continue;
    }
    // A reinforcement (Au IV's Meissen rolls in the Standard scenario). The Königstein Maneuver's
    // French stacks choose their own areas and turns (17.1.1).
    if (named == "koenigstein" && l.side == "french") continue;
    const bool area_ok = l.entry == "B|C" ? (u.entry == "B" || u.entry == "C") : u.entry == l.entry;
    if (u.status != UnitStatus::Pending || u.arrival_turn != l.turn || !area_ok)
      problems.push_back({u.id, l.arrives == "meissen" ? "dresden:3.2" : rule,
                          "a reinforcement due on Turn " + std::to_string(l.turn) + " through area " +
                              (l.entry == "B|C" ? std::string("B or C") : l.entry) +
                              (l.arrives == "meissen" ? " (its first Meissen roll)" : "")});
  }
}

// RULE dresden:17.1.1 — the Königstein Maneuver: every French reinforcement in one of the A, B, C stacks, the four Imperial Guard units in one
// Each French reinforcement's entry is its stack (A, B or C); the Imperial Guard (OG, YG, GC and
// the Guard artillery, read as Res) share one. The arrival turns are the stacks' markers (4, 6,
// 8), rolled on the Arrival Table, which the sources lack: the played game refuses to roll it.
void DresdenRules::koenigstein_stacks(const GameState& s, std::vector<SetupIssue>& problems, Trace& t) const {
  // RULE dresden:17.1 — the Koenigstein Maneuver: the Standard scenario with the French reinforcements in secret stacks (17.1.1) arriving by roll (17.1.2, source-missing)
  t.cite("dresden:17.1"_rule, "the Koenigstein Maneuver: the Standard set-up, the French reinforcement schedule replaced");
  t.cite("dresden:17.1.1"_rule, "the Koenigstein Maneuver: French reinforcements in secret stacks A, B and C");
  std::string guard_stack;
  for (const Unit& u : s.units) {
    if (u.side != "french" || u.status != UnitStatus::Pending) continue;
    if (u.entry != "A" && u.entry != "B" && u.entry != "C") {
      problems.push_back({u.id, "dresden:17.1.1", "every French reinforcement waits in stack A, B or C"});
      continue;
    }
    const std::string_view id = u.id.view();
    if (id != "OG" && id != "YG" && id != "GC" && id != "Res") continue;
    if (guard_stack.empty()) guard_stack = u.entry.str();
    else if (guard_stack != u.entry.view())
      problems.push_back({u.id, "dresden:17.1.1", "the Imperial Guard (OG, YG, GC, Res) arrives in one stack, " +
                                                      guard_stack});
  }
}

}  // namespace hexlaw::n20
