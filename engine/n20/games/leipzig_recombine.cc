// Owns: Leipzig's optional Prussian II Corps (leipzig:16.7.3) as a layer over std:6.9 and the
// standard breakdown and build-up (std:16.7): the divisions Pirch and Kleist may end a move
// stacked together, and when an Allied Movement Phase ends with them so, both leave play and the
// set-aside 4-2 Pr II takes their hex. Nothing in the standard rules splits a corps into
// divisions, so the corps' never splitting again needs no check.
#include <string>

#include "engine/n20/games/leipzig.h"

namespace hexlaw::n20 {
namespace {
const Symbol kPirch("Pr Pirch"), kKleist("Pr Kleist"), kCorps("Pr II");

bool is_division(const Unit& u) { return u.id == kPirch || u.id == kKleist; }
}  // namespace

// RULE leipzig:16.7.3 — optional: Pirch and Kleist, the one pair excepted from std:6.9, may end a move stacked together
const char* LeipzigRules::stacks_as_pair(const Unit& u, const Unit& other, const GameState& s) const {
  (void)s;
  if (!on(Optional::LeipzigRecombine) || !is_division(u) || !is_division(other) || u.id == other.id) return nullptr;
  return "leipzig:16.7.3";
}

// Step A. Only with the option, and only as an Allied Movement Phase ends. Step B. Pirch and
// Kleist on the map in one hex. Step C. The set-aside Pr II (refused by name when the position
// has none). Step D. The divisions leave play; the corps takes their hex, fresh (the catalog's
// ruling: no morale change, no routed or fatigue state carried over).
// RULE leipzig:16.7.3 — an Allied Movement Phase ending with Pirch and Kleist stacked replaces them by the 4-2 Pr II in that hex
void LeipzigRules::recombine_prussian_ii(GameState& s, Trace& t) const {
  // Step A.
  if (!on(Optional::LeipzigRecombine) || s.phasing == Symbol("french")) return;
  // Step B.
  Unit* pirch = s.unit(kPirch);
  Unit* kleist = s.unit(kKleist);
  if (!pirch || !kleist || !pirch->on_map() || !kleist->on_map() || pirch->hex != kleist->hex) return;
  // Step C.
  Unit* corps = s.unit(kCorps);
  if (!corps || corps->status != UnitStatus::Eliminated)
    throw RuleRefusal("leipzig:16.7.3", "Pirch and Kleist end the Allied Movement Phase stacked, but the position "
                                        "has no set-aside Pr II (a unit 'Pr II' with status eliminated)");
  // Step D.
  const Hex h = pirch->hex;
  for (Unit* d : {pirch, kleist}) {
    d->status = UnitStatus::Eliminated;
    d->hex = Hex{};
    d->markers = UnitMarkers{};
  }
  corps->status = UnitStatus::OnMap;
  corps->hex = h;
  corps->markers = UnitMarkers{};
  t.cite("leipzig:16.7.3"_rule, "Pirch and Kleist end the Allied Movement Phase stacked: both leave play and the "
                           "4-2 Pr II takes their hex, free to fight this turn");
}

}  // namespace hexlaw::n20
