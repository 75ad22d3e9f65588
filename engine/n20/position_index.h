// Owns: the per-position facts every movement, reaction and retreat query reads — who stands
// in each hex and which hexes each side's enemies control — computed lazily, cached in flat
// arrays over the map, and shared by all the queries asked of one position (the reach of
// every unit of a side, say). The ground's own facts (terrain, hexsides) come from the rule
// set's TerrainIndex, shared by every position on the same map.
#pragma once

#include <deque>
#include <memory>
#include <vector>

#include "engine/n20/rules.h"
#include "engine/n20/terrain_index.h"

namespace hexlaw::n20 {

class PositionIndex {
 public:
  // The index refers to rules, map and state; they must outlive it and not change.
  PositionIndex(const N20Rules& rules, const Map& map, const GameState& state);

  const N20Rules& rules() const { return rules_; }
  const Map& map() const { return map_; }
  const GameState& state() const { return state_; }

  // The unit on the map at h, or null.
  const Unit* occupant(Hex h) const {
    const int i = window_.index(h);
    return i >= 0 ? occupant_[static_cast<std::size_t>(i)] : occupant_outside(h);
  }
  const TerrainType& terrain(Hex h) const { return ground_->terrain(h); }
  // Facts of the hexside between two adjacent hexes, or leaving h in direction d.
  const SideFacts& side(Hex a, Hex b) const { return ground_->side(a, b); }
  const SideFacts& side(Hex h, Direction d) const { return ground_->side(h, d); }
  const TerrainIndex& ground() const { return *ground_; }
  // Is h in the ZOC of some unit whose side is not `side`? (Friendly units never negate it.)
  bool enemy_zoc(Symbol side, Hex h) const { return enemy_zoc(zoc_handle(side), h); }
  // The same with the side looked up once: zoc_handle(side) then enemy_zoc(handle, h).
  int zoc_handle(Symbol side) const;
  bool enemy_zoc(int handle, Hex h) const {
    const int i = window_.index(h);
    if (i >= 0) {
      const std::int8_t known = zoc_[static_cast<std::size_t>(handle)].controlled[static_cast<std::size_t>(i)];
      if (known >= 0) return known == 1;
    }
    return work_out_enemy_zoc(handle, h);
  }

 private:
  struct ZocCache {
    Symbol side;
    std::vector<std::int8_t> controlled;  // -1 unknown, 0 no, 1 yes
  };
  const Unit* occupant_outside(Hex h) const;
  bool work_out_enemy_zoc(int handle, Hex h) const;
  const N20Rules& rules_;
  const Map& map_;
  const GameState& state_;
  std::shared_ptr<const TerrainIndex> ground_;
  HexWindow window_;
  mutable Trace silent_;
  std::vector<const Unit*> occupant_;
  mutable std::deque<ZocCache> zoc_;
};

}  // namespace hexlaw::n20
