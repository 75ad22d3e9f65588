// Owns: what a retreating unit sees of the position — the arrays a retreat search borrows from
// the rule set's workspace, the enemy-ZOC facts kept between searches, and Ground, the one place
// that judges a retreat step (std:9.8.1-9.8.7). Internal to retreat.cc, split out of it by size.
#pragma once

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <map>
#include <set>

#include "engine/n20/position_index.h"
#include "engine/n20/retreat.h"

namespace hexlaw::n20::retreat_detail {

constexpr int kMaxExtension = 12;  // hexes a retreat may add to leave friendly-occupied hexes
// Costs of the fewest_ezoc reading: a count of the hexes the priority ranks lowest, times
// kCostUnit, plus a count of those it ranks next (a path is far shorter than kCostUnit hexes).
constexpr int kCostUnit = 1 << 12;
constexpr int kUnlimited = INT_MAX / 4;  // no budget; also "cannot be finished at all"
constexpr std::uint32_t kLastZocEpoch = (1u << 31) - 1;  // zoc_epoch * 2 + 1 must fit

// Arrays a search borrows from the rule set's workspace (see PositionIndex for the same
// scheme): the steps out of each hex, worked out once since they do not depend on the path,
// and which hexes the path being built stands on. Entries from an older epoch read as unset.
// A hex's steps are kept without who stands beyond them (an enemy closes a step, a friend
// marks it; both are read from the position at each search), so they depend only on the
// ground, the unit retreating and the enemy-ZOC facts of its side. A later search of the same
// unit under the same ZOC facts keeps them, whichever of its friends have moved or broken: the
// odds of a battle search each loser's retreat once per rout distance and per fate of the
// losers before it, all facing the same enemies. Where the ZOC facts are not kept, the steps
// are kept only for an equal position.
struct SearchArrays : Workspace::Scratch {
  static constexpr Workspace::Kind kKind = Workspace::Kind::RetreatSearch;
  struct Exits {
    std::uint32_t epoch = 0;
    std::uint8_t open = 0;  // bit d: direction d may be entered, unless an enemy stands beyond
    const char* barred = nullptr;  // the last case that barred a hex beyond (bars_hex), if any
    std::array<RetreatStep, 6> steps;  // `friendly` left unset: read from the position
    std::array<int, 6> index{};        // the window index of the hex beyond (-1: outside)
  };
  // The steps of the last few units searched, each with what they were worked out for (the
  // ground held, so that its address is never another's): the unit as it stood, and either the
  // ZOC facts' epoch or, where those are not kept, the whole position. A battle's odds search
  // its losers in turn, so each keeps its own.
  struct Slot {
    std::vector<Exits> exits;
    std::shared_ptr<const TerrainIndex> ground;
    Unit unit;
    bool by_state = false;
    std::uint32_t by_zoc_epoch = 0;
    GameState state;
    std::uint32_t epoch = 0;     // the stamp of its steps
    std::uint64_t used = 0;      // when a search last took it
    bool costly = false;         // the last retreat_choice of it cost more than 0 (fewest_ezoc)
  };
  static constexpr std::size_t kSlots = 4;
  std::array<Slot, kSlots> slots;
  std::uint64_t searches = 0;
  std::size_t size = 0;  // hexes each array covers
  std::vector<std::uint32_t> on_path;  // epoch while the hex is on the path
  std::vector<std::uint32_t> read;     // epoch of the last search that read the hex's steps
  std::vector<Hex> path;               // the path of the Ground that holds these arrays (lent_path)
  std::uint32_t epoch = 0;
  // Which hexes lie in an enemy ZOC for a side, per hex: epoch * 2 + in one. They hold for
  // every position with the same ground, game-level fields and units of the other sides
  // (`state` keeps those): a side's own units never bear on the ZOCs it faces. A battle's
  // retreats all see the same enemies, wherever its losers have gone; each side of the battle
  // keeps its own, since the odds search both sides' retreats in turn.
  struct ZocSlot {
    std::vector<std::uint32_t> zoc;
    std::shared_ptr<const TerrainIndex> ground;
    Symbol side;
    GameState state;
    std::uint32_t epoch = 0;  // unique among the slots' refreshes (zoc_epoch when taken)
    std::uint64_t used = 0;
  };
  std::array<ZocSlot, 2> zocs;
  std::uint32_t zoc_epoch = 0;
};

// Whether `key` (a position without the units of `side`) is `state` once the units of `side`
// are left out.
inline bool same_but_side(const GameState& key, const GameState& state, Symbol side) {
  if (key.turn != state.turn || key.phase != state.phase || key.phasing != state.phasing || key.night != state.night ||
      key.weather != state.weather || key.morale != state.morale || key.markers != state.markers ||
      key.counters != state.counters)
    return false;
  std::size_t k = 0;
  for (const Unit& u : state.units) {
    if (u.side == side) continue;
    if (k == key.units.size() || !(key.units[k] == u)) return false;
    ++k;
  }
  return k == key.units.size();
}

// Whether some unit of `side` stands in a hex with a unit of another side: the position index
// then sees one of them only, so the ZOC facts would depend on `side`'s units after all.
inline bool shares_a_hex(const GameState& state, Symbol side) {
  for (const Unit& a : state.units)
    if (a.side == side && a.on_map())
      for (const Unit& b : state.units)
        if (b.side != side && b.on_map() && b.hex == a.hex) return true;
  return false;
}

// What a retreat may use on the way to a finish: hexes no worse than a priority class
// (whole_path), and a cost the rest of the path may still spend (fewest_ezoc).
struct Limit {
  int max_class = 3;
  int budget = kUnlimited;
};

// What the retreating unit sees of the position, and the rules that judge one hex.
class Ground {
 public:
  using Priority = Readings::RetreatPriority;

