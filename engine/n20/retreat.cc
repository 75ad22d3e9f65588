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
// The steps depend only on the position, the ground and the unit retreating, so a search of
// the same unit on an equal position and the same ground keeps the last search's steps: the
// odds of a battle search each loser's retreat once per rout distance, all on one position.
struct SearchArrays : Workspace::Scratch {
  static constexpr Workspace::Kind kKind = Workspace::Kind::RetreatSearch;
  struct Exits {
    std::uint32_t epoch = 0;
    std::uint8_t open = 0;  // bit d: direction d may be entered
    std::array<RetreatStep, 6> steps;
  };
  std::vector<Exits> exits;
  std::vector<std::uint32_t> on_path;  // epoch while the hex is on the path
  std::uint32_t epoch = 0;
  // What the steps stamped exits_epoch were worked out for (the ground held, so that its
  // address is never another's).
  std::shared_ptr<const TerrainIndex> ground;
  Symbol unit;
  GameState state;
  std::uint32_t exits_epoch = 0;
  // Which hexes lie in an enemy ZOC for the side zoc_side, per hex: zoc_epoch * 2 + in one.
  // They hold for every position with the same ground, game-level fields and units of the
  // other sides (zoc_state keeps those): a side's own units never bear on the ZOCs it faces.
  // A battle's retreats all see the same enemies, wherever its losers have gone.
  std::vector<std::uint32_t> zoc;
  std::shared_ptr<const TerrainIndex> zoc_ground;
  Symbol zoc_side;
  GameState zoc_state;
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
    if (a.exits.size() < n || a.epoch >= UINT32_MAX - 1 || a.zoc_epoch >= kLastZocEpoch) {
      a.exits.assign(std::max(n, a.exits.size()), {});
      a.on_path.assign(a.exits.size(), 0);
      a.zoc.assign(a.exits.size(), 0);
      a.epoch = a.zoc_epoch = 0;
      a.ground.reset();
      a.zoc_ground.reset();
    }
    // The steps of the last search stand when its unit, position and ground are this one's
    // (the window follows from the ground and the position).
    const std::shared_ptr<const TerrainIndex>& ground = index_.ground_shared();
    if (a.ground != ground || a.unit != unit.id || a.state != state) {
      a.ground = ground;
      a.unit = unit.id;
      a.state = state;
      a.exits_epoch = ++a.epoch;
    }
    exits_epoch_ = a.exits_epoch;
    epoch_ = ++a.epoch;
    // The enemy-ZOC facts stand when the ground and everything but this side's units are the
    // last ones' (on a bounded map, whose window is the ground's).
    zoc_kept_ = map.bounds().has_value() && !shares_a_hex(state, unit.side);
    if (zoc_kept_ && (a.zoc_ground != ground || a.zoc_side != unit.side || !same_but_side(a.zoc_state, state, unit.side))) {
      a.zoc_ground = ground;
      a.zoc_side = unit.side;
      a.zoc_state = state;
      std::erase_if(a.zoc_state.units, [&](const Unit& u) { return u.side == unit.side; });
      ++a.zoc_epoch;
    }
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

