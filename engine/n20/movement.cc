// Owns: the movement procedures of std:6.0–6.9 (and 7.0, 7.2, 11.1–11.4, 12.2.1, 12.3, 12.6,
// 14.0 as they bear on a move). One step function decides every step; check_path folds it
// over a given path and reachable_hexes explores with it.
#include "engine/n20/movement.h"

#include <algorithm>
#include <array>
#include <map>
#include <span>
#include <stdexcept>
#include <unordered_map>

#include "engine/n20/position_index.h"
#include "engine/n20/routed_movement.h"
#include "engine/n20/zoc.h"

namespace hexlaw::n20 {
namespace {

// The largest allowance the reach search takes: room above a printed value and what the rules
// add to it (forced march, a layer's modifier).
constexpr int kMostReachAllowance = 1024;
static_assert(Unit::kMaxPrinted + 8 < kMostReachAllowance);

// One unit's view of a position: the shared index, with the moving unit itself lifted off
// the board (it never blocks or escorts itself).
class Board {
 public:
  Board(const PositionIndex& index, const Unit& unit)
      : index_(index),
        unit_(unit),
        self_(index.state().unit(unit.id)),
        one_hex_on_entry_(index.rules().readings().one_hex_minimum_on_entry),
        stack_at_phase_end_(index.rules().readings().stacking_at_phase_end),
        cadres_combine_(index.rules().on(Optional::Cadres) && unit.type == UnitType::Cadre),
        zoc_handle_(index.zoc_handle(unit.side)) {
    Trace silent(Trace::Off{}, index.rules().catalog());
    road_bonus_ = index.rules().road_bonus_allowed(index.state(), silent);
  }
  // The +1 for a move wholly along road, when the rules allow it now (std:6.6).
  int bonus(bool all_road) const { return all_road && road_bonus_ ? 1 : 0; }

  // Interpretation switches read once per query.
  bool one_hex_on_entry() const { return one_hex_on_entry_; }
  bool stack_at_phase_end() const { return stack_at_phase_end_; }
  // RULE std:16.7.2 (part: the stacking exception) — with optional rule 16.7 two Cadres of one
  // nationality may end the Movement Phase together in a hex, overriding std:6.9
  // — a pair, never a third: the Cadre already there must stand alone.
  bool cadre_pair_at(Hex h) const {
    const Unit* o = occupant(h);
    if (!(cadres_combine_ && o && o->side == unit_.side && o->type == UnitType::Cadre &&
          o->nationality == unit_.nationality))
      return false;
    const auto there = index_.state().units_at(h);
    return std::count_if(there.begin(), there.end(), [&](const Unit* x) { return x != self_; }) == 1;
  }
  // Whether the move may end on the friends in h without breaking std:6.9: the mover, or every
  // friend there, stacks freely (the rule set's stacking hook: Dresden's garrisons, Leipzig's
  // Leaders).
  bool stacks_freely_at(Hex h, Trace& t) const {
    const N20Rules& rules = index_.rules();
    if (rules.stacks_freely(unit_, t)) return true;
    const auto there = index_.state().units_at(h);
    // A game's exception to std:6.9 for one pair (leipzig:16.7.3): the mover and its one partner.
    const Unit* partner = nullptr;
    int friends = 0;
    for (const Unit* x : there)
      if (x != self_ && x->side == unit_.side) partner = x, ++friends;
    if (friends == 1)
      if (const char* rule = rules.stacks_as_pair(unit_, *partner, index_.state())) {
        t.cite(rule, [&] { return unit_.id + " may end its move stacked with " + partner->id; });
        return true;
      }
    bool any = false;
    for (const Unit* x : there) {
      if (x == self_ || x->side != unit_.side) continue;
      if (!rules.stacks_freely(*x, t)) return false;
      any = true;
    }
    return any;
  }
  // May the move end in h as far as stacking goes (std:6.9, the switch, std:16.7.2, the hook)?
  bool may_end_in(Hex h) const {
    if (!friend_at(h) || stack_at_phase_end_ || cadre_pair_at(h)) return true;
    Trace silent(Trace::Off{}, rules().catalog());
    return stacks_freely_at(h, silent);
  }

  // A unit in h other than the mover. The index keeps one unit per hex, so in the mover's own
  // hex, where it may stand stacked with a Leader or a pair partner, the others are looked up
  // (a move that comes back there ends on them, whichever the position listed first).
  const Unit* occupant(Hex h) const {
    const Unit* o = index_.occupant(h);
    if (o != self_) return o;  // another unit, or none (the mover is never null)
    if (!index_.stacked(h)) return nullptr;  // the mover alone there: no list to read
    for (const Unit* x : index_.state().units_at(h))
      if (x != self_) return x;
    return nullptr;
  }
  bool enemy_at(Hex h) const {
    const Unit* o = occupant(h);
    return o && o->side != unit_.side;
  }
  bool friend_at(Hex h) const {
    const Unit* o = occupant(h);
    return o && o->side == unit_.side;
  }
  // The friends in h the mover may not end its move with, named for a refusal: those that do
  // not stack freely (a Dresden garrison or a Leipzig Leader beside them is no obstacle), or
  // every friend there when each does.
  std::string blocking_friends(Hex h) const {
    Trace silent(Trace::Off{}, rules().catalog());
    std::vector<std::string> blocking, all;
    for (const Unit* x : index_.state().units_at(h)) {
      if (x == self_ || x->side != unit_.side) continue;
      all.push_back(x->id.str());
      if (!rules().stacks_freely(*x, silent)) blocking.push_back(x->id.str());
    }
    const std::vector<std::string>& named = blocking.empty() ? all : blocking;
    std::string out = named.size() == 1 ? "friendly unit " : "friendly units ";
    for (std::size_t k = 0; k < named.size(); ++k)
      out += (k == 0 ? "" : k + 1 == named.size() ? " and " : ", ") + named[k];
    return out;
  }
  bool enemy_zoc(Hex h) const { return index_.enemy_zoc(zoc_handle_, h); }
  const TerrainType& terrain(Hex h) const { return index_.terrain(h); }
  const SideFacts& side(Hex a, Hex b) const { return index_.side(a, b); }
  const SideFacts& side(Hex h, Direction d) const { return index_.side(h, d); }
  bool on_map(Hex h) const { return index_.ground().on_map(h); }
  const Map& map() const { return index_.map(); }
  const N20Rules& rules() const { return index_.rules(); }
  const GameState& state() const { return index_.state(); }
  const Unit& unit() const { return unit_; }