  Ground(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit)
      : index_(rules, map, state),
        rules_(rules),
        map_(map),
        unit_(unit),
        zoc_(index_.zoc_handle(unit.side)),
        friends_first_(rules.readings().retreat_friends_first),
        priority_(rules.readings().retreat_priority),
        loc_breaks_(!rules.printed().loc_early_break.empty()),
        arrays_(rules.workspace().take<SearchArrays>()) {
    if (rules.printed().retreat_direction.empty() || rules.printed().direction_by_final_hex) away_from_ = unit.hex;
    final_only_ = rules.printed().direction_by_final_hex;
    battle_hex_ = unit.hex;
    locs_ = rules.friendly_locs(unit, map, state);
    // The LOCs a retreat may head for: the friendly LOCs, unless the game narrows them
    // (Dresden's inactive LOCs under dresden.inactive_loc_scope = retreat_only).
    targets_ = rules.retreat_direction_locs(unit, map, state);
    SearchArrays& a = *arrays_;
    const auto n = static_cast<std::size_t>(index_.window().size());
    if (a.size < n || a.epoch >= UINT32_MAX - 1 || a.zoc_epoch >= kLastZocEpoch) {
      a.size = std::max(n, a.size);
      for (SearchArrays::Slot& slot : a.slots) {
        slot.exits.assign(a.size, {});
        slot.ground.reset();
        slot.epoch = 0;
      }
      a.on_path.assign(a.size, 0);
      a.read.assign(a.size, 0);
      for (SearchArrays::ZocSlot& z : a.zocs) {
        z.zoc.assign(a.size, 0);
        z.ground.reset();
        z.epoch = 0;
      }
      a.epoch = a.zoc_epoch = 0;
    }
    const std::shared_ptr<const TerrainIndex>& ground = index_.ground_shared();
    // The enemy-ZOC facts stand when the ground and everything but this side's units are a
    // slot's (on a bounded map, whose window is the ground's); else the slot used longest ago
    // is taken for them.
    zoc_kept_ = map.bounds().has_value() && !shares_a_hex(state, unit.side);
    if (zoc_kept_) {
      for (SearchArrays::ZocSlot& z : a.zocs)
        if (z.ground == ground && z.side == unit.side && same_but_side(z.state, state, unit.side)) {
          zocs_ = &z;
          break;
        }
      if (!zocs_) {
        zocs_ = &a.zocs.front();
        for (SearchArrays::ZocSlot& z : a.zocs)
          if (z.used < zocs_->used) zocs_ = &z;
        zocs_->ground = ground;
        zocs_->side = unit.side;
        zocs_->state = state;
        std::erase_if(zocs_->state.units, [&](const Unit& u) { return u.side == unit.side; });
        zocs_->epoch = ++a.zoc_epoch;
      }
      zocs_->used = ++a.searches;
    }
    // A slot's steps stand when its ground and unit are this one's, and its ZOC facts (or,
    // where those are not kept, its whole position); else the slot used longest ago is taken.
    SearchArrays::Slot* slot = nullptr;
    for (SearchArrays::Slot& k : a.slots)
      if (k.ground == ground && k.unit == unit && k.by_state == !zoc_kept_ &&
          (zoc_kept_ ? k.by_zoc_epoch == zocs_->epoch : k.state == state)) {
        slot = &k;
        break;
      }
    if (!slot) {
      slot = &a.slots.front();
      for (SearchArrays::Slot& k : a.slots)
        if (k.used < slot->used) slot = &k;
      slot->ground = ground;
      slot->unit = unit;
      slot->by_state = !zoc_kept_;
      slot->by_zoc_epoch = zoc_kept_ ? zocs_->epoch : 0;
      if (!zoc_kept_) slot->state = state;
      slot->epoch = ++a.epoch;
      slot->costly = false;
    }
    slot->used = ++a.searches;
    slot_ = slot;
    exits_ = &slot->exits;
    exits_epoch_ = slot->epoch;
    epoch_ = ++a.epoch;
  }
  Ground(const Ground&) = delete;
  Ground& operator=(const Ground&) = delete;

