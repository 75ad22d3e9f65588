// Owns: the per-position facts every movement, reaction and retreat query reads — who stands
// in each hex, each hex's terrain type, each hexside's crossing facts, and which hexes each
// side's enemies control — computed lazily, cached in flat arrays over the map, and shared by
// all the queries asked of one position (the reach of every unit of a side, say).
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "engine/n20/rules.h"

namespace hexlaw::n20 {

// Facts about crossing one hexside.
struct SideFacts {
  bool crossable = true;  // false: a major river with no bridge or ford
  bool road = false;      // a road runs across it
  int road_cost = 1;      // MP to move along the road
  std::string blocker;    // the hexside type that forbids crossing, when not crossable
  std::string hazard;     // the river feature that makes a retreat across it hazardous (std:9.8.4)
};

// A rectangle of axial coordinates; hexes inside map to flat array indices.
class HexWindow {
 public:
  HexWindow() = default;
  HexWindow(int q_lo, int q_hi, int r_lo, int r_hi);
  static HexWindow around(const std::vector<Hex>& hexes, int margin);
  static HexWindow of_bounds(const MapBounds& bounds, ColumnLayout layout);
  int size() const { return w_ * h_; }
  int index(Hex h) const {
    const int dq = h.q - q0_, dr = h.r - r0_;
    if (dq < 0 || dr < 0 || dq >= w_ || dr >= h_) return -1;
    return dq * h_ + dr;
  }

 private:
  int q0_ = 0, r0_ = 0, w_ = 1, h_ = 1;
};

class PositionIndex {
 public:
  // The index refers to rules, map and state; they must outlive it and not change.
  PositionIndex(const N20Rules& rules, const Map& map, const GameState& state);

  const N20Rules& rules() const { return rules_; }
  const Map& map() const { return map_; }
  const GameState& state() const { return state_; }

  // The unit on the map at h, or null.
  const Unit* occupant(Hex h) const;
  const TerrainType& terrain(Hex h) const;
  // Facts of the hexside between two adjacent hexes.
  const SideFacts& side(Hex a, Hex b) const;
  // Is h in the ZOC of some unit whose side is not `side`? (Friendly units never negate it.)
  bool enemy_zoc(const std::string& side, Hex h) const { return enemy_zoc(zoc_handle(side), h); }
  // The same with the side looked up once: zoc_handle(side) then enemy_zoc(handle, h).
  int zoc_handle(const std::string& side) const;
  bool enemy_zoc(int handle, Hex h) const;

 private:
  struct ZocCache {
    std::string side;
    std::vector<std::int8_t> controlled;  // -1 unknown, 0 no, 1 yes
  };
  const N20Rules& rules_;
  const Map& map_;
  const GameState& state_;
  HexWindow window_;
  mutable Trace silent_;
  std::vector<const Unit*> occupant_;
  mutable std::vector<const TerrainType*> terrain_;
  mutable std::vector<int> side_index_;  // per hex x 3 canonical directions
  mutable std::deque<SideFacts> sides_;  // stable addresses
  mutable std::vector<const HexsideType*> types_;
  mutable std::deque<ZocCache> zoc_;
};

}  // namespace hexlaw::n20
