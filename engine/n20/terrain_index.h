// Owns: the facts of the ground that do not depend on where the units stand — each hex's
// terrain type and each hexside's crossing facts under a rule set — in flat arrays over the
// map, filled on first use and shared by every position on the same map under the same
// terrain context (N20Rules::terrain_context: Dresden's wet ground, say). A position's own
// facts (who stands where, whose ZOC covers what) are PositionIndex's.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/core/hex.h"
#include "engine/core/map.h"
#include "engine/n20/state.h"
#include "engine/core/symbol.h"
#include "engine/core/tables.h"

namespace hexlaw::n20 {

class N20Rules;

// Facts about crossing one hexside.
struct SideFacts {
  bool crossable = true;  // false: a major river with no bridge or ford
  bool road = false;      // a road runs across it
  int road_cost = 1;      // MP to move along the road
  Symbol blocker;         // the hexside type that forbids crossing, when not crossable
  Symbol hazard;          // the river feature that makes a retreat across it hazardous (std:9.8.4)
  Symbol zoc_blocker;     // the first hexside type no zone of control crosses, if any (std:7.0)
  // A crossing one side alone may use (N20Rules::reserved_crossing: Dresden's pontoon,
  // dresden:6.0): units of other sides may not cross here; when `reserved_unusable`, nobody
  // may now (crossable is false), and a retreat across it by reserved_for's units breaks them.
  Symbol reserved_for;
  const char* reserved_rule = nullptr;
  const char* reserved_what = "";
  bool reserved_unusable = false;
  // Whether units of `side` are kept off this hexside by a crossing reserved to another side.
  bool closed_to(Symbol side) const { return !reserved_for.empty() && reserved_for != side; }
};

// A rectangle of axial coordinates; hexes inside map to flat array indices.
class HexWindow {
 public:
  HexWindow() = default;
  HexWindow(int q_lo, int q_hi, int r_lo, int r_hi);
  static HexWindow around(const std::vector<Hex>& hexes, int margin);
  static HexWindow of_bounds(const MapBounds& bounds, ColumnLayout layout);
  int size() const { return w_ * h_; }
  // Always inlined: the searches call it for every hex they look at.
  [[gnu::always_inline]] int index(Hex h) const {
    const int dq = h.q - q0_, dr = h.r - r0_;
    if (dq < 0 || dr < 0 || dq >= w_ || dr >= h_) return -1;
    return dq * h_ + dr;
  }
  Hex hex(int index) const { return Hex{q0_ + index / h_, r0_ + index % h_}; }  // inverse of index()

 private:
  int q0_ = 0, r0_ = 0, w_ = 1, h_ = 1;
};

class TerrainIndex {
 public:
  // Keeps its own copy of the map and of the state's game-level fields (weather, markers,
  // turn): the terrain hooks read those, never the units. `rules` must outlive the index.
  TerrainIndex(const N20Rules& rules, const Map& map, const GameState& state);

  const Map& map() const { return map_; }
  // The hexes the arrays cover: the whole of a bounded map, or the ground around the units.
  const HexWindow& window() const { return window_; }
  // The hex's terrain type: from the array once known, else from the rule set's hook.
  const TerrainType& terrain(Hex h) const {
    const int i = window_.index(h);
    if (i >= 0)
      if (const TerrainType* t = terrain_[static_cast<std::size_t>(i)]) return *t;
    return work_out_terrain(h);
  }
  // N20Rules::terrain_table_id(), read once (it names the chart that forbids a crossing).
  const std::string& terrain_table_id() const { return terrain_table_id_; }
  // Map::on_map, answered from an array.
  bool on_map(Hex h) const {
    const int i = window_.index(h);
    return i >= 0 ? on_map_[static_cast<std::size_t>(i)] != 0 : map_.on_map(h);
  }
  // Facts of the hexside between two adjacent hexes, or leaving h in direction d.
  const SideFacts& side(Hex a, Hex b) const { return side(Hexside::between(a, b).value()); }
  // (Worked out in plain integers: a Hexside passed by value costs the hot searches a stall.)
  const SideFacts& side(Hex h, Direction d) const {
    const int k = static_cast<int>(d);
    const Hex first = k < 3 ? h : neighbour(h, d);  // the canonical form of Hexside::of
    const int i = window_.index(first);
    if (i >= 0) {
      const std::size_t slot = static_cast<std::size_t>(i) * 3 + static_cast<std::size_t>(k < 3 ? k : k - 3);
      if (side_known_[slot]) return side_facts_[slot];
    }
    return side(Hexside::of(h, d));
  }
  const SideFacts& side(Hexside hs) const {
    const int i = window_.index(hs.first());
    if (i < 0) return side_outside(hs);
    const std::size_t slot = static_cast<std::size_t>(i) * 3 + static_cast<std::size_t>(hs.direction());
    if (!side_known_[slot]) {
      side_facts_[slot] = compute(hs);
      side_known_[slot] = 1;
    }
    return side_facts_[slot];
  }

 private:
  const TerrainType& work_out_terrain(Hex h) const;
  SideFacts compute(Hexside hs) const;
  const SideFacts& side_outside(Hexside hs) const;
  const N20Rules& rules_;
  Map map_;
  GameState ground_;  // the state without its units
  HexWindow window_;
  std::string terrain_table_id_;
  // Lazily filled; a rule set and its caches serve one thread at a time.
  mutable std::vector<const TerrainType*> terrain_;
  std::vector<std::uint8_t> on_map_;               // per hex
  mutable std::vector<SideFacts> side_facts_;      // per hex x 3 canonical directions
  mutable std::vector<std::uint8_t> side_known_;   // the same slots: filled in yet?
  mutable std::deque<SideFacts> sides_outside_list_;  // stable addresses
  mutable std::unordered_map<Hex, const TerrainType*, HexHash> terrain_outside_;
  mutable std::unordered_map<Hexside, const SideFacts*, HexsideHash> sides_outside_;
  mutable std::vector<const HexsideType*> types_;
};

}  // namespace hexlaw::n20