  // A path to search with, empty: the lent arrays' own (no other Ground holds them while this
  // one does), so a search keeps its room from one retreat to the next instead of allocating.
  std::vector<Hex>& lent_path() const {
    arrays_->path.clear();
    return arrays_->path;
  }

  // The path being built: hexes enter and leave it in stack order, and a path never holds a
  // hex twice. Hexes outside the index's window are looked up in the path itself.
  void enter(std::vector<Hex>& path, Hex h) const {
    path.push_back(h);
    if (const int i = index_.window().index(h); i >= 0) arrays_->on_path[static_cast<std::size_t>(i)] = epoch_;
  }
  void leave(std::vector<Hex>& path) const {
    if (const int i = index_.window().index(path.back()); i >= 0) arrays_->on_path[static_cast<std::size_t>(i)] = 0;
    path.pop_back();
  }
  bool on_path(const std::vector<Hex>& path, Hex h) const {
    const int i = index_.window().index(h);
    if (i >= 0) return arrays_->on_path[static_cast<std::size_t>(i)] == epoch_;
    return std::find(path.begin(), path.end(), h) != path.end();
  }

  // The step from `a`, a hex outside the window, in direction d, or null when it may not be
  // taken: worked out afresh each time (only the window's hexes keep their steps, see
  // SearchArrays; exits_read reads those), meeting any hex barred beyond as barred() reads it.
  const RetreatStep* exit_outside(Hex a, Direction d) const {
    outside_ = step(a, d);
    return outside_ ? &*outside_ : nullptr;
  }

  // The steps open from `at` that do not lead back onto the path, in direction order, copied
  // into `out`: the kept exits of a hex in the window, the hex's index worked out once, or
  // exit_outside() for each direction from one outside it.
  std::size_t open_steps(Hex at, const std::vector<Hex>& path, std::array<RetreatStep, 6>& out) const {
    std::size_t n = 0;
    SearchArrays::Exits* e = exits_read(at);
    if (!e) {
      for (Direction d : kAllDirections)
        if (const RetreatStep* s = exit_outside(at, d); s && !on_path(path, s->hex)) out[n++] = *s;
      return n;
    }
    for (std::size_t d = 0; d < 6; ++d)
      if (open_beyond(*e, d, path, out[n])) ++n;
    return n;
  }

  // The steps out of `at` as the window keeps them (worked out if not kept, the hexes barred
  // beyond met), or null outside the window (exit_outside() then works each out afresh).
  SearchArrays::Exits* exits_read(Hex at) const {
    const int i = index_.window().index(at);
    if (i < 0) return nullptr;
    const auto k = static_cast<std::size_t>(i);
    SearchArrays::Exits& e = exits_of(k, at);
    if (e.barred && arrays_->read[k] != epoch_) {  // only a barred hex beyond needs the mark
      arrays_->read[k] = epoch_;
      barred_ = e.barred;
    }
    return &e;
  }

  // Whether step d of `e` may be taken now (open, no enemy beyond, not back onto `path`); if
  // so it is copied into `out` with whether a friend stands beyond.
  bool open_beyond(const SearchArrays::Exits& e, std::size_t d, const std::vector<Hex>& path, RetreatStep& out) const {
    if (!((e.open >> d) & 1u)) return false;
    const RetreatStep& s = e.steps[d];
    const int j = e.index[d];
    if (j >= 0 ? arrays_->on_path[static_cast<std::size_t>(j)] == epoch_
               : std::find(path.begin(), path.end(), s.hex) != path.end())
      return false;
    const Unit* o = occupant(s.hex);
    if (o && o->side != unit_.side) return false;
    out = s;
    out.friendly = o != nullptr;
    return true;
  }