 private:
  const PositionIndex& index_;
  const Unit& unit_;
  // The moving unit as the position holds it, found by id (lifted off the board). The position's
  // units are its own objects, so a unit there is self_ exactly when it is the mover: comparing
  // with self_ alone lifts the mover whether the caller passed the position's unit or a copy.
  const Unit* self_;
  bool one_hex_on_entry_;
  bool stack_at_phase_end_;
  bool cadres_combine_;
  int zoc_handle_;
  bool road_bonus_ = true;
};

// Why a unit must stop where it is (no strings on the hot path; see stop_reason()).
enum class Stop : std::uint8_t { None, EnemyZoc, EnemyZocOnEntry, Rugged, OneHexMinimum, AllowanceSpent };

// A forced stop forfeits the rest of the allowance (std:6.5, std:6.7).
bool forced(Stop s) { return s == Stop::EnemyZoc || s == Stop::EnemyZocOnEntry || s == Stop::Rugged; }

// Why a step is refused (see refusal()).
// Barred stays last: reachable_hexes counts refusals in an array sized by it.
enum class Refusal : std::uint8_t { None, AfterStop, NotAdjacent, OffMap, Prohibited, Enemy, EnemyAtEntry, Speed, ZocForbidden, Reserved, Barred };

// Where a move stands after some steps.
struct Cursor {
  Hex hex;
  int spent = 0;
  int steps = 0;
  bool all_road = true;  // every step so far ran along a road hexside
  Stop stop = Stop::None;
};

struct StepResult {
  Refusal refusal = Refusal::None;  // None: the step is legal
  Cursor next;
  int cost = 0;
  bool road = false;
  Symbol blocker;  // the hexside type that forbids a crossing, for Refusal::Prohibited
};

std::string name(const Board& b, Hex h) { return b.map().name(h); }

StopReason stop_reason(const Board& b, const Cursor& c, int base) {
  const int allowance = base + b.bonus(c.all_road);
  switch (c.stop) {
    case Stop::EnemyZoc: return {"std:6.7", name(b, c.hex) + " is in an enemy zone of control"};
    case Stop::EnemyZocOnEntry: return {"std:11.4", name(b, c.hex) + " is in an enemy zone of control"};
    case Stop::Rugged:
      return {"std:6.5", name(b, c.hex) + " is " + b.terrain(c.hex).name + " (rugged terrain) entered off-road"};
    case Stop::OneHexMinimum: return {"std:6.2", "one-hex minimum move: the allowance does not cover the cost"};
    case Stop::AllowanceSpent:
      return {"std:6.2", "the movement allowance of " + std::to_string(allowance) + " is used up"};
    case Stop::None: break;
  }
  return {};
}

const char* stop_rule(Stop s) {
  switch (s) {
    case Stop::EnemyZoc: return "std:6.7";
    case Stop::EnemyZocOnEntry: return "std:11.4";
    case Stop::Rugged: return "std:6.5";
    case Stop::OneHexMinimum:
    case Stop::AllowanceSpent: return "std:6.2";
    case Stop::None: break;
  }
  return "";
}

std::optional<StopReason> maybe_stop(const Board& b, const Cursor& c, int base) {
  if (c.stop == Stop::None) return std::nullopt;
  return stop_reason(b, c, base);
}

// The rule and reason for a refused step.
std::pair<std::string, std::string> refusal(const Board& b, const Cursor& from, Hex to, const StepResult& r, int base) {
  const int allowance = base + b.bonus(r.next.all_road);
  switch (r.refusal) {
    case Refusal::AfterStop: {
      StopReason s = stop_reason(b, from, base);
      return {std::string(s.rule), "the unit had to stop in " + name(b, from.hex) + ": " + s.reason};
    }
    case Refusal::NotAdjacent: return {"std:6.0", name(b, to) + " is not adjacent to " + name(b, from.hex)};
    case Refusal::OffMap: return {"std:6.0", name(b, to) + " is off the map"};
    case Refusal::Prohibited: {
      // A crossing that may not be used now (Dresden's pontoon in Downpour or Mud, dresden:5.1.1).
      if (const SideFacts& f = b.side(from.hex, to); f.reserved_unusable && !f.closed_to(b.unit().side))
        return {f.reserved_rule, "the " + name(b, from.hex) + "/" + name(b, to) + " hexside is crossed by " +
                                     f.reserved_what + ", which may not be used now"};
      return {b.rules().terrain_table_id(), "the " + name(b, from.hex) + "/" + name(b, to) + " hexside is a " +
                                                r.blocker + " with no bridge or ford: units may not cross it"};
    }
    case Refusal::Reserved: {
      const SideFacts& f = b.side(from.hex, to);
      return {f.reserved_rule, "the " + name(b, from.hex) + "/" + name(b, to) + " hexside is crossed by " +
                                   f.reserved_what + ", which only " + f.reserved_for + " units may use"};
    }
    case Refusal::Enemy: return {"std:6.3", name(b, to) + " holds enemy unit " + b.occupant(to)->id};
    case Refusal::EnemyAtEntry:
      return {"std:11.4", "entry hex " + name(b, to) + " is occupied by enemy unit " + b.occupant(to)->id};
    case Refusal::Speed:
      if (from.steps == 0 && !b.unit().on_map())
        return {"std:11.2", "entering at " + name(b, to) + " costs " + std::to_string(r.cost) + " MP, more than the " +
                                "allowance of " + std::to_string(allowance) +
                                "; under reinforcement.one_hex_minimum_on_entry=not_on_entry it must wait (std:11.5)"};
      return {"std:6.2", "entering " + name(b, to) + " costs " + std::to_string(r.cost) + " MP, more than the " +
                             std::to_string(allowance - from.spent) + " left of an allowance of " +
                             std::to_string(allowance)};
    case Refusal::ZocForbidden:
      return {r.blocker, name(b, to) + " lies in a zone of control this unit may not enter now"};
    case Refusal::Barred: return {r.blocker, name(b, to) + " is a hex this unit may never enter"};
    case Refusal::None: break;
  }
  return {};
}

// How the step rule sees the hex entered: Board's answers, asked one at a time and only
// when the rule needs them. (The reach search passes a look that remembers them per hex.)
struct Lookup {
  const Board& b;
  Hex from;
  Hex to;
  Hex hex() const { return to; }
  bool adjacent() const { return distance(from, to) == 1; }
  bool on_map() const { return b.on_map(to); }
  const SideFacts& side() const { return b.side(from, to); }  // from and to adjacent
  bool enemy() const { return b.enemy_at(to); }
  const TerrainType& terrain() const { return b.terrain(to); }
  bool enemy_zoc() const { return b.enemy_zoc(to); }
};

// The one step rule, into the hex `to` looks at (a Lookup, or any type answering the same
// questions the same way). `base` is the allowance before any road bonus; `entering` marks
// the first step of a reinforcement onto the map (from off the map, so no hexside is crossed).
template <class Look>
StepResult step(const Board& b, const Cursor& from, const Look& to, int base, const MoveOptions& opt, bool entering) {
  StepResult r;
  // Step A. Nothing moves on once a stop rule has applied.
  if (from.stop != Stop::None) {
    r.refusal = Refusal::AfterStop;
    return r;
  }
  // Step B. Paths are contiguous and stay on the map.
  const SideFacts* side = nullptr;
  if (!entering) {
    // RULE std:6.0 — units move hex by hex along a path of adjacent hexes
    if (!to.adjacent()) {
      r.refusal = Refusal::NotAdjacent;
      return r;
    }
  }
  if (!to.on_map()) {
    r.refusal = Refusal::OffMap;
    return r;
  }
  // A game may bar a unit from some hexes for good (Leipzig's LO corps, leipzig:6.7).
  if (const char* rule = b.rules().bars_hex(b.unit(), b.map(), to.hex())) {
    r.refusal = Refusal::Barred;
    r.blocker = rule;
    return r;
  }
  if (!entering) side = &to.side();
  // Step C. Never across a hexside the terrain chart forbids (a major river without bridge
  // or ford).
  if (side && !side->crossable) {
    r.refusal = Refusal::Prohibited;
    r.blocker = side->blocker;
    return r;
  }
  // A crossing reserved to another side (Dresden's pontoon, dresden:6.0) is no crossing for it.
  if (side && side->closed_to(b.unit().side)) {
    r.refusal = Refusal::Reserved;
    return r;
  }
  // Step D. Never into an enemy unit.
  if (to.enemy()) {
    // RULE std:6.3 — a unit may never enter a hex holding an enemy unit
    // RULE std:11.4 — nor may a reinforcement enter a hex an enemy unit holds at that moment
    r.refusal = entering ? Refusal::EnemyAtEntry : Refusal::Enemy;
    return r;
  }
  // A game may forbid entering some enemy ZOCs (Leipzig's Front in General Retreat), and a unit
  // that may leave one it starts in never moves straight into another (Leipzig's Leaders).
  if (to.enemy_zoc()) {
    const char* rule = b.rules().forbids_zoc_entry(b.unit(), b.map(), to.hex(), b.state());
    if (!rule && from.steps == 0 && b.unit().on_map() && b.enemy_zoc(from.hex)) rule = b.rules().leaves_enemy_zoc(b.unit());
    if (rule) {
      r.refusal = Refusal::ZocForbidden;
      r.blocker = rule;
      return r;
    }
  }
  // Step E. Pay for the hex: its terrain, or the road cost along a road (std:6.6), and no
  // extra for an enemy ZOC (std:7.2). An entering reinforcement pays its place in the march
  // column on top (std:11.2).
  // RULE std:7.2 — entering an enemy ZOC costs no extra movement points
  // RULE std:6.6 — a road step costs the road cost and never stops for rugged terrain
  const TerrainType& terrain = to.terrain();
  const bool road_step = entering ? b.map().is_road_entry(to.hex()) : side->road;
  r.cost = road_step ? (side ? side->road_cost : 1) : terrain.move;
  if (entering) r.cost += opt.march_position;
  r.road = road_step;
  Cursor& next = r.next;
  next.hex = to.hex();
  next.steps = from.steps + 1;
  next.all_road = from.all_road && road_step;
  next.spent = from.spent + r.cost;
  // Step F. The allowance: the road bonus only while the whole move is on road (std:6.6);
  // a unit may always move one hex (std:6.2).
  const int allowance = base + b.bonus(next.all_road);
  bool one_hex_minimum = false;
  if (next.spent > allowance) {
    // The one-hex minimum covers a reinforcement's entry unless the switch says otherwise.
    if (from.steps > 0 || (entering && !b.one_hex_on_entry())) {
      r.refusal = Refusal::Speed;
      return r;
    }
    one_hex_minimum = true;
  }
  // Step G. Stops: an enemy ZOC (std:6.7, std:11.4), rugged terrain entered off-road
  // (std:6.5), or nothing left to spend.
  if (to.enemy_zoc()) {
    // RULE std:6.7 — a unit entering an enemy ZOC stops at once (std:7.2: at no extra cost)
    next.stop = entering ? Stop::EnemyZocOnEntry : Stop::EnemyZoc;
  } else if (terrain.rugged && !road_step && !b.rules().ignores_rugged(b.unit())) {
    // RULE std:6.5 — entering Forest, Rough or Swamp ends the move, even with forced march
    next.stop = Stop::Rugged;
  } else if (one_hex_minimum) {
    // RULE std:6.2 — a unit may always move one hex, even without enough MP
    next.stop = Stop::OneHexMinimum;
  } else if (next.spent >= allowance) {
    next.stop = Stop::AllowanceSpent;
  }
  return r;
}

// Step checks before a unit moves at all. Returns the failing rule and reason, or nothing.
std::optional<std::pair<std::string, std::string>> may_start(const Board& b, const MoveOptions& opt, Trace& trace) {
  const Unit& u = b.unit();
  const GameState& s = b.state();
  if (opt.forced_march) {
    Trace quiet(Trace::Off{}, b.rules().catalog());
    if (b.rules().spending_group(u, N20Rules::Spending::ForcedMarch, s, quiet)) {
      b.rules().check_procedure(N20Rules::Procedure::ForcedMarch, s);
      const std::string track = b.rules().morale_track(u, s);
      auto it = s.morale.find(track);
      // RULE std:12.3 — forced march costs a morale point, so a side must have one to spend
      if (it != s.morale.end() && it->second < 1)
        return std::pair{"std:12.3", "forced march needs a morale point to spend and " + track + " has none"};
    }
  }
  // RULE std:6.1 — units move only in their own side's Movement Phase
  static const Symbol movement("movement");  // compared by handle, not by text
  if (!s.phase.empty() && s.phase != movement)
    return std::pair{"std:6.1", "it is the " + s.phase + " phase, not a Movement Phase"};
  if (!s.phasing.empty() && s.phasing != u.side)
    return std::pair{"std:6.1", "it is " + s.phasing + "'s Movement Phase, not " + u.side + "'s"};
  if (!b.rules().may_move(u, trace)) return std::pair{"std:6.0", u.id + " may not move (" + to_string(u.type) + ")"};
  if (opt.entering) {
    // RULE std:11.0 — reinforcements enter in their owner's Movement Phase on their scheduled turn
    if (u.status != UnitStatus::Pending)
      return std::pair{"std:11.0", u.id + " is not a reinforcement waiting to enter"};
    // RULE std:11.3 — reinforcements arrive on (or, delayed, after) their scheduled turn
    if (s.turn < u.arrival_turn)
      return std::pair{"std:11.3", u.id + " is scheduled for turn " + std::to_string(u.arrival_turn) +
                                       "; it is turn " + std::to_string(s.turn)};
    // A game's own conditions on entering (Leipzig's entry areas and army groups, leipzig:11.6, 11.8.3).
    if (auto refused = b.rules().arrival_refusal(u, s, trace)) return refused;
    return std::nullopt;
  }
  if (!u.on_map()) return std::pair{"std:6.0", u.id + " is not on the map"};
  if (const char* rule = b.enemy_zoc(u.hex) ? b.rules().leaves_enemy_zoc(u) : nullptr) {
    trace.cite(rule, [&] { return u.id + " may leave the enemy zone of control it starts in (not straight into another)"; });
  } else if (b.enemy_zoc(u.hex)) {
    // RULE std:7.0 — a unit starting in an enemy ZOC cannot move
    // RULE std:6.8 — an enemy ZOC is left only by disengagement, retreat or advance
    trace.cite("std:7.0"_rule, [&] { return u.id + " begins its Movement Phase in an enemy zone of control and cannot move"; });
    return std::pair{"std:6.8", u.id + " starts its Movement Phase in an enemy zone of control (std:7.0) and may "
                                     "leave it only by disengagement, retreat or advance"};
  }
  return std::nullopt;
}

// The entry hexes a reinforcement may use: its scheduled area, or its scheduled hex.
std::vector<Hex> entry_hexes(const Board& b) {
  const Unit& u = b.unit();
  const auto& area = b.map().entry_area(u.entry);
  if (!area.empty()) return area;
  if (auto p = parse_ccrr(u.entry)) return {to_axial(*p, b.map().layout())};
  return {};
}

// Walks the path: each time the Guard enters a hex from which it could attack, having been
// where it could not (or off the map), it commits (std:12.2.1). Counted once per phase by
// default, or at every such transition (switch guard.commit_cost_per_move).
GuardCommitment guard_commitment(const Board& b, Hex from, bool from_off_map, std::span<const Hex> path,
                                 Trace& trace) {
  GuardCommitment g;
  const Unit& u = b.unit();
  if (!b.rules().is_guard(u, trace) || path.empty()) return g;
  Trace silent(Trace::Off{}, b.rules().catalog());
  const bool each = b.rules().readings().guard_cost_each_transition;
  bool could = !from_off_map && could_attack_from(b.rules(), b.map(), b.state(), u, from, silent);
  int transitions = 0;
  Hex first{};
  for (Hex h : path) {
    const bool now = could_attack_from(b.rules(), b.map(), b.state(), u, h, silent);
    if (now && !could && transitions++ == 0) first = h;
    could = now;
  }
  if (transitions == 0) {
    const bool from_attack = !from_off_map && could_attack_from(b.rules(), b.map(), b.state(), u, from, silent);
    trace.cite("std:12.2.1"_rule, [&] {
      return u.id + " is a Guard unit but commits nothing: " +
             (from_attack ? std::string("it could already attack from ") + b.map().name(from)
                          : std::string("it enters no hex from which it could attack"));
    });
    return g;
  }
  g.commits = true;
  // RULE std:12.2 — Guard units are held back and committed, at a price, at the critical moment
  trace.cite("std:12.2"_rule, [&] { return u.id + " is a Guard unit: committing it is governed by 12.2.1 and 12.6"; });
  bool free = false;
  for (const auto& [track, points] : b.state().morale) free = free || points == 1;
  g.cost = free ? 0 : (each ? transitions : 1);
  // RULE std:12.2.1 — moving a Guard unit to where it can attack costs a morale point, free at 1
  // RULE std:12.6 — the same cost, spent in the Movement Phase
  trace.cite("std:12.2.1"_rule, [&] {
    return u.id + " is a Guard unit that enters " + b.map().name(first) + ", from where it could attack, having been "
           "where it could not: " + (free ? "free, as a side is at 1 morale point"
                                           : std::to_string(g.cost) + " morale point(s)" +
                                                 (transitions > 1 ? " (" + std::to_string(transitions) + " commitments, "
                                                                    "guard.commit_cost_per_move=" + (each ? "each_transition" : "once_per_phase") + ")" : ""));
  });
  trace.cite("std:12.6"_rule, [&] { return std::string("the Guard commitment is paid in the Movement Phase"); });
  // RULE std:16.1.1 — paying morale to commit a hidden Guard reveals it
  if (g.cost > 0 && b.rules().on(Optional::FogOfWar) && u.has(UnitMarker::Hidden)) {
    g.reveals = true;
    trace.cite("std:16.1.1"_rule, [&] { return u.id + " is hidden: paying morale to commit it as a Guard reveals it"; });
  }
  return g;
}

}  // namespace

bool may_cross(const N20Rules& rules, const Map& map, const GameState& state, Hex a, Hex b, Symbol side) {
  auto hs = Hexside::between(a, b);
  if (!hs) return false;
  if (!side.empty()) {  // a crossing reserved to another side (Dresden's pontoon, dresden:6.0)
    const N20Rules::ReservedCrossing r = rules.reserved_crossing(map, *hs, state);
    if (!r.side.empty() && (r.side != side || r.unusable)) return false;
  }
  bool has_crossing = false, blocked = false;
  for (const HexsideType* t : rules.hexside_types(map, *hs, state)) {
    if (t->crossing) has_crossing = true;
    if (!t->crossable) blocked = true;
  }
  return !blocked || has_crossing;
}

int movement_allowance(const N20Rules& rules, const GameState& state, const Unit& unit, const MoveOptions& options,
                       Trace& trace) {
  int allowance = rules.base_movement_allowance(unit, state, trace);
  if (state.night) {
    // RULE std:14.0 (part: night movement allowance) — every allowance is reduced to 1 at night
    allowance = std::min(allowance, 1);
    trace.cite("std:14.0"_rule, [&] {
      return "night turn: " + unit.id + "'s allowance is reduced to " + std::to_string(allowance) +
             " (before road and forced march)";
    });
  }
  allowance = std::max(0, allowance + rules.movement_allowance_modifier(unit, state, trace));
  // A unit that can have no forced march (a Leipzig army-less unit) gains nothing; the hook says why.
  if (options.forced_march && rules.spending_group(unit, N20Rules::Spending::ForcedMarch, state, trace)) {
    // RULE std:12.3 — forced march: +1 allowance for every unit of the side this phase
    trace.cite("std:12.3"_rule, [&] { return "forced march: +1 allowance, " + std::to_string(allowance + 1); });
    allowance += 1;
  }
  return allowance;
}

bool could_attack_from(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit, Hex hex,
                       Trace& trace) {
  Trace silent(Trace::Off{}, rules.catalog());
  for (const Unit& e : state.units) {
    if (!e.on_map() || e.side == unit.side || distance(e.hex, hex) != 1) continue;
    if (adjacent_for_rules(rules, map, state, hex, e.hex, silent)) {
      trace.cite("std:12.2.1"_rule, [&] { return "from " + map.name(hex) + " " + unit.id + " could attack " + e.id; });
      return true;
    }
  }
  return false;
}

// Step A. The unit may move at all. Step B. Each step under the one step rule. Step C. It may
// not end stacked with a friend (std:6.9). Step D. The road bonus and the Guard's commitment.
PathVerdict check_path(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit,
                       const std::vector<Hex>& path, const MoveOptions& options, Trace& trace) {
  return check_path(PositionIndex(rules, map, state), unit, path, options, trace);
}

GuardCommitment guard_commitment_of(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit,
                                    const std::vector<Hex>& path, Trace& trace) {
  const PositionIndex index(rules, map, state);
  const Board b(index, unit);
  return guard_commitment(b, unit.hex, false, path, trace);
}

PathVerdict check_path(const PositionIndex& index, const Unit& unit, const std::vector<Hex>& path,
                       const MoveOptions& options, Trace& trace) {
  const N20Rules& rules = index.rules();
  const Map& map = index.map();
  const GameState& state = index.state();
  Board b(index, unit);
  PathVerdict v;
  const int base = movement_allowance(rules, state, unit, options, trace);
  v.allowance = base;
  auto fail = [&](int index, const std::string& rule, const std::string& reason) {
    v.legal = false;
    v.failed_step = index;
    v.rule = rule;
    v.reason = reason;
    trace.cite(rule, reason);
    return v;
  };
  // Step A.
  if (auto no = may_start(b, options, trace)) return fail(-1, no->first, no->second);
  if (path.empty()) {
    v.mp_left = base;
    trace.cite("std:6.0"_rule, [&] { return unit.id + " stays where it is (a unit may move some, all or none of its allowance)"; });
    return v;
  }
  if (moves_as_retreat(rules, unit, options)) {
    const int bad = first_non_retreat_step(rules, map, state, unit, path);
    if (bad >= 0)
      return fail(bad, "std:16.5.2",
                  unit.id + " is routed: it may move only as a retreat would, and no legal " +
                      std::to_string(path.size()) + "-hex retreat enters " + map.name(path[static_cast<std::size_t>(bad)]) +
                      " at that point");
    trace.cite("std:16.5.2"_rule, [&] { return unit.id + " is routed: this move is one a retreat could make (9.8), at normal costs"; });
  }
  if (options.entering) {
    const auto entries = entry_hexes(b);
    if (std::find(entries.begin(), entries.end(), path.front()) == entries.end())
      // RULE std:11.5 — a reinforcement, on time or delayed, enters at its scheduled place
      return fail(0, "std:11.5", map.name(path.front()) + " is not in " + unit.id + "'s entry area '" + unit.entry + "'");
    trace.cite("std:11.0"_rule, [&] { return unit.id + " is a reinforcement due on turn " + std::to_string(unit.arrival_turn); });
    // RULE std:11.1 — the first hex is paid by its terrain, or the road cost along a road
    trace.cite("std:11.1"_rule, [&] { return "entering the map at " + map.name(path.front()) +
                               (map.is_road_entry(path.front()) ? " along a road" : "") + ": pays that hex's cost"; });
    if (options.march_position > 0)
      // RULE std:11.2 — each unit of a column at one entry hex pays one more MP than the one before
      trace.cite("std:11.2"_rule, [&] { return unit.id + " is number " + std::to_string(options.march_position + 1) +
                                 " in the march column: +" + std::to_string(options.march_position) + " MP to enter"; });
  }
  // Step B.
  Cursor c;
  c.hex = unit.hex;
  for (std::size_t i = 0; i < path.size(); ++i) {
    StepResult r = step(b, c, Lookup{b, c.hex, path[i]}, base, options, options.entering && i == 0);
    if (r.refusal != Refusal::None) {
      auto [rule, reason] = refusal(b, c, path[i], r, base);
      return fail(static_cast<int>(i), rule, reason);
    }
    StepRecord rec{path[i], r.cost, r.next.spent, r.road, maybe_stop(b, r.next, base)};
    if (rec.road) trace.cite("std:6.6"_rule, [&] { return "entered " + map.name(path[i]) + " along a road"; });
    if (rec.stop) trace.cite(rec.stop->rule, [&] { return "stops in " + map.name(path[i]) + ": " + rec.stop->reason; });
    if (r.next.stop == Stop::EnemyZoc || r.next.stop == Stop::EnemyZocOnEntry)
      trace.cite("std:7.2"_rule, [&] { return "entering the enemy zone of control at " + map.name(path[i]) + " cost nothing extra"; });
    v.steps.push_back(std::move(rec));
    c = r.next;
  }
  // Step C.
  if (b.cadre_pair_at(c.hex)) {
    trace.cite("std:16.7.2"_rule, [&] { return unit.id + " may end its move on Cadre " + b.occupant(c.hex)->id +
                                 ": two Cadres of one nationality may stack to combine"; });
  } else if (b.friend_at(c.hex) && b.stacks_freely_at(c.hex, trace)) {
    trace.cite("std:6.9"_rule, [&] { return "the move may end on " + b.occupant(c.hex)->id + ": stacking with it is free in this game"; });
  } else if (b.friend_at(c.hex) && b.stack_at_phase_end()) {
    trace.cite("std:6.9"_rule, [&] { return "movement.stacking_check=end_of_phase: the move may end on " + b.occupant(c.hex)->id +
                              ", but one of them must move off before the Movement Phase ends"; });
  } else if (b.friend_at(c.hex)) {
    // RULE std:6.9 — units pass through friends but never end the phase stacked with one
    return fail(static_cast<int>(path.size()) - 1, "std:6.9",
                "the move ends in " + map.name(c.hex) + " on " + b.blocking_friends(c.hex));
  }
  for (std::size_t i = 0; i + 1 < path.size(); ++i)
    if (b.friend_at(path[i]))
      trace.cite("std:6.9"_rule, [&] { return "passes through friendly unit " + b.occupant(path[i])->id + " in " + map.name(path[i]); });
  // Step D.
  v.road_bonus = b.bonus(c.all_road) > 0;
  v.allowance = base + b.bonus(c.all_road);
  if (v.road_bonus) trace.cite("std:6.6"_rule, [&] { return "the whole move ran along connected road: +1 allowance"; });
  if (c.all_road && !v.road_bonus) rules.road_bonus_allowed(state, trace);  // explains why not
  v.mp_left = forced(c.stop) ? 0 : std::max(0, v.allowance - c.spent);
  if (forced(c.stop) && v.allowance > c.spent)
    trace.cite(c.stop == Stop::Rugged ? "std:6.5" : "std:6.7",
               [&] { return "the forced stop forfeits the " + std::to_string(v.allowance - c.spent) + " MP not spent"; });
  trace.cite("std:6.0"_rule, [&] { return unit.id + " moves " + std::to_string(path.size()) + " hex(es), spending " +
                            std::to_string(c.spent) + " of " + std::to_string(v.allowance) + " MP"; });
  v.guard = guard_commitment(b, unit.hex, options.entering, path, trace);
  return v;
}

// Explores every legal move with the step rule: a uniform-cost search over (hex, still on
// road, stopped) states, keeping the least MP spent for each. A hex is a destination when a
// legal state ends there and no friend stands in it.
std::vector<ReachableHex> reachable_hexes(const N20Rules& rules, const Map& map, const GameState& state,
                                          const Unit& unit, const MoveOptions& options, Trace& trace) {
  return reachable_hexes(PositionIndex(rules, map, state), unit, options, trace);
}

namespace {

// The reach search's working arrays, borrowed from the rule set's workspace and reused from
// query to query. Cells cover the query's window and are stamped with the query's epoch, so a
// query pays for the hexes it touches, not for the whole window.
struct ReachScratch : Workspace::Scratch {
  static constexpr Workspace::Kind kKind = Workspace::Kind::ReachSearch;
  struct Node {
    Cursor c;
    int parent;  // index into nodes, -1 for the first step
    int cell;    // window index of c.hex, -1 outside the window
  };
  // One hex of the window in this query: the search's records, and the facts of the hex the
  // step rule reads, each worked out once, as Board answers them.
  struct Cell {
    std::uint32_t epoch = 0;           // the fields below hold this query's values
    std::array<int, 4> best{};         // least MP spent per state key (all_road, stopped)
    int chosen = -1;                   // the node of the best legal ending here, or -1
    const Unit* occupant = nullptr;    // Board::occupant
    const TerrainType* terrain = nullptr;  // once asked
    bool on_map = false;
    std::int8_t enemy_zoc = -1;        // -1 until asked (0 at once when no enemy stands next to it)
  };
  std::vector<Node> nodes;             // every state pushed, with its parent: the paths
  std::vector<std::vector<int>> open;  // open nodes in buckets by MP spent
  std::vector<Cell> cells;             // by window index
  std::vector<std::uint32_t> near;     // by window index: the epoch, when next to an enemy unit
  std::vector<int> order;              // the chosen nodes in hex order
  std::uint32_t epoch = 0;

