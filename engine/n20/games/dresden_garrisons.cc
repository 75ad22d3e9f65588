// Owns: Dresden 20's garrisons (dresden:9.10, 9.10.1, 9.10.2) as overrides of the standard
// rules' hooks: what a garrison may do, what a battle's result does to it, the advance it
// covers or lets in, and its destruction and restoration by who holds its hex (see dresden.h).
#include "engine/n20/games/dresden.h"

#include <algorithm>
#include <string>

namespace hexlaw::n20 {

namespace {

constexpr const char* kDresdenHexes[] = {"1306", "1407"};  // 9.10.2 (Neustadt 1406 has none)
constexpr std::string_view kOutPrefix = "garrison-out:";    // "garrison-out:ID@HEX": taken, may return
constexpr const char* kDresdenDestroyed = "dresden-garrison-destroyed";

bool is_dresden_hex(const std::string& name) { return name == kDresdenHexes[0] || name == kDresdenHexes[1]; }

// Whether a unit not of `side` stands on the map in `h` (the French garrisons' enemies).
bool enemy_in(const GameState& s, Hex h, Symbol side) {
  return std::any_of(s.units.begin(), s.units.end(),
                     [&](const Unit& u) { return u.on_map() && u.hex == h && u.side != side && u.type != UnitType::Garrison; });
}

// The restoration markers now in the state, as (garrison id, hex name).
std::vector<std::pair<std::string, std::string>> taken_garrisons(const GameState& s) {
  std::vector<std::pair<std::string, std::string>> out;
  for (Symbol m : s.markers) {
    const std::string_view v = m.view();
    if (!v.starts_with(kOutPrefix)) continue;
    const std::string rest(v.substr(kOutPrefix.size()));
    const auto at = rest.rfind('@');
    if (at != std::string::npos) out.emplace_back(rest.substr(0, at), rest.substr(at + 1));
  }
  return out;
}

Symbol out_marker(const std::string& id, const std::string& hex) { return Symbol(std::string(kOutPrefix) + id + "@" + hex); }

void take_off(Unit& g) {
  g.status = UnitStatus::Eliminated;
  g.hex = Hex{};
}

}  // namespace

// RULE dresden:9.10 (part: garrisons never move) — a garrison defends in place and never moves
bool DresdenRules::may_move(const Unit& u, Trace& t) const {
  if (u.type != UnitType::Garrison) return N20Rules::may_move(u, t);
  t.cite("dresden:9.10"_rule, [&] { return u.id + " is a garrison: it defends in place and never moves"; });
  return false;
}

// RULE dresden:9.10 (part: strength) — a garrison's own strength is 0; only its hex's terrain defends it
int DresdenRules::base_strength(const Unit& u, const GameState& s, Trace& t) const {
  if (u.type != UnitType::Garrison) return N20Rules::base_strength(u, s, t);
  t.cite("dresden:9.10"_rule, [&] { return u.id + " is a garrison: strength 0, plus the terrain it holds"; });
  return 0;
}

// RULE dresden:9.10 (part: stacking) — French units move through and stack with their garrisons freely
bool DresdenRules::stacks_freely(const Unit& u, Trace& t) const {
  if (u.type != UnitType::Garrison) return false;
  t.cite("dresden:9.10"_rule, [&] { return u.id + " is a garrison: French units stack with it freely (std:6.9 overridden)"; });
  return true;
}

// RULE dresden:9.10 (part: garrisons never attack) — a garrison in an enemy ZOC is not obliged to attack
bool DresdenRules::obliged_to_attack(const Unit& u, const GameState& s, Trace& t) const {
  if (u.type != UnitType::Garrison) return N20Rules::obliged_to_attack(u, s, t);
  t.cite("dresden:9.10"_rule, [&] { return u.id + " is a garrison: it never attacks, so it has no duty to (std:9.1 overridden)"; });
  return false;
}

// A garrison never attacks; it defends only a hex with no French unit in it.
void DresdenRules::battle_conditions(UnitRefs attackers, UnitRefs defenders,
                                     const GameState& s, std::vector<std::pair<std::string, std::string>>& violations,
                                     Trace& t) const {
  (void)t;
  for (const Unit* a : attackers)
    if (a->type == UnitType::Garrison)
      // RULE dresden:9.10 (part: garrisons never attack) — a garrison cannot be declared an attacker
      violations.emplace_back("dresden:9.10", a->id + " is a garrison: garrisons never attack");
  for (const Unit* d : defenders) {
    if (d->type != UnitType::Garrison) continue;
    for (const Unit* other : s.units_at(d->hex))
      if (other->side == d->side && other->type != UnitType::Garrison)
        // RULE dresden:9.10 (part: who defends) — a French unit in the hex defends it; its garrison is ignored
        violations.emplace_back("dresden:9.10", d->id + " is a garrison and " + other->id +
                                                    " holds its hex: the French unit defends, the garrison is ignored");
  }
}

// RULE dresden:9.10 (part: reserves) — no reserves are committed to a battle of garrisons only
const char* DresdenRules::forbids_reserves(UnitRefs units, Trace& t) const {
  (void)t;
  const bool garrisons_only =
      std::all_of(units.begin(), units.end(), [](const Unit* u) { return u->type == UnitType::Garrison; });
  return garrisons_only ? "dresden:9.10" : nullptr;
}

// RULE dresden:9.10 — garrisons never retreat: a result that would move or break one leaves it in its hex, lost only if the victor advances in (or, dresden.lone_garrison_loss=by_result, removed by the result)
N20Rules::Hold DresdenRules::holds_its_hex(const Unit& u, const GameState& s, Trace& t) const {
  (void)s;
  if (u.type != UnitType::Garrison) return {};
  const bool scores = readings().dresden_garrison_break_scores;
  if (scores)
    t.cite("dresden:9.10"_rule, [&] { return "dresden.garrison_break_morale=as_unit: " + u.id + " scores like a broken unit"; });
  if (readings().dresden_lone_garrison_by_result) {
    t.cite("dresden:9.10"_rule, [&] {
      return "dresden.lone_garrison_loss=by_result: " + u.id + " cannot retreat and is removed by the result";
    });
    return {HoldFate::Removed, "dresden:9.10", scores};
  }
  t.cite("dresden:9.10"_rule, [&] {
    return u.id + " is a garrison: it never retreats; it holds its hex, lost only if the victor advances into it";
  });
  return {HoldFate::HoldsUntilEntered, "dresden:9.10", scores};
}

// RULE dresden:9.10 (part: covering and subsuming) — a garrison covers a beaten French attacker's hex; with a beaten French defender (or alone) it lets the Allies in
bool DresdenRules::gives_way_to_advance(const Unit& there, bool its_side_attacked, Trace& t) const {
  if (there.type != UnitType::Garrison) return false;
  if (its_side_attacked) {
    t.cite("dresden:9.10"_rule, [&] {
      return "the intact garrison " + there.id + " covers the hex its French attacker left: no advance into it";
    });
    return false;
  }
  t.cite("dresden:9.10"_rule, [&] {
    return "the garrison " + there.id + " gives way: an Allied unit advancing into its hex takes it";
  });
  return true;
}

// Step A. A garrison whose hex an Allied unit now holds (only an advance can bring one in) is
// taken: Koenigstein's and Lillienstein's for good (9.10.1), either Dresden garrison until the
// Allies leave, both for good once the Allies hold both Dresden hexes at once (9.10.2); any
// other garrison is destroyed with its hex (9.10). Step B. A Dresden garrison whose hex no
// Allied unit holds any more returns (dresden.dresden_garrison_restore).
void DresdenRules::settle_position(const Map& m, Change why, GameState& s, Trace& t) const {
  // Step A.
  const Hex dresden[2] = {m.hex(kDresdenHexes[0]), m.hex(kDresdenHexes[1])};
  for (Unit& g : s.units) {
    if (g.type != UnitType::Garrison || !g.on_map() || !enemy_in(s, g.hex, g.side)) continue;
    const std::string name = m.name(g.hex);
    if (is_dresden_hex(name)) {
      if (enemy_in(s, dresden[0], g.side) && enemy_in(s, dresden[1], g.side)) {
        // RULE dresden:9.10.2 — the Dresden garrisons are destroyed for good when the Allies hold both Dresden hexes at once
        t.cite("dresden:9.10.2"_rule, "the Allies hold both Dresden hexes at once: both Dresden garrisons are destroyed for good");
        for (Unit& other : s.units)
          if (other.type == UnitType::Garrison && other.on_map() && is_dresden_hex(m.name(other.hex))) take_off(other);
        for (const auto& [id, hex] : taken_garrisons(s))
          if (is_dresden_hex(hex)) s.set_marker(out_marker(id, hex), false);
        s.set_marker(kDresdenDestroyed, true);
        continue;
      }
      // RULE dresden:9.10.2 — a Dresden garrison taken while the Allies hold only one Dresden hex returns once they are driven out
      t.cite("dresden:9.10.2"_rule, [&] {
        return "the Allies hold Dresden hex " + name + " only: its garrison " + g.id + " is gone while they stay";
      });
      s.set_marker(out_marker(g.id, name), true);
      take_off(g);
      continue;
    }
    if (name == "1222" || name == "1423") {
      // RULE dresden:9.10.1 — the Koenigstein and Lillienstein garrisons are destroyed for good the instant an Allied unit occupies their hex
      t.cite("dresden:9.10.1"_rule, [&] { return "an Allied unit occupies " + name + ": the garrison " + g.id + " is destroyed for good"; });
    } else {
      t.cite("dresden:9.10"_rule, [&] { return "an Allied unit advanced into " + name + ": the garrison " + g.id + " is lost"; });
    }
    take_off(g);
  }
  // Step B.
  const bool after_retreat = readings().dresden_garrison_restore_after_retreat;
  for (const auto& taken : taken_garrisons(s)) {
    const std::string &id = taken.first, &hex = taken.second;  // named, as clang 14's lambdas cannot capture bindings
    Unit* g = s.unit(std::string_view(id));
    const Hex h = m.hex(hex);
    if (!g || enemy_in(s, h, g->side)) continue;
    s.set_marker(out_marker(id, hex), false);
    if (after_retreat && why != Change::Battle) {
      t.cite("dresden:9.10.2"_rule, [&] {
        return "dresden.dresden_garrison_restore=after_retreat: the Allies left " + hex + " without being driven out: " +
               id + " does not return";
      });
      continue;
    }
    t.cite("dresden:9.10.2"_rule, [&] { return "no Allied unit holds " + hex + " any more: its garrison " + id + " is restored"; });
    g->status = UnitStatus::OnMap;
    g->hex = h;
  }
}

}  // namespace hexlaw::n20
