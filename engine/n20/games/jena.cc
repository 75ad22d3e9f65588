// Owns: Jena's first-turn Random Events as an override of the standard hook (see jena.h).
#include "engine/n20/games/jena.h"

namespace hexlaw::n20 {

// RULE jena:5.0 — on the first Game Turn the French skip their Random Events draw
bool JenaRules::skips_random_events(std::string_view side, int turn, Trace& t) const {
  if (turn != 1 || side != "french") return false;
  t.cite("jena:5.0", "turn 1: the French draw no Random Event");
  return true;
}

}  // namespace hexlaw::n20
