// Owns: enumerating legal retreat paths (std:9.7–9.8.7; see retreat.h).
#include "engine/n20/retreat.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <map>
#include <set>

#include "engine/n20/position_index.h"

namespace hexlaw::n20 {
namespace {

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
bool same_but_side(const GameState& key, const GameState& state, Symbol side) {
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
bool shares_a_hex(const GameState& state, Symbol side) {
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
    for (Hex h : rules.friendly_locs(unit, map, state)) locs_.push_back(h);
    // The LOCs a retreat may head for: the friendly LOCs, unless the game narrows them
    // (Dresden's inactive LOCs under dresden.inactive_loc_scope = retreat_only).
    for (Hex h : rules.retreat_direction_locs(unit, map, state)) targets_.push_back(h);
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

  // The step from a in direction d, or null when it may not be taken. A hex's steps are
  // worked out once (see SearchArrays); who stands beyond is read each time. The first read of
  // a hex in a search meets the hexes barred beyond it as working them out would (barred()).
  const RetreatStep* exit(Hex a, Direction d) const {
    const int i = index_.window().index(a);
    if (i < 0) {
      outside_ = step(a, d);
      return outside_ ? &*outside_ : nullptr;
    }
    const auto k = static_cast<std::size_t>(i);
    SearchArrays::Exits& e = exits_of(k, a);
    if (e.barred && arrays_->read[k] != epoch_) {  // only a barred hex beyond needs the mark
      arrays_->read[k] = epoch_;
      barred_ = e.barred;
    }
    return open_step(e, d);
  }

  // The steps open from `at` that do not lead back onto the path, in direction order, copied
  // into `out`: exit() for each direction not on the path, the hex's index worked out once.
  std::size_t open_steps(Hex at, const std::vector<Hex>& path, std::array<RetreatStep, 6>& out) const {
    std::size_t n = 0;
    SearchArrays::Exits* e = exits_read(at);
    if (!e) {
      for (Direction d : kAllDirections)
        if (const RetreatStep* s = exit(at, d); s && !on_path(path, s->hex)) out[n++] = *s;
      return n;
    }
    for (std::size_t d = 0; d < 6; ++d)
      if (open_beyond(*e, d, path, out[n])) ++n;
    return n;
  }

  // The steps out of `at` as exit() reads them (worked out if not kept, the hexes barred
  // beyond met), or null outside the window (exit() then works each out afresh).
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

  // Step d of `e` as the position has it: null when closed or when an enemy stands beyond.
  const RetreatStep* open_step(SearchArrays::Exits& e, Direction d) const {
    if (!((e.open >> static_cast<unsigned>(d)) & 1u)) return nullptr;
    RetreatStep& s = e.steps[static_cast<std::size_t>(d)];
    const Unit* o = occupant(s.hex);
    if (o && o->side != unit_.side) return nullptr;
    s.friendly = o != nullptr;
    return &s;
  }

  // Whether the last choice search of this unit (on the steps kept for it) cost more than 0,
  // and recording this one's: a guess at where to start, never bearing on the answer.
  bool expects_cost() const { return slot_->costly; }
  void note_cost(bool costly) const { slot_->costly = costly; }

  bool is_loc(Hex h) const { return std::find(locs_.begin(), locs_.end(), h) != locs_.end(); }
  const std::vector<Hex>& locs() const { return locs_; }
  const std::vector<Hex>& targets() const { return targets_; }
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
    if (remaining == 0 && extension >= kMaxExtension) return false;
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
      } else if (s = exit(at, d); !s || on_path(visited, s->hex)) {
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
  void cheapest(Hex at, int remaining, int extension, std::vector<Hex>& visited, int spent, int& best,
                int floor = 0) const {
    if (best <= floor) return;
    if (remaining == 0 && !friend_at(at)) {
      if (ends_well(at)) best = std::min(best, spent);
      return;
    }
    if (remaining > 0 && visited.size() > 1 && loc_breaks_ && is_loc(at)) {
      best = std::min(best, spent);
      return;
    }
    if (remaining == 0 && extension >= kMaxExtension) return;
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
      cheapest(open[k].hex, std::max(remaining - 1, 0), extension + (remaining == 0 ? 1 : 0), visited,
               spent + cost(open[k]), best, floor);
      leave(visited);
    }
  }

 private:
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
  std::vector<Hex> locs_;  // in hex order
  std::vector<Hex> targets_;  // the LOCs a retreat may head for, in hex order
  Workspace::Lease<SearchArrays> arrays_;  // given back to the rule set with the search
  std::uint32_t epoch_ = 0;        // this search's: the hexes on its path
  SearchArrays::Slot* slot_ = nullptr;                 // the slot of this unit's steps
  std::vector<SearchArrays::Exits>* exits_ = nullptr;  // the slot's steps this search reads
  std::uint32_t exits_epoch_ = 0;  // their stamp (kept from an earlier search of the same unit)
  bool zoc_kept_ = false;          // the enemy-ZOC facts are read from (and kept in) the workspace
  SearchArrays::ZocSlot* zocs_ = nullptr;  // the slot that keeps them
  mutable std::optional<RetreatStep> outside_;  // a step from a hex outside the window
  mutable const char* barred_ = nullptr;  // the case that barred a hex the search met (bars_hex)

 public:
  const char* barred() const { return barred_; }

 private:
};

// Rules that shaped the answer, each with a count, for the explanation.
struct Shaping {
  int lower_class = 0;     // had to take an enemy-ZOC or friendly hex
  int direction = 0;       // a hex closer to the LOC was required
  int zigzag = 0;          // no hex closer to the LOC could be taken
  int loc_early = 0;
  int extended = 0;
};

// The hexes a retreat standing at the end of `visited` may enter next, in the order its paths
// take them: Step C. Candidate hexes: enterable, not yet on the path, and from which the
// retreat can be finished within the reading's priority (fewest_ezoc: for no more than
// `budget`, the least cost of any finish from here). Step D. Keep the best priority class
// (per_step only; std:9.8.2, 9.8.3, 9.8.5). Step E. Among them, those closer to the LOC
// wherever possible (std:9.8.6), else any (std:9.8.7). Then by hex. Every candidate leads to
// at least one legal retreat (each was found finishable under the same limits).
struct Candidates {
  std::array<RetreatStep, 6> steps{};
  std::size_t n = 0;
  int best = 99;            // the worst hex class the rest of the path needs (0: none)
  bool any_closer = false;  // some candidate is closer to the LOC (only with a LOC)
};
void candidates_at(const Ground& g, std::optional<Hex> loc, std::vector<Hex>& visited, const RetreatPath& path,
                   int remaining, int budget, Candidates& out) {
  const Hex at = visited.back();
  // Step C. The steps open from here are worked out once; at most six, so they live on the
  // stack. `best` is the worst hex class the rest of the path needs (0: none; under
  // fewest_ezoc 1 when it needs any enemy-ZOC or friendly-occupied hex).
  std::array<RetreatStep, 6> open;
  auto& candidates = out.steps;
  std::size_t n_candidates = 0;
  const std::size_t n_open = g.open_steps(at, visited, open);
  const int owed = std::max(remaining - 1, 0), extension = path.extended + (remaining == 0 ? 1 : 0);
  int best = 99;
  if (g.priority() == Ground::Priority::FewestEzoc) {
    // RULE std:9.8.2 — hex by hex: no more enemy-ZOC (or friendly) hexes than the fewest a finish needs
    for (std::size_t k = 0; k < n_open; ++k) {
      const RetreatStep& s = open[k];
      const int c = g.cost(s);
      if (c > budget) continue;
      g.enter(visited, s.hex);
      const bool ok = s.doomed || g.can_finish(s.hex, owed, extension, visited, {.budget = budget - c});
      g.leave(visited);
      if (ok) candidates[n_candidates++] = s;
    }
    best = budget > 0 ? 1 : 0;
  } else {
    // Keep the path's worst hex class as low as possible (whole_path), or only finishable
    // (per_step: Step D then keeps the best class of this step).
    for (int bound = g.priority() == Ground::Priority::WholePath ? 0 : 3; bound <= 3 && n_candidates == 0; ++bound) {
      for (std::size_t k = 0; k < n_open; ++k) {
        const RetreatStep& s = open[k];
        if (g.klass(s) > bound) continue;
        g.enter(visited, s.hex);
        const bool ok = s.doomed || g.can_finish(s.hex, owed, extension, visited, {.max_class = bound});
        g.leave(visited);
        if (ok) candidates[n_candidates++] = s;
      }
      if (n_candidates) best = bound;
    }
  }
  out.n = n_candidates;
  out.best = best;
  out.any_closer = false;
  if (n_candidates == 0) return;
  auto keep_only = [&](auto&& keep) {  // a stable filter in place (at most six)
    std::size_t kept = 0;
    for (std::size_t k = 0; k < n_candidates; ++k)
      if (keep(candidates[k])) candidates[kept++] = candidates[k];
    n_candidates = kept;
  };
  // Step D. Per step, only the best class among the candidates (std:9.8.2, 9.8.3, 9.8.5).
  if (g.priority() == Ground::Priority::PerStep) {
    best = 99;
    for (std::size_t k = 0; k < n_candidates; ++k) best = std::min(best, g.klass(candidates[k]));
    keep_only([&](const RetreatStep& c) { return g.klass(c) == best; });
  }
  // Step E.
  bool any_closer = false;
  if (loc && !g.final_only()) {
    const int here = distance(at, *loc);
    any_closer = std::any_of(candidates.begin(), candidates.begin() + static_cast<long>(n_candidates),
                             [&](const RetreatStep& c) { return distance(c.hex, *loc) < here; });
    if (any_closer) keep_only([&](const RetreatStep& c) { return distance(c.hex, *loc) < here; });
  }
  for (std::size_t k = 1; k < n_candidates; ++k)  // at most six: insertion sort by hex
    for (std::size_t j = k; j > 0 && candidates[j].hex < candidates[j - 1].hex; --j)
      std::swap(candidates[j], candidates[j - 1]);
  out.n = n_candidates;
  out.best = best;
  out.any_closer = any_closer;
}

// Step A. At the end of the distance, stop if alone, else extend (std:9.8.5). Step B. A
// friendly LOC reached with hexes owed ends the retreat: the unit breaks there (std:9.8.7).
// Step C. The candidates (candidates_at), each followed in turn.
void enumerate(const Ground& g, std::optional<Hex> loc, std::vector<Hex>& visited, RetreatPath& path, int remaining,
               int budget, std::vector<RetreatPath>& out, std::size_t limit, bool& truncated, Shaping& shaped) {
  if (out.size() >= limit) {
    truncated = true;
    return;
  }
  const Hex at = visited.back();
  // Step A. (Where the direction rule judges the last hex only, it must end closer to the LOC.)
  if (remaining == 0 && !g.friend_at(at)) {
    if (g.ends_well(at)) out.push_back(path);
    return;
  }
  // Step B.
  if (remaining > 0 && visited.size() > 1 && g.loc_breaks() && g.is_loc(at)) {
    RetreatPath p = path;
    p.breaks_at_loc = true;
    ++shaped.loc_early;
    out.push_back(std::move(p));
    return;
  }
  if (remaining == 0 && path.extended >= kMaxExtension) return;
  // Step C.
  Candidates cand;
  candidates_at(g, loc, visited, path, remaining, budget, cand);
  if (cand.n == 0) return;
  const int owed = std::max(remaining - 1, 0);
  const std::size_t before = out.size();
  for (std::size_t k = 0; k < cand.n; ++k) {
    const RetreatStep& c = cand.steps[k];
    if (c.doomed) {  // the unit breaks at that crossing: the path ends with it (dresden:5.1.1)
      RetreatPath p = path;
      p.steps.push_back(c);
      out.push_back(std::move(p));
      continue;
    }
    g.enter(visited, c.hex);
    path.steps.push_back(c);
    const bool extending = remaining == 0;
    if (extending) ++path.extended, ++shaped.extended;
    const int rest = budget < kUnlimited ? budget - g.cost(c) : kUnlimited;
    enumerate(g, loc, visited, path, owed, rest, out, limit, truncated, shaped);
    if (extending) --path.extended;
    path.steps.pop_back();
    g.leave(visited);
  }
  // Count the rules that shaped a step only where the step led to a legal retreat.
  if (out.size() > before) {
    if (cand.best > 0) ++shaped.lower_class;
    if (loc && !g.final_only() && cand.any_closer) ++shaped.direction;
    if (loc && !g.final_only() && !cand.any_closer) ++shaped.zigzag;
  }
}

// The path the stated policy takes among those enumerate finds, found without finding the
// others: the first in enumerate's order whose key (its hazard rolls, plus 1000 when it breaks
// for certain) is the least. Depth first in the same order, each branch dropped when no path
// in it can have a key below the best found so far: its rolls so far, and under fewest_ezoc
// the enemy-ZOC hexes every finish from there must still enter (each legal path costs exactly
// the least cost, so the rest of the budget fixes them). No limit on the paths passed.
struct Chosen {
  bool found = false;
  int key = 0;
  RetreatPath path;
  std::size_t nodes = 0;  // hexes stood in so far; past kChoiceNodes the search gives up
  bool gave_up = false;
};
// A choice search that stands in more hexes than this gives up, and the caller enumerates (with
// retreat_paths' limit on the paths) instead: a runaway search costs what it did before.
constexpr std::size_t kChoiceNodes = 100'000;
int path_key(const RetreatPath& p) { return p.rolls() + (p.doomed() ? 1000 : 0); }
void choose(const Ground& g, std::optional<Hex> loc, std::vector<Hex>& visited, RetreatPath& path, int remaining,
            int budget, int rolls, Chosen& chosen) {
  if (chosen.gave_up || ++chosen.nodes > kChoiceNodes) {
    chosen.gave_up = true;
    return;
  }
  const Hex at = visited.back();
  auto offer = [&](const RetreatPath& p) {
    const int key = path_key(p);
    if (!chosen.found || key < chosen.key) chosen.found = true, chosen.key = key, chosen.path = p;
  };
  // Step A.
  if (remaining == 0 && !g.friend_at(at)) {
    offer(path);
    return;
  }
  // Step B.
  if (remaining > 0 && visited.size() > 1 && g.loc_breaks() && g.is_loc(at)) {
    path.breaks_at_loc = true;
    offer(path);
    path.breaks_at_loc = false;
    return;
  }
  if (remaining == 0 && path.extended >= kMaxExtension) return;
  // Step C. Each candidate in turn: dropped when no path through it can beat the best so far
  // (a step that breaks the unit for certain ends its path at once), else followed.
  const int owed = std::max(remaining - 1, 0), extension = path.extended + (remaining == 0 ? 1 : 0);
  auto pruned = [&](const RetreatStep& c) {
    if (c.doomed || !chosen.found) return false;
    const int rest = budget < kUnlimited ? budget - g.cost(c) : kUnlimited;
    return rolls + c.rolls() + (rest < kUnlimited ? g.ezoc_in(rest) : 0) >= chosen.key;
  };
  auto follow = [&](const RetreatStep& c) {
    if (c.doomed) {
      path.steps.push_back(c);
      offer(path);
      path.steps.pop_back();
      return;
    }
    const int rest = budget < kUnlimited ? budget - g.cost(c) : kUnlimited;
    g.enter(visited, c.hex);
    path.steps.push_back(c);
    const bool extending = remaining == 0;
    if (extending) ++path.extended;
    choose(g, loc, visited, path, owed, rest, rolls + c.rolls(), chosen);
    if (extending) --path.extended;
    path.steps.pop_back();
    g.leave(visited);
  };
  if (g.priority() != Ground::Priority::FewestEzoc) {
    Candidates cand;
    candidates_at(g, loc, visited, path, remaining, budget, cand);
    for (std::size_t k = 0; k < cand.n; ++k)
      if (!pruned(cand.steps[k])) follow(cand.steps[k]);
    return;
  }
  // Under fewest_ezoc the candidates are candidates_at's, each proved finishable only when it
  // would be followed or when which candidates count depends on it: the steps within the
  // budget closer to the LOC, by hex, wherever one of them can be finished (Step E), else the
  // others, by hex.
  auto finishable = [&](const RetreatStep& c) {
    if (c.doomed) return true;
    g.enter(visited, c.hex);
    const bool ok = g.can_finish(c.hex, owed, extension, visited, {.budget = budget - g.cost(c)});
    g.leave(visited);
    return ok;
  };
  std::array<RetreatStep, 6> open, closer, others;
  const std::size_t n_open = g.open_steps(at, visited, open);
  std::size_t n_closer = 0, n_others = 0;
  const int here = loc ? distance(at, *loc) : 0;
  for (std::size_t k = 0; k < n_open; ++k) {
    if (g.cost(open[k]) > budget) continue;
    if (loc && distance(open[k].hex, *loc) < here) closer[n_closer++] = open[k];
    else others[n_others++] = open[k];
  }
  auto by_hex = [](std::array<RetreatStep, 6>& a, std::size_t n) {  // at most six: insertion sort
    for (std::size_t k = 1; k < n; ++k)
      for (std::size_t j = k; j > 0 && a[j].hex < a[j - 1].hex; --j) std::swap(a[j], a[j - 1]);
  };
  by_hex(closer, n_closer);
  by_hex(others, n_others);
  bool any_closer = false;
  std::array<bool, 6> unproved{};  // closer steps dropped before they were proved finishable
  for (std::size_t k = 0; k < n_closer; ++k) {
    if (pruned(closer[k])) {
      unproved[k] = true;
    } else if (finishable(closer[k])) {
      any_closer = true;
      follow(closer[k]);
    }
  }
  if (any_closer) return;
  // No closer step followed can be finished. The others count only if no closer one can.
  if (std::all_of(others.begin(), others.begin() + static_cast<long>(n_others), pruned)) return;
  for (std::size_t k = 0; k < n_closer; ++k)
    if (unproved[k] && finishable(closer[k])) return;
  for (std::size_t k = 0; k < n_others; ++k)
    if (!pruned(others[k]) && finishable(others[k])) follow(others[k]);
}

}  // namespace

std::string no_retreat_reason(Symbol unit, int distance, Hex at, const Map& map) {
  return unit + " has no legal retreat of " + std::to_string(distance) + " hex(es): it breaks in " + map.name(at);
}

bool RetreatPath::doomed() const {
  return std::any_of(steps.begin(), steps.end(), [](const RetreatStep& s) { return s.doomed; });
}

int RetreatPath::rolls() const {
  int n = 0;
  for (const auto& s : steps) n += s.rolls();
  return n;
}

namespace {

// The LOCs the owner may head for: the one asked for, or each friendly LOC in turn; none where
// no rule sets a retreat's direction (each cited as retreat_paths explains it).
std::vector<std::optional<Hex>> retreat_targets(const N20Rules& rules, const Map& map, const Unit& unit,
                                                std::optional<Hex> loc, const Ground& g, Trace& trace) {
  const PrintingRules& printed = rules.printed();
  const std::string& direction = printed.retreat_direction;
  std::vector<std::optional<Hex>> targets;
  if (direction.empty()) {
    targets.push_back(std::nullopt);
    // With neither std:9.8.6 nor a game's own direction rule, a retreat heads for no LOC: each
    // hex only takes it farther from its battle hex (Ground::step).
    trace.cite("std:9.7", [&] {
      return "the " + std::string(printing_name(printed.printing)) +
             " printing has no retreat direction rule (no 9.8.6) and this game prints none: " + unit.id +
             " heads for no LOC, each hex taking it farther from its battle hex " + map.name(unit.hex);
    });
  } else if (loc) {
    targets.push_back(loc);
  } else {
    for (Hex h : g.targets()) targets.push_back(h);
  }
  if (targets.empty()) {
    targets.push_back(std::nullopt);
    trace.cite(direction, [&] { return "no friendly LOC hex is known for " + unit.id + ": the direction rule cannot apply"; });
  }
  return targets;
}

// The premises every retreat search states: it counts hexes only (std:9.7), and a Fortified
// or Redoubt hex lets the owner retreat one hex fewer (std:9.8.1, `may_shorten`).
void retreat_premises(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit,
                      int distance_owed, RetreatOptions& o, Trace& trace) {
  // RULE std:9.7 — a retreat counts hexes only: no movement points, no stop for terrain
  trace.cite("std:9.7", [&] { return unit.id + " retreats " + std::to_string(distance_owed) +
                            " hex(es) from " + map.name(unit.hex) + "; terrain neither costs nor stops it"; });
  const TerrainType& here = rules.terrain_of(map, unit.hex, state);
  if (rules.retreat_reduction(map, unit.hex, state, trace) > 0) {
    o.may_shorten = true;
    trace.cite("std:9.8.1", [&] { return unit.id + " retreats from a " + here.name + " hex: its owner may retreat it one hex fewer"; });
  }
}

// A unit with no legal retreat breaks (std:9.8), with a game's barred hexes named (leipzig:6.7).
void no_retreat(const Ground& g, const Map& map, const Unit& unit, int distance_owed, RetreatOptions& o, Trace& trace) {
  o.must_break = true;
  o.break_rule = "std:9.8";
  o.break_reason = no_retreat_reason(unit.id, distance_owed, unit.hex, map);
  // RULE std:9.8 — a unit that cannot retreat within the restrictions breaks instead
  trace.cite("std:9.8", o.break_reason);
  if (const char* barred = g.barred()) {  // a game's barred hexes left no path (leipzig:6.7)
    o.break_rule = barred;
    o.break_reason += " (some hexes are barred to it for good: " + std::string(barred) + ")";
    trace.cite(barred, [&] { return unit.id + " may not retreat into the hexes barred to it: it is Broken instead"; });
  }
}

}  // namespace

RetreatOptions retreat_choice(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit,
                              int distance_owed, std::optional<Hex> loc, Trace& trace) {
  // Where the direction rule judges only the last hex against the LOC the retreat heads for
  // (retreat.leipzig_loc_rule = printed-only), the least cost depends on the LOC and the search
  // below does not model it: every path is enumerated instead.
  if (rules.printed().direction_by_final_hex) return retreat_paths(rules, map, state, unit, distance_owed, loc, trace);
  RetreatOptions o;
  Ground g(rules, map, state, unit);
  retreat_premises(rules, map, state, unit, distance_owed, o, trace);
  const std::vector<std::optional<Hex>> targets = retreat_targets(rules, map, unit, loc, g, trace);
  // The least cost as retreat_paths finds it (fewest_ezoc; the other readings search without a
  // budget): a budget of 0 first, the least cost worked out only when that finds nothing. When
  // the unit's last search cost more than 0, the least cost is worked out first instead (the
  // same least cost either way; the failing search with a budget of 0 spared).
  bool fewest_known = g.priority() != Ground::Priority::FewestEzoc;
  int fewest = fewest_known ? kUnlimited : 0;
  Chosen chosen;
  std::vector<Hex> visited;
  visited.reserve(static_cast<std::size_t>(distance_owed + kMaxExtension + 2));
  if (!fewest_known && g.expects_cost()) {
    g.enter(visited, unit.hex);
    fewest = kUnlimited;
    g.cheapest(unit.hex, distance_owed, 0, visited, 0, fewest);
    g.leave(visited);
    fewest_known = true;
  }
  for (const auto& target : targets) {
    if (fewest == kUnlimited && g.priority() == Ground::Priority::FewestEzoc) break;  // no legal retreat
    // Paths found again for a later LOC (retreat_paths drops them) have the key they had, so
    // they never displace the first: each LOC's search simply goes on from the best so far.
    visited.clear();
    g.enter(visited, unit.hex);
    RetreatPath path;
    path.loc = target;
    choose(g, target, visited, path, distance_owed, fewest, 0, chosen);
    if (!fewest_known && !chosen.found) {
      fewest = kUnlimited;
      // The search with a budget of 0 found none, so no retreat costs 0 (each first step it
      // could finish from would have been a candidate): 1 is the least there can be.
      g.cheapest(unit.hex, distance_owed, 0, visited, 0, fewest, 1);
      if (fewest == kUnlimited) break;  // no legal retreat at all
      choose(g, target, visited, path, distance_owed, fewest, 0, chosen);
    }
    fewest_known = true;
    g.leave(visited);
  }
  if (g.priority() == Ground::Priority::FewestEzoc) g.note_cost(fewest > 0);
  if (chosen.gave_up) return retreat_paths(rules, map, state, unit, distance_owed, loc, trace);
  if (!chosen.found) {
    no_retreat(g, map, unit, distance_owed, o, trace);
    return o;
  }
  o.paths.push_back(std::move(chosen.path));
  return o;
}

RetreatOptions retreat_paths(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit,
                             int distance_owed, std::optional<Hex> loc, Trace& trace, std::size_t limit) {
  RetreatOptions o;
  Ground g(rules, map, state, unit);
  retreat_premises(rules, map, state, unit, distance_owed, o, trace);
  const PrintingRules& printed = rules.printed();
  const std::string& direction = printed.retreat_direction;
  const std::vector<std::optional<Hex>> targets = retreat_targets(rules, map, unit, loc, g, trace);
  // Under fewest_ezoc every path spends exactly the least cost of any complete retreat, the
  // same for every LOC. Most retreats have a clean one, so the first search has a budget of 0
  // and the least cost is worked out only when that finds nothing. The other readings search
  // without a budget.
  bool fewest_known = g.priority() != Ground::Priority::FewestEzoc;
  int fewest = fewest_known ? kUnlimited : 0;
  if (!fewest_known && g.final_only()) {
    // Where only the last hex must come closer to a LOC, a complete retreat toward one LOC may
    // cost more than one toward another: the least cost is that of any LOC the owner may choose.
    fewest = kUnlimited;
    for (const auto& target : targets) {
      std::vector<Hex> visited{};
      g.enter(visited, unit.hex);
      g.head_for(target);
      g.cheapest(unit.hex, distance_owed, 0, visited, 0, fewest);
      g.leave(visited);
    }
    fewest_known = true;
  }
  Shaping shaped;
  std::set<std::vector<Hex>> seen;
  for (const auto& target : targets) {
    g.head_for(target);
    if (fewest == kUnlimited && g.priority() == Ground::Priority::FewestEzoc) break;  // no legal retreat at all
    std::vector<RetreatPath> found;
    found.reserve(16);
    std::vector<Hex> visited;
    visited.reserve(static_cast<std::size_t>(distance_owed + kMaxExtension + 2));
    g.enter(visited, unit.hex);
    RetreatPath path;
    path.loc = target;
    enumerate(g, target, visited, path, distance_owed, fewest, found, limit, o.truncated, shaped);
    if (!fewest_known && found.empty()) {
      fewest = kUnlimited;
      // The search with a budget of 0 found none, so no retreat costs 0 (each first step it
      // could finish from would have been a candidate): 1 is the least there can be.
      g.cheapest(unit.hex, distance_owed, 0, visited, 0, fewest, 1);
      if (fewest == kUnlimited) break;  // no legal retreat at all
      enumerate(g, target, visited, path, distance_owed, fewest, found, limit, o.truncated, shaped);
    }
    fewest_known = true;
    if (targets.size() == 1) {  // one search never finds a path twice
      o.paths = std::move(found);
      continue;
    }
    for (auto& p : found) {
      std::vector<Hex> key;
      for (const auto& s : p.steps) key.push_back(s.hex);
      if (seen.insert(key).second) o.paths.push_back(std::move(p));
    }
  }
  if (o.paths.empty()) {
    no_retreat(g, map, unit, distance_owed, o, trace);
    return o;
  }
  // Explain which rules shaped the paths.
  if (const char* barred = g.barred())
    trace.cite(barred, [&] { return unit.id + "'s paths keep out of the hexes barred to it for good"; });
  int ezoc_rolls = 0, river_rolls = 0, friendly = 0;
  for (const auto& p : o.paths)
    for (const auto& s : p.steps) {
      ezoc_rolls += s.enemy_zoc;
      river_rolls += !s.river.empty() && !s.doomed;
      friendly += s.friendly;
    }
  // RULE std:9.8.2 — empty hexes outside enemy ZOCs whenever possible
  if (fewest > 0 && fewest < kUnlimited) {
    const int last = fewest / kCostUnit, next = fewest % kCostUnit;
    const int ezoc = g.friends_first() ? last : next, friendly = g.friends_first() ? next : last;
    trace.cite("std:9.8.2", [&] {
      return "no retreat keeps to empty hexes outside enemy ZOCs: each path enters the fewest any can (" +
             std::to_string(ezoc) + " enemy-ZOC, " + std::to_string(friendly) + " friendly-occupied)";
    });
  } else {
    trace.cite("std:9.8.2", shaped.lower_class == 0 ? "every step can use an empty hex outside enemy ZOCs"
                                                    : "some steps have no empty hex outside enemy ZOCs to take");
  }
  if (ezoc_rolls) {
    // RULE std:9.8.3 — otherwise into enemy ZOC hexes, one hazard roll per hex entered
    trace.cite("std:9.8.3", "paths enter enemy-ZOC hexes: one hazard roll (1-3 breaks) for each");
    // RULE std:7.4 — retreating into an enemy ZOC risks breaking in each such hex
    trace.cite("std:7.4", "a retreat may enter enemy zones of control at the risk of breaking in each");
  }
  for (const auto& p : o.paths)
    if (p.doomed()) {
      const RetreatStep* d = std::find_if(p.steps.begin(), p.steps.end(), [](const RetreatStep& s) { return s.doomed; });
      trace.cite(d->doomed_rule, [&] { return "a retreat across " + std::string(d->river.view()) + " into " +
                                               map.name(d->hex) + " is a failed Hazardous Retreat: the unit breaks"; });
      break;
    }
  if (river_rolls)
    // RULE std:9.8.4 — crossing a minor river, or a major river at a bridge or ford, is a hazard roll
    trace.cite("std:9.8.4", "paths cross rivers: one hazard roll for each crossing, besides any enemy-ZOC roll");
  // A game's waiver of the river's roll on a crossing some path makes (the hook).
  for (const auto& p : o.paths) {
    Hex from = unit.hex;
    for (const auto& s : p.steps) {
      if (auto side = Hexside::between(from, s.hex); side && s.river.empty())
        if (const char* rule = rules.retreat_hazard_waiver(map, *side); rule && !map.features(*side).empty())
          trace.cite(rule, [&] { return "no hazard roll for the river between " + map.name(from) + " and " + map.name(s.hex); });
      from = s.hex;
    }
  }
  if (friendly || shaped.extended)
    // RULE std:9.8.5 — through friendly units only if nothing else will do, extending until alone
    trace.cite("std:9.8.5", shaped.extended ? "the retreat passes through friendly units and extends until alone"
                                            : "only friendly-occupied hexes remain: the retreat passes through them");
  // The direction rule is std:9.8.6, or under the Leipzig printing the game's own (leipzig:9.8.6
  // sends each unit towards its LOCs; the mechanics of std:9.8.6 apply, per its catalog note).
  const bool own_direction = direction != "std:9.8.6";
  if (g.final_only()) {
    // RULE leipzig:9.8.6 (retreat.leipzig_loc_rule = printed-only) — away from the battle hex, ending nearer a LOC
    trace.cite(direction, [&] {
      return "each step takes " + unit.id + " farther from its battle hex " + map.name(unit.hex) +
             " and the retreat ends closer to the LOC the owner heads for than the battle hex was "
             "(retreat.leipzig_loc_rule = printed-only)";
    });
  }
  if (shaped.direction) {
    const std::string yields = fewest > 0 && fewest < kUnlimited
                                   ? " without entering more enemy-ZOC or friendly-occupied hexes (9.8.6 yields to 9.8.2)"
                                   : "";
    // RULE std:9.8.6 — each hex closer to the chosen friendly LOC wherever possible
    // RULE leipzig:9.8.6 (part: the direction rule under a printing without std:9.8.6) — closer to the Front's LOC
    // RULE jena:9.8.6 (part: the direction rule under a printing without std:9.8.6) — closer to a friendly LOC
    // RULE dresden:9.8.6 (part: the direction rule under a printing without std:9.8.6) — closer to a friendly LOC
    trace.cite(direction, [&] {
      return "each step moves closer to the friendly LOC hex the owner heads for, where it can" + yields +
             (own_direction ? " (this game's own retreat direction; the printing has no 9.8.6)" : "");
    });
  }
  if (shaped.loc_early)
    // RULE std:9.8.7 — reaching a LOC early breaks the unit there
    trace.cite(printed.loc_early_break, "some paths reach a friendly LOC with hexes still owed: the unit breaks there");
  else if (shaped.zigzag && !printed.loc_early_break.empty())
    // RULE std:9.8.7 — zig-zag where closer is impossible, keeping the full length
    trace.cite(printed.loc_early_break, "where no hex is closer to the LOC the path may zig-zag, keeping its full length");
  else if (shaped.zigzag)
    trace.cite(direction, "where no hex is closer to the LOC the path goes on by another, keeping its full length (the "
                          "printing has no 9.8.7: a LOC reached early is a hex like any other)");
  return o;
}

}  // namespace hexlaw::n20
