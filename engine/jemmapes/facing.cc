// Owns: facing and zones of control on the hex grid (see facing.h).
#include "engine/jemmapes/facing.h"

#include "engine/core/errors.h"

namespace hexlaw::jemmapes {

const char* to_string(Aspect a) {
  switch (a) {
    case Aspect::Front: return "front";
    case Aspect::Flank: return "flank";
    case Aspect::Rear: return "rear";
  }
  return "?";
}

// RULE jemmapes:1.3 — three frontal hexes (the faced hexside and its two neighbours), two flank, one rear
Aspect aspect(const Unit& u, Direction d) {
  const int turn = (static_cast<int>(d) - static_cast<int>(u.facing) + 6) % 6;  // 0 faced, 3 opposite
  if (turn == 0 || turn == 1 || turn == 5) return Aspect::Front;
  return turn == 3 ? Aspect::Rear : Aspect::Flank;
}

std::array<Around, 6> around(const Unit& u) {
  std::array<Around, 6> out{};
  for (std::size_t i = 0; i < 6; ++i) {
    const Direction d = kAllDirections[i];
    out[i] = Around{neighbour(u.hex, d), d, aspect(u, d)};
  }
  return out;
}

// Step A. Only a combat unit, only into a neighbour. Step B. Terrain exceptions are refused.
// Step C. Frontal hexes only.
// RULE jemmapes:1.6 (part: the frontal hexes on open ground) — a combat unit's zone of control covers its three frontal hexes
// REFUSES jemmapes:1.6 — the terrain effects on zones of control (village, redoubt, entrenchment, river)
bool exerts_zoc_into(const Map& map, const Unit& u, Hex h, Trace& t) {
  // Step A.
  const auto d = direction_to(u.hex, h);
  if (!u.combat()) {
    t.cite("jemmapes:1.6", u.id + " is a commander: only combat units exert a zone of control");
    return false;
  }
  if (!d) {
    t.cite("jemmapes:1.6", map.name(h) + " is not next to " + u.id + ": a zone of control reaches adjacent hexes only");
    return false;
  }
  // Step B.
  const std::string& open = map.default_terrain();
  if (map.terrain(u.hex) != open || map.terrain(h) != open || !map.features(Hexside::of(u.hex, *d)).empty())
    throw RuleRefusal("jemmapes:1.6", "terrain's effect on zones of control (the terrain effects table: a village, "
                                      "a redoubt or entrenchment, a river) is not implemented; " +
                                          map.name(u.hex) + " to " + map.name(h) + " is not open ground");
  // Step C.
  const Aspect a = aspect(u, *d);
  t.cite("jemmapes:1.3", map.name(h) + " is a " + std::string(to_string(a)) + " hex of " + u.id + " (facing " +
                             facing_name(u.facing) + ")");
  const bool zoc = a == Aspect::Front;
  t.cite("jemmapes:1.6", u.id + (zoc ? " exerts" : " exerts no") + " zone of control into " + map.name(h) +
                             (zoc ? ": a frontal hex" : ": only frontal hexes carry it"));
  return zoc;
}

}  // namespace hexlaw::jemmapes
