// Owns: advance after combat options (see advance.h).
#include "engine/n20/advance.h"

#include <algorithm>

#include "engine/n20/position_index.h"
#include "engine/n20/terrain_index.h"

namespace hexlaw::n20 {
namespace {

// Whether `side_of_victor` may not cross this hexside to advance: a crossing reserved to the other
// side (Dresden's pontoon, dresden:6.0), or one unusable now and not crossable without it.
bool closed_to_advance(const SideFacts& side, Symbol side_of_victor) {
  return side.closed_to(side_of_victor) || (side.reserved_unusable && !side.crossable);
}

}  // namespace

// RULE std:9.9 — victorious units may usually advance after combat, under 9.9.1-9.9.8
// Step A. Who won, and may they advance at all (std:9.6.8 or the CRT, std:8.2.3)? Step B.
// Each defeated unit's retreat path (std:9.9.1). Step C. Who may advance (std:9.9.2, std:9.3,
// std:16.5.2), how far (std:9.9.3, std:9.9.5), and whether cavalry must (std:9.9.3).
AdvanceOptions advance_options(const N20Rules& rules, const Map& map, const GameState& before,
                               const BattleDeclaration& battle, const BattleOutcome& outcome, Trace& trace) {
  AdvanceOptions o;
  const CrtCode r = outcome.applied;
  // Step A.
  const bool attackers_won = r == CrtCode::DB || r == CrtCode::DR || r == CrtCode::DW || r == CrtCode::EX;
  const bool defenders_won = r == CrtCode::AB || r == CrtCode::AR || r == CrtCode::AW;
  if (!attackers_won && !defenders_won) {
    // N: std:9.6.8 in the Jena printing, the CRT's legend in the others.
    o.why_none = rules.printed().engaged;
    trace.cite(o.why_none, "an engaged battle (N): nobody advances");
    return o;
  }
  if (defenders_won && battle.countercharge) {
    o.why_none = "std:8.2.3";
    // RULE std:8.2.3 — after a countercharge the victorious defenders may not advance
    trace.cite("std:8.2.3"_rule, "the defenders won against a countercharge: they hold fast and may not advance");
    return o;
  }
  const std::vector<Symbol>& victors = attackers_won ? battle.attackers : battle.defenders;
  const std::vector<Symbol>& losers = attackers_won ? battle.defenders : battle.attackers;
  o.victor_side = before.unit(victors.front())->side;
  // Step B.
  const char* first_cover = nullptr;  // the rule of the first unit found covering a battle hex
  for (const auto& id : losers) {
    auto f = std::find_if(outcome.fates.begin(), outcome.fates.end(), [&](const UnitFate& x) { return x.unit == id; });
    if (f == outcome.fates.end() || f->fate == Fate::Stays) continue;
    Trace silent(Trace::Off{}, rules.catalog());
    const auto holds = [&](const Unit& u) {
      return rules.holds_its_hex(u, outcome.after, silent).fate != N20Rules::HoldFate::Retreats;
    };
    // A unit that holds its hex (a Dresden garrison) and was not dislodged vacated nothing.
    if (f->fate != Fate::Dislodged && f->fate != Fate::Removed && holds(*before.unit(id))) continue;
    AdvancePath p{id, {f->battle_hex}};
    const std::string loser_side = before.unit(id)->side;
    // The victors may follow the path only where they may cross (a crossing reserved to the
    // loser's side, Dresden's pontoon, dresden:6.0, closes the rest of it to them).
    const std::shared_ptr<const TerrainIndex> ground = rules.terrain_index(map, outcome.after);
    const auto closed = [&](Hex a, Hex b) { return closed_to_advance(ground->side(a, b), o.victor_side); };
    for (std::size_t i = 0; i < f->path.size(); ++i) {
      const Hex h = f->path[i];
      if (const Hex prev = i == 0 ? f->battle_hex : f->path[i - 1]; distance(prev, h) == 1 && closed(prev, h)) {
        trace.cite(ground->side(prev, h).reserved_rule, [&] {
          return id + "'s retreat path crosses " + map.name(prev) + "/" + map.name(h) + ", which the victors may not cross";
        });
        break;
      }
      const Unit* there = outcome.after.unit_at(h);
      if (there && there->id == id) break;  // where the unit stands now is not vacant
      if (there && there->side == loser_side) {
        // RULE std:9.9.1 — the retreat path ends at a friendly unit it retreated through
        trace.cite("std:9.9.1"_rule, [&] { return id + "'s retreat path ends at " + there->id + ", which it retreated through"; });
        break;
      }
      p.hexes.push_back(h);
    }
    // A unit of the defeated side that holds its hex and stood outside the battle in the battle
    // hex lets the victor in only where the rule set says it gives way (a garrison behind its
    // beaten French defender); otherwise it covers the hex and the path is closed.
    const Unit* covered = nullptr;
    const char* covered_rule = "";
    const auto in_battle = [&](Symbol u) {
      return std::find(battle.attackers.begin(), battle.attackers.end(), u) != battle.attackers.end() ||
             std::find(battle.defenders.begin(), battle.defenders.end(), u) != battle.defenders.end();
    };
    for (const Unit* there : outcome.after.units_at(f->battle_hex)) {
      // A unit the result never touches (a Leipzig Leader) covers its hex, in the battle or not.
      const N20Rules::Hold hold = rules.holds_its_hex(*there, outcome.after, silent);
      const bool untouched = hold.fate == N20Rules::HoldFate::Ignores;
      if (there->side == loser_side && (!in_battle(there->id) || untouched) && holds(*there) &&
          !rules.gives_way_to_advance(*there, defenders_won, trace) && !covered)
        covered = there, covered_rule = hold.rule;
    }
    if (covered) {
      trace.cite(covered_rule, [&] {
        return covered->id + " still stands in " + map.name(f->battle_hex) + ": " + id +
               "'s battle hex is not vacated, so its path is closed to the victors";
      });
      if (!first_cover) first_cover = covered_rule;
      continue;
    }
    // RULE std:9.9.1 — the vacated hexes behind a retreating unit, ending where it broke if it did
    trace.cite("std:9.9.1"_rule, [&] {
      std::string hexes;
      for (Hex h : p.hexes) hexes += (hexes.empty() ? "" : ", ") + map.name(h);
      return id + " leaves a retreat path of " + std::to_string(p.hexes.size()) + " hex(es): " + hexes;
    });
    o.paths.push_back(std::move(p));
  }
  // With every path closed by a unit still in its battle hex, that is why nobody advances.
  if (o.paths.empty() && first_cover) o.why_none = first_cover;
  // Step C.
  const bool routed_rule = rules.on(Optional::RoutedUnits);
  for (const auto& id : victors) {
    const Unit* u = outcome.after.unit(id);
    if (!u || !u->on_map()) continue;  // did not survive (std:9.9.2)
    {
      Trace silent(Trace::Off{}, rules.catalog());
      if (const N20Rules::Hold hold = rules.holds_its_hex(*u, outcome.after, silent); hold.fate != N20Rules::HoldFate::Retreats) {
        // A unit that never leaves its hex (a Dresden garrison) never advances either.
        trace.cite(hold.rule, [&] { return id + " holds its hex: it never advances"; });
        continue;
      }
    }
    if (u->type == UnitType::Artillery) {
      // RULE std:9.9.2 — only surviving, victorious non-artillery units of the battle advance
      trace.cite("std:9.9.2"_rule, [&] { return id + " is artillery: it never advances after combat (std:9.3)"; });
      continue;
    }
    // RULE std:16.5.2 — a routed victor (optional rule 16.5) never advances after combat
    if (routed_rule && u->has(UnitMarker::Routed)) {
      trace.cite("std:16.5.2"_rule, [&] { return id + " is routed and may not advance after combat"; });
      continue;
    }
    // Step C1. The paths this victor may not take: the vacated hex lies across a crossing
    // reserved to the other side (Dresden's pontoon, dresden:6.0: only the French use it), or is
    // one it may never enter (Leipzig's LO, leipzig:6.7). With none left it does not advance;
    // otherwise the answer names the paths closed to it.
    struct Closed {
      std::string defeated;
      const char* rule;
      bool crossing;  // across a reserved crossing, else a hex it may never enter
      Hex hex;
    };
    std::vector<Closed> closed;
    if (!o.paths.empty()) {
      const std::shared_ptr<const TerrainIndex> ground = rules.terrain_index(map, outcome.after);
      for (const auto& p : o.paths) {
        if (p.hexes.empty()) continue;
        const Hex first = p.hexes.front();
        if (distance(u->hex, first) == 1) {
          const SideFacts& side = ground->side(u->hex, first);
          if (closed_to_advance(side, u->side)) {
            closed.push_back({p.defeated, side.reserved_rule, true, first});
            continue;
          }
        }
        if (const char* barred = rules.bars_hex(*u, map, first)) closed.push_back({p.defeated, barred, false, first});
      }
    }
    if (!closed.empty() && closed.size() == o.paths.size()) {
      for (const Closed& c : closed)
        trace.cite(c.rule, [&] {
          return c.crossing ? id + " would cross a hexside it may not cross to advance: it does not advance"
                            : id + " may never enter " + map.name(c.hex) + ": it does not advance";
        });
      continue;
    }
    std::vector<std::string> not_along;
    for (const Closed& c : closed) {
      trace.cite(c.rule, [&] {
        return id + " may not advance along " + c.defeated + "'s path: " +
               (c.crossing ? "it would cross a hexside it may not cross into " + map.name(c.hex)
                           : "it may never enter " + map.name(c.hex));
      });
      not_along.push_back(c.defeated);
    }
    AdvanceEligibility e{id, 1, u->type == UnitType::Cavalry, std::move(not_along)};
    const auto takes = [&](const AdvancePath& p) {
      return std::find(e.not_along.begin(), e.not_along.end(), p.defeated) == e.not_along.end();
    };
    if (e.cavalry) {
      std::size_t longest = 0;
      for (const auto& p : o.paths)
        if (takes(p)) longest = std::max(longest, p.hexes.size());
      // RULE std:9.9.5 — no retreat-style costs or stops, but cavalry never beyond its allowance
      e.max_hexes = static_cast<int>(std::min<std::size_t>(longest, static_cast<std::size_t>(u->movement)));
      trace.cite("std:9.9.5"_rule, [&] { return id + " is cavalry: it may advance along the path up to its allowance of " +
                                  std::to_string(u->movement) + " (here " + std::to_string(e.max_hexes) + " hex(es))"; });
    }
    // A game may bar a unit from some hexes of the paths (Leipzig's Spent units and enemy ZOCs,
    // leipzig:16.11): it goes no farther than the first barred hex of the path it takes.
    int reach = 0;
    const char* barred_by = nullptr;
    for (const auto& p : o.paths) {
      if (!takes(p)) continue;
      int k = 0;
      while (k < e.max_hexes && k < static_cast<int>(p.hexes.size())) {
        const char* why = rules.forbids_advance_into(*u, map, p.hexes[static_cast<std::size_t>(k)], outcome.after);
        if (why) {
          barred_by = why;
          break;
        }
        ++k;
      }
      reach = std::max(reach, k);
    }
    if (barred_by && reach < e.max_hexes) {
      e.max_hexes = reach;
      trace.cite(barred_by, [&] { return id + " may not advance into an enemy zone of control: " +
                                     (reach == 0 ? std::string("it does not advance")
                                                 : "at most " + std::to_string(reach) + " hex(es)"); });
      if (reach == 0) continue;  // nor must it (its cavalry duty is waived)
    }
    if (e.cavalry) o.cavalry_must_advance = true;
    o.eligible.push_back(e);
  }
  if (o.paths.empty()) o.eligible.clear();
  // RULE std:9.9.3 — a victorious cavalry unit must advance into the vacated hex and may go on;
  // then one other unit may enter that hex; infantry never beyond it
  if (o.cavalry_must_advance && !o.paths.empty())
    trace.cite("std:9.9.3"_rule, "victorious cavalry took part: one of them must advance into the vacated hex, and may go "
                            "on along the path; then one other unit may enter that hex, infantry no further");
  else if (!o.eligible.empty())
    trace.cite("std:9.9.3"_rule, "one victorious non-artillery unit may advance into the vacated hex, no further");
  // RULE std:9.9.2 — only along the retreat path
  // RULE std:9.9.4 — enemy ZOCs never stop an advance
  if (!o.eligible.empty()) {
    trace.cite("std:9.9"_rule, "the victors may advance after combat");
    trace.cite("std:9.9.2"_rule, "advancing units follow the retreat path only");
    trace.cite("std:9.9.4"_rule, "enemy zones of control are ignored when advancing");
    // RULE std:7.5 — advancing units freely enter enemy ZOCs
    trace.cite("std:7.5"_rule, "an advance after combat may enter enemy zones of control freely");
    // RULE std:9.9.6 — never into prohibited hexes or across uncrossable rivers (the path respected them)
    trace.cite("std:9.9.6"_rule, "the retreat path used only hexes and hexsides an advance may cross");
    // The Leipzig printing has no 9.9.7 or 9.9.8; the same follows from the cases it keeps
    // (PrintingRules, and the catalog notes of both).
    const PrintingRules& printed = rules.printed();
    // RULE std:9.9.7 — the advance is made at once, before any other battle
    trace.cite(printed.advance_immediacy, printed.advance_immediacy == "std:9.9.7"
                                              ? "any advance is made now, before the next battle"
                                              : "any advance is made now, before the next battle: every result, "
                                                "advances included, is applied before the next battle");
    // RULE std:9.9.8 — units that advance may neither attack nor be attacked again this phase
    trace.cite(printed.advance_exhaustion, printed.advance_exhaustion == "std:9.9.8"
                                               ? "units that advance are exhausted for the rest of this Combat Phase"
                                               : "units that advance fight no more this Combat Phase: each unit is in "
                                                 "one battle a phase, and every battle was declared before any was fought");
  }
  return o;
}

}  // namespace hexlaw::n20
