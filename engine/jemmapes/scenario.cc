// Owns: the Jemmapes scenario restrictions (see scenario.h).
#include "engine/jemmapes/scenario.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <stdexcept>

namespace hexlaw::jemmapes {
namespace {

ScenarioVerdict no(const char* rule, std::string why, Trace& t) {
  t.cite(rule, why);
  return {false, rule, std::move(why)};
}

// Whether a restriction "until round n" still holds in `round` (jemmapes.scenario.until_round).
bool still_restricted(const Context& x, int round, int n) {
  return x.readings.is(jemmapes::reading::scenario_until_round_from_round_n) ? round < n : round <= n;
}

std::string until(const Context& x, int n) {
  return x.readings.is(jemmapes::reading::scenario_until_round_from_round_n) ? "before round " + std::to_string(n) : "through round " + std::to_string(n);
}

}  // namespace

std::string historical_formation(const std::string& id) {
  std::string k;
  for (unsigned char c : id)
    if (std::isalpha(c)) k += static_cast<char>(std::tolower(c));
  if (k == "dharville") k = "harville";
  for (const char* n : {"egalite", "beurnonville", "ferrand", "harville", "lilien", "clairfayt", "beaulieu"})
    if (k == n) return k;
  return "";
}

// Step 1. Each French unit of a named formation in its printed hexes (Egalite one a hex).
// Step 2. Ferrand off the map in round 1. Step 3. The printed orders.
// RULE jemmapes:9.1.1 — the French set-up: Egalite and Beurnonville defensive in their printed hexes (Egalite one a hex), Ferrand (manoeuvre) off the map until round 2, d'Harville in 2115 and 2214
ScenarioVerdict french_setup(const Context& x, Trace& t) {
  const std::map<std::string, std::vector<std::string>> hexes = {
      {"egalite", {"0710", "0711", "0811", "0912", "1012", "1113", "1212", "1313"}},
      {"beurnonville", {"1412", "1513", "1612", "1713"}},
      {"harville", {"2115", "2214"}},
  };
  std::set<Hex> egalite_taken;
  for (const Unit& u : x.position.units) {
    if (!u.combat() || u.side != "french") continue;
    const std::string f = historical_formation(u.formation);
    // Step 2.
    if (f == "ferrand" && x.position.round < 2)
      return no("jemmapes:9.1.1", u.id + " (Ferrand) is on the map in round 1: Ferrand enters from round 2 by the Valenciennes road at 0107 (write its hex as off_map)", t);
    const auto it = hexes.find(f);
    if (it == hexes.end()) continue;
    // Step 1.
    const std::string at = x.map.name(u.hex);
    if (std::find(it->second.begin(), it->second.end(), at) == it->second.end())
      return no("jemmapes:9.1.1", u.id + " (" + u.formation + ") is at " + at + ", not one of its printed hexes", t);
    if (f == "egalite" && !egalite_taken.insert(u.hex).second)
      return no("jemmapes:9.1.1", u.id + " shares " + at + " with another Egalite unit: Egalite sets up one unit a hex", t);
  }
  // Step 3.
  for (const auto& [id, fm] : x.position.formations) {
    const std::string f = historical_formation(id);
    const bool defensive = f == "egalite" || f == "beurnonville";
    if (defensive && fm.order != Order::Defensive) return no("jemmapes:9.1.1", id + " starts under a defensive order, not " + std::string(to_string(fm.order)), t);
    if (f == "ferrand" && fm.order != Order::Manoeuvre) return no("jemmapes:9.1.1", id + " starts under a manoeuvre order, not " + std::string(to_string(fm.order)), t);
  }
  t.cite("jemmapes:9.1.1"_rule, "the French units stand in their printed hexes under their printed orders");
  return {};
}

// RULE jemmapes:9.1.4 — Ferrand's order may not change before round 2 (jemmapes.scenario.until_round); no Austrian unit within 2 hexes of 0107
// RULE jemmapes:9.2 — Egalite keeps its defensive order until round 5; d'Harville waits until round 6 unless attacked; a unit stays in each starred redoubt through round 6
// RULE jemmapes:9.4 — the free scenario lifts the activation and order change restrictions (Ferrand's lock, Egalite's, d'Harville's wait)
ScenarioVerdict order_change_allowed(const Context& x, ScenarioKind sc, const Formation& f, int round, Trace& t,
                                     std::optional<Order> to) {
  const std::string h = historical_formation(f.id);
  if (sc == ScenarioKind::Free && (h == "ferrand" || h == "egalite")) {
    t.cite("jemmapes:9.4"_rule, f.id + ": the free scenario lifts its order change restriction");
    return {};
  }
  if (h == "ferrand" && still_restricted(x, round, 2))
    return no("jemmapes:9.1.4", f.id + "'s order cannot change " + until(x, 2) + ", even off the map (jemmapes.scenario.until_round = " + x.readings.of(jemmapes::Switch::ScenarioUntilRound) + ")", t);
  // RULE jemmapes:9.2 (part: the lock on a demoralised Egalite) — under back_to_defensive it may try for its defensive order only
  if (h == "egalite" && still_restricted(x, round, 5) && f.order == Order::Demoralised &&
      x.readings.is(reading::scenario_egalite_lock_when_demoralised_back_to_defensive)) {
    if (to && *to != Order::Defensive)
      return no("jemmapes:9.2", f.id + " is demoralised " + until(x, 5) + ": it may try only to return to its defensive order, not to " +
                                    to_string(*to) + " (jemmapes.scenario.egalite_lock_when_demoralised = back_to_defensive)", t);
    t.cite("jemmapes:9.2"_rule, f.id + " is demoralised " + until(x, 5) + ": it may try to return to its defensive order, and to that only "
                                  "(jemmapes.scenario.egalite_lock_when_demoralised = back_to_defensive)");
    return {};
  }
  if (h == "egalite" && still_restricted(x, round, 5) && f.order == Order::Demoralised)
    return no("jemmapes:9.2", f.id + " may attempt no change of order " + until(x, 5) + ", demoralised as it is: the lock holds "
                              "(jemmapes.scenario.egalite_lock_when_demoralised = no_change)", t);
  if (h == "egalite" && still_restricted(x, round, 5))
    return no("jemmapes:9.2", f.id + " keeps its defensive order " + until(x, 5) + " (jemmapes.scenario.until_round = " + x.readings.of(jemmapes::Switch::ScenarioUntilRound) + ")", t);
  if (h == "ferrand") t.cite("jemmapes:9.1.4"_rule, "round " + std::to_string(round) + ": Ferrand's order may change");
  if (h == "egalite") t.cite("jemmapes:9.2"_rule, "round " + std::to_string(round) + ": Egalite's order may change");
  return {};
}

ScenarioVerdict activation_allowed(const Context& x, ScenarioKind sc, const Formation& f, int round, bool attacked, Trace& t) {
  const std::string h = historical_formation(f.id);
  if (h == "ferrand" && round < 2) return no("jemmapes:9.1.1", f.id + " is not on the map before round 2", t);
  if (h != "harville") return {};
  if (sc == ScenarioKind::Free) {
    t.cite("jemmapes:9.4"_rule, f.id + ": the free scenario lifts d'Harville's inactivity");
    return {};
  }
  if (attacked) {
    t.cite("jemmapes:9.2"_rule, f.id + " has been attacked by the Austrians: it may be activated");
    return {};
  }
  if (still_restricted(x, round, 6))
    return no("jemmapes:9.2", f.id + " cannot be activated " + until(x, 6) + " unless the Austrians attack it (jemmapes.scenario.until_round = " + x.readings.of(jemmapes::Switch::ScenarioUntilRound) + ")", t);
  t.cite("jemmapes:9.2"_rule, "round " + std::to_string(round) + ": d'Harville may be activated");
  return {};
}

Hex entry_hex(const Map& m) { return m.hex(kFerrandEntryHex); }

// RULE jemmapes:9.1.1 (part: Ferrand's entry) — a waiting unit of Ferrand enters from round 2, in a movement segment of its formation, its move starting by entering 0107
ScenarioVerdict may_enter_map(const Context& x, const Unit& u, int round, Trace& t) {
  if (historical_formation(u.formation) != "ferrand")
    return no("jemmapes:9.1.1", u.id + " is off the map, and only Ferrand's formation enters during the game", t);
  if (round < kFerrandEntryRound)
    return no("jemmapes:9.1.1", u.id + " (Ferrand) enters from round " + std::to_string(kFerrandEntryRound) + ", not in round " + std::to_string(round), t);
  if (round > kFerrandEntryRound && x.readings.is(reading::scenario_ferrand_entry_window_round_2_only))
    return no("jemmapes:9.1.1", u.id + " (Ferrand) could enter in round " + std::to_string(kFerrandEntryRound) + " only: it stays out of the game "
                                "(jemmapes.scenario.ferrand_entry_window = round_2_only)", t);
  if (!x.map.on_map(entry_hex(x.map)))
    return no("jemmapes:9.1.1", std::string("Ferrand enters by ") + kFerrandEntryHex + ", which is not on this map", t);
  t.cite("jemmapes:9.1.1"_rule, [&] { return u.id + " (Ferrand) enters the map by the Valenciennes road at " + std::string(kFerrandEntryHex) +
                                        " in round " + std::to_string(round) + " (jemmapes.scenario.ferrand_entry_window = " +
                                        x.readings.of(Switch::ScenarioFerrandEntryWindow) + "): its move starts by entering that hex"; });
  return {};
}

Position with_entered(const Position& p, const std::string& id, Hex at, Direction facing) {
  Position out = p;
  const auto it = std::find_if(out.waiting.begin(), out.waiting.end(), [&](const Unit& u) { return u.id == id; });
  if (it == out.waiting.end()) throw std::logic_error("no waiting unit " + id);
  Unit u = *it;
  out.waiting.erase(it);
  u.hex = at;
  u.facing = u.combat() ? out.stack_facing(at, u.side).value_or(facing) : facing;
  out.units.push_back(std::move(u));
  return out;
}

ScenarioVerdict may_enter(const Context& x, const Unit& u, Hex h, Trace& t) {
  const Hex road = x.map.hex("0107");
  if (u.side == "austrian" && distance(h, road) < 2)
    return no("jemmapes:9.1.4", u.id + " would be " + std::to_string(distance(h, road)) + " hex(es) from 0107: no Austrian unit comes closer than 2", t);
  if (u.side == "austrian") t.cite("jemmapes:9.1.4"_rule, x.map.name(h) + " is " + std::to_string(distance(h, road)) + " hexes from 0107: allowed");
  return {};
}

ScenarioVerdict may_leave_redoubt(ScenarioKind sc, int round, int units_left, Trace& t) {
  if (sc == ScenarioKind::Free) {
    t.cite("jemmapes:9.4"_rule, "the redoubt garrison belongs to the historical scenario only");
    return {};
  }
  if (round <= 6 && units_left < 1)
    return no("jemmapes:9.2", "round " + std::to_string(round) + ": a starred redoubt must keep at least one Austrian unit until the end of round 6", t);
  t.cite("jemmapes:9.2"_rule, round > 6 ? "after round 6 the starred redoubts may be left" : std::to_string(units_left) + " unit(s) stay in the redoubt");
  return {};
}

}  // namespace hexlaw::jemmapes
