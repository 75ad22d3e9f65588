// Owns: PositionIndex (see position_index.h).
#include "engine/n20/position_index.h"

#include <algorithm>

#include "engine/n20/zoc.h"

namespace hexlaw::n20 {

namespace {

// Epochs stay below 2^31 so that epoch * 2 + bit fits the ZOC entries; on wrapping, every
// array is cleared once.
constexpr std::uint32_t kLastEpoch = (1u << 31) - 1;

}  // namespace

// Step A. Bounded maps index the whole map; fragments index the ground around the units.
// Step B. Fit the arrays the workspace lent to the window's size and move their epoch on, so
// old entries read as unset. Step C. Place every unit on the map.
PositionIndex::PositionIndex(const N20Rules& rules, const Map& map, const GameState& state)
    : rules_(rules),
      map_(map),
      state_(state),
      ground_(rules.terrain_index(map, state)),
      silent_(Trace::Off{}, rules.catalog()),
      arrays_(rules.workspace().take<Arrays>()) {
  // Step A.
  if (map.bounds()) {
    window_ = ground_->window();  // the same bounds: the ground's window, worked out once
  } else {
    std::vector<Hex> hexes;
    for (const Unit& u : state.units)
      if (u.on_map()) hexes.push_back(u.hex);
    window_ = HexWindow::around(hexes, 8);
  }
  // Step B.
  const auto n = static_cast<std::size_t>(window_.size());
  Arrays& a = *arrays_;
  if (a.occupant.size() < n || a.epoch == kLastEpoch) {
    a.occupant_epoch.assign(std::max(n, a.occupant.size()), 0);
    a.occupant.assign(a.occupant_epoch.size(), nullptr);
    for (auto& z : a.zoc) z.assign(a.occupant_epoch.size(), 0);
    a.epoch = 0;
  }
  epoch_ = ++a.epoch;
  // Step C. The first unit listed in a hex is its occupant; a second marks the hex stacked.
  for (const Unit& u : state.units)
    if (u.on_map())
      if (int i = window_.index(u.hex); i >= 0) {
        std::uint32_t& stamp = a.occupant_epoch[static_cast<std::size_t>(i)];
        if ((stamp >> 1) == epoch_) {
          stamp |= 1;
        } else {
          stamp = epoch_ * 2;
          a.occupant[static_cast<std::size_t>(i)] = &u;
        }
      }
}

const Unit* PositionIndex::occupant_outside(Hex h) const {
  for (const Unit& u : state_.units)
    if (u.on_map() && u.hex == h) return &u;
  return nullptr;
}

int PositionIndex::zoc_handle(Symbol side) const {
  for (std::size_t k = 0; k < zoc_sides_.size(); ++k)
    if (zoc_sides_[k] == side) return static_cast<int>(k);
  zoc_sides_.push_back(side);
  const std::size_t k = zoc_sides_.size() - 1;
  if (arrays_->zoc.size() <= k) arrays_->zoc.emplace_back(arrays_->occupant.size(), 0);
  return static_cast<int>(k);
}

bool PositionIndex::work_out_enemy_zoc(int handle, Hex h) const {
  const Symbol side = zoc_sides_[static_cast<std::size_t>(handle)];
  const int i = window_.index(h);  // enemy_zoc() has already looked for a known answer
  bool controlled = false;
  // Every unit of a stacked hex exerts its own ZOC (std:7.0): a Leader, which has none
  // (leipzig:16.12), does not hide the corps it stands with, whichever the position lists first.
  const auto exerts = [&](const Unit* o) {
    return o->side != side && exerts_zoc_into(rules_, *ground_, state_, *o, h, silent_);
  };
  for (Hex n : neighbours(h)) {
    const Unit* o = occupant(n);
    if (!o) continue;  // most neighbours are empty: one look each
    if (stacked(n)) {
      const auto there = state_.units_at(n);
      controlled = std::any_of(there.begin(), there.end(), exerts);
    } else {
      controlled = exerts(o);
    }
    if (controlled) break;
  }
  if (i >= 0) arrays_->zoc[static_cast<std::size_t>(handle)][static_cast<std::size_t>(i)] = epoch_ * 2 + (controlled ? 1 : 0);
  return controlled;
}

}  // namespace hexlaw::n20