  // The steps out of the hex at window index k (a), worked out if they are not kept.
  SearchArrays::Exits& exits_of(std::size_t k, Hex a) const {
    SearchArrays::Exits& e = (*exits_)[k];
    if (e.epoch != exits_epoch_) {
      e.epoch = exits_epoch_;
      e.open = 0;
      e.barred = nullptr;
      for (Direction dir : kAllDirections)
        if (auto s = ground_step(a, dir, e.barred)) {
          e.steps[static_cast<std::size_t>(dir)] = *s;
          e.index[static_cast<std::size_t>(dir)] = index_.window().index(s->hex);
          e.open |= static_cast<std::uint8_t>(1u << static_cast<unsigned>(dir));
        }
    }
    return e;
  }

  // Whether the last choice search of this unit (on the steps kept for it) cost more than 0,
  // and recording this one's: a guess at where to start, never bearing on the answer.
  bool expects_cost() const { return slot_->costly; }
  void note_cost(bool costly) const { slot_->costly = costly; }

  bool is_loc(Hex h) const { return std::find(locs_.begin(), locs_.end(), h) != locs_.end(); }
  const InlineVector<Hex, 16>& locs() const { return locs_; }
  const InlineVector<Hex, 16>& targets() const { return targets_; }
  const Map& map() const { return map_; }
  bool friends_first() const { return friends_first_; }
  Priority priority() const { return priority_; }
  // Whether reaching a friendly LOC with hexes owed ends the retreat (std:9.8.7; not in the
  // Leipzig printing, where the LOC is a hex like any other).
  bool loc_breaks() const { return loc_breaks_; }
  // Where the direction rule judges the last hex only (PrintingRules::direction_by_final_hex):
  // the LOC the retreat now heads for, and whether a retreat may end at `at` — closer to that
  // LOC than the battle hex. Always true under the other readings.
  bool final_only() const { return final_only_; }
  void head_for(std::optional<Hex> loc) { final_target_ = final_only_ ? loc : std::nullopt; }
  bool ends_well(Hex at) const {
    return !final_target_ || distance(at, *final_target_) < distance(battle_hex_, *final_target_);
  }

  const Unit* occupant(Hex h) const {
    const Unit* o = index_.occupant(h);
    return o && o->id != unit_.id ? o : nullptr;
  }
  bool friend_at(Hex h) const {
    const Unit* o = occupant(h);
    return o && o->side == unit_.side;
  }

  // The step from a into its neighbour b = neighbour(a, d), or nothing when b may not be
  // entered at all.
  std::optional<RetreatStep> step(Hex a, Direction d) const {
    const char* barred = nullptr;
    std::optional<RetreatStep> s = ground_step(a, d, barred);
    if (barred) barred_ = barred;
    if (!s) return s;
    const Unit* o = occupant(s->hex);
    if (o && o->side != unit_.side) return std::nullopt;
    s->friendly = o != nullptr;
    return s;
  }

  // The same before anyone standing in b is looked at (an enemy there closes it; a friend
  // makes it a friendly-occupied step): what the ground, the unit and the enemy ZOCs say.
  // A hex barred to the unit for good sets `barred` to the case that bars it.
  // RULE std:9.8.1 — never off the map, into an enemy, or across a major river without bridge or ford
  std::optional<RetreatStep> ground_step(Hex a, Direction d, const char*& barred) const {
    const Hex b = neighbour(a, d);
    if (!index_.ground().on_map(b)) return std::nullopt;
    // RULE std:9.7 (part: away from the battle hex where no direction rule applies) — each hex farther from it
    if (away_from_ && distance(b, *away_from_) <= distance(a, *away_from_)) return std::nullopt;
    if (const char* rule = rules_.bars_hex(unit_, map_, b)) {
      barred = rule;
      return std::nullopt;
    }
    const SideFacts& side = index_.side(a, d);
    // A crossing reserved to another side is none for this unit (Dresden's pontoon, dresden:6.0);
    // one its own side may not use now breaks it for certain (dresden:5.1.1).
    if (side.closed_to(unit_.side)) return std::nullopt;
    const bool doomed = !side.crossable && side.reserved_unusable && side.reserved_for == unit_.side;
    if (!side.crossable && !doomed) return std::nullopt;
    RetreatStep s;
    s.hex = b;
    s.enemy_zoc = enemy_zoc(b);
    s.river = side.hazard;
    if (doomed) {
      s.doomed = true;
      s.doomed_rule = side.reserved_rule;
      s.river = side.reserved_what;
    }
    return s;
  }

