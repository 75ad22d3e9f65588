// Owns: Meissen (dresden:3.2), the off-map holding box north-west of the map: who may go into
// it (a French unit leaving through area Y while it is empty; Au IV placed there on a 6), the
// Austrian IV Corps' arrival rolls from Turn 7, and the box as an Allied Objective at night
// (dresden:14.0, in dresden_turn.cc). Also the Historical scenario's lulls (dresden:17.2).
#include "engine/n20/games/dresden.h"

#include <stdexcept>
#include <string>

#include "engine/n20/turn_end.h"

namespace hexlaw::n20 {

namespace {

constexpr std::string_view kOccupant = "meissen:";              // meissen:ID, the unit in the box
constexpr const char* kPlacement = "meissen-placement";         // this phase's 6: Au IV may go in
constexpr const char* kHistorical = "historical-scenario";      // 17.2: 3.2 is not used
constexpr int kFirstRollTurn = 7;

}  // namespace

const Unit* DresdenRules::meissen_occupant(const GameState& s) {
  for (Symbol m : s.markers)
    if (m.view().starts_with(kOccupant)) {
      const Unit* u = s.unit(m.view().substr(kOccupant.size()));
      if (!u) throw std::invalid_argument("marker '" + m.str() + "' names no unit of the position (dresden:3.2)");
      return u;
    }
  return nullptr;
}

const Unit* DresdenRules::austrian_fourth(const GameState& s) {
  const Unit* in_box = meissen_occupant(s);
  for (const Unit& u : s.units)
    if (u.side != "french" && u.status == UnitStatus::Pending && (u.entry == "Y" || u.entry == "Z") && &u != in_box)
      return &u;
  return nullptr;
}

// Step A. Only as the Allied Movement Phase opens from Turn 7, outside the Historical scenario,
// with Au IV still off the map and due (a unit that delayed a success rolls again: the Allies
// may keep rolling for the result they want). Step B. The roll: with the box empty, 4-6 lets it
// enter through Y this phase and a 6 also offers the box; with a French unit in the box, 5-6
// lets it enter through Z. Otherwise it waits for the next turn's roll.
// RULE dresden:3.2 — from Turn 7 the Allies roll for Au IV each turn: box empty, 4-6 enter by Y (6: or go into Meissen); French in Meissen, 5-6 enter by Z
void DresdenRules::meissen_roll(GameState& s, DiceSource& dice, Trace& t) const {
  // Au IV in the box may come out through Y as a reinforcement, under the switch's other reading.
  if (const Unit* in = meissen_occupant(s); in && in->side != "french") {
    if (!readings().dresden_meissen_au4_may_leave) {
      t.cite("dresden:3.2"_rule, [&] { return "dresden.meissen_au4_may_leave=stays: " + in->id + " stays in Meissen"; });
      return;
    }
    Unit* au4 = s.unit(in->id);
    au4->arrival_turn = s.turn;
    au4->entry = "Y";
    t.cite("dresden:3.2"_rule, [&] { return "dresden.meissen_au4_may_leave=may_leave: " + au4->id +
                                       " may leave Meissen through area Y this phase, as a reinforcement"; });
    return;
  }
  // Step A.
  if (s.turn < kFirstRollTurn || s.has_marker(kHistorical)) return;
  const Unit* found = austrian_fourth(s);
  Unit* au4 = found ? s.unit(found->id) : nullptr;
  if (!au4 || au4->arrival_turn > s.turn) return;
  // Step B.
  const Unit* in_box = meissen_occupant(s);
  const int die = dice.roll(6, "dresden:3.2", "Austrian IV Corps arrival roll");
  const int needed = in_box ? 5 : 4;
  if (die < needed) {
    au4->arrival_turn = s.turn + 1;
    t.cite("dresden:3.2"_rule, [&] {
      return "die " + std::to_string(die) + " (" + std::to_string(needed) + "-6 needed" +
             (in_box ? ", a French unit holds Meissen" : "") + "): " + au4->id + " does not arrive; it rolls again on Turn " +
             std::to_string(s.turn + 1);
    });
    return;
  }
  au4->arrival_turn = s.turn;
  au4->entry = in_box ? "Z" : "Y";
  if (!in_box && die == 6) s.set_marker(kPlacement, true);
  t.cite("dresden:3.2"_rule, [&] {
    return "die " + std::to_string(die) + ": " + au4->id + " may enter this phase through area " + au4->entry +
           (!in_box && die == 6 ? ", or be placed in Meissen instead" : "") +
           " (or wait and roll again next turn)";
  });
}

// Step A. Not in the Historical scenario, and only while the box is empty. Step B. A French
// unit on the map, not a Dummy (nor a garrison, which never moves), leaves through area Y.
// Step C. Au IV, after this phase's 6, is placed straight in.
DresdenRules::HoldingBox DresdenRules::holding_box(const Unit& u, const GameState& s, Trace& t) const {
  // Step A.
  if (s.has_marker(kHistorical)) return {};
  if (const Unit* in = meissen_occupant(s)) {
    if (u.side == "french" && u.on_map())
      t.cite("dresden:3.2"_rule, [&] { return "Meissen already holds " + in->id + ": no unit may go in"; });
    return {};
  }
  // Step B.
  if (u.side == "french") {
    if (!u.on_map() || u.type == UnitType::Dummy || u.type == UnitType::Garrison) return {};
    t.cite("dresden:3.2"_rule, [&] { return "Meissen is empty: " + u.id + " may leave the map into it through area Y (1 MP)"; });
    record_dynamic_citation("dresden:3.2");  // the played game asks this hook under a silent trace
    return {"dresden:3.2", "Meissen", "Y"};
  }
  // Step C.
  if (s.has_marker(kPlacement) && austrian_fourth(s) == &u && u.arrival_turn <= s.turn) {
    t.cite("dresden:3.2"_rule, [&] { return "this turn's 6: " + u.id + " may be placed in Meissen instead of entering"; });
    return {"dresden:3.2", "Meissen", ""};
  }
  return {};
}

// The unit leaves the map (or its arrival) for the box: held there as a reinforcement that
// never arrives, named by the marker meissen:ID. A French unit never returns; Au IV stays for
// good too unless dresden.meissen_au4_may_leave=may_leave, when each later Allied Movement Phase
// makes it due through area Y (meissen_roll).
void DresdenRules::enter_holding_box(Symbol unit, GameState& s, Trace& t) const {
  Unit* u = s.unit(unit);
  if (!u) throw std::logic_error("no unit " + unit.str() + " to put in Meissen (dresden:3.2)");
  if (meissen_occupant(s)) throw std::logic_error("Meissen is occupied (dresden:3.2)");
  const bool french = u->side == "french";
  const bool may_leave = !french && readings().dresden_meissen_au4_may_leave;
  u->status = UnitStatus::Pending;
  u->hex = Hex{};
  u->entry = "Y";
  u->arrival_turn = kHeldInMeissen;
  s.set_marker(Symbol(std::string(kOccupant) + u->id.str()), true);
  s.set_marker(kPlacement, false);
  t.cite("dresden:3.2"_rule, [&] {
    return u->id + " goes into Meissen" +
           (french ? std::string(": it never returns to the map, and Au IV cannot be placed there")
                   : std::string(": it counts as an Allied unit on an Allied Objective"));
  });
  if (!french)
    t.cite("dresden:3.2"_rule, may_leave ? "dresden.meissen_au4_may_leave=may_leave: it may enter through area Y from the next "
                                      "Allied Movement Phase"
                                    : "dresden.meissen_au4_may_leave=stays: it stays in Meissen for the rest of the game");
}

// Step A. The Historical scenario begins on Day 2, so its first night has passed for the lull
// (std:13.0 otherwise waits for it). Step B. The standard lull.
LullVerdict DresdenRules::judge_lull(const Map& m, const GameState& s, const std::string& side, const TurnFacts& facts,
                                     Trace& t) const {
  // Step A.
  if (s.has_marker(kHistorical) && !facts.after_first_night) {
    // RULE dresden:17.2 (part: the lulls) — the Historical scenario opens on Day 2: a Lull may be taken on any Day Turn
    t.cite("dresden:17.2"_rule, "the Historical scenario opens on Day 2: lulls may be taken on any Day Turn");
    TurnFacts day_two = facts;
    day_two.after_first_night = true;
    return standard_lull(*this, m, s, side, day_two, t);
  }
  // Step B.
  return N20Rules::judge_lull(m, s, side, facts, t);
}

}  // namespace hexlaw::n20
