// Owns: PositionIndex (see position_index.h).
#include "engine/n20/position_index.h"

#include <algorithm>

#include "engine/n20/zoc.h"

namespace hexlaw::n20 {

// Step A. Bounded maps index the whole map; fragments index the ground around the units.
// Step B. Place every unit on the map.
PositionIndex::PositionIndex(const N20Rules& rules, const Map& map, const GameState& state)
    : rules_(rules), map_(map), state_(state), ground_(rules.terrain_index(map, state)), silent_(Trace::Off{}) {
  // Step A.
  if (map.bounds()) {
    window_ = HexWindow::of_bounds(*map.bounds(), map.layout());
  } else {
    std::vector<Hex> hexes;
    for (const Unit& u : state.units)
      if (u.on_map()) hexes.push_back(u.hex);
    window_ = HexWindow::around(hexes, 8);
  }
  const auto n = static_cast<std::size_t>(window_.size());
  occupant_.assign(n, nullptr);
  // Step B.
  for (const Unit& u : state.units)
    if (u.on_map())
      if (int i = window_.index(u.hex); i >= 0) occupant_[static_cast<std::size_t>(i)] = &u;
}

const Unit* PositionIndex::occupant_outside(Hex h) const {
  for (const Unit& u : state_.units)
    if (u.on_map() && u.hex == h) return &u;
  return nullptr;
}

int PositionIndex::zoc_handle(Symbol side) const {
  for (std::size_t k = 0; k < zoc_.size(); ++k)
    if (zoc_[k].side == side) return static_cast<int>(k);
  zoc_.push_back(ZocCache{side, std::vector<std::int8_t>(static_cast<std::size_t>(window_.size()), -1)});
  return static_cast<int>(zoc_.size()) - 1;
}

bool PositionIndex::work_out_enemy_zoc(int handle, Hex h) const {
  ZocCache* cache = &zoc_[static_cast<std::size_t>(handle)];
  const Symbol side = cache->side;
  const int i = window_.index(h);  // enemy_zoc() has already looked for a known answer
  bool controlled = false;
  for (Hex n : neighbours(h)) {
    const Unit* o = occupant(n);
    if (o && o->side != side && exerts_zoc_into(rules_, *ground_, state_, *o, h, silent_)) {
      controlled = true;
      break;
    }
  }
  if (i >= 0) cache->controlled[static_cast<std::size_t>(i)] = controlled ? 1 : 0;
  return controlled;
}

}  // namespace hexlaw::n20
