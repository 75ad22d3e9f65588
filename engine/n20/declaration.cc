// Owns: checking a declared set of battles (see declaration.h).
#include "engine/n20/declaration.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "engine/n20/dummies.h"
#include "engine/n20/obligations.h"
#include "engine/n20/zoc.h"

namespace hexlaw::n20 {

// Step A. Each battle on its own (adjacency, rivers, night). Step B. Nobody in two battles
// (std:9.1.2, std:9.3). Step C. The obligations (std:7.3, std:9.1, std:9.1.1, std:9.2.1),
// unless the set is a countercharge (std:8.2.1).
// `known`: the position's obligations when the caller has them, else null.
static DeclarationCheck check(const N20Rules& rules, const Map& map, const GameState& state, const std::string& side,
                              const std::vector<BattleDeclaration>& battles, bool countercharge,
                              const CombatObligations* known, Trace& trace) {
  DeclarationCheck c;
  auto violate = [&](const char* rule, const std::string& reason) {
    c.legal = false;
    c.violations.emplace_back(rule, reason);
    trace.cite(rule, [&] { return "illegal: " + reason; });
  };
  // RULE std:9.0 — step A: the attacker designates who attacks whom, all battles first
  // RULE std:9.2 — every battle of the phase is declared before any is resolved
  trace.cite("std:9.2"_rule, [&] { return std::to_string(battles.size()) + " battle(s) declared together, before any is fought"; });
  // Step A.
  Trace silent(Trace::Off{}, rules.catalog());
  for (std::size_t i = 0; i < battles.size(); ++i) {
    BattleTotals t = battle_totals(rules, map, state, battles[i], silent);
    for (const auto& [rule, reason] : t.violations) {
      // RULE std:9.2.3 — a single battle needs every attacker adjacent to every defender (the
      // Jena printing has no 9.2.3: its 9.2.2 says the same, PrintingRules)
      if (rule == "std:9.2.2")
        violate(rules.printed().adjacency.c_str(), "battle " + std::to_string(i + 1) + ": " + reason);
      else violate(rule.c_str(), "battle " + std::to_string(i + 1) + ": " + reason);
    }
  }
  // Step B.
  std::map<Symbol, int> attacks, defences;  // by id, in the order of their texts
  for (const auto& b : battles) {
    for (const auto& id : b.attackers) ++attacks[id];
    for (const auto& id : b.defenders) ++defences[id];
  }
  for (const auto& [id, n] : attacks)
    if (n > 1)
      // RULE std:9.1.2 — no unit attacks more than once a phase, nor is attacked more than once
      // RULE std:9.3 — a unit's strength is never split between battles
      violate("std:9.1.2", id + " attacks in " + std::to_string(n) + " battles");
  for (const auto& [id, n] : defences)
    if (n > 1) violate("std:9.1.2", id + " is attacked in " + std::to_string(n) + " battles");
  if (std::any_of(attacks.begin(), attacks.end(), [](const auto& p) { return p.second > 1; }))
    trace.cite("std:9.3"_rule, [] { return std::string("a unit's strength cannot be divided between battles"); });
  // Step C.
  if (countercharge) {
    // RULE std:8.2.1 — countercharges are selective: no obligation to attack anyone
    trace.cite("std:8.2.1"_rule, [] { return std::string("a countercharge need not attack every adjacent enemy unit"); });
    return c;
  }
  CombatObligations worked_out;
  if (!known) worked_out = combat_obligations(rules, map, state, side, trace);
  const CombatObligations& o = known ? *known : worked_out;
  std::set<Symbol> must_be_attacked;  // in the order of their texts
  for (const Unit* u : o.must_attack) c.must_attack.push_back(u->id);
  for (const Unit* u : o.must_be_attacked) must_be_attacked.insert(u->id);
  // Voluntary attackers (std:9.4.3: out of a Fortified hex, say) bring their ZOC's enemies in.
  const std::optional<Symbol> own = Symbol::find(side);  // a side never interned is no unit's
  const std::shared_ptr<const TerrainIndex> ground = rules.terrain_index(map, state);
  for (const auto& [id, n] : attacks) {
    const Unit* a = state.unit(id);
    if (!a || !a->on_map()) continue;
    for (const Unit& e : state.units)
      if (e.on_map() && !(own && e.side == *own) && distance(e.hex, a->hex) == 1 &&
          exerts_zoc_into(rules, *ground, state, *a, e.hex, silent))
        if (must_be_attacked.insert(e.id).second)
          // RULE std:9.4.3 — a unit that chooses to attack out of such a hex takes on 9.1 in full
          trace.cite("std:9.4.3"_rule, [&] { return a->id + " attacks although not obliged to: " + e.id +
                                               ", in its zone of control, must now be attacked too"; });
  }
  c.must_be_attacked.assign(must_be_attacked.begin(), must_be_attacked.end());
  for (const auto& id : c.must_attack)
    if (!attacks.count(Symbol(id)))
      // RULE std:9.1 — every phasing unit in an enemy ZOC must attack
      violate("std:9.1", id + " is in an enemy zone of control but attacks in no battle");
  for (const auto& id : c.must_be_attacked)
    if (!defences.count(Symbol(id)))
      // RULE std:9.1.1 — and every enemy unit in an attacker's ZOC must itself be attacked
      // RULE std:9.2.1 — a unit in several enemy ZOCs attacks all those not attacked by others
      violate("std:9.1.1", id + " stands in the zone of control of an attacking unit but is not attacked");
  std::vector<std::string> attacker_ids;
  for (const auto& [id, n] : attacks) attacker_ids.push_back(id);
  note_dummy_attacks(rules, state, c.must_attack, attacker_ids, trace);
  if (c.legal) trace.cite("std:9.1"_rule, [] { return std::string("every obligation is met"); });
  if (c.legal && !c.must_attack.empty())
    trace.cite("std:9.2.1"_rule, [] {
      return std::string("each unit in several enemy zones of control has all of them attacked, by it or others");
    });
  return c;
}

// The obligations worked out here, with the trace's citations.
DeclarationCheck check_declaration(const N20Rules& rules, const Map& map, const GameState& state,
                                   const std::string& side, const std::vector<BattleDeclaration>& battles,
                                   bool countercharge, Trace& trace) {
  return check(rules, map, state, side, battles, countercharge, nullptr, trace);
}

// The obligations the caller worked out for this position.
DeclarationCheck check_declaration(const N20Rules& rules, const Map& map, const GameState& state,
                                   const std::string& side, const std::vector<BattleDeclaration>& battles,
                                   bool countercharge, const CombatObligations& obligations, Trace& trace) {
  return check(rules, map, state, side, battles, countercharge, &obligations, trace);
}

}  // namespace hexlaw::n20