  // The step from a in direction d, or null when it may not be taken (cached per search).
  const RetreatStep* exit(Hex a, Direction d) const {
    const int i = index_.window().index(a);
    if (i < 0) {
      outside_ = step(a, d);
      return outside_ ? &*outside_ : nullptr;
    }
    SearchArrays::Exits& e = arrays_->exits[static_cast<std::size_t>(i)];
    if (e.epoch != exits_epoch_) {
      e.epoch = exits_epoch_;
      e.open = 0;
      for (Direction dir : kAllDirections)
        if (auto s = step(a, dir)) {
          e.steps[static_cast<std::size_t>(dir)] = *s;
          e.open |= static_cast<std::uint8_t>(1u << static_cast<unsigned>(dir));
        }
    }
    return (e.open >> static_cast<unsigned>(d)) & 1u ? &e.steps[static_cast<std::size_t>(d)] : nullptr;
  }

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
  // RULE std:9.8.1 — never off the map, into an enemy, or across a major river without bridge or ford
  std::optional<RetreatStep> step(Hex a, Direction d) const {
    const Hex b = neighbour(a, d);
    if (!index_.ground().on_map(b)) return std::nullopt;
    // RULE std:9.7 (part: away from the battle hex where no direction rule applies) — each hex farther from it
    if (away_from_ && distance(b, *away_from_) <= distance(a, *away_from_)) return std::nullopt;
    if (const char* rule = rules_.bars_hex(unit_, map_, b)) {
      barred_ = rule;
      return std::nullopt;
    }
    const Unit* o = occupant(b);
    if (o && o->side != unit_.side) return std::nullopt;
    const SideFacts& side = index_.side(a, d);
    // A crossing reserved to another side is none for this unit (Dresden's pontoon, dresden:6.0);
    // one its own side may not use now breaks it for certain (dresden:5.1.1).
    if (side.closed_to(unit_.side)) return std::nullopt;
    const bool doomed = !side.crossable && side.reserved_unusable && side.reserved_for == unit_.side;
    if (!side.crossable && !doomed) return std::nullopt;
    RetreatStep s;
    s.hex = b;
    s.enemy_zoc = enemy_zoc(b);
    s.friendly = o != nullptr;
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
    std::uint32_t& known = arrays_->zoc[static_cast<std::size_t>(i)];
    if ((known >> 1) != arrays_->zoc_epoch) known = arrays_->zoc_epoch * 2 + (index_.enemy_zoc(zoc_, b) ? 1 : 0);
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

  // Can a retreat at `at`, `remaining` hexes owed, be finished — the full distance ending
  // alone, or a friendly LOC reached early (where it breaks, std:9.8.7) — within `limit`?
  bool can_finish(Hex at, int remaining, int extension, std::vector<Hex>& visited, Limit limit = {}) const {
    if (remaining == 0 && !friend_at(at)) return ends_well(at);
    if (remaining > 0 && loc_breaks_ && is_loc(at)) return true;
    if (remaining == 0 && extension >= kMaxExtension) return false;
    const bool budgeted = limit.budget < kUnlimited;
    for (Direction d : kAllDirections) {
      const RetreatStep* s = exit(at, d);
      if (!s || on_path(visited, s->hex) || klass(*s) > limit.max_class) continue;
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
  // below: depth first, cheaper steps first, dropping each branch that cannot beat `best`.
  void cheapest(Hex at, int remaining, int extension, std::vector<Hex>& visited, int spent, int& best) const {
    if (remaining == 0 && !friend_at(at)) {
      if (ends_well(at)) best = std::min(best, spent);
      return;
    }
    if (remaining > 0 && visited.size() > 1 && loc_breaks_ && is_loc(at)) {
      best = std::min(best, spent);
      return;
    }
    if (remaining == 0 && extension >= kMaxExtension) return;
    std::array<RetreatStep, 6> open{};
    std::size_t n = 0;
    for (Direction d : kAllDirections)
      if (const RetreatStep* s = exit(at, d); s && !on_path(visited, s->hex)) open[n++] = *s;
    for (std::size_t k = 1; k < n; ++k)  // at most six: insertion sort by cost, stable
      for (std::size_t j = k; j > 0 && cost(open[j]) < cost(open[j - 1]); --j) std::swap(open[j], open[j - 1]);
    for (std::size_t k = 0; k < n && spent + cost(open[k]) < best; ++k) {
      if (open[k].doomed) {  // the retreat ends there, the unit broken
        best = std::min(best, spent + cost(open[k]));
        continue;
      }
      enter(visited, open[k].hex);
      cheapest(open[k].hex, std::max(remaining - 1, 0), extension + (remaining == 0 ? 1 : 0), visited,
               spent + cost(open[k]), best);
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
  std::uint32_t exits_epoch_ = 0;  // the steps' (kept from an earlier search of the same position)
  bool zoc_kept_ = false;          // the enemy-ZOC facts are read from (and kept in) the workspace
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

// Step A. At the end of the distance, stop if alone, else extend (std:9.8.5). Step B. A
// friendly LOC reached with hexes owed ends the retreat: the unit breaks there (std:9.8.7).
// Step C. Candidate hexes: enterable, not yet on the path, and from which the retreat can be
// finished within the reading's priority (fewest_ezoc: for no more than `budget`, the least
// cost of any finish from here). Step D. Keep the best priority class (per_step only; std:9.8.2,
// 9.8.3, 9.8.5). Step E. Among them, those closer to the LOC wherever possible (std:9.8.6),
// else any (std:9.8.7).
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
  // Step C. The steps open from here are worked out once; at most six, so they live on the
  // stack. `best` is the worst hex class the rest of the path needs (0: none; under
  // fewest_ezoc 1 when it needs any enemy-ZOC or friendly-occupied hex).
  std::array<RetreatStep, 6> open{}, candidates{};
  std::size_t n_open = 0, n_candidates = 0;
  for (Direction d : kAllDirections)
    if (const RetreatStep* step = g.exit(at, d); step && !g.on_path(visited, step->hex)) open[n_open++] = *step;
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
  const std::size_t before = out.size();
  for (std::size_t k = 1; k < n_candidates; ++k)  // at most six: insertion sort by hex
    for (std::size_t j = k; j > 0 && candidates[j].hex < candidates[j - 1].hex; --j)
      std::swap(candidates[j], candidates[j - 1]);
  for (std::size_t k = 0; k < n_candidates; ++k) {
    const RetreatStep& c = candidates[k];
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
    if (best > 0) ++shaped.lower_class;
    if (loc && !g.final_only() && any_closer) ++shaped.direction;
    if (loc && !g.final_only() && !any_closer) ++shaped.zigzag;
  }
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

RetreatOptions retreat_paths(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit,
                             int distance_owed, std::optional<Hex> loc, Trace& trace, std::size_t limit) {
  RetreatOptions o;
  Ground g(rules, map, state, unit);
  // RULE std:9.7 — a retreat counts hexes only: no movement points, no stop for terrain
  trace.cite("std:9.7", [&] { return unit.id + " retreats " + std::to_string(distance_owed) +
                            " hex(es) from " + map.name(unit.hex) + "; terrain neither costs nor stops it"; });
  const TerrainType& here = rules.terrain_of(map, unit.hex, state);
  if (rules.retreat_reduction(map, unit.hex, state, trace) > 0) {
    o.may_shorten = true;
    trace.cite("std:9.8.1", [&] { return unit.id + " retreats from a " + here.name + " hex: its owner may retreat it one hex fewer"; });
  }
  // The LOCs the owner may head for: the one asked for, or each friendly LOC in turn; none
  // where no rule sets a retreat's direction.
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
      g.cheapest(unit.hex, distance_owed, 0, visited, 0, fewest);
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
