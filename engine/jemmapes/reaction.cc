// Owns: the reaction to a paused enemy move (see reaction.h).
#include "engine/jemmapes/reaction.h"

#include "engine/jemmapes/facing.h"

namespace hexlaw::jemmapes {

// RULE jemmapes:5.2 (part: the move_one_hex reading of jemmapes.reaction.movement_kind is refused as an unimplemented reading) — a unit next to the hex the mover entered, not already in a ZoC of the mover's side, may pivot one hexside (the move ends if it then has the mover in its ZoC) or, with the mover in its ZoC, fire at once (the move ends)
// Step A. Eligibility, with the mover back in the hex it came from ("already" in a ZoC).
// Step B. Reaction fire. Step C. Reaction movement: the stack pivots one hexside.
nlohmann::json reaction(const Context& x, const Unit& mover, Hex from, const Unit& reactor, const ReactionChoice& c, Trace& t) {
  nlohmann::json out{{"mover", mover.id}, {"reactor", reactor.id}};
  auto ineligible = [&](const std::string& why) {
    t.cite("jemmapes:5.2", why);
    out["eligible"] = false;
    out["reason"] = why;
    return out;
  };
  // Step A.
  if (!mover.combat() || !reactor.combat()) return ineligible("only a combat unit's move pauses for a combat unit's reaction");
  if (mover.side == reactor.side) return ineligible(reactor.id + " is on the mover's side");
  if (distance(reactor.hex, mover.hex) != 1) return ineligible(reactor.id + " is not next to the hex " + mover.id + " entered");
  Position before = x.position;
  for (Unit& u : before.units)
    if (u.id == mover.id) u.hex = from;
  const Context bx{x.map, x.tables, x.catalog, x.readings, before};
  if (in_enemy_zoc(bx, reactor.side, reactor.hex))
    return ineligible(reactor.id + " was already in a zone of control of " + mover.side + " before " + mover.id + " entered " + x.map.name(mover.hex));
  out["eligible"] = true;
  t.cite("jemmapes:5.2", [&] { return mover.id + " entered " + x.map.name(mover.hex) + " next to " + reactor.id + ", not already in an enemy zone of control: its move pauses and " + reactor.id + " may react"; });
  // Step B.
  if (c.fire) {
    out["reaction"] = "fire";
    if (reactor.kind == UnitKind::Cavalry) {
      t.cite("jemmapes:5.2", reactor.id + " is cavalry: it reacts only by movement");
      out["allowed"] = false;
      out["reason"] = "cavalry does not fire";
      return out;
    }
    const bool zoc = exerts_zoc_into(x, reactor, mover.hex, t);
    out["allowed"] = zoc;
    out["mover_stops"] = zoc;
    t.cite("jemmapes:5.2", [&] {
      return zoc ? reactor.id + " has " + mover.id + " in its zone of control: it fires at once (a fire under 6.1) and " + mover.id + "'s move ends"
                 : reactor.id + " does not have " + mover.id + " in its zone of control: no reaction fire";
    });
    if (!zoc) out["reason"] = reactor.id + " does not exert a zone of control into " + x.map.name(mover.hex);
    return out;
  }
  // Step C.
  out["reaction"] = "movement";
  const int turn = (static_cast<int>(c.facing) - static_cast<int>(reactor.facing) + 6) % 6;
  if (turn != 1 && turn != 5) {
    t.cite("jemmapes:5.2", reactor.id + " may turn by one hexside only (jemmapes.reaction.movement_kind = pivot_one_hexside)");
    out["allowed"] = false;
    out["reason"] = std::string("from ") + facing_name(reactor.facing) + " one hexside is " + facing_name(static_cast<Direction>((static_cast<int>(reactor.facing) + 1) % 6)) +
                    " or " + facing_name(static_cast<Direction>((static_cast<int>(reactor.facing) + 5) % 6));
    return out;
  }
  Position after = x.position;
  for (Unit& u : after.units)
    if (u.hex == reactor.hex && u.combat()) u.facing = c.facing;  // the stack turns as one (1.3)
  const Context ax{x.map, x.tables, x.catalog, x.readings, after};
  const Unit* turned = after.unit(reactor.id);
  bool stops = false;
  for (const Unit* u : after.units_at(reactor.hex))
    if (u->combat() && exerts_zoc_into(ax, *u, mover.hex, t)) stops = true;
  out["allowed"] = true;
  out["facing"] = facing_name(turned->facing);
  out["mover_stops"] = stops;
  t.cite("jemmapes:5.2", [&] {
    return reactor.id + "'s hex turns to face " + facing_name(c.facing) + (stops ? ": it now has " + mover.id + " in its zone of control, whose move ends" : ": " + mover.id + " is not in its zone of control and may go on");
  });
  return out;
}

}  // namespace hexlaw::jemmapes