  // Is b in an enemy ZOC? From the facts kept for this side where they stand, else the index.
  bool enemy_zoc(Hex b) const {
    const int i = zoc_kept_ ? index_.window().index(b) : -1;
    if (i < 0) return index_.enemy_zoc(zoc_, b);
    std::uint32_t& known = zocs_->zoc[static_cast<std::size_t>(i)];
    if ((known >> 1) != zocs_->epoch) known = zocs_->epoch * 2 + (index_.enemy_zoc(zoc_, b) ? 1 : 0);
    return (known & 1) != 0;
  }

  // Priority class of a step, lower first: empty and outside enemy ZOCs (std:9.8.2), then
  // empty in an enemy ZOC (std:9.8.3), then friendly-occupied (std:9.8.5). With
  // retreat.friendly_vs_ezoc_priority = friends_first, a friendly hex outside enemy ZOCs
  // comes before an enemy-ZOC hex.
  int klass(const RetreatStep& s) const {
    if (!friends_first_) return s.friendly ? 2 : (s.enemy_zoc ? 1 : 0);
    if (!s.friendly) return s.enemy_zoc ? 2 : 0;
    return s.enemy_zoc ? 3 : 1;
  }

  // Cost of a step under fewest_ezoc (std:9.8.2, 9.8.3, 9.8.5): paths compare by the number
  // of hexes of the class the priority ranks last, then of the class it ranks next —
  // (friendly-occupied, enemy-ZOC) by default, (enemy-ZOC, friendly-occupied) with
  // retreat.friendly_vs_ezoc_priority = friends_first. A path's cost is the sum of its steps'.
  int cost(const RetreatStep& s) const {
    const int ezoc = s.enemy_zoc ? 1 : 0, friendly = s.friendly ? 1 : 0;
    return friends_first_ ? ezoc * kCostUnit + friendly : friendly * kCostUnit + ezoc;
  }

  // The enemy-ZOC hexes in a cost (fewest_ezoc): a finish that spends exactly `c` enters so many.
  int ezoc_in(int c) const { return friends_first_ ? c / kCostUnit : c % kCostUnit; }

  // Can a retreat at `at`, `remaining` hexes owed, be finished — the full distance ending
  // alone, or a friendly LOC reached early (where it breaks, std:9.8.7) — within `limit`?
  bool can_finish(Hex at, int remaining, int extension, std::vector<Hex>& visited, Limit limit = {}) const {
    if (remaining == 0 && !friend_at(at)) return ends_well(at);
    if (remaining > 0 && loc_breaks_ && is_loc(at)) return true;
    if (remaining == 0 && extension >= kMaxExtension) return cut_off();
    const bool budgeted = limit.budget < kUnlimited;
    // The steps are tried one by one (most checks succeed at the first), the hex's index worked
    // out once.
    SearchArrays::Exits* e = exits_read(at);
    RetreatStep here;
    for (Direction d : kAllDirections) {
      const RetreatStep* s = nullptr;
      if (e) {
        if (!open_beyond(*e, static_cast<std::size_t>(d), visited, here)) continue;
        s = &here;
      } else if (s = exit_outside(at, d); !s || on_path(visited, s->hex)) {
        continue;
      }
      if (klass(*s) > limit.max_class) continue;
      const int c = cost(*s);
      if (c > limit.budget) continue;
      if (s->doomed) return true;  // the unit breaks at that crossing: the retreat ends there
      const Hex next = s->hex;
      Limit rest = limit;
      if (budgeted) rest.budget -= c;
      enter(visited, next);
      const bool ok = can_finish(next, std::max(remaining - 1, 0), extension + (remaining == 0 ? 1 : 0), visited, rest);
      leave(visited);
      if (ok) return true;
    }
    return false;
  }

