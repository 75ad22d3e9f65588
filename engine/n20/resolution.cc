// Owns: resolving a declared battle (see resolution.h).
#include "engine/n20/resolution.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <stdexcept>

#include "engine/n20/combat_table.h"
#include "engine/n20/dummies.h"
#include "engine/n20/retreat.h"

namespace hexlaw::n20 {
namespace {

// The CRT's results as the resolver tests them (the table's cells are checked to be one of
// these when it is read), each with the case that says what it does.
enum class Code : std::uint8_t { AB, AR, AW, DB, DR, DW, EX, N, Other };
constexpr const char* kCodeNames[] = {"AB", "AR", "AW", "DB", "DR", "DW", "EX", "N"};
constexpr const char* kResultRule[] = {"std:9.6.1", "std:9.6.2", "std:9.6.3", "std:9.6.4",
                                       "std:9.6.5", "std:9.6.6", "std:9.6.7", "std:9.6.8", "std:9.6"};
Code code_of(const std::string& r) {
  for (int i = 0; i < 8; ++i)
    if (r == kCodeNames[i]) return static_cast<Code>(i);
  return Code::Other;
}
const char* result_rule(Code c) { return kResultRule[static_cast<int>(c)]; }
const char* result_rule(const std::string& r) { return result_rule(code_of(r)); }

void remove_from_map(GameState& s, Symbol id) {
  Unit* u = s.unit(id);
  u->status = UnitStatus::Broken;
  u->hex = Hex{};
}

// Morale changes gathered over a battle, applied at once: gains first, then losses (std:12.1).
struct MoraleLedger {
  struct Entry {
    Symbol track;
    int gain = 0, loss = 0;
  };
  std::vector<Entry> entries;  // in the order of the tracks' names
  Entry& of(Symbol track) {
    auto it = std::lower_bound(entries.begin(), entries.end(), track,
                               [](const Entry& e, Symbol t) { return e.track < t; });
    if (it == entries.end() || it->track != track) it = entries.insert(it, Entry{track});
    return *it;
  }
  void gain(Symbol track, int n) { of(track).gain += n; }
  void lose(Symbol track, int n) { of(track).loss += n; }
};

class Resolver {
 public:
  Resolver(const N20Rules& rules, const Map& map, const GameState& state, const BattleDeclaration& battle,
           const ResolutionPolicy& policy, DiceSource& dice, Trace& trace)
      : rules_(rules), map_(map), battle_(battle), policy_(policy), dice_(dice), trace_(trace) {
    out_.after = state;
  }

  BattleOutcome run();

 private:
  const Unit& unit(Symbol id) const { return *out_.after.unit(id); }
  void break_unit(UnitFate& f, const std::string& rule, const std::string& reason);
  void retreat(UnitFate& f, int distance, bool defending);
  void rout(UnitFate& f, bool defending);
  void exchange();
  void settle_morale();

