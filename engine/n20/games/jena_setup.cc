// Owns: the Jena set-up check (jena:3.1 to jena:3.3, jena:11.5): listed units on their setup
// hexes as the Prussian deployment places them, reinforcements on their turns and at their
// entries, the set-aside units kept for their events, and the game markers the layer reads.
#include <algorithm>

#include "engine/n20/games/jena.h"
#include "engine/n20/games/jena_order_of_battle.h"

namespace hexlaw::n20 {
namespace {

using jena::Arrives;
using jena::Deployment;

// Whether `entry` (an area name or a hex name) lies in the map's Prussian entry area.
bool in_prussian_area(const Map& m, std::string_view entry) {
  if (entry == jena::kPrussianEntryArea) return true;
  const auto& area = m.entry_area(std::string(jena::kPrussianEntryArea));
  return std::any_of(area.begin(), area.end(), [&](Hex h) { return m.name(h) == entry; });
}

// Where a Prussian reinforcement may enter under the deployment (jena:3.3, jena:11.5): only
// Brunswick's command is bound to a road in the history and unified options.
std::string prussian_entry_problem(const Map& m, const jena::OrderOfBattle& o, std::string_view entry, Deployment d) {
  const bool brunswick = o.command == "B";
  if (brunswick && d == Deployment::History && entry != jena::kNorthernRoadEntry)
    return "under the history deployment Brunswick's reinforcements enter at the northern road hex 1001";
  if (brunswick && d == Deployment::Unified && entry != jena::kSouthernRoadEntry)
    return "under the unified deployment Brunswick's reinforcements enter at the southern road hex 0601";
  if (brunswick && (d == Deployment::History || d == Deployment::Unified)) return {};
  if (!in_prussian_area(m, entry))
    return "Prussian reinforcements enter along the west edge, in the map's entry area '" +
           std::string(jena::kPrussianEntryArea) + "'";
  return {};
}

}  // namespace

// Step A. The game markers: the deployment (jena:3.3) and the Sudden Death numbers (jena:4.1).
// Step B. Each listed unit against its list: setup hex, arrival turn, entry. Step C. Under the
// free deployment with the same-pair reading, B - 1 and B - 1AG use one pair of hexes.
void JenaRules::setup_problems(const Map& m, const GameState& s, std::vector<SetupIssue>& problems, Trace& t) const {
  // Step A.
  std::string why;
  const std::optional<Deployment> chosen = jena::deployment_of(s, &why);
  // An unknown or doubled deployment marker is a set-up error, under the case it would choose.
  if (!chosen) problems.push_back({"", "jena:3.3", why});
  const Deployment d = chosen.value_or(Deployment::History);
  // A malformed Sudden Death marker is refused whichever turn is asked, so one reading finds it.
  try {
    sudden_death_number(s, 10);
  } catch (const std::invalid_argument& e) {
    problems.push_back({"", "jena:4.1", e.what()});
  }
  // Step B.
  int unified_pair = 0, listed_pair = 0;
  for (const Unit& u : s.units) {
    const jena::OrderOfBattle* o = listed(u.id.view(), {}, t);
    if (!o) continue;
    // RULE jena:3.1 — the French units set up and arrive as the French list says
    // RULE jena:3.2 — the Prussian units set up and arrive as the Prussian list says
    const char* rule = o->side == "french" ? "jena:3.1" : "jena:3.2";
    t.cite(rule, [&] { return u.id + " is checked against the " + o->side + " list"; });
    if (u.side != o->side) {
      problems.push_back({u.id, rule, "listed on the " + std::string(o->side) + " side of the Jena order of battle"});
      continue;
    }
    switch (o->arrives) {
      case Arrives::Setup: {
        // RULE jena:3.3 — the Prussian deployment decides where B - 1 and B - 1AG set up
        const bool movable = !o->unified_setup.empty();
        std::vector<std::string> allowed;
        if (!movable || d == Deployment::History || d == Deployment::HistoricalSetup || d == Deployment::Free)
          allowed.push_back(o->setup);
        if (movable && (d == Deployment::Unified || d == Deployment::Free)) allowed.push_back(o->unified_setup);
        const std::string at = u.on_map() ? m.name(u.hex) : "";
        if (std::find(allowed.begin(), allowed.end(), at) == allowed.end()) {
          std::string list;
          for (const auto& h : allowed) list += (list.empty() ? "" : " or ") + h;
          problems.push_back({u.id, movable ? "jena:3.3" : rule,
                              "sets up in " + list + (movable ? std::string(" under the ") + jena::deployment_name(d) +
                                                                    " deployment"
                                                              : "")});
        }
        if (movable && at == o->unified_setup) ++unified_pair;
        if (movable && at == o->setup) ++listed_pair;
        if (movable) t.cite("jena:3.3"_rule, [&] { return u.id + " sets up in " + at + " (" + jena::deployment_name(d) + " deployment)"; });
        break;
      }
      case Arrives::Scheduled:
      case Arrives::ByDie:
        if (u.status != UnitStatus::Pending || u.arrival_turn != o->turn)
          problems.push_back({u.id, rule, "a reinforcement due on Turn " + std::to_string(o->turn) +
                                              (o->arrives == Arrives::ByDie ? " (its first arrival roll)" : "")});
        break;
      case Arrives::ByEvent:
        // RULE jena:3.1 — the Bavarian Division (and jena:3.2's SW - CB) is set aside: only a Random Event brings it in
        if (u.status != UnitStatus::Pending || u.arrival_turn < jena::kSetAsideTurn)
          problems.push_back({u.id, rule, "set aside for a Random Event: pending, with an arrival turn of " +
                                              std::to_string(jena::kSetAsideTurn) + " or later so no schedule brings it"});
        break;
    }
    if (u.status != UnitStatus::Pending) continue;
    // RULE jena:11.5 — French reinforcements enter at area A or B as listed; Prussian ones as the deployment allows
    if (o->side == "french" && u.entry != o->entry)
      problems.push_back({u.id, "jena:11.5", "enters at area " + std::string(o->entry)});
    if (o->side == "prussian")
      if (std::string p = prussian_entry_problem(m, *o, u.entry.view(), d); !p.empty())
        problems.push_back({u.id, o->command == "B" ? "jena:3.3" : "jena:11.5", p});
    t.cite("jena:11.5"_rule, [&] { return u.id + " enters at " + u.entry; });
  }
  // Step C.
  if (d == Deployment::Free && readings().jena_free_deployment_same_pair && unified_pair > 0 &&
      listed_pair > 0)
    problems.push_back({"B - 1AG", "jena:3.3",
                        "B - 1 and B - 1AG use one pair of setup hexes together (jena.free_deployment_choice = same-pair)"});
}

// RULE jena:3.1 — the Bavarian Division is set aside: only its Random Event brings it, never a schedule
// RULE jena:3.2 — likewise the SW - CB Cavalry Division on the Prussian side
const char* JenaRules::only_an_event_brings(const Unit& u, Trace& t) const {
  const jena::OrderOfBattle* o = listed(u.id.view(), {}, t);
  if (!o || o->arrives != Arrives::ByEvent) return nullptr;
  return o->side == "french" ? "jena:3.1" : "jena:3.2";
}

}  // namespace hexlaw::n20
