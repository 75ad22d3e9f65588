// Owns: Leipzig's optional Leaders (leipzig:16.12) at work beyond their movement and stacking
// (leipzig.cc): the Command Span's -1 to an attack with no attacker in a friendly Leader's span
// (spans are counter data, given per unit as command_span and cavalry_command_span), a Leader
// untouched by the results of the battles it stands in, Leader Discretion (a Leader alone in an
// enemy ZOC in its own Combat Phase or the enemy Movement Phase owes a one-hex retreat, game
// marker leader-discretion-ID; still alone in an enemy ZOC after it, it is Broken) and a
// Broken Leader's morale by leipzig.broken_leader_morale.
#include <algorithm>

#include "engine/n20/games/leipzig.h"
#include "engine/n20/zoc.h"

namespace hexlaw::n20 {
namespace {

const Symbol kFrenchSide("french");
constexpr std::string_view kDiscretion = "leader-discretion-";

Symbol discretion_marker(Symbol id) { return Symbol(std::string(kDiscretion) + std::string(id)); }

// The span a Leader's counter prints for attacker `a` (Murat's cavalry span for cavalry), or -1
// where the case gives none.
int span_for(const Unit& leader, const Unit& a) {
  if (a.type == UnitType::Cavalry && leader.cavalry_command_span >= 0) return leader.cavalry_command_span;
  return leader.command_span;
}

// Whether `l` shares its hex with a friendly unit that is not a Leader (another Leader protects
// nothing: it has no ZOC and fights no battle; catalog ruling).
bool stacked_with_friend(const Unit& l, const GameState& s) {
  for (const Unit* u : s.units_at(l.hex))
    if (u->id != l.id && u->on_map() && u->side == l.side && u->type != UnitType::Leader && u->type != UnitType::Dummy)
      return true;
  return false;
}

}  // namespace

// Step A. Only with the optional rule, and only the attacker's units that are not Leaders count.
// Step B. An attacker within the span of a friendly Leader on the map (hexes counted, blind to
// terrain, enemies and ZOCs; stacked is distance 0): no modifier. Step C. A Leader whose span
// the case does not give could still have one in span: refused by name (the counters are not in
// the sources). Step D. None in span: -1.
// RULE leipzig:16.12 — Command Span: an attack with no attacker within a friendly Leader's Command Span takes -1 to its final differential
int LeipzigRules::command_span_modifier(const Map& m, UnitRefs attackers, const GameState& s,
                                        Trace& t) const {
  (void)m;
  // Step A. (Leaders alone make no attack at all: leipzig.cc's battle_conditions.)
  if (!on(Optional::LeipzigLeaders) ||
      std::all_of(attackers.begin(), attackers.end(), [](const Unit* a) { return a->type == UnitType::Leader; }))
    return 0;
  const Symbol side = attackers.front()->side;
  std::vector<const Unit*> leaders;
  for (const Unit& l : s.units)
    if (l.type == UnitType::Leader && l.on_map() && l.side == side) leaders.push_back(&l);
  // Step B.
  const Unit* unknown = nullptr;
  for (const Unit* a : attackers) {
    if (a->type == UnitType::Leader) continue;
    for (const Unit* l : leaders) {
      const int d = distance(a->hex, l->hex);
      const int span = span_for(*l, *a);
      if (d == 0 || (span >= 0 && d <= span)) {
        t.cite("leipzig:16.12"_rule, [&] {
          return a->id + " is " + std::to_string(d) + " hex(es) from Leader " + l->id +
                 (d == 0 ? " (stacked)" : " (span " + std::to_string(span) + ")") + ": in its Command Span, no -1";
        });
        return 0;
      }
      if (span < 0 && !unknown) unknown = l;
    }
  }
  // Step C.
  if (unknown)
    // SOURCE-MISSING leipzig:16.12 — a Leader's Command Span is printed only on its counter: a case must give it (command_span)
    throw RuleRefusal("leipzig:16.12", "Leader " + std::string(unknown->id) +
                                           "'s Command Span is printed only on its counter (leipzig:table.counters, "
                                           "not in the sources) and the case gives none (units[].command_span): "
                                           "whether the attack is in span cannot be answered");
  // Step D.
  t.cite("leipzig:16.12"_rule, "no attacker is within a friendly Leader's Command Span: -1 to the final differential");
  return -1;
}

// RULE leipzig:16.12 — a Leader in a battle: a Leader ignores the results of the battles it stands in: it stays, covers its hex and pays no exchange
N20Rules::Hold LeipzigRules::holds_its_hex(const Unit& u, const GameState& s, Trace& t) const {
  if (u.type != UnitType::Leader) return N20Rules::holds_its_hex(u, s, t);
  t.cite("leipzig:16.12"_rule, [&] { return u.id + " is a Leader: no combat result moves or breaks it (Leader Discretion governs it)"; });
  return {HoldFate::Ignores, "leipzig:16.12", false};
}

// Step A. With the optional rule, each Leader of the side asked about, on the map and not yet
// owing. Step B. Alone (no friendly non-Leader unit in its hex) and in an enemy ZOC: it owes a
// one-hex retreat, made by its owner (owed_retreats).
// RULE leipzig:16.12 — Leader Discretion: a Leader alone in an enemy ZOC in its own Combat Phase or the enemy Movement Phase retreats one hex
void LeipzigRules::check_leader_discretion(const Map& m, GameState& s, bool phasing, Trace& t) const {
  if (!on(Optional::LeipzigLeaders)) return;
  Trace silent(Trace::Off{}, catalog());
  // Step A.
  for (const Unit& l : UnitTable(s.units)) {
    if (l.type != UnitType::Leader || !l.on_map() || (l.side == s.phasing) != phasing) continue;
    if (s.has_marker(discretion_marker(l.id))) continue;
    // Step B.
    if (stacked_with_friend(l, s) || !in_enemy_zoc(*this, m, s, l, silent)) continue;
    s.set_marker(discretion_marker(l.id), true);
    t.cite("leipzig:16.12"_rule, [&] { return std::string("Leader ") + l.id + " stands alone in an enemy ZOC in " + m.name(l.hex) +
                                         ": its owner must retreat it one hex (Leader Discretion)"; });
  }
}

// Step A. Only a Leader that owed Leader Discretion's retreat; the debt is paid. Step B. Broken
// already (no retreat path), or still alone in an enemy ZOC: Broken. Step C. Its morale by
// leipzig.broken_leader_morale: standard, as any broken unit (its side -1, the side whose units'
// ZOC it stood in +1, on the tracks the rule set books); none, no change.
// RULE leipzig:16.12 — a Broken Leader: a Leader still alone in an enemy ZOC after its one-hex retreat is Broken; its morale by leipzig.broken_leader_morale
void LeipzigRules::after_owed_retreat(const Map& m, Symbol unit, Hex from, GameState& s, Trace& t) const {
  // Step A.
  const Symbol mk = discretion_marker(unit);
  if (!s.has_marker(mk)) return;
  std::erase(s.markers, mk);
  Unit* l = s.unit(unit);
  if (!l) return;
  // Step B.
  Trace silent(Trace::Off{}, catalog());
  Hex where = from;
  if (l->on_map()) {
    if (stacked_with_friend(*l, s) || !in_enemy_zoc(*this, m, s, *l, silent)) {
      t.cite("leipzig:16.12"_rule, [&] { return std::string("Leader ") + unit + " retreated to " + m.name(l->hex) + ", clear of danger"; });
      return;
    }
    where = l->hex;
    l->status = UnitStatus::Broken;
    l->hex = Hex{};
    t.cite("leipzig:16.12"_rule, [&] { return std::string("Leader ") + unit + " is still alone in an enemy ZOC in " + m.name(where) + ": it is Broken"; });
  } else {
    t.cite("leipzig:16.12"_rule, [&] { return std::string("Leader ") + unit + " could not retreat from " + m.name(from) + ": it is Broken"; });
  }
  // Step C.
  if (readings().leipzig_broken_leader_no_morale) {
    t.cite("leipzig:16.12"_rule, "leipzig.broken_leader_morale = none: a Broken Leader changes no morale");
    return;
  }
  Unit gone = *l;
  gone.hex = where;
  gone.status = UnitStatus::OnMap;
  std::vector<const Unit*> enemies;
  for (const Unit& e : s.units)
    if (e.on_map() && e.side != gone.side && exerts_zoc_into(*this, m, s, e, where, silent)) enemies.push_back(&e);
  MoraleTracks change;
  change[morale_track_for(gone, s, t)] -= 1;
  if (!enemies.empty())
    for (Symbol track : battle_tracks(enemies, BattleMorale::Gain, s, t)) change[track] += 1;
  for (const auto& [track, delta] : change) {
    auto* now = s.morale.find(track);
    if (now == s.morale.end() || morale_frozen(track, s, t)) continue;
    const int before = now->second;
    now->second = std::clamp(before + delta, 0, 10);
    t.cite("leipzig:16.12"_rule, [&, &track = track] { return track + " morale " + std::to_string(before) + " -> " + std::to_string(now->second) +
                                         " for Broken Leader " + unit + " (leipzig.broken_leader_morale = standard)"; });
  }
}

}  // namespace hexlaw::n20