  const N20Rules& rules_;
  const Map& map_;
  const BattleDeclaration& battle_;
  const ResolutionPolicy& policy_;
  DiceSource& dice_;
  Trace& trace_;
  BattleOutcome out_;
  MoraleLedger ledger_;
  std::vector<bool> bombarding_;
  std::vector<int> hazard_groups_;  // per face of the hazard die: 0 breaks, 1 carries on
};

// A broken unit leaves the map (it may rally later); its side loses a point and the enemy
// gains one (Morale Chart), unless its side already lost one for routing too far.
void Resolver::break_unit(UnitFate& f, const std::string& rule, const std::string& reason) {
  f.fate = Fate::Broken;
  f.broke_rule = rule;
  f.broke_reason = reason;
  f.ends.reset();
  const Unit& u = unit(f.unit);
  const Symbol mine = rules_.morale_track_for(u, out_.after, trace_);
  // The gain goes to the opposing side of this battle: to the track of its first unit (for
  // Leipzig, the Front of the victors; battles mixing Fronts take the first unit's Front).
  const bool attacking = std::find(battle_.attackers.begin(), battle_.attackers.end(), f.unit) != battle_.attackers.end();
  const Symbol opponent = attacking ? battle_.defenders.front() : battle_.attackers.front();
  const Symbol theirs = rules_.morale_track_for(*out_.after.unit(opponent), out_.after, trace_);
  if (!theirs.empty()) ledger_.gain(theirs, 1);
  if (f.routed_too_far) {
    // RULE jena:table.morale — a unit that routs too far and then breaks costs its side one point in all
    trace_.cite("jena:table.morale", [&] { return u.id + " routed too far and then broke: its side loses one point in all"; });
  } else {
    ledger_.lose(mine, 1);
  }
  trace_.cite(rule, [&] { return u.id + " breaks: " + reason; });
  remove_from_map(out_.after, f.unit);
}

// Step A. The legal paths; none means a break in place (std:9.8). Step B. The owner's path
// (policy) or the first. Step C. Walk it, rolling each hazard on the hazardous retreat table.
// Step D. A friendly LOC reached early breaks the unit there (std:9.8.7).
void Resolver::retreat(UnitFate& f, int distance, bool defending) {
  (void)defending;
  f.distance = distance;
  const Unit& u = unit(f.unit);
  if (distance == 0) {
    f.ends = u.hex;
    return;
  }
  std::optional<Hex> loc;
  if (auto it = policy_.retreat_locs.find(f.unit); it != policy_.retreat_locs.end()) loc = it->second;
  // Step A.
  RetreatOptions computed;
  const RetreatOptions* found = nullptr;
  std::vector<std::int64_t> key;
  if (policy_.cache) {
    key = {u.id.handle(), distance, loc.has_value(), loc ? loc->q : 0, loc ? loc->r : 0};
    for (const Unit& x : out_.after.units)
      if (x.on_map()) key.insert(key.end(), {x.id.handle(), x.hex.q, x.hex.r});
    if (auto it = policy_.cache->entries.find(key); it != policy_.cache->entries.end()) {
      found = &it->second;
      ++policy_.cache->hits;
    }
  }
  if (!found) {
    computed = retreat_paths(rules_, map_, out_.after, u, distance, loc, trace_);
    if (policy_.cache) {
      ++policy_.cache->misses;
      found = &policy_.cache->entries.emplace(key, std::move(computed)).first->second;
    } else {
      found = &computed;
    }
  }
  const RetreatOptions& options = *found;
  if (options.must_break) {
    break_unit(f, "std:9.8", options.break_reason);
    return;
  }
  // Step B.
  const RetreatPath* chosen = nullptr;
  if (auto it = policy_.retreat_paths.find(f.unit); it != policy_.retreat_paths.end()) {
    for (const auto& p : options.paths) {
      std::vector<Hex> hexes;
      for (const auto& s : p.steps) hexes.push_back(s.hex);
      if (hexes == it->second) chosen = &p;
    }
    if (!chosen) throw std::invalid_argument("the retreat path given for " + f.unit + " is not one of its legal paths");
  } else if (policy_.choose_retreat && options.paths.size() > 1) {
    const std::size_t i = policy_.choose_retreat(f.unit, options);
    if (i >= options.paths.size()) throw std::invalid_argument("the owner chose retreat path " + std::to_string(i) +
                                                               " of " + std::to_string(options.paths.size()));
    chosen = &options.paths[i];
    // RULE std:9.8 — among the paths the priorities leave, the owner chooses
    trace_.cite("std:9.8", [&] { return f.unit + "'s owner chooses one of " + std::to_string(options.paths.size()) + " legal paths"; });
  } else {
    // The first path with the fewest hazard rolls, each path's rolls counted once.
    int fewest = INT32_MAX;
    for (const RetreatPath& p : options.paths)
      if (const int r = p.rolls(); r < fewest) fewest = r, chosen = &p;
  }
  // Step C.
  // The hazard die's faces grouped by their result on the table (break or safe): the answer
  // shows only which, so exact odds branch twice, not six times.
  if (hazard_groups_.empty())
    for (bool breaks : rules_.hazard_breaks()) hazard_groups_.push_back(breaks ? 0 : 1);
  auto roll = [&](const char* rule, const std::string& what) {
    const int face = dice_.roll_grouped(6, hazard_groups_, rule, "hazardous retreat: " + what);
    return rules_.hazard_breaks()[static_cast<std::size_t>(face - 1)];
  };
  for (const auto& s : chosen->steps) {
    f.path.push_back(s.hex);
    const bool zoc_break = s.enemy_zoc && roll("std:9.8.3", "enemy ZOC at " + map_.name(s.hex));
    const bool river_break = !zoc_break && !s.river.empty() && roll("std:9.8.4", s.river + " into " + map_.name(s.hex));
    if (s.rolls() && !zoc_break && !river_break)
      trace_.cite(rules_.hazard_table_id(), [&] { return "hazard roll(s) at " + map_.name(s.hex) + ": 4-6, the unit carries on"; });
    if (zoc_break || river_break) {
      Unit* moving = out_.after.unit(f.unit);
      moving->hex = s.hex;
      trace_.cite(rules_.hazard_table_id(), [&] { return "hazard roll of 1-3 at " + map_.name(s.hex) + ": the unit breaks there"; });
      break_unit(f, zoc_break ? "std:9.8.3" : "std:9.8.4",
                 "broke on a hazardous retreat at " + map_.name(s.hex) + (zoc_break ? " (enemy ZOC)" : " (" + s.river + ")"));
      return;
    }
  }
  // Step D.
  Unit* moving = out_.after.unit(f.unit);
  moving->hex = chosen->steps.back().hex;
  if (chosen->breaks_at_loc) {
    break_unit(f, "std:9.8.7", "reached its LOC at " + map_.name(moving->hex) + " with hexes still owed");
    return;
  }
  f.ends = moving->hex;
  if (!policy_.retreat_paths.count(f.unit) && !(policy_.choose_retreat && options.paths.size() > 1))
    trace_.cite("std:9.8", [&] { return f.unit + " takes the retreat path with the fewest hazard rolls (stated policy)"; });
}

// The victor's die gives the distance: elite -2 (std:9.6), -3 defending in a Fortified or
// Redoubt hex (std:9.8.1); below 1 it is a withdrawal.
void Resolver::rout(UnitFate& f, bool defending) {
  const Unit& u = unit(f.unit);
  // RULE std:9.6.5 — a routed unit retreats the number of hexes the victor rolls (std:9.6.2 likewise)
  const int die = dice_.roll(6, defending ? "std:9.6.5" : "std:9.6.2", "rout distance for " + u.id);
  f.rout_die = die;
  int modifier = 0;
  const TerrainType& here = rules_.terrain_of(map_, u.hex, out_.after);
  if (u.has(UnitFlag::Elite)) {
    modifier = -2;
    // RULE std:9.6 — results; broken units leave the map; an Elite Force subtracts 2 from its rout die
    trace_.cite("std:9.6", [&] { return u.id + " is an Elite Force: -2 to its rout die"; });
    if (defending && here.zoc_barrier) {
      const bool cumulative = rules_.readings().elite_fortified_cumulative;
      modifier = cumulative ? -5 : -3;
      trace_.cite("std:9.8.1", [&] { return u.id + " is an Elite Force defending in a " + here.name + " hex: " +
                                   std::to_string(modifier) + " to its rout die"; });
    }
  }
  f.modifier = modifier;
  const int distance = die + modifier;
  if (distance < 1) {
    trace_.cite("std:9.6", [&] { return "modified rout roll " + std::to_string(distance) + " is below 1: " + u.id + " withdraws instead"; });
    f.fate = Fate::Withdrawn;
    f.distance = 1;
  } else {
    f.fate = Fate::Routed;
    f.distance = distance;
    if (rules_.readings().rout_length_by_modified_roll && distance > u.movement) {
      f.routed_too_far = true;
      ledger_.lose(rules_.morale_track(u, out_.after), 1);
      trace_.cite("jena:table.morale", [&] { return u.id + " routs " + std::to_string(distance) +
                                           " hexes, more than its movement allowance: its side loses a point"; });
    }
  }
}

// Every legal set of attackers to break for an exchange, then the owner's (or the policy's).
void Resolver::exchange() {
  std::vector<const Unit*> pool;
  int owed = 0;
  for (const auto& id : battle_.defenders) owed += unit(id).strength;
  for (std::size_t i = 0; i < battle_.attackers.size(); ++i)
    if (!bombarding_[i]) pool.push_back(&unit(battle_.attackers[i]));
    else trace_.cite("std:16.3.2", [&] { return battle_.attackers[i] + " is bombarding: it is never broken to pay an exchange"; });
  // RULE std:9.6.7 — EX: break all defenders; the attacker breaks printed strength at least equal
  trace_.cite("std:9.6.7", [&] { return "exchange: the defenders break; the attacker breaks at least " + std::to_string(owed) +
                               " printed strength points"; });
  auto choices = exchange_choices(pool, owed);
  for (const auto& c : choices) {
    std::vector<std::string> ids;
    for (const Unit* u : c) ids.push_back(u->id);
    out_.ex_choices.push_back(ids);
  }
  std::vector<std::string> chosen;
  if (policy_.ex_breaks) {
    std::vector<std::string> want = *policy_.ex_breaks;
    std::sort(want.begin(), want.end());
    for (const auto& ids : out_.ex_choices) {
      std::vector<std::string> sorted = ids;
      std::sort(sorted.begin(), sorted.end());
      if (sorted == want) chosen = ids;
    }
    if (chosen.empty() && !out_.ex_choices.empty())
      throw std::invalid_argument("the attackers given to pay the exchange are not a legal choice");
  } else if (policy_.choose_exchange && out_.ex_choices.size() > 1) {
    const std::size_t i = policy_.choose_exchange(out_.ex_choices);
    if (i >= out_.ex_choices.size()) throw std::invalid_argument("the attacker chose exchange set " + std::to_string(i) +
                                                                 " of " + std::to_string(out_.ex_choices.size()));
    chosen = out_.ex_choices[i];
    trace_.cite("std:9.6.7", "the attacker chooses which units break to pay the exchange");
  } else if (!out_.ex_choices.empty()) {
    auto cost = [&](const std::vector<std::string>& ids) {
      int s = 0;
      for (const auto& id : ids) s += unit(id).strength;
      return std::pair{s, ids.size()};
    };
    chosen = *std::min_element(out_.ex_choices.begin(), out_.ex_choices.end(),
                               [&](const auto& a, const auto& b) { return cost(a) < cost(b); });
    trace_.cite("std:9.6.7", "the attacker breaks the cheapest legal set (stated policy)");
  }
  for (auto& f : out_.fates)
    if (std::find(chosen.begin(), chosen.end(), f.unit) != chosen.end())
      break_unit(f, "std:9.6.7", "broken to pay the exchange");
}

void Resolver::settle_morale() {
  const bool cap_net = rules_.readings().morale_cap_net;
  for (const auto& [t, gain, loss] : ledger_.entries) {
    auto it = out_.after.morale.find(t);
    if (it == out_.after.morale.end()) continue;  // the case gives no track: report the change only
    const int before = it->second;
    // RULE std:12.0 — each side's morale points, on its track, rise and fall with events
    trace_.cite("std:12.0", [&] { return t + " morale changes after the battle"; });
    // RULE std:12.1 — simultaneous changes: add first, then subtract
    // RULE std:12.1.1 — never above 10
    int v = cap_net ? std::min(10, before + gain - loss) : std::min(10, before + gain) - loss;
    v = std::max(0, v);
    it->second = v;
    trace_.cite("std:12.1", [&] { return t + " morale " + std::to_string(before) + " +" + std::to_string(gain) + " -" +
                                std::to_string(loss) + " = " + std::to_string(v) + " (gains added first, then losses)"; });
    if (before + gain > 10) trace_.cite("std:12.1.1", [&] { return t + " cannot exceed 10 morale points"; });
  }
  for (const auto& [t, gain, loss] : ledger_.entries) out_.morale[t] += gain - loss;
}

// Step A. Totals. Step B. The battle die on the CRT. Step C. Bombardment conversions.
// Step D. Apply the result to each losing unit. Step E. Le Garde Recule. Step F. Morale.
BattleOutcome Resolver::run() {
  // Step A. (Worked out once per enumeration when a cache is given.)
  if (policy_.cache) {
    auto& seen = policy_.cache->totals;
    auto it = std::find_if(seen.begin(), seen.end(),
                           [&](const RetreatCache::Totals& t) { return t.battle == battle_ && t.state == out_.after; });
    if (it == seen.end())
      it = seen.insert(seen.end(), {battle_, out_.after,
                                    std::make_shared<const BattleTotals>(battle_totals(rules_, map_, out_.after, battle_, trace_))});
    out_.totals = it->totals;
  } else {
    out_.totals = std::make_shared<const BattleTotals>(battle_totals(rules_, map_, out_.after, battle_, trace_));
  }
  if (!out_.totals->legal) {
    out_.legal = false;
    return std::move(out_);
  }
  for (const auto& l : out_.totals->attack) bombarding_.push_back(l.bombarding);
  // Reserves committed at steps B and C are paid for at once (std:12.5).
  auto spend = [&](Symbol id) {
    const Symbol t = rules_.morale_track(unit(id), out_.after);
    if (auto it = out_.after.morale.find(t); it != out_.after.morale.end()) --it->second;
    --out_.morale[t];
    trace_.cite("std:12.5", [&] { return t + " spends a morale point to commit reserves"; });
  };
  if (out_.totals->attack_reserve) spend(battle_.attackers.front());
  if (out_.totals->defense_reserve) spend(battle_.defenders.front());
  // Step B.
  const CrtResult r = crt_roll(rules_, out_.totals->column, dice_, trace_, policy_.group_battle_die);
  out_.die = r.die;
  out_.result = out_.applied = r.result;
  trace_.cite(result_rule(r.result), [&] { return "result " + r.result; });
  // Step C.
  const bool all_bombard = !bombarding_.empty() && std::all_of(bombarding_.begin(), bombarding_.end(), [](bool b) { return b; });
  const bool whole_battle = rules_.readings().bombard_immunity_whole_battle;
  if (all_bombard && r.result == "EX") {
    out_.applied = "N";
    trace_.cite("std:16.3.2", "artillery bombarding alone treats EX as Engaged");
  } else if ((r.result == "AB" || r.result == "AR") && all_bombard) {
    out_.applied = "AW";
    trace_.cite("std:16.3.2", [&] { return "bombarding artillery treats " + r.result + " as AW"; });
  }
  for (const auto& id : battle_.attackers) out_.fates.push_back(UnitFate{id});
  for (const auto& id : battle_.defenders) out_.fates.push_back(UnitFate{id});
  for (auto& f : out_.fates) f.battle_hex = unit(f.unit).hex;
  const std::size_t n_att = battle_.attackers.size();
  // Step D.
  // RULE std:9.6.1 — AB: every attacking unit breaks
  // RULE std:9.6.2 — AR: each attacking unit routs the distance the defender rolls
  // RULE std:9.6.3 — AW: every attacking unit withdraws one hex
  // RULE std:9.6.4 — DB: every defending unit breaks
  // RULE std:9.6.5 — DR: each defending unit routs the distance the attacker rolls
  // RULE std:9.6.6 — DW: every defending unit withdraws one hex
  // RULE std:9.6.7 — EX: the defenders break, then the attacker pays in printed strength
  // RULE std:9.6.8 — N: nobody breaks, retreats or advances
  const std::string& a = out_.applied;
  const Code applied = code_of(a);
  for (std::size_t i = 0; i < out_.fates.size(); ++i) {
    UnitFate& f = out_.fates[i];
    const bool attacker = i < n_att;
    const bool loses = attacker ? (applied == Code::AB || applied == Code::AR || applied == Code::AW)
                                : (applied == Code::DB || applied == Code::DR || applied == Code::DW || applied == Code::EX);
    if (!loses) {
      f.ends = unit(f.unit).hex;
      continue;
    }
    Code code = applied;
    if (attacker && bombarding_[i] && (applied == Code::AB || applied == Code::AR)) {
      code = Code::AW;  // immunity of the bombarding artillery (std:16.3.2)
      trace_.cite("std:16.3.2", [&] { return f.unit + " is bombarding: " + a + " counts as AW for it"; });
    } else if (attacker && whole_battle && !all_bombard && (applied == Code::AB || applied == Code::AR) &&
               std::any_of(bombarding_.begin(), bombarding_.end(), [](bool b) { return b; })) {
      code = Code::AW;
      trace_.cite("std:16.3.2", [&] { return "bombard.immunity_scope=whole_battle: " + a + " counts as AW for " + f.unit; });
    }
    if (code == Code::AB || code == Code::DB || code == Code::EX) {
      break_unit(f, result_rule(code),
                 code == Code::EX ? "every defender breaks in an exchange"
                                  : std::string(kCodeNames[static_cast<int>(code)]) + ": all of the side breaks");
      continue;
    }
    int distance = 1;
    if (code == Code::AR || code == Code::DR) {
      rout(f, !attacker);
      distance = f.distance;
    } else {
      f.fate = Fate::Withdrawn;
    }
    // The one-hex-fewer option of a unit in a Fortified or Redoubt hex (std:9.8.1).
    if (rules_.terrain_of(map_, unit(f.unit).hex, out_.after).zoc_barrier && policy_.shorten_in_fortified) {
      --distance;
      trace_.cite("std:9.8.1", [&] { return f.unit + " is in a Fortified or Redoubt hex: its owner retreats it one hex fewer"; });
    }
    retreat(f, distance, !attacker);
    if (f.fate == Fate::Routed && rules_.on(Optional::RoutedUnits) && out_.after.unit(f.unit)->on_map()) {
      out_.after.unit(f.unit)->set(UnitMarker::Routed, true);
      // RULE std:16.5.1 — a Routed marker goes on a unit once its rout movement is done
      trace_.cite("std:16.5.1", [&] { return f.unit + " is marked Routed"; });
    }
    if (f.fate == Fate::Routed && !rules_.readings().rout_length_by_modified_roll &&
        static_cast<int>(f.path.size()) > unit(f.unit).movement) {
      f.routed_too_far = true;
      ledger_.lose(rules_.morale_track(unit(f.unit), out_.after), 1);
      trace_.cite("jena:table.morale", [&] { return f.unit + " retreated more hexes than its movement allowance: its side loses a point"; });
    }
  }
  if (applied == Code::EX) {
    if (rules_.readings().ex_morale_sequential) {
      // RULE std:9.6.7 — the defenders' breaks and their morale come first; the attacker pays only if the game goes on
      trace_.cite("std:9.6.7", "combat.ex_morale_timing=sequential: the defenders' breaks are counted first");
      settle_morale();
      ledger_ = MoraleLedger{};
      const bool decided = std::any_of(out_.after.morale.begin(), out_.after.morale.end(),
                                       [](const auto& track) { return track.second <= 0; });
      if (decided)
        trace_.cite("std:12.1.2", "a side's morale reached 0 with the defenders' breaks: the attacker breaks nothing");
      else
        exchange();
    } else {
      trace_.cite("std:9.6.7", "combat.ex_morale_timing=simultaneous: the whole exchange is one morale event");
      exchange();
    }
  }
  // Step E.
  const bool attacker_won = applied == Code::DB || applied == Code::DR || applied == Code::DW || applied == Code::EX;
  for (std::size_t i = 0; i < n_att; ++i) {
    const Unit& u = unit(battle_.attackers[i]);
    if (!u.has(UnitFlag::Guard)) continue;
    if (!attacker_won || !u.on_map()) {
      ledger_.lose(rules_.morale_track(u, out_.after), 1);
      trace_.cite("std:12.2", [&] { return u.id + " is a Guard unit committed to battle"; });
      // RULE std:12.2.2 — an attacking Guard that could not conceivably advance costs its side a point
      trace_.cite("std:12.2.2", [&] { return u.id + " is an attacking Guard unit that " +
                                    (attacker_won ? std::string("did not survive the exchange") : "was not victorious") +
                                    ": Le Garde Recule, -1 morale"; });
    }
  }
  // Step F.
  settle_morale();
  // RULE std:9.0 — step G: apply the result at once, retreats included
  trace_.cite("std:9.0", [&] { return "step G: the " + out_.applied + " result is applied at once"; });
  return std::move(out_);
}

}  // namespace

const char* to_string(Fate f) {
  static const char* kNames[] = {"stays", "withdrawn", "routed", "broken"};
  return kNames[static_cast<int>(f)];
}

std::vector<std::vector<const Unit*>> exchange_choices(const std::vector<const Unit*>& pool, int owed) {
  std::vector<std::vector<const Unit*>> out;
  const std::size_t n = pool.size();
  if (n == 0) return out;
  const int total = std::accumulate(pool.begin(), pool.end(), 0, [](int s, const Unit* u) { return s + u->strength; });
  if (total < owed) return {pool};
  for (std::uint32_t mask = 1; mask < (1u << n); ++mask) {
    int sum = 0, smallest = INT32_MAX;
    for (std::size_t i = 0; i < n; ++i)
      if (mask & (1u << i)) sum += pool[i]->strength, smallest = std::min<int>(smallest, pool[i]->strength);
    // Covering, and minimal: dropping any unit (the weakest suffices) would no longer cover.
    if (sum < owed || sum - smallest >= owed) continue;
    std::vector<const Unit*> set;
    for (std::size_t i = 0; i < n; ++i)
      if (mask & (1u << i)) set.push_back(pool[i]);
    out.push_back(std::move(set));
  }
  return out;
}

BattleOutcome resolve_battle(const N20Rules& rules, const Map& map, const GameState& state,
                             const BattleDeclaration& battle, const ResolutionPolicy& policy, DiceSource& dice,
                             Trace& trace) {
  refuse_dummies(rules, state, battle.attackers, "fight in a battle");
  refuse_dummies(rules, state, battle.defenders, "fight in a battle");
  return Resolver(rules, map, state, battle, policy, dice, trace).run();
}

}  // namespace hexlaw::n20
