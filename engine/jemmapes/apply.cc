// Owns: applying combat results and the advance after an assault (see apply.h).
#include "engine/jemmapes/apply.h"

#include <algorithm>

#include "engine/jemmapes/movement.h"

namespace hexlaw::jemmapes {
namespace {

// One step lost by `u`: its SS fall by 1, or by 2 under jemmapes.losses.ss_per_step = 2; destroyed
// at 0 (the catalog's ruling on jemmapes:1.1).
// RULE jemmapes:1.1 — a step lost lowers the unit's SS by one (or, by the switch, the loss marker's two)
void lose_step(const Context& x, UnitAfter& u, Trace& t, const char* why) {
  if (u.destroyed) return;
  u.cp -= x.readings.is(jemmapes::reading::losses_ss_per_step_2) ? 2 : 1;
  u.steps_lost += 1;
  if (u.cp <= 0) u.destroyed = true;
  t.cite("jemmapes:6.3"_rule, [&] { return u.unit->id + " loses a step (" + why + ")" + (u.destroyed ? ": destroyed" : ""); });
  t.cite("jemmapes:1.1"_rule, [&] { return u.unit->id + "'s SS now " + std::to_string(std::max(0, u.cp)) + " (jemmapes.losses.ss_per_step = " + x.readings.of(jemmapes::Switch::LossesSsPerStep) + ")"; });
}

// One level for `u`: a step instead if it was in rout before the combat; reaching rout it retreats.
bool take_level(const Context& x, UnitAfter& u, Trace& t, const char* why) {
  if (u.destroyed) return false;
  if (u.unit->level == Level::Rout) {
    lose_step(x, u, t, "a level against a unit already in rout");
    return true;
  }
  if (u.level == Level::Rout) return false;  // routed by this combat: takes no more
  u.level = static_cast<Level>(static_cast<int>(u.level) + 1);
  u.levels_taken += 1;
  t.cite("jemmapes:6.3"_rule, [&] { return u.unit->id + " takes a level (" + why + "): " + to_string(u.level) + (u.level == Level::Rout ? ", and retreats at once" : ""); });
  if (u.level == Level::Rout) u.retreats = true;
  return true;
}

}  // namespace

bool SideAfter::vacated() const {
  return std::all_of(units.begin(), units.end(), [](const UnitAfter& u) { return u.destroyed || u.retreats; });
}

// Step A. Step losses, head first. Step B. One artillery step. Step C. Levels, head first, then in
// order, cycling; those nobody can take are lost. Step D. The retreat of all. Step E. The morale
// test, pending. Step F. The chargers' extra level.
// RULE jemmapes:6.3 — results applied: losses and levels head first, then in the owner's order; rout retreats at once; levels past rout are steps or lost; M by jemmapes.morale_test.procedure
// SOURCE-MISSING jemmapes:6.3 — the morale test's procedure: by default M is named as pending, not resolved
SideAfter apply_result(const Context& x, const CombatResult& r, const std::vector<const Unit*>& units,
                       const std::vector<std::string>& chargers, DiceSource& dice, Trace& t) {
  SideAfter s;
  for (const Unit* u : units) s.units.push_back(UnitAfter{u, u->level, u->cp});
  // Gives `n` items one at a time: each to the next unit in turn (the head first) that can take
  // it; returns how many nobody could take.
  auto cycle = [&](int n, auto&& give) {
    std::size_t next = 0;
    for (; n > 0; --n) {
      bool taken = false;
      for (std::size_t k = 0; k < s.units.size() && !taken; ++k) {
        const std::size_t i = (next + k) % s.units.size();
        if (give(s.units[i])) taken = true, next = i + 1;
      }
      if (!taken) break;
    }
    return n;
  };
  // Step A.
  cycle(r.step_losses, [&](UnitAfter& u) {
    if (u.destroyed) return false;
    lose_step(x, u, t, "the result's step losses");
    return true;
  });
  // Step B.
  if (r.artillery_step)
    for (UnitAfter& u : s.units)
      if (u.unit->kind == UnitKind::Artillery && !u.destroyed) {
        lose_step(x, u, t, "the artillery step of the result's *");
        break;
      }
  // Step C.
  const int left = cycle(r.disorganisation, [&](UnitAfter& u) { return take_level(x, u, t, "the result's levels"); });
  if (left > 0) {
    s.levels_lost = left;
    t.cite("jemmapes:6.3"_rule, [&] { return std::to_string(left) + " level(s) are lost: every unit is destroyed or in rout"; });
  }
  // Step D.
  if (r.retreat)
    for (UnitAfter& u : s.units)
      if (!u.destroyed) {
        u.retreats = true;
        t.cite("jemmapes:6.3"_rule, [&] { return u.unit->id + " retreats one hex (R)"; });
      }
  // Step E.
  if (r.morale_test && !s.units.empty()) {
    UnitAfter& u = s.units.front();
    if (x.readings.is(jemmapes::reading::morale_test_procedure_pending) || !u.unit->morale) {
      s.morale_test = u.unit->id;
      t.cite("jemmapes:6.3"_rule, [&] { return s.morale_test + " must take a morale test (M); the source does not give its procedure, so it is left pending"; });
    } else if (!u.destroyed) {
      const int a = dice.roll(6, "jemmapes:6.3", "morale test (first die)");
      const int b = dice.roll(6, "jemmapes:6.3", "morale test (second die)");
      const int morale = *u.unit->morale;
      t.cite("jemmapes:6.3"_rule, [&] { return u.unit->id + "'s morale test (two_dice_against_morale): " + std::to_string(a + b) + " against morale " + std::to_string(morale) + (a + b <= morale ? ": passed" : ": failed"); });
      if (a + b > morale) take_level(x, u, t, "a failed morale test");
    }
  }
  // Step F.
  for (UnitAfter& u : s.units)
    if (std::find(chargers.begin(), chargers.end(), u.unit->id) != chargers.end()) take_level(x, u, t, "it charged");
  return s;
}

nlohmann::json to_json(const SideAfter& s) {
  nlohmann::json units = nlohmann::json::object();
  for (const auto& u : s.units)
    units[u.unit->id] = {{"level", to_string(u.level)}, {"cp", std::max(0, u.cp)}, {"steps_lost", u.steps_lost},
                         {"levels", u.levels_taken}, {"destroyed", u.destroyed}, {"retreats", u.retreats}};
  nlohmann::json out{{"units", units}, {"levels_lost", s.levels_lost}};
  if (!s.morale_test.empty()) out["morale_test_pending"] = s.morale_test;
  return out;
}

// RULE jemmapes:6.4 — the head unit must occupy the vacated hex, turning one hexside at most; one more may follow if stacking allows, chargers first
nlohmann::json advance_after_assault(const Context& x, const SideAfter& attackers, const SideAfter& defenders,
                                     const std::vector<std::string>& chargers, Trace& t) {
  if (!defenders.vacated()) {
    t.cite("jemmapes:6.4"_rule, "the defender's hex is not vacated: no advance");
    return {{"advance", false}};
  }
  const UnitAfter& head = attackers.units.front();
  if (head.destroyed || head.retreats) {
    t.cite("jemmapes:6.4"_rule, head.unit->id + " is destroyed or retreating: the advance lapses (the catalog's ruling)");
    return {{"advance", false}, {"none_because", head.unit->id + " cannot advance"}};
  }
  nlohmann::json follow = nlohmann::json::array();
  std::vector<const UnitAfter*> rest;
  for (const auto& u : attackers.units)
    if (&u != &head && !u.destroyed && !u.retreats) rest.push_back(&u);
  std::stable_sort(rest.begin(), rest.end(), [&](const UnitAfter* a, const UnitAfter* b) {
    const bool ca = std::find(chargers.begin(), chargers.end(), a->unit->id) != chargers.end();
    const bool cb = std::find(chargers.begin(), chargers.end(), b->unit->id) != chargers.end();
    return ca && !cb;
  });
  // RULE jemmapes:1.4 (part: who may follow) — a unit of CP 3 or more stacks only with artillery: the CP left after the combat, or the printed CP (jemmapes.stacking.cp_basis)
  auto stack_cp = [&](const UnitAfter& u) { return stacking_cp(x, u.unit->printed_cp, u.cp); };
  for (const UnitAfter* u : rest) {
    const UnitAfter* big = cp_forbids_pairing(stack_cp(head), u->unit->kind) ? &head
                           : cp_forbids_pairing(stack_cp(*u), head.unit->kind) ? u
                                                                               : nullptr;
    if (!big) {
      follow.push_back(u->unit->id);
      continue;
    }
    t.cite("jemmapes:1.4"_rule, [&] {
      return u->unit->id + " may not follow " + head.unit->id + ": " + big->unit->id + " has a CP of " + std::to_string(stack_cp(*big)) +
             " (jemmapes.stacking.cp_basis = " + x.readings.of(jemmapes::Switch::StackingCpBasis) + ") and may stack only with artillery";
    });
  }
  t.cite("jemmapes:6.4"_rule, [&] { return head.unit->id + " must advance into the vacated hex, turning one hexside at most; " + (follow.empty() ? std::string("no other unit may follow") : "one of " + follow.dump() + " may follow (chargers first)"); });
  const int f = static_cast<int>(head.unit->facing);
  nlohmann::json faces = nlohmann::json::array();
  for (int k : {5, 0, 1}) faces.push_back(facing_name(static_cast<Direction>((f + k) % 6)));
  t.cite("jemmapes:5.2"_rule, "the advance may give the enemy a reaction, as a move does");
  return {{"advance", true}, {"head", head.unit->id}, {"may_face", faces}, {"may_follow", follow}};
}

}  // namespace hexlaw::jemmapes
