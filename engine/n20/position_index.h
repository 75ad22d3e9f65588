// Owns: the per-position facts every movement, reaction and retreat query reads — who stands
// in each hex and which hexes each side's enemies control — computed lazily, cached in flat
// arrays over the map, and shared by all the queries asked of one position (the reach of
// every unit of a side, say). The ground's own facts (terrain, hexsides) come from the rule
// set's TerrainIndex, shared by every position on the same map. The arrays are lent by the
// rule set's workspace and stamped with an epoch, so building an index costs one write per
// unit, not one per hex of the map (a battle's odds build one for every retreat searched).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/core/inline_vector.h"
#include "engine/n20/rules.h"
#include "engine/n20/terrain_index.h"

namespace hexlaw::n20 {

class PositionIndex {
 public:
  // The index refers to rules, map and state; they must outlive it and not change.
  PositionIndex(const N20Rules& rules, const Map& map, const GameState& state);
  PositionIndex(const PositionIndex&) = delete;
  PositionIndex& operator=(const PositionIndex&) = delete;

  const N20Rules& rules() const { return rules_; }
  const Map& map() const { return map_; }
  const GameState& state() const { return state_; }

  // The unit on the map at h (the first the position lists there), or null.
  const Unit* occupant(Hex h) const {
    const int i = window_.index(h);
    if (i < 0) return occupant_outside(h);
    const auto k = static_cast<std::size_t>(i);
    return (arrays_->occupant_epoch[k] >> 1) == epoch_ ? arrays_->occupant[k] : nullptr;
  }
  // Whether more than one unit stands at h (a Leader with its corps, a pair, a garrison with a
  // unit): then a question about every unit there reads them all (state().units_at).
  bool stacked(Hex h) const {
    const int i = window_.index(h);
    if (i < 0) return state_.units_at(h).size() > 1;
    const std::uint32_t v = arrays_->occupant_epoch[static_cast<std::size_t>(i)];
    return (v >> 1) == epoch_ && (v & 1) != 0;
  }
  const TerrainType& terrain(Hex h) const { return ground_->terrain(h); }
  // Facts of the hexside between two adjacent hexes, or leaving h in direction d.
  const SideFacts& side(Hex a, Hex b) const { return ground_->side(a, b); }
  const SideFacts& side(Hex h, Direction d) const { return ground_->side(h, d); }
  const TerrainIndex& ground() const { return *ground_; }
  // The same, held: a search that keeps facts for a later one holds it, so that an equal
  // address always means the same ground.
  const std::shared_ptr<const TerrainIndex>& ground_shared() const { return ground_; }
  // The hexes the index's arrays cover (occupant() and enemy_zoc() answer others too, slower).
  const HexWindow& window() const { return window_; }
  // Is h in the ZOC of some unit whose side is not `side`? (Friendly units never negate it.)
  bool enemy_zoc(Symbol side, Hex h) const { return enemy_zoc(zoc_handle(side), h); }
  // The same with the side looked up once: zoc_handle(side) then enemy_zoc(handle, h).
  int zoc_handle(Symbol side) const;
  bool enemy_zoc(int handle, Hex h) const {
    const int i = window_.index(h);
    if (i >= 0) {
      // Each entry is epoch * 2 + controlled; an older epoch means not yet worked out.
      const std::uint32_t known = arrays_->zoc[static_cast<std::size_t>(handle)][static_cast<std::size_t>(i)];
      if ((known >> 1) == epoch_) return (known & 1) != 0;
    }
    return work_out_enemy_zoc(handle, h);
  }

  // Arrays over the window, lent by the rule set's workspace (see the file comment).
  struct Arrays : Workspace::Scratch {
    static constexpr Workspace::Kind kKind = Workspace::Kind::PositionArrays;
    std::vector<std::uint32_t> occupant_epoch;  // epoch * 2 + 1 when more than one unit stands there
    std::vector<const Unit*> occupant;
    std::vector<std::vector<std::uint32_t>> zoc;  // per side handle
    std::uint32_t epoch = 0;
  };

 private:
  const Unit* occupant_outside(Hex h) const;
  bool work_out_enemy_zoc(int handle, Hex h) const;
  const N20Rules& rules_;
  const Map& map_;
  const GameState& state_;
  std::shared_ptr<const TerrainIndex> ground_;
  HexWindow window_;
  mutable Trace silent_;
  Workspace::Lease<Arrays> arrays_;  // given back to the rule set with the index
  std::uint32_t epoch_ = 0;
  mutable InlineVector<Symbol, 4> zoc_sides_;  // the side of each zoc handle
};

}  // namespace hexlaw::n20
