// Owns: breakdown and buildup under optional rule 16.7 (see cadres.h).
#include "engine/n20/cadres.h"

#include <algorithm>
#include <stdexcept>

namespace hexlaw::n20 {
namespace {

// A large infantry-type unit: infantry of Combat Strength 2 or more (std:16.7).
bool is_large_infantry(const Unit& u) { return u.type == UnitType::Infantry && u.strength >= 2; }

CadreVerdict refuse(CadreVerdict v, const std::string& rule, const std::string& reason, Trace& trace) {
  v.legal = false;
  v.rule = rule;
  v.reason = reason;
  trace.cite(rule, reason);
  return v;
}

}  // namespace

std::vector<const Unit*> available_cadres(const GameState& state, const std::string& side,
                                          const std::string& nationality) {
  std::vector<const Unit*> out;
  for (const Unit& u : state.units)
    if (u.type == UnitType::Cadre && u.side == side && u.nationality == nationality &&
        (u.status == UnitStatus::Broken || u.status == UnitStatus::Eliminated))
      out.push_back(&u);
  return out;
}

// Step A. The option, the unit and the timing. Step B. Two Cadres and a point to spend. Step C.
// The large unit is eliminated for good and the Cadres take its hex.
CadreVerdict break_down(const N20Rules& rules, const GameState& state, const std::string& unit_id, bool moved,
                        Trace& trace) {
  CadreVerdict v;
  v.after = state;
  v.large_unit = unit_id;
  // Step A.
  if (!rules.on(Optional::Cadres))
    return refuse(v, "std:16.7", "optional rule 16.7 (breakdown and buildup) is not in use", trace);
  const Unit* u = state.unit(unit_id);
  if (!u) throw std::invalid_argument("no unit with id '" + unit_id + "'");
  if (const char* rule = rules.forbids_cadre_exchange(*u, trace))
    return refuse(v, rule, u->side + " may never break units down (one Cadre per nationality)", trace);
  // RULE std:16.7 — only a large infantry-type unit (strength 2 or more) may break down, before it moves
  if (!u->on_map()) return refuse(v, "std:16.7", unit_id + " is not on the map", trace);
  if (!is_large_infantry(*u))
    return refuse(v, "std:16.7", unit_id + " is not a large infantry unit (infantry of strength 2 or more)", trace);
  if (moved) return refuse(v, "std:16.7", unit_id + " has already moved: it may break down only before moving", trace);
  trace.cite("std:16.7"_rule, unit_id + " is a large infantry unit that has not yet moved");
  // Step B.
  const auto pool = available_cadres(state, u->side, u->nationality);
  // RULE std:16.7.1 — two available Cadres and one morale point are needed
  if (pool.size() < 2)
    return refuse(v, "std:16.7.1",
                  "only " + std::to_string(pool.size()) + " available Cadre(s) of " +
                      (u->nationality.empty() ? u->side : u->nationality) + "; two are needed",
                  trace);
  const std::string track = rules.morale_track_for(*u, state, trace);  // the track cited (leipzig:12.0, 2.1)
  auto it = state.morale.find(track);
  if (it == state.morale.end()) throw std::invalid_argument("no morale track '" + track + "'");
  if (it->second < 1) return refuse(v, "std:16.7.1", track + " has no morale point to spend", trace);
  // Step C.
  const Hex hex = u->hex;
  v.cadres = {pool[0]->id, pool[1]->id};
  for (const std::string& id : v.cadres) {
    Unit* c = v.after.unit(id);
    c->status = UnitStatus::OnMap;
    c->hex = hex;
    c->markers.clear();
    rules.cadre_created(*u, Symbol(id), v.after, trace);
  }
  Unit* big = v.after.unit(unit_id);
  big->status = UnitStatus::Eliminated;
  big->hex = Hex{};
  v.after.morale[track] -= 1;
  v.morale_change = -1;
  v.legal = true;
  trace.cite("std:16.7.1"_rule, [&] {
    return unit_id + " breaks down: eliminated (never to rally), " + v.cadres[0] + " and " + v.cadres[1] +
           " take its hex and may move and fight this turn; " + track + " spends 1 morale point";
  });
  return v;
}

// Step A. The option; two Cadres of one nationality in one hex. Step B. The lowest-strength
// eliminated large infantry unit of that nationality. Step C. The swap and the morale point.
CadreVerdict combine(const N20Rules& rules, const GameState& state, const std::string& a, const std::string& b,
                     const std::string& pick, Trace& trace) {
  CadreVerdict v;
  v.after = state;
  // Step A.
  if (!rules.on(Optional::Cadres))
    return refuse(v, "std:16.7", "optional rule 16.7 (breakdown and buildup) is not in use", trace);
  const Unit* ca = state.unit(a);
  const Unit* cb = state.unit(b);
  if (!ca) throw std::invalid_argument("no unit with id '" + a + "'");
  if (!cb) throw std::invalid_argument("no unit with id '" + b + "'");
  if (a == b) throw std::invalid_argument("two different Cadres are needed");
  if (const char* rule = rules.forbids_cadre_exchange(*ca, trace))
    return refuse(v, rule, ca->side + " may never combine Cadres (one Cadre per nationality)", trace);
  // RULE std:16.7.2 — two Cadres of one nationality that end the Movement Phase stacked combine
  if (ca->type != UnitType::Cadre || cb->type != UnitType::Cadre)
    return refuse(v, "std:16.7.2", "only Cadres combine", trace);
  if (!ca->on_map() || !cb->on_map() || ca->hex != cb->hex)
    return refuse(v, "std:16.7.2", a + " and " + b + " are not stacked together on the map", trace);
  if (ca->side != cb->side || ca->nationality != cb->nationality)
    return refuse(v, "std:16.7.2", a + " and " + b + " are not of one nationality", trace);
  // Step B.
  std::vector<const Unit*> pool;
  for (const Unit& u : state.units)
    if (u.side == ca->side && u.nationality == ca->nationality && u.status == UnitStatus::Eliminated &&
        is_large_infantry(u))
      pool.push_back(&u);
  if (pool.empty())
    return refuse(v, "std:16.7.2", "no eliminated large infantry unit of that nationality to rebuild", trace);
  int lowest = pool.front()->strength;
  for (const Unit* u : pool) lowest = std::min<int>(lowest, u->strength);
  for (const Unit* u : pool)
    if (u->strength == lowest) v.choices.push_back(u->id);
  if (!pick.empty() && std::find(v.choices.begin(), v.choices.end(), pick) == v.choices.end())
    throw std::invalid_argument("'" + pick + "' is not among the lowest-strength eliminated units");
  v.large_unit = pick.empty() ? v.choices.front() : pick;
  // Step C.
  const Hex hex = ca->hex;
  Unit* big = v.after.unit(v.large_unit);
  big->status = UnitStatus::OnMap;
  big->hex = hex;
  big->markers.clear();
  for (const std::string& id : {a, b}) {
    Unit* c = v.after.unit(id);
    c->status = UnitStatus::Broken;  // back to the pile of available Cadres
    c->hex = Hex{};
    c->markers.clear();
  }
  v.cadres = {a, b};
  const std::string track = rules.morale_track_for(*ca, state, trace);  // the track cited (leipzig:12.0, 2.1)
  auto it = v.after.morale.find(track);
  if (it == v.after.morale.end()) throw std::invalid_argument("no morale track '" + track + "'");
  const int before = it->second;
  it->second = std::min(10, before + 1);
  v.morale_change = it->second - before;
  if (before + 1 > 10) trace.cite("std:12.1.1"_rule, track + " is already at 10: the point is lost");
  v.legal = true;
  trace.cite("std:16.7.2"_rule, [&] {
    return a + " and " + b + " combine into " + v.large_unit + " (strength " + std::to_string(lowest) +
           "), which may fight this turn; " + track + " gains " + std::to_string(v.morale_change) + " morale point(s)";
  });
  return v;
}

}  // namespace hexlaw::n20
