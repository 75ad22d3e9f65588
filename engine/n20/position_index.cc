// Owns: PositionIndex and HexWindow (see position_index.h).
#include "engine/n20/position_index.h"

#include <algorithm>
#include <climits>

#include "engine/n20/zoc.h"

namespace hexlaw::n20 {

HexWindow::HexWindow(int q_lo, int q_hi, int r_lo, int r_hi)
    : q0_(q_lo), r0_(r_lo), w_(std::max(1, q_hi - q_lo + 1)), h_(std::max(1, r_hi - r_lo + 1)) {}

HexWindow HexWindow::around(const std::vector<Hex>& hexes, int margin) {
  if (hexes.empty()) return HexWindow(-margin, margin, -margin, margin);
  int q_lo = INT_MAX, q_hi = INT_MIN, r_lo = INT_MAX, r_hi = INT_MIN;
  for (Hex h : hexes) {
    q_lo = std::min(q_lo, h.q), q_hi = std::max(q_hi, h.q);
    r_lo = std::min(r_lo, h.r), r_hi = std::max(r_hi, h.r);
  }
  return HexWindow(q_lo - margin, q_hi + margin, r_lo - margin, r_hi + margin);
}

HexWindow HexWindow::of_bounds(const MapBounds& b, ColumnLayout layout) {
  int r_lo = INT_MAX, r_hi = INT_MIN;
  for (int c = b.min_col; c <= b.max_col; ++c) {
    r_lo = std::min(r_lo, to_axial({c, b.min_row}, layout).r);
    r_hi = std::max(r_hi, to_axial({c, b.max_row}, layout).r);
  }
  // One hex of margin, so neighbours just off the map are indexed too.
  return HexWindow(b.min_col - 1, b.max_col + 1, r_lo - 1, r_hi + 1);
}

// Step A. Bounded maps index the whole map; fragments index the ground around the units.
// Step B. Place every unit on the map.
PositionIndex::PositionIndex(const N20Rules& rules, const Map& map, const GameState& state)
    : rules_(rules), map_(map), state_(state), silent_(Trace::Off{}) {
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
  terrain_.assign(n, nullptr);
  side_index_.assign(n * 3, -1);
  // Step B.
  for (const Unit& u : state.units)
    if (u.on_map())
      if (int i = window_.index(u.hex); i >= 0) occupant_[static_cast<std::size_t>(i)] = &u;
}

const Unit* PositionIndex::occupant(Hex h) const {
  if (int i = window_.index(h); i >= 0) return occupant_[static_cast<std::size_t>(i)];
  for (const Unit& u : state_.units)
    if (u.on_map() && u.hex == h) return &u;
  return nullptr;
}

const TerrainType& PositionIndex::terrain(Hex h) const {
  const int i = window_.index(h);
  if (i >= 0 && terrain_[static_cast<std::size_t>(i)]) return *terrain_[static_cast<std::size_t>(i)];
  const TerrainType& t = rules_.terrain_of(map_, h, state_);
  if (i >= 0) terrain_[static_cast<std::size_t>(i)] = &t;
  return t;
}

const SideFacts& PositionIndex::side(Hex a, Hex b) const {
  const Hexside hs = *Hexside::between(a, b);
  const int i = window_.index(hs.first());
  const std::size_t slot = static_cast<std::size_t>(i) * 3 + static_cast<std::size_t>(hs.direction());
  if (i >= 0 && side_index_[slot] >= 0) return sides_[static_cast<std::size_t>(side_index_[slot])];
  SideFacts f;
  types_.clear();
  rules_.hexside_types(map_, hs, state_, types_);
  bool has_crossing = false;
  for (const HexsideType* t : types_) {
    if (t->crossing) has_crossing = true;
    if (!t->crossable) f.blocker = t->name;
    if (t->hazard && f.hazard.empty()) f.hazard = t->name;
    if (t->move) {
      f.road = true;
      f.road_cost = *t->move;
    }
  }
  f.crossable = f.blocker.empty() || has_crossing;
  sides_.push_back(std::move(f));
  if (i >= 0) side_index_[slot] = static_cast<int>(sides_.size()) - 1;
  return sides_.back();
}

int PositionIndex::zoc_handle(const std::string& side) const {
  for (std::size_t k = 0; k < zoc_.size(); ++k)
    if (zoc_[k].side == side) return static_cast<int>(k);
  zoc_.push_back(ZocCache{side, std::vector<std::int8_t>(static_cast<std::size_t>(window_.size()), -1)});
  return static_cast<int>(zoc_.size()) - 1;
}

bool PositionIndex::enemy_zoc(int handle, Hex h) const {
  ZocCache* cache = &zoc_[static_cast<std::size_t>(handle)];
  const std::string& side = cache->side;
  const int i = window_.index(h);
  if (i >= 0 && cache->controlled[static_cast<std::size_t>(i)] >= 0) return cache->controlled[static_cast<std::size_t>(i)] == 1;
  bool controlled = false;
  for (Hex n : neighbours(h)) {
    const Unit* o = occupant(n);
    if (o && o->side != side && exerts_zoc_into(rules_, map_, state_, *o, h, silent_)) {
      controlled = true;
      break;
    }
  }
  if (i >= 0) cache->controlled[static_cast<std::size_t>(i)] = controlled ? 1 : 0;
  return controlled;
}

}  // namespace hexlaw::n20