  // Covers `size` window indices and moves the epoch on, so every cell reads as untouched.
  void begin(std::size_t size) {
    if (cells.size() < size) {
      cells.resize(size);
      near.resize(size, 0);
    }
    if (epoch == UINT32_MAX) {
      for (Cell& c : cells) c.epoch = 0;
      std::fill(near.begin(), near.end(), 0);
      epoch = 0;
    }
    ++epoch;
    nodes.clear();
    for (auto& bucket : open) bucket.clear();
    order.clear();
  }
};

}  // namespace

void movement_detail::set_reach_epoch(const N20Rules& rules, std::uint32_t epoch) {
  const Workspace::Lease<ReachScratch> scratch = rules.workspace().take<ReachScratch>();
  if (epoch < scratch->epoch) throw std::logic_error("the reach epoch only moves forward");
  scratch->epoch = epoch;
}

namespace {

// The step rule's view of a hex inside the search's window: its cell's facts (the hexside
// from the direction stepped, `d`, which an entering step never asks for). Used with `to` the
// neighbour of `from` in direction d, or for an entering step.
struct CellLook {
  const Board& b;
  Hex from;
  Direction d;
  Hex to;
  ReachScratch::Cell& cell;
  Hex hex() const { return to; }
  bool adjacent() const { return true; }  // the search steps to neighbours only
  bool on_map() const { return cell.on_map; }
  const SideFacts& side() const { return b.side(from, d); }
  bool enemy() const { return cell.occupant && cell.occupant->side != b.unit().side; }
  const TerrainType& terrain() const {
    if (!cell.terrain) cell.terrain = &b.terrain(to);
    return *cell.terrain;
  }
  bool enemy_zoc() const {
    if (cell.enemy_zoc < 0) cell.enemy_zoc = b.enemy_zoc(to) ? 1 : 0;
    return cell.enemy_zoc > 0;
  }
};

}  // namespace

// Step A. The allowance, the search's window, and whether the unit may move at all (a routed
// unit moves as a retreat would). Step B. Mark the hexes next to enemy units: only those can
// be in an enemy ZOC (std:7.0). Step C. Explore every legal move with the step rule: a
// uniform-cost search over (hex, still on road, stopped) states, keeping the least MP spent
// for each. Step D. Choose the best legal ending per hex among those cheapest states: most MP
// left, then fewest hexes (so a forced stop, which leaves none, shows its cheapest way in).
// Step E. List them in hex order, each path read back through the parent links. Step F.
// Explain.
std::vector<ReachableHex> reachable_hexes(const PositionIndex& index, const Unit& unit, const MoveOptions& options,
                                          Trace& trace) {
  // Step A.
  const N20Rules& rules = index.rules();
  const Map& map = index.map();
  const GameState& state = index.state();
  const int base = movement_allowance(rules, state, unit, options, trace);
  // The window is a square 2 × (allowance + 3) + 1 hexes wide, and the open buckets run to the
  // MP spent (at most the allowance and one step's cost, 198 MP at most). No counter prints more
  // than Unit::kMaxPrinted MP and the readers refuse more, so a larger allowance comes only from
  // a program setting a unit's value or a layer's modifier: refused, not billions of cells.
  if (base > kMostReachAllowance)
    throw std::invalid_argument(unit.id + "'s movement allowance is " + std::to_string(base) + " MP: a reach over " +
                                "more than " + std::to_string(kMostReachAllowance) + " MP is not supported");
  const int margin = base + 3;
  HexWindow window;
  if (options.entering) {
    std::vector<Hex> around;
    const auto& area = map.entry_area(unit.entry);
    around.assign(area.begin(), area.end());
    if (auto p = parse_ccrr(unit.entry)) around.push_back(to_axial(*p, map.layout()));
    window = HexWindow::around(around, margin);
  } else {
    // HexWindow::around({unit.hex}, margin), without building the list.
    window = HexWindow(unit.hex.q - margin, unit.hex.q + margin, unit.hex.r - margin, unit.hex.r + margin);
  }
  Board b(index, unit);
  std::vector<ReachableHex> out;
  if (auto no = may_start(b, options, trace)) {
    trace.cite(no->first, no->second);
    return out;
  }
  if (moves_as_retreat(rules, unit, options)) return routed_reach(index, unit, options, base, trace);
  if (options.entering) {
    trace.cite("std:11.0"_rule, [&] { return unit.id + " is a reinforcement due on turn " + std::to_string(unit.arrival_turn); });
    trace.cite("std:11.1"_rule, [&] { return unit.id + " enters at its area '" + unit.entry + "', paying the first hex's cost"; });
    if (options.march_position > 0)
      trace.cite("std:11.2"_rule, [&] {
        return unit.id + " is number " + std::to_string(options.march_position + 1) + " in the march column: +" +
               std::to_string(options.march_position) + " MP to enter";
      });
  }
  const Workspace::Lease<ReachScratch> scratch = rules.workspace().take<ReachScratch>();
  ReachScratch& s = *scratch;
  s.begin(static_cast<std::size_t>(window.size()));
  const std::uint32_t epoch = s.epoch;
  auto& nodes = s.nodes;
  auto& open = s.open;
  // Step B.
  for (const Unit& o : state.units)
    if (o.on_map() && o.side != unit.side)
      for (Direction d : kAllDirections)
        if (const int i = window.index(neighbour(o.hex, d)); i >= 0) s.near[static_cast<std::size_t>(i)] = epoch;
  // Step C. The window's cells, set up on first use (`lo`..`hi`: the indices used). Hexes
  // outside the window, reachable only by a longer road move than the margin allows, keep
  // their best spent aside.
  int lo = window.size(), hi = -1;
  auto cell_at = [&](int i, Hex h) -> ReachScratch::Cell& {
    ReachScratch::Cell& c = s.cells[static_cast<std::size_t>(i)];
    if (c.epoch != epoch) {
      c.epoch = epoch;
      c.best = {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX};
      c.chosen = -1;
      c.occupant = b.occupant(h);
      c.terrain = nullptr;
      c.on_map = b.on_map(h);
      c.enemy_zoc = s.near[static_cast<std::size_t>(i)] == epoch ? -1 : 0;
      lo = std::min(lo, i), hi = std::max(hi, i);
    }
    return c;
  };
  std::unordered_map<Hex, std::array<int, 4>, HexHash> best_out;
  auto best_of = [&](Hex h, int cell) -> std::array<int, 4>& {
    if (cell >= 0) return s.cells[static_cast<std::size_t>(cell)].best;  // set up by the step into it
    return best_out.try_emplace(h, std::array<int, 4>{INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX}).first->second;
  };
  // Board::may_end_in, with the hex's occupant read from its cell (`cell`, -1 outside).
  auto may_end_in = [&](int cell, Hex h) {
    if (cell < 0) return b.may_end_in(h);
    const Unit* o = s.cells[static_cast<std::size_t>(cell)].occupant;
    return !(o && o->side == unit.side) || b.may_end_in(h);
  };
  auto key = [](const Cursor& c) { return (c.all_road ? 2 : 0) + (c.stop != Stop::None ? 1 : 0); };
  // The open states in buckets by MP spent (costs are small and never negative), each bucket
  // first in, first out: the order a priority queue on (spent, node index) would pop them.
  auto push = [&](const Cursor& c, int parent, int cell) {
    int& slot = (cell >= 0 ? s.cells[static_cast<std::size_t>(cell)].best : best_of(c.hex, cell))[key(c)];
    if (c.spent >= slot) return;
    slot = c.spent;
    nodes.push_back(ReachScratch::Node{c, parent, cell});
    if (c.stop != Stop::None) return;  // a stopped state is never expanded
    const auto level = static_cast<std::size_t>(std::max(0, c.spent));
    if (open.size() <= level) open.resize(level + 1);
    open[level].push_back(static_cast<int>(nodes.size()) - 1);
  };
  Trace silent(Trace::Off{}, rules.catalog());
  // Counts by Refusal, every value (it was 9 wide for 11 values: a Reserved or Barred refusal
  // wrote past it, found by make asan).
  std::array<int, static_cast<std::size_t>(Refusal::Barred) + 1> refused{};
  int stacked = 0;
  // One step from `from` into `to` (in direction d, unless entering).
  auto expand = [&](const Cursor& from, int parent, Direction d, Hex to, bool entering) {
    const int i = window.index(to);
    StepResult r = i >= 0 ? step(b, from, CellLook{b, from.hex, d, to, cell_at(i, to)}, base, options, entering)
                          : step(b, from, Lookup{b, from.hex, to}, base, options, entering);
    if (r.refusal == Refusal::None) {
      // A forced stop on a friend leaves the unit nowhere legal to end: drop it (std:6.9).
      if (r.next.stop != Stop::None && !may_end_in(i, to)) ++stacked;
      else push(r.next, parent, i);
    } else {
      ++refused[static_cast<std::size_t>(r.refusal)];
    }
  };
  Cursor start;
  start.hex = unit.hex;
  if (options.entering) {
    for (Hex h : entry_hexes(b)) expand(start, -1, Direction::N, h, true);
  } else {
    for (Direction d : kAllDirections) expand(start, -1, d, neighbour(unit.hex, d), false);
  }
  for (std::size_t level = 0; level < open.size(); ++level) {
    for (std::size_t k = 0; k < open[level].size(); ++k) {  // the bucket may grow (a free step)
      const int at = open[level][k];
      const ReachScratch::Node node = nodes[static_cast<std::size_t>(at)];
      const Cursor& c = node.c;
      if (best_of(c.hex, node.cell)[key(c)] != c.spent) continue;  // a cheaper copy was already expanded
      for (Direction d : kAllDirections)
        if (const Hex n = neighbour(c.hex, d); n != unit.hex || options.entering) expand(c, at, d, n, false);
    }
  }
  // Step D. Hexes inside the window keep their choice in their cell; the rare ones outside
  // in a map. A hex with a friend in it is an ending only as may_end_in allows.
  auto mp_left = [&](const Cursor& c) { return forced(c.stop) ? 0 : std::max(0, base + b.bonus(c.all_road) - c.spent); };
  std::map<Hex, int> chosen_out;
  auto better = [&](int candidate, int current) {
    if (current < 0) return true;
    const Cursor& c = nodes[static_cast<std::size_t>(candidate)].c;
    const Cursor& o = nodes[static_cast<std::size_t>(current)].c;
    return mp_left(c) > mp_left(o) || (mp_left(c) == mp_left(o) && c.steps < o.steps);
  };
  std::size_t count = 0;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const ReachScratch::Node& node = nodes[i];
    const Cursor& c = node.c;
    if (best_of(c.hex, node.cell)[key(c)] != c.spent) continue;
    int* slot;
    if (node.cell >= 0) {
      ReachScratch::Cell& cell = s.cells[static_cast<std::size_t>(node.cell)];
      if (!may_end_in(node.cell, c.hex)) continue;
      slot = &cell.chosen;
    } else {
      if (!may_end_in(-1, c.hex)) continue;
      slot = &chosen_out.try_emplace(c.hex, -1).first->second;
    }
    if (*slot < 0) ++count;
    if (better(static_cast<int>(i), *slot)) *slot = static_cast<int>(i);
  }
  // Step E. The window's index order is hex order; hexes outside it break that order, so
  // with any of them the list is sorted.
  auto& order = s.order;
  for (int w = lo; w <= hi; ++w)
    if (const ReachScratch::Cell& cell = s.cells[static_cast<std::size_t>(w)]; cell.epoch == epoch && cell.chosen >= 0)
      order.push_back(cell.chosen);
  for (const auto& [hex, at] : chosen_out) order.push_back(at);
  if (!chosen_out.empty())
    std::sort(order.begin(), order.end(), [&](int x, int y) {
      return nodes[static_cast<std::size_t>(x)].c.hex < nodes[static_cast<std::size_t>(y)].c.hex;
    });
  std::array<int, 6> stops{};  // by Stop
  int by_road = 0;              // endings reached wholly along road, with the +1 (std:6.6)
  out.reserve(count);
  for (const int chosen : order) {
    const Cursor& c = nodes[static_cast<std::size_t>(chosen)].c;
    // Every member given, so the entry is built member by member rather than zeroed first.
    // (Braces: clang 14 has no parenthesised aggregate initialisation.)
    ReachableHex& r = out.emplace_back(ReachableHex{c.hex, HexPath(), 0, 0, false, std::nullopt, GuardCommitment{}});
    r.path.resize(static_cast<std::size_t>(c.steps));
    int at = chosen;
    for (std::size_t k = r.path.size(); k-- > 0; at = nodes[static_cast<std::size_t>(at)].parent)
      r.path[k] = nodes[static_cast<std::size_t>(at)].c.hex;
    r.allowance = base + b.bonus(c.all_road);
    r.road_bonus = b.bonus(c.all_road) > 0;
    by_road += r.road_bonus;
    r.mp_left = mp_left(c);
    // With a silent trace (a caller that explains nothing) only the rule of a stop is named.
    if (trace.on()) r.stop = maybe_stop(b, c, base);
    else if (c.stop != Stop::None) r.stop.emplace().rule = stop_rule(c.stop);
    ++stops[static_cast<std::size_t>(c.stop)];
    if (b.rules().is_guard(unit, silent)) r.guard = guard_commitment(b, unit.hex, options.entering, r.path, silent);
  }
  // Step F. What the search found and which rules shaped it.
  trace.cite("std:6.0"_rule, [&] {
    return unit.id + " can end its move in " + std::to_string(out.size()) + " hex(es) with an allowance of " +
           std::to_string(base) + (b.bonus(true) > 0 ? " (+1 on a move wholly along road)" : "");
  });
  auto explain = [&](std::string_view rule, int n) {
    if (n > 0) trace.cite(rule, [&] { return "applied " + std::to_string(n) + " time(s) while exploring moves"; });
  };
  explain("std:6.0", refused[static_cast<std::size_t>(Refusal::NotAdjacent)] +
                         refused[static_cast<std::size_t>(Refusal::OffMap)]);
  explain("std:6.2", refused[static_cast<std::size_t>(Refusal::Speed)] +
                         stops[static_cast<std::size_t>(Stop::OneHexMinimum)] +
                         stops[static_cast<std::size_t>(Stop::AllowanceSpent)]);
  explain("std:6.3", refused[static_cast<std::size_t>(Refusal::Enemy)]);
  explain("std:6.5", stops[static_cast<std::size_t>(Stop::Rugged)]);
  // The endings whose path is wholly along road, so it had the +1 allowance (std:6.6).
  if (by_road > 0)
    trace.cite("std:6.6"_rule, [&] {
      return std::to_string(by_road) + " ending(s) reached by a move wholly along road, with its +1 allowance";
    });
  explain("std:6.7", stops[static_cast<std::size_t>(Stop::EnemyZoc)]);
  explain("std:6.9", stacked);
  explain("std:11.4", refused[static_cast<std::size_t>(Refusal::EnemyAtEntry)] +
                          stops[static_cast<std::size_t>(Stop::EnemyZocOnEntry)]);
  explain(index.ground().terrain_table_id(), refused[static_cast<std::size_t>(Refusal::Prohibited)]);
  if (std::any_of(out.begin(), out.end(), [](const ReachableHex& r) { return r.guard.commits; }))
    trace.cite("std:12.2.1"_rule, "some destinations commit the Guard (see each hex)");
  return out;
}

}  // namespace hexlaw::n20