  // The least cost of any complete retreat from `at` (fewest_ezoc), lowering `best` to it when
  // below: depth first, cheaper steps first, dropping each branch that cannot beat `best`, and
  // stopping once `best` is `floor`, a cost no retreat goes below (known to the caller).
  // A branch stopped at the extension bound (std:9.8.5) leaves the answer unknown only if it
  // had spent less than the least cost found, since going on never costs less: only then is the
  // search cut off. So whether the retreat is refused does not depend on which of two equal-cost
  // steps the search tried first.
  void cheapest(Hex at, int remaining, int extension, std::vector<Hex>& visited, int spent, int& best,
                int floor = 0) const {
    int least_cut = kUnlimited;  // the least spent on a branch stopped at the bound
    cheapest_from(at, remaining, extension, visited, spent, best, floor, least_cut);
    if (least_cut < best) cut_off();
  }

 private:
  // cheapest's depth-first search; `least_cut` is lowered to what a branch stopped at the
  // extension bound had spent.
  void cheapest_from(Hex at, int remaining, int extension, std::vector<Hex>& visited, int spent, int& best,
                     int floor, int& least_cut) const {
    if (best <= floor) return;
    if (remaining == 0 && !friend_at(at)) {
      if (ends_well(at)) best = std::min(best, spent);
      return;
    }
    if (remaining > 0 && visited.size() > 1 && loc_breaks_ && is_loc(at)) {
      best = std::min(best, spent);
      return;
    }
    if (remaining == 0 && extension >= kMaxExtension) {
      least_cut = std::min(least_cut, spent);
      return;
    }
    std::array<RetreatStep, 6> open;
    const std::size_t n = open_steps(at, visited, open);
    for (std::size_t k = 1; k < n; ++k)  // at most six: insertion sort by cost, stable
      for (std::size_t j = k; j > 0 && cost(open[j]) < cost(open[j - 1]); --j) std::swap(open[j], open[j - 1]);
    for (std::size_t k = 0; k < n && best > floor && spent + cost(open[k]) < best; ++k) {
      if (open[k].doomed) {  // the retreat ends there, the unit broken
        best = std::min(best, spent + cost(open[k]));
        continue;
      }
      enter(visited, open[k].hex);
      cheapest_from(open[k].hex, std::max(remaining - 1, 0), extension + (remaining == 0 ? 1 : 0), visited,
                    spent + cost(open[k]), best, floor, least_cut);
      leave(visited);
    }
  }

  PositionIndex index_;
  const N20Rules& rules_;
  const Map& map_;
  const Unit& unit_;
  int zoc_;
  bool friends_first_;
  Priority priority_;
  bool loc_breaks_;
  bool final_only_ = false;
  Hex battle_hex_{};
  std::optional<Hex> final_target_;
  // The battle hex every step must move farther from, where no rule sets a retreat's direction
  // (the standard game under the Leipzig printing: the lead-in's "away from" is all there is).
  std::optional<Hex> away_from_;
  InlineVector<Hex, 16> locs_;  // in hex order
  InlineVector<Hex, 16> targets_;  // the LOCs a retreat may head for, in hex order
  Workspace::Lease<SearchArrays> arrays_;  // given back to the rule set with the search
  std::uint32_t epoch_ = 0;        // this search's: the hexes on its path
  SearchArrays::Slot* slot_ = nullptr;                 // the slot of this unit's steps
  std::vector<SearchArrays::Exits>* exits_ = nullptr;  // the slot's steps this search reads
  std::uint32_t exits_epoch_ = 0;  // their stamp (kept from an earlier search of the same unit)
  bool zoc_kept_ = false;          // the enemy-ZOC facts are read from (and kept in) the workspace
  SearchArrays::ZocSlot* zocs_ = nullptr;  // the slot that keeps them
  mutable std::optional<RetreatStep> outside_;  // a step from a hex outside the window
  mutable const char* barred_ = nullptr;  // the case that barred a hex the search met (bars_hex)
  mutable bool cut_off_ = false;  // a search met the extension bound (cut_off())

 public:
  const char* barred() const { return barred_; }

  // A search stopped where the retreat would go on past kMaxExtension hexes beyond its
  // distance, still on friends (std:9.8.5): the answer may lack what lies past the bound, so
  // the retreat is refused (refuse_if_cut_off in retreat.cc), never answered without it.
  bool cut_off() const {
    cut_off_ = true;
    return false;
  }
  bool was_cut_off() const { return cut_off_; }

 private:
};

}  // namespace hexlaw::n20::retreat_detail
