// Owns: TerrainIndex and HexWindow (see terrain_index.h).
#include "engine/n20/terrain_index.h"

#include <algorithm>
#include <climits>

#include "engine/n20/rules.h"

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

// A bounded map is indexed whole; a fragment around the hexes and hexsides it describes.
// Hexes outside the window are answered too, from small hash maps.
TerrainIndex::TerrainIndex(const N20Rules& rules, const Map& map, const GameState& state)
    : rules_(rules), map_(map), ground_(state), terrain_table_id_(rules.terrain_table_id()) {
  ground_.units.clear();
  if (map.bounds()) {
    window_ = HexWindow::of_bounds(*map.bounds(), map.layout());
  } else {
    std::vector<Hex> hexes = map.hexes_with_terrain();
    for (const Hexside& s : map.hexsides_with_features()) hexes.push_back(s.first());
    window_ = HexWindow::around(hexes, 8);
  }
  const auto n = static_cast<std::size_t>(window_.size());
  terrain_.assign(n, nullptr);
  side_facts_.assign(n * 3, SideFacts{});
  side_known_.assign(n * 3, 0);
  on_map_.assign(n, 0);
  // Every hex of the window, by its index: the window's rows run fastest.
  for (int i = 0; i < window_.size(); ++i) on_map_[static_cast<std::size_t>(i)] = map_.on_map(window_.hex(i));
}

// terrain() when the array does not know the hex yet (or it lies outside the window).
const TerrainType& TerrainIndex::work_out_terrain(Hex h) const {
  const int i = window_.index(h);
  if (i < 0) {
    auto [it, fresh] = terrain_outside_.try_emplace(h, nullptr);
    if (fresh) it->second = &rules_.terrain_of(map_, h, ground_);
    return *it->second;
  }
  const TerrainType*& t = terrain_[static_cast<std::size_t>(i)];
  if (!t) t = &rules_.terrain_of(map_, h, ground_);
  return *t;
}

const SideFacts& TerrainIndex::side_outside(Hexside hs) const {
  auto [it, fresh] = sides_outside_.try_emplace(hs, nullptr);
  if (fresh) it->second = &sides_outside_list_.emplace_back(compute(hs));
  return *it->second;
}

// The crossing facts of one hexside from the rule set's hexside hook.
SideFacts TerrainIndex::compute(Hexside hs) const {
  SideFacts f;
  types_.clear();
  rules_.hexside_types(map_, hs, ground_, types_);
  bool has_crossing = false;
  for (const HexsideType* t : types_) {
    if (t->crossing) has_crossing = true;
    if (!t->crossable) f.blocker = t->name;
    if (t->hazard && f.hazard.empty()) f.hazard = t->name;
    if (t->blocks_zoc && f.zoc_blocker.empty()) f.zoc_blocker = t->name;
    if (t->move) {
      f.road = true;
      f.road_cost = *t->move;
    }
  }
  f.crossable = f.blocker.empty() || has_crossing;
  if (!f.hazard.empty() && rules_.retreat_hazard_waiver(map_, hs)) f.hazard = Symbol();  // the hook (dresden:9.11)
  if (const N20Rules::ReservedCrossing r = rules_.reserved_crossing(map_, hs, ground_); !r.side.empty()) {
    f.reserved_for = r.side;  // the hook (dresden:6.0)
    f.reserved_rule = r.rule;
    f.reserved_what = r.what;
    f.reserved_unusable = r.unusable;
  }
  return f;
}

}  // namespace hexlaw::n20
