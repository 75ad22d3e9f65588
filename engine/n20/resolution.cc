// Owns: resolving a declared battle (see resolution.h); its exact odds are battle_odds.cc.
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

// The case that says what each CRT result does.
constexpr const char* kResultRule[] = {"std:9.6.1", "std:9.6.2", "std:9.6.3", "std:9.6.4",
                                       "std:9.6.5", "std:9.6.6", "std:9.6.7", "std:9.6.8"};
const char* result_rule(CrtCode c) { return kResultRule[static_cast<int>(c)]; }

void remove_from_map(GameState& s, Symbol id) {
  Unit* u = s.unit(id);
  u->status = UnitStatus::Broken;
  u->hex = Hex{};
}

bool loses(CrtCode applied, bool attacker) {
  return attacker ? (applied == CrtCode::AB || applied == CrtCode::AR || applied == CrtCode::AW)
                  : (applied == CrtCode::DB || applied == CrtCode::DR || applied == CrtCode::DW || applied == CrtCode::EX);
}

}  // namespace

namespace {
// A battle's units, attackers then defenders: the list battle_fought records.
BattleResolution::FoughtList attackers_then_defenders(const BattleDeclaration& b) {
  BattleResolution::FoughtList out;
  for (Symbol id : b.attackers) out.push_back(id);
  for (Symbol id : b.defenders) out.push_back(id);
  return out;
}

// Morale changes gathered over a battle are applied at once: gains first, then losses (std:12.1).
// The entry of `track`, added in name order when new (a battle touches one or two tracks).
template <class Ledger>
auto& ledger_of(Ledger& ledger, Symbol track) {
  for (auto& e : ledger)
    if (e.track == track) return e;
  ledger.push_back({track});
  auto it = ledger.end() - 1;
  for (; it != ledger.begin() && track < (it - 1)->track; --it) std::swap(*it, *(it - 1));
  return *it;
}
}  // namespace

const BattleDeclaration& BattleResolution::battle() const { return out_.as_fought(fixed_.battle); }

BattleResolution::BattleResolution(const N20Rules& rules, const Map& map, const GameState& state,
                                   const BattleDeclaration& battle, const ResolutionPolicy& policy) {
  fixed_.rules = &rules;
  fixed_.map = &map;
  fixed_.battle = battle;
  fixed_.policy = &policy;
  fixed_.declared_fought = attackers_then_defenders(battle);
  out_.after = state;
}

// The sequence of the resolution, resumed where it waited. Step A. Totals and reserves.
// Step B. The battle die on the CRT, and bombardment conversions. Step C. Each losing unit's
// fate in declaration order: a break, or a rout die and a retreat walked hazard by hazard.
// Step D. The exchange. Step E. Le Garde Recule and the morale changes.
BattleResolution::Waiting BattleResolution::run(Trace& trace) {
  trace_ = &trace;
  for (;;) {
    switch (stage_) {
      case Stage::Start:
        // Step A.
        if (!start()) {
          stage_ = Stage::Done;
          break;
        }
        stage_ = Stage::PreRolls;
        break;
      case Stage::PreRolls:
        // Step A, its end: a game's rolls before the battle die (Leipzig's Unreliable Troops).
        if (pre_next_ < pre_.size() && !*out_.unfought) {
          stage_ = Stage::PreRolled;
          const N20Rules::PreBattleRoll& r = pre_[pre_next_];
          const std::vector<int>* groups = nullptr;
          if (fixed_.policy->group_battle_die) {  // odds: faces grouped by what they do
            std::vector<int> g;
            for (int face = 1; face <= 6; ++face)
              g.push_back(static_cast<int>(fixed_.rules->pre_battle_effect(r, face + r.modifier)));
            pre_groups_ = std::make_shared<const std::vector<int>>(std::move(g));
            groups = pre_groups_.get();
          }
          return wait_for_roll(Roll::PreBattle, r.rule, groups);
        }
        if (!after_pre_rolls()) {
          stage_ = Stage::Finish;
          break;
        }
        if (fixed_.policy->stop_before_battle_die) {
          out_.stopped_before_die = true;
          std::erase_if(out_.after.markers, [](Symbol m) { return m.view().starts_with("wavering-"); });
          stage_ = Stage::Done;
          break;
        }
        stage_ = Stage::BattleDie;
        return wait_for_battle_die();
      case Stage::PreRolled:
        pre_roll(face_);
        ++pre_next_;
        stage_ = Stage::PreRolls;
        break;
      case Stage::BattleDie:
        // Step B.
        battle_die(face_);
        stage_ = Stage::Fates;
        break;
      case Stage::Fates:
        // Step C.
        if (fate_ == out_.fates.size()) {
          stage_ = Stage::Exchange;
          break;
        }
        if (const Waiting w = fate_step(); w != Waiting::Done) return w;
        break;
      case Stage::Exchange:
        // Step D.
        stage_ = Stage::Finish;
        if (applied_ != CrtCode::EX) break;
        if (fixed_.rules->readings().ex_morale_sequential) {
          // RULE std:9.6.7 — the defenders' breaks and their morale come first; the attacker pays only if the game goes on
          trace_->cite("std:9.6.7"_rule, "combat.ex_morale_timing=sequential: the defenders' breaks are counted first");
          settle_morale();
          ledger_.clear();
          const bool decided = std::any_of(out_.after.morale.begin(), out_.after.morale.end(),
                                           [](const auto& track) { return track.second <= 0; });
          if (decided) {
            trace_->cite("std:12.1.2"_rule, "a side's morale reached 0 with the defenders' breaks: the attacker breaks nothing");
            break;
          }
        } else {
          trace_->cite("std:9.6.7"_rule, "combat.ex_morale_timing=simultaneous: the whole exchange is one morale event");
        }
        if (!begin_exchange()) {
          stage_ = Stage::ExchangeChosen;
          waiting_ = Waiting::ExchangeChoice;
          return waiting_;
        }
        break;
      case Stage::ExchangeChosen:
        trace_->cite("std:9.6.7"_rule, "the attacker chooses which units break to pay the exchange");
        stage_ = Stage::Finish;
        finish_exchange(out_.ex_choices[owner_choice_]);
        break;
      case Stage::Finish:
        // Step E.
        finish();
        stage_ = Stage::Done;
        break;
      case Stage::Done:
        waiting_ = Waiting::Done;
        return waiting_;
    }
  }
}

BattleResolution::Waiting BattleResolution::wait_for_battle_die() {
  const CrtTable& crt = fixed_.rules->crt();
  const std::vector<int>* groups = nullptr;
  if (fixed_.policy->group_battle_die) {
    const int column = std::clamp(out_.totals->column, crt.lowest, crt.highest);
    const auto at = std::find(crt.differentials.begin(), crt.differentials.end(), column);
    groups = &crt.result_groups[static_cast<std::size_t>(at - crt.differentials.begin())];
  }
  // RULE std:9.0 — step F: roll one die for the battle
  return wait_for_roll(Roll::BattleDie, "std:9.0", groups);
}

BattleResolution::Waiting BattleResolution::wait_for_roll(Roll what, const char* rule, const std::vector<int>* groups) {
  roll_ = what;
  roll_rule_ = rule;
  roll_groups_ = groups;
  waiting_ = Waiting::Roll;
  return waiting_;
}

ChanceBranches BattleResolution::roll_branches() const { return chance_branches(6, roll_groups_); }

std::string BattleResolution::roll_purpose() const {
  const Map& map = *fixed_.map;
  switch (roll_) {
    case Roll::BattleDie:
      return "battle die";
    case Roll::RoutDistance:
      return "rout distance for " + out_.fates[fate_].unit;
    case Roll::HazardZoc:
      return "hazardous retreat: enemy ZOC at " + map.name(chosen_path().steps[walked_ - 1].hex);
    case Roll::PreBattle:
      return "pre-battle roll for " + pre_[pre_next_].unit;
    case Roll::HazardRiver: {
      const RetreatStep& s = chosen_path().steps[walked_ - 1];
      return "hazardous retreat: " + s.river + " into " + map.name(s.hex);
    }
  }
  return "";
}

void BattleResolution::give_roll(int face) {
  if (waiting_ != Waiting::Roll) throw std::logic_error("the battle is not waiting for a roll");
  if (face < 1 || face > 6) throw std::invalid_argument("a d6 face is 1 to 6, not " + std::to_string(face));
  face_ = face;
  waiting_ = Waiting::Done;
}

// The purpose is written only for dice that keep a log.
void BattleResolution::roll_from(DiceSource& dice) {
  const std::string purpose = dice.keeps_log() ? roll_purpose() : std::string();
  give_roll(roll_groups_ ? dice.roll_grouped(roll_sides(), *roll_groups_, roll_rule_, purpose)
                         : dice.roll(roll_sides(), roll_rule_, purpose));
}

Symbol BattleResolution::choosing_unit() const {
  return waiting_ == Waiting::RetreatChoice ? out_.fates[fate_].unit : battle().attackers.front();
}

void BattleResolution::choose(std::size_t index) {
  const std::size_t n = waiting_ == Waiting::RetreatChoice    ? options().paths.size()
                        : waiting_ == Waiting::ExchangeChoice ? out_.ex_choices.size()
                                                              : 0;
  if (n == 0) throw std::logic_error("the battle is not waiting for an owner's choice");
  if (index >= n)
    throw std::invalid_argument(std::string(waiting_ == Waiting::RetreatChoice ? "the owner chose retreat path "
                                                                               : "the attacker chose exchange set ") +
                                std::to_string(index) + " of " + std::to_string(n));
  owner_choice_ = index;
  waiting_ = Waiting::Done;
}

// Step A. The totals (worked out once for every line of dice that follows); an illegal
// battle ends here. Reserves committed at steps B and C of std:9.0 are paid for at once (std:12.5).
bool BattleResolution::start() {
  const N20Rules& rules = *fixed_.rules;
  const BattleDeclaration& battle = this->battle();
  out_.totals = std::make_shared<const BattleTotals>(battle_totals(rules, *fixed_.map, out_.after, battle, *trace_));
  if (!out_.totals->legal) {
    out_.legal = false;
    return false;
  }
  UnitList attackers, defenders;
  for (Symbol id : battle.attackers) attackers.push_back(&unit(id));
  for (Symbol id : battle.defenders) defenders.push_back(&unit(id));
  rules.check_resolution(attackers, defenders, out_.after);  // a layer refuses what it lacks
  Trace silent(Trace::Off{}, rules.catalog());
  auto spend = [&](UnitRefs side) {
    const Symbol t = rules.battle_tracks(side, N20Rules::BattleMorale::Reserves, out_.after, silent).front();
    if (auto it = out_.after.morale.find(t); it != out_.after.morale.end()) --it->second;
    --out_.morale[t];
    trace_->cite("std:12.5"_rule, [&] { return t + " spends a morale point to commit reserves"; });
  };
  if (out_.totals->attack_reserve) spend(attackers);
  if (out_.totals->defense_reserve) spend(defenders);
  pre_ = rules.pre_battle_rolls(attackers, defenders, out_.after, *trace_);
  return true;
}

// A roll before the battle die, its face given: the unit wavers (the marker wavering-ID, read
// by the rule set's strength) or deserts (the rule set removes it and books the morale; its
// replacement fights in its place, or nobody does). A desertion that brings a side to 0 ends
// the battle unfought: the game is decided (std:12.1.2).
void BattleResolution::pre_roll(int face) {
  const N20Rules& rules = *fixed_.rules;
  const N20Rules::PreBattleRoll& r = pre_[pre_next_];
  PreRollOutcome o{r.unit, face, r.modifier, rules.pre_battle_effect(r, face + r.modifier), Symbol(), false, r.rule};
  if (o.effect == N20Rules::PreBattleEffect::Wavers) {
    if (const Symbol m("wavering-" + std::string(r.unit)); !out_.after.has_marker(m)) out_.after.markers.push_back(m);
    pre_changed_ = true;
  } else if (o.effect == N20Rules::PreBattleEffect::Deserts) {
    MoraleTracks change;
    const N20Rules::Desertion d = rules.desert(r.unit, out_.after, change, *trace_);
    o.replacement = d.replacement;
    o.replacement_fights = d.replacement_fights && !d.replacement.empty();
    auto fought = std::make_shared<BattleDeclaration>(battle());
    for (auto* ids : {&fought->attackers, &fought->defenders})
      for (auto it = ids->begin(); it != ids->end(); ++it)
        if (*it == r.unit) {
          if (o.replacement_fights) *it = o.replacement;
          else ids->erase(it);
          break;
        }
    out_.fought = std::move(fought);
    pre_changed_ = true;
    for (const auto& [track, points] : change) {
      out_.morale[track] += points;
      const auto* now = out_.after.morale.find(track);
      if (points < 0 && now != out_.after.morale.end() && now->second <= 0) {
        out_.unfought = "std:12.1.2";
        out_.unfought_reason = track + " morale reaches 0 with " + r.unit + "'s desertion: the game is decided, the battle is not fought";
        trace_->cite("std:12.1.2"_rule, out_.unfought_reason);
      }
    }
  }
  out_.pre_rolls.push_back(o);
}

// Once every roll before the battle die is made: a side left with no unit ends the battle with
// no result; otherwise a battle changed by the rolls has its totals worked out again, on the
// position before its reserves were paid for (they were paid once, at step A).
bool BattleResolution::after_pre_rolls() {
  if (*out_.unfought) return false;
  if (!pre_changed_) return true;
  const BattleDeclaration& fought = battle();
  const char* rule = pre_.empty() ? "" : pre_.front().rule;
  if (fought.attackers.empty() || fought.defenders.empty()) {
    out_.unfought = rule;
    out_.unfought_reason = std::string("no ") + (fought.attackers.empty() ? "attacking" : "defending") +
                           " unit is left in the battle: it ends with no result";
    trace_->cite(rule, out_.unfought_reason);
    return false;
  }
  GameState view = out_.after;  // the deserters gone and the waverers marked, morale as the battle began
  for (const auto& [track, points] : out_.morale)
    if (auto* e = view.morale.find(track); e != view.morale.end()) e->second -= points;
  auto totals = std::make_shared<const BattleTotals>(battle_totals(*fixed_.rules, *fixed_.map, view, fought, *trace_));
  if (!totals->legal) {
    out_.unfought = rule;
    out_.unfought_reason = "the battle left by the rolls before its die is not one that may be fought: " +
                           totals->violations.front().second;
    trace_->cite(rule, out_.unfought_reason);
    return false;
  }
  out_.totals = std::move(totals);
  return true;
}

// Step B. The result read on the CRT for the die; bombarding artillery alone converts it
// (std:16.3.2). Every unit of the battle gets its line of fate, attackers first.
void BattleResolution::battle_die(int face) {
  const CrtResult r = crt_lookup(*fixed_.rules, out_.totals->column, face, *trace_);
  out_.die = r.die;
  const CrtCode read = crt_code(r.result);
  out_.result = out_.applied = read;
  // N is std:9.6.8 in the Jena printing; the others leave it to the CRT's legend (PrintingRules).
  trace_->cite(read == CrtCode::N ? std::string_view(fixed_.rules->printed().engaged) : result_rule(read),
               [&] { return "result " + r.result; });
  const auto& attack = out_.totals->attack;
  all_bombard_ = !attack.empty() && std::all_of(attack.begin(), attack.end(), [](const auto& l) { return l.bombarding; });
  if (all_bombard_ && read == CrtCode::EX) {
    out_.applied = CrtCode::N;
    trace_->cite("std:16.3.2"_rule, "artillery bombarding alone treats EX as Engaged");
  } else if ((read == CrtCode::AB || read == CrtCode::AR) && all_bombard_) {
    out_.applied = CrtCode::AW;
    trace_->cite("std:16.3.2"_rule, [&] { return "bombarding artillery treats " + r.result + " as AW"; });
  }
  applied_ = out_.applied;
  const BattleDeclaration& battle = this->battle();
  out_.fates.reserve(battle.attackers.size() + battle.defenders.size());
  for (const auto& id : battle.attackers) out_.fates.push_back(UnitFate{id});
  for (const auto& id : battle.defenders) out_.fates.push_back(UnitFate{id});
  for (auto& f : out_.fates) f.battle_hex = unit(f.unit).hex;
  fate_ = 0;
  step_ = FateStep::Begin;
}

// Step C, for the unit at fate_: plays its steps until it needs a die or a choice, or its fate
// is settled (then moves to the next unit).
BattleResolution::Waiting BattleResolution::fate_step() {
  const bool attacker = fate_ < battle().attackers.size();
  for (;;) {
    switch (step_) {
      case FateStep::Begin:
        if (!begin_fate()) {
          ++fate_;
          return Waiting::Done;
        }
        if (code_ == CrtCode::AR || code_ == CrtCode::DR) {
          step_ = FateStep::RoutDie;
          // RULE std:9.6.5 — a routed unit retreats the number of hexes the victor rolls (std:9.6.2 likewise)
          return wait_for_roll(Roll::RoutDistance, attacker ? "std:9.6.2" : "std:9.6.5", nullptr);
        }
        out_.fates[fate_].fate = Fate::Withdrawn;
        out_.fates[fate_].distance = 1;
        step_ = FateStep::Retreat;
        break;
      case FateStep::RoutDie:
        rout(face_);
        step_ = FateStep::Retreat;
        break;
      case FateStep::Retreat:
        if (!begin_retreat()) {
          step_ = FateStep::After;
          break;
        }
        if (waiting_ == Waiting::RetreatChoice) {
          step_ = FateStep::Chosen;
          return waiting_;
        }
        step_ = FateStep::Walk;
        break;
      case FateStep::Chosen:
        chosen_ = owner_choice_;
        // RULE std:9.8 — among the paths the priorities leave, the owner chooses
        trace_->cite("std:9.8"_rule, [&] { return out_.fates[fate_].unit + "'s owner chooses one of " +
                                       std::to_string(options().paths.size()) + " legal paths"; });
        walked_ = 0;
        step_ = FateStep::Walk;
        break;
      case FateStep::Walk:
      case FateStep::ZocRoll:
      case FateStep::RiverRoll:
        if (!walk()) return waiting_;
        break;
      case FateStep::After:
        after_fate();
        ++fate_;
        step_ = FateStep::Begin;
        return Waiting::Done;
    }
  }
}

// Whether the unit at fate_ loses, and how: one that does not stays where it is, one that
// breaks is removed (false: its fate is settled). Bombarding artillery suffers AB and AR as AW
// (std:16.3.2).
bool BattleResolution::begin_fate() {
  UnitFate& f = out_.fates[fate_];
  const bool attacker = fate_ < battle().attackers.size();
  const CrtCode applied = applied_;
  // RULE std:9.6.1 — AB: every attacking unit breaks
  // RULE std:9.6.2 — AR: each attacking unit routs the distance the defender rolls
  // RULE std:9.6.3 — AW: every attacking unit withdraws one hex
  // RULE std:9.6.4 — DB: every defending unit breaks
  // RULE std:9.6.5 — DR: each defending unit routs the distance the attacker rolls
  // RULE std:9.6.6 — DW: every defending unit withdraws one hex
  // RULE std:9.6.7 — EX: the defenders break, then the attacker pays in printed strength
  // RULE std:9.6.8 — N: nobody breaks, retreats or advances
  if (!loses(applied, attacker)) {
    f.ends = unit(f.unit).hex;
    return false;
  }
  CrtCode code = applied;
  const char* a = to_string(out_.applied);
  const auto& attack = out_.totals->attack;
  if (attacker && bombarding(fate_) && (applied == CrtCode::AB || applied == CrtCode::AR)) {
    code = CrtCode::AW;
    trace_->cite("std:16.3.2"_rule, [&] { return f.unit + " is bombarding: " + a + " counts as AW for it"; });
  } else if (attacker && fixed_.rules->readings().bombard_immunity_whole_battle && !all_bombard_ &&
             (applied == CrtCode::AB || applied == CrtCode::AR) &&
             std::any_of(attack.begin(), attack.end(), [](const auto& l) { return l.bombarding; })) {
    code = CrtCode::AW;
    trace_->cite("std:16.3.2"_rule, [&] { return std::string("bombard.immunity_scope=whole_battle: ") + a + " counts as AW for " + f.unit; });
  }
  code_ = code;
  if (code == CrtCode::AB || code == CrtCode::DB || code == CrtCode::EX) {
    if (hold_unit(f)) return false;
    break_unit(f, result_rule(code), BreakCause{.kind = BreakCause::Kind::Result, .result = code});
    return false;
  }
  return true;
}

// The victor's die gives the distance: elite -2 (std:9.6), -3 defending in a Fortified or
// Redoubt hex (std:9.8.1); below 1 it is a withdrawal.
void BattleResolution::rout(int die) {
  UnitFate& f = out_.fates[fate_];
  const bool defending = fate_ >= battle().attackers.size();
  const N20Rules& rules = *fixed_.rules;
  const Unit& u = unit(f.unit);
  f.rout_die = die;
  int modifier = 0;
  const TerrainType& here = rules.terrain_of(*fixed_.map, u.hex, out_.after);
  if (rules.is_elite(u, *trace_)) {
    modifier = -2;
    // RULE std:9.6 — results; broken units leave the map; an Elite Force subtracts 2 from its rout die
    trace_->cite("std:9.6"_rule, [&] { return u.id + " is an Elite Force: -2 to its rout die"; });
    if (defending && here.zoc_barrier) {
      const bool cumulative = rules.readings().elite_fortified_cumulative;
      modifier = cumulative ? -5 : -3;
      trace_->cite("std:9.8.1"_rule, [&] { return u.id + " is an Elite Force defending in a " + here.name + " hex: " +
                                      std::to_string(modifier) + " to its rout die"; });
    }
  }
  f.modifier = modifier;
  const int distance = die + modifier;
  if (distance < 1) {
    trace_->cite("std:9.6"_rule, [&] { return "modified rout roll " + std::to_string(distance) + " is below 1: " + u.id + " withdraws instead"; });
    f.fate = Fate::Withdrawn;
    f.distance = 1;
  } else {
    f.fate = Fate::Routed;
    f.distance = distance;
    Trace silent(Trace::Off{}, rules.catalog());
    const bool holds = rules.holds_its_hex(u, out_.after, silent).fate != N20Rules::HoldFate::Retreats;
    if (rules.readings().rout_length_by_modified_roll && distance > u.movement && !holds) {  // one that holds never routs
      f.routed_too_far = true;
      ledger_of(ledger_, rules.morale_track_for(u, out_.after, *trace_)).loss += 1;  // the track cited (leipzig:12.0)
      trace_->cite("jena:table.morale"_rule, [&] { return u.id + " routs " + std::to_string(distance) +
                                              " hexes, more than its movement allowance: its side loses a point"; });
    }
  }
}

// The retreat of the unit at fate_, up to its walk (false: nothing to walk). The one-hex-fewer
// option in a Fortified or Redoubt hex (std:9.8.1). Step A. The legal paths; none means a break
// in place (std:9.8). Step B. The owner's path (fixed by the policy, or awaited), or the first
// with the fewest hazard rolls.
bool BattleResolution::begin_retreat() {
  UnitFate& f = out_.fates[fate_];
  const N20Rules& rules = *fixed_.rules;
  const ResolutionPolicy& policy = *fixed_.policy;
  int distance = f.distance;
  const bool attacking = std::find(battle().attackers.begin(), battle().attackers.end(), f.unit) != battle().attackers.end();
  if (attacking && rules.readings().fortified_one_fewer_defenders_only && policy.shorten_in_fortified &&
      rules.retreat_reduction(*fixed_.map, unit(f.unit).hex, out_.after, *trace_) > 0) {
    // RULE std:9.8.1 (retreat.fortified_one_fewer_applies_to = defenders_only) — an attacker retreats its full distance
    trace_->cite("std:9.8.1"_rule, [&] {
      return f.unit + " attacked from a Fortified or Redoubt hex: only defenders may retreat one hex fewer "
                      "(retreat.fortified_one_fewer_applies_to = defenders_only)";
    });
  } else if (const int fewer = rules.retreat_reduction(*fixed_.map, unit(f.unit).hex, out_.after, *trace_);
             fewer > 0 && policy.shorten_in_fortified) {
    distance = std::max(0, distance - fewer);
    trace_->cite("std:9.8.1"_rule, [&] {
      return fewer == 1 ? f.unit + " is in a Fortified or Redoubt hex: its owner retreats it one hex fewer"
                        : f.unit + "'s hex lets its owner retreat it " + std::to_string(fewer) + " hexes fewer";
    });
  }
  f.distance = distance;
  const Unit& u = unit(f.unit);
  if (distance == 0) {
    f.ends = u.hex;
    return false;
  }
  if (hold_unit(f)) return false;  // a unit that never retreats (a garrison) holds instead
  std::optional<Hex> loc;
  if (auto it = policy.retreat_locs.find(f.unit); it != policy.retreat_locs.end()) loc = it->second;
  // Step A. Where the stated policy will choose and the trace keeps nothing (exact odds), the
  // path it takes is searched for alone (retreat_choice); otherwise every legal path, with
  // the explanation of what shaped them.
  const auto fixed_path = policy.retreat_paths.find(f.unit);
  const bool policy_chooses = fixed_path == policy.retreat_paths.end() && !policy.pause_for_owners;
  alone_ = policy_chooses && policy.choose_path_alone;
  if (alone_)
    chosen_alone_ = retreat_choice(rules, *fixed_.map, out_.after, u, distance, loc, *trace_);
  else
    options_ = std::make_shared<const RetreatOptions>(retreat_paths(rules, *fixed_.map, out_.after, u, distance, loc, *trace_));
  const RetreatOptions& options = this->options();
  if (options.must_break) {
    break_unit(f, "std:9.8", BreakCause{.kind = BreakCause::Kind::NoRetreat, .distance = distance, .hex = u.hex});
    if (alone_) chosen_alone_ = RetreatOptions{};  // its reasons are not copied on to every later roll
    return false;
  }
  // Step B.
  walked_ = 0;
  if (auto it = fixed_path; it != policy.retreat_paths.end()) {
    bool found = false;
    for (std::size_t i = 0; i < options.paths.size(); ++i) {
      const auto& steps = options.paths[i].steps;
      if (steps.size() == it->second.size() &&
          std::equal(steps.begin(), steps.end(), it->second.begin(), [](const RetreatStep& s, Hex h) { return s.hex == h; }))
        chosen_ = i, found = true;
    }
    if (!found) throw std::invalid_argument("the retreat path given for " + f.unit + " is not one of its legal paths");
  } else if (policy.pause_for_owners && options.paths.size() > 1) {
    waiting_ = Waiting::RetreatChoice;
  } else {
    // The first path with the fewest hazard rolls, each path's rolls counted once; a path that
    // breaks the unit for certain (RetreatStep::doomed) only when no other is legal.
    int fewest = INT32_MAX;
    for (std::size_t i = 0; i < options.paths.size(); ++i)
      if (const int r = options.paths[i].rolls() + (options.paths[i].doomed() ? 1000 : 0); r < fewest)
        fewest = r, chosen_ = i;
  }
  return true;
}

// Step C. Walk the chosen path, rolling each hazard on the hazardous retreat table (the die's
// faces grouped by their result, break or safe: the answer shows only which). False while a
// roll is awaited; true once the walk is over (a break on the way, or the last hex reached).
bool BattleResolution::walk() {
  const N20Rules& rules = *fixed_.rules;
  const Map& map = *fixed_.map;
  UnitFate& f = out_.fates[fate_];
  const auto& steps = chosen_path().steps;
  const auto breaks = [&](int face) { return rules.hazard_breaks()[static_cast<std::size_t>(face - 1)]; };
  for (;;) {
    if (step_ == FateStep::Walk) {
      if (walked_ == steps.size()) {
        finish_retreat();
        step_ = FateStep::After;
        return true;
      }
      const RetreatStep& s = steps[walked_++];
      if (s.doomed) {  // breaks at the crossing, without a roll, before entering the hex beyond
        const Hex at = f.path.empty() ? out_.after.unit(f.unit)->hex : f.path.back();
        out_.after.unit(f.unit)->hex = at;
        trace_->cite(s.doomed_rule, [&] { return f.unit + " retreats across " + std::string(s.river.view()) +
                                                 ", which may not be used now: it breaks at " + map.name(at); });
        break_unit(f, s.doomed_rule, BreakCause{.kind = BreakCause::Kind::Hazard, .hex = at, .river = s.river});
        step_ = FateStep::After;
        return true;
      }
      f.path.push_back(s.hex);
      zoc_break_ = false;
      if (s.enemy_zoc) {
        step_ = FateStep::ZocRoll;
        wait_for_roll(Roll::HazardZoc, "std:9.8.3", &fixed_.rules->hazard_groups());
        return false;
      }
      if (!s.river.empty()) {
        step_ = FateStep::RiverRoll;
        wait_for_roll(Roll::HazardRiver, "std:9.8.4", &fixed_.rules->hazard_groups());
        return false;
      }
      continue;
    }
    const RetreatStep& s = steps[walked_ - 1];
    bool river_break = false;
    if (step_ == FateStep::ZocRoll) {
      zoc_break_ = breaks(face_);
      if (!zoc_break_ && !s.river.empty()) {
        step_ = FateStep::RiverRoll;
        wait_for_roll(Roll::HazardRiver, "std:9.8.4", &fixed_.rules->hazard_groups());
        return false;
      }
    } else {
      river_break = breaks(face_);
    }
    step_ = FateStep::Walk;
    if (!zoc_break_ && !river_break) {
      trace_->cite(rules.bound_hazard_table_id(),
                   [&] { return "hazard roll(s) at " + map.name(s.hex) + ": 4-6, the unit carries on"; });
      continue;
    }
    out_.after.unit(f.unit)->hex = s.hex;
    trace_->cite(rules.bound_hazard_table_id(), [&] { return "hazard roll of 1-3 at " + map.name(s.hex) + ": the unit breaks there"; });
    break_unit(f, zoc_break_ ? "std:9.8.3" : "std:9.8.4",
               BreakCause{.kind = BreakCause::Kind::Hazard, .hex = s.hex, .enemy_zoc = zoc_break_, .river = s.river});
    step_ = FateStep::After;
    return true;
  }
}

// Step D of a retreat. The unit stands at the path's end; a friendly LOC reached early breaks
// it there (std:9.8.7; only the printings that carry it find such paths).
void BattleResolution::finish_retreat() {
  UnitFate& f = out_.fates[fate_];
  const RetreatPath& path = chosen_path();
  Unit* moving = out_.after.unit(f.unit);
  moving->hex = path.steps.back().hex;
  if (path.breaks_at_loc) {
    break_unit(f, "std:9.8.7", BreakCause{.kind = BreakCause::Kind::ReachedLoc, .hex = moving->hex});
    return;
  }
  f.ends = moving->hex;
  const ResolutionPolicy& policy = *fixed_.policy;
  if (!policy.retreat_paths.count(f.unit) && !(policy.pause_for_owners && options().paths.size() > 1))
    trace_->cite("std:9.8"_rule, [&] { return f.unit + " takes the retreat path with the fewest hazard rolls (stated policy)"; });
}

// After a retreat: the Routed marker (std:16.5.1) and a rout longer than the unit's allowance
// (the Jena morale table).
void BattleResolution::after_fate() {
  UnitFate& f = out_.fates[fate_];
  const N20Rules& rules = *fixed_.rules;
  if (f.fate == Fate::Routed && rules.on(Optional::RoutedUnits) && out_.after.unit(f.unit)->on_map()) {
    out_.after.unit(f.unit)->set(UnitMarker::Routed, true);
    // RULE std:16.5.1 — a Routed marker goes on a unit once its rout movement is done
    trace_->cite("std:16.5.1"_rule, [&] { return f.unit + " is marked Routed"; });
  }
  if (f.fate == Fate::Routed && !rules.readings().rout_length_by_modified_roll &&
      static_cast<int>(f.path.size()) > unit(f.unit).movement) {
    f.routed_too_far = true;
    ledger_of(ledger_, rules.morale_track_for(unit(f.unit), out_.after, *trace_)).loss += 1;  // the track cited
    trace_->cite("jena:table.morale"_rule, [&] { return f.unit + " retreated more hexes than its movement allowance: its side loses a point"; });
  }
}

// A broken unit leaves the map (it may rally later); its side loses a point and the enemy
// gains one (Morale Chart), unless its side already lost one for routing too far.
void BattleResolution::break_unit(UnitFate& f, const char* rule, const BreakCause& cause) {
  f.fate = Fate::Broken;
  f.broke_rule = rule;
  f.broke = cause;
  f.ends.reset();
  const Unit& u = unit(f.unit);
  score_loss(u, !f.routed_too_far);
  if (f.routed_too_far)
    // RULE jena:table.morale — a unit that routs too far and then breaks costs its side one point in all
    trace_->cite("jena:table.morale"_rule, [&] { return u.id + " routed too far and then broke: its side loses one point in all"; });
  trace_->cite(rule, [&] { return u.id + " breaks: " + describe(cause, u.id, *fixed_.map); });
  remove_from_map(out_.after, f.unit);
}

// The Morale Chart for a unit lost in battle: its side loses a point and the opposing side of
// this battle gains one (on the tracks the rule set books it to).
void BattleResolution::score_loss(const Unit& u, bool own_loss) {
  const N20Rules& rules = *fixed_.rules;
  const BattleDeclaration& battle = this->battle();
  const Symbol mine = rules.morale_track_for(u, out_.after, *trace_);
  // The gain goes to the opposing side of this battle, on the track(s) the rule set books it to
  // (one per side in the standard rules; Leipzig's Fronts by its reading).
  const bool attacking = std::find(battle.attackers.begin(), battle.attackers.end(), u.id) != battle.attackers.end();
  InlineVector<const Unit*, 8> opponents;
  for (Symbol id : attacking ? battle.defenders : battle.attackers) opponents.push_back(&unit(id));
  for (Symbol theirs : rules.battle_tracks({opponents.begin(), opponents.end()}, N20Rules::BattleMorale::Gain, out_.after, *trace_))
    ledger_of(ledger_, theirs).gain += 1;
  if (own_loss) ledger_of(ledger_, mine).loss += 1;
}

// A unit the rule set says never retreats (N20Rules::holds_its_hex): it stays, its hex open to
// the victor's advance, or leaves the map by the result alone; it scores like a broken unit
// only where the rule set says so.
bool BattleResolution::hold_unit(UnitFate& f) {
  const Unit& u = unit(f.unit);
  const N20Rules::Hold hold = fixed_.rules->holds_its_hex(u, out_.after, *trace_);
  if (hold.fate == N20Rules::HoldFate::Retreats) return false;
  if (hold.fate == N20Rules::HoldFate::Ignores) {  // a Leipzig Leader: untouched by the result
    f.fate = Fate::Stays;
    f.ends = u.hex;
    trace_->cite(hold.rule, [&] { return u.id + " ignores the result: it stays in " + fixed_.map->name(u.hex); });
    return true;
  }
  f.broke_rule = hold.rule;
  if (hold.scores) score_loss(u, true);
  if (hold.fate == N20Rules::HoldFate::HoldsUntilEntered) {
    f.fate = Fate::Dislodged;
    f.ends = u.hex;
  } else {
    f.fate = Fate::Removed;
    f.ends.reset();
    Unit* gone = out_.after.unit(f.unit);
    gone->status = UnitStatus::Eliminated;
    gone->hex = Hex{};
  }
  return true;
}

// Step D. Every legal set of attackers to break for an exchange; the owner's (fixed by the
// policy) or the policy's default is applied at once (true), or the owner's is awaited (false).
bool BattleResolution::begin_exchange() {
  const BattleDeclaration& battle = this->battle();
  const ResolutionPolicy& policy = *fixed_.policy;
  std::vector<const Unit*> pool;
  int owed = 0;
  Trace quiet(Trace::Off{}, fixed_.rules->catalog());
  const auto ignores = [&](const Unit& u) {  // a Leipzig Leader neither owes nor pays an exchange
    return fixed_.rules->holds_its_hex(u, out_.after, quiet).fate == N20Rules::HoldFate::Ignores;
  };
  for (const auto& id : battle.defenders)
    if (!ignores(unit(id))) owed += unit(id).strength;
  for (std::size_t i = 0; i < battle.attackers.size(); ++i)
    if (!bombarding(i) && !ignores(unit(battle.attackers[i]))) pool.push_back(&unit(battle.attackers[i]));
    else trace_->cite("std:16.3.2"_rule, [&] { return battle.attackers[i] + " is bombarding: it is never broken to pay an exchange"; });
  // RULE std:9.6.7 — EX: break all defenders; the attacker breaks printed strength at least equal
  trace_->cite("std:9.6.7"_rule, [&] { return "exchange: the defenders break; the attacker breaks at least " + std::to_string(owed) +
                                  " printed strength points"; });
  auto choices = exchange_choices(pool, owed);
  for (const auto& c : choices) {
    std::vector<std::string> ids;
    for (const Unit* u : c) ids.push_back(u->id);
    out_.ex_choices.push_back(ids);
  }
  std::vector<std::string> chosen;
  if (policy.ex_breaks) {
    std::vector<std::string> want = *policy.ex_breaks;
    std::sort(want.begin(), want.end());
    for (const auto& ids : out_.ex_choices) {
      std::vector<std::string> sorted = ids;
      std::sort(sorted.begin(), sorted.end());
      if (sorted == want) chosen = ids;
    }
    if (chosen.empty() && !out_.ex_choices.empty())
      throw std::invalid_argument("the attackers given to pay the exchange are not a legal choice");
  } else if (policy.pause_for_owners && out_.ex_choices.size() > 1) {
    return false;
  } else if (!out_.ex_choices.empty()) {
    auto cost = [&](const std::vector<std::string>& ids) {
      int s = 0;
      for (const auto& id : ids) s += unit(id).strength;
      return std::pair{s, ids.size()};
    };
    chosen = *std::min_element(out_.ex_choices.begin(), out_.ex_choices.end(),
                               [&](const auto& a, const auto& b) { return cost(a) < cost(b); });
    trace_->cite("std:9.6.7"_rule, "the attacker breaks the cheapest legal set (stated policy)");
  }
  finish_exchange(chosen);
  return true;
}

void BattleResolution::finish_exchange(const std::vector<std::string>& chosen) {
  for (auto& f : out_.fates)
    if (std::find(chosen.begin(), chosen.end(), f.unit) != chosen.end()) break_unit(f, "std:9.6.7", BreakCause{.kind = BreakCause::Kind::PaidExchange});
}

// The morale changes gathered so far, applied at once: gains first, then losses (std:12.1).
void BattleResolution::settle_morale() {
  const bool cap_net = fixed_.rules->readings().morale_cap_net;
  for (const auto& [t, gain, loss] : ledger_) {
    auto it = out_.after.morale.find(t);
    if (it == out_.after.morale.end()) continue;  // the case gives no track: report the change only
    if (fixed_.rules->morale_frozen(t, out_.after, *trace_)) continue;  // a Leipzig Front in General Retreat
    const int before = it->second;
    // RULE std:12.0 — each side's morale points, on its track, rise and fall with events
    trace_->cite("std:12.0"_rule, [&, &t = t] { return t + " morale changes after the battle"; });
    // RULE std:12.1 — simultaneous changes: add first, then subtract
    // RULE std:12.1.1 — never above 10
    int v = cap_net ? std::min(10, before + gain - loss) : std::min(10, before + gain) - loss;
    v = std::max(0, v);
    it->second = v;
    trace_->cite("std:12.1"_rule, [&, &gain = gain, &loss = loss, &t = t] { return t + " morale " + std::to_string(before) + " +" + std::to_string(gain) + " -" +
                                   std::to_string(loss) + " = " + std::to_string(v) + " (gains added first, then losses)"; });
    if (before + gain > 10) trace_->cite("std:12.1.1"_rule, [&, &t = t] { return t + " cannot exceed 10 morale points"; });
  }
  for (const auto& [t, gain, loss] : ledger_) out_.morale[t] += gain - loss;
  // A track brought to 0: the rule set's collapse (nothing here in the standard rules, whose
  // victory judgement ends the game; Leipzig's General Retreat, leipzig:12.1.2).
  for (const auto& [t, gain, loss] : ledger_)
    if (auto it = out_.after.morale.find(t); it != out_.after.morale.end() && it->second <= 0 && loss > 0) {
      fixed_.rules->check_procedure(N20Rules::Procedure::MoraleAtZero, out_.after);
      fixed_.rules->morale_collapse(t, out_.after, *trace_);
    }
}

// Step E. Le Garde Recule: an attacking Guard that did not win, or did not survive, costs its
// side a point (std:12.2.2). Then the morale changes, and the result stands applied (std:9.0 G).
void BattleResolution::finish() {
  const N20Rules& rules = *fixed_.rules;
  const BattleDeclaration& battle = this->battle();
  const CrtCode applied = applied_;
  // A waverer's lost point lasted for this battle only.
  std::erase_if(out_.after.markers, [](Symbol m) { return m.view().starts_with("wavering-"); });
  if (*out_.unfought) {
    settle_morale();
    return;
  }
  const bool attacker_won = applied == CrtCode::DB || applied == CrtCode::DR || applied == CrtCode::DW || applied == CrtCode::EX;
  for (std::size_t i = 0; i < battle.attackers.size(); ++i) {
    const Unit& u = unit(battle.attackers[i]);
    if (!rules.is_guard(u, *trace_)) continue;
    if (const char* spared = rules.spared_garde_recule(u, *trace_); spared && (!attacker_won || !u.on_map())) {
      trace_->cite(spared, [&] { return u.id + " is a Guard unit that Le Garde Recule does not touch"; });
      continue;
    }
    if (!attacker_won || !u.on_map()) {
      ledger_of(ledger_, rules.morale_track_for(u, out_.after, *trace_)).loss += 1;  // the track cited (leipzig:12.0)
      trace_->cite("std:12.2"_rule, [&] { return u.id + " is a Guard unit committed to battle"; });
      // RULE std:12.2.2 — an attacking Guard that could not conceivably advance costs its side a point
      trace_->cite("std:12.2.2"_rule, [&] { return u.id + " is an attacking Guard unit that " +
                                       (attacker_won ? std::string("did not survive the exchange") : "was not victorious") +
                                       ": Le Garde Recule, -1 morale"; });
    }
  }
  settle_morale();
  // The rule set's record of who fought (Leipzig's Fatigue): as declared, or as fought once
  // deserters left it.
  if (!out_.fought) rules.battle_fought(fixed_.declared_fought, out_.after, *trace_);
  else rules.battle_fought(attackers_then_defenders(battle), out_.after, *trace_);
  // RULE std:9.0 — step G: apply the result at once, retreats included
  trace_->cite("std:9.0"_rule, [&] { return std::string("step G: the ") + to_string(out_.applied) + " result is applied at once"; });
}


std::string describe(const BreakCause& c, Symbol unit, const Map& map) {
  using Kind = BreakCause::Kind;
  switch (c.kind) {
    case Kind::Result:
      return c.result == CrtCode::EX ? "every defender breaks in an exchange"
                                     : std::string(to_string(c.result)) + ": all of the side breaks";
    case Kind::NoRetreat:
      return no_retreat_reason(unit, c.distance, c.hex, map);
    case Kind::Hazard:
      return "broke on a hazardous retreat at " + map.name(c.hex) + (c.enemy_zoc ? " (enemy ZOC)" : " (" + c.river + ")");
    case Kind::ReachedLoc:
      return "reached its LOC at " + map.name(c.hex) + " with hexes still owed";
    case Kind::PaidExchange:
      return "broken to pay the exchange";
    case Kind::None:
      break;
  }
  return "";
}

const char* to_string(N20Rules::PreBattleEffect e) {
  static const char* kNames[] = {"none", "wavers", "deserts"};
  return kNames[static_cast<int>(e)];
}

const char* to_string(Fate f) {
  static const char* kNames[] = {"stays", "withdrawn", "routed", "broken", "dislodged", "removed"};
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

// Plays the resolution to its end, each roll from `dice` with its rule and purpose.
BattleOutcome resolve_battle(const N20Rules& rules, const Map& map, const GameState& state,
                             const BattleDeclaration& battle, const ResolutionPolicy& policy, DiceSource& dice,
                             Trace& trace) {
  refuse_dummies(rules, state, battle.attackers, "fight in a battle");
  refuse_dummies(rules, state, battle.defenders, "fight in a battle");
  // A trace that keeps nothing needs no explanation of the retreats: each is searched for the
  // path the policy takes alone, as exact odds asked silently do.
  ResolutionPolicy as_asked = policy;
  as_asked.choose_path_alone = as_asked.choose_path_alone || trace.keeps_nothing();
  BattleResolution r(rules, map, state, battle, as_asked);
  for (;;) {
    switch (r.run(trace)) {
      case BattleResolution::Waiting::Roll:
        r.roll_from(dice);
        break;
      case BattleResolution::Waiting::RetreatChoice:
      case BattleResolution::Waiting::ExchangeChoice:
        throw std::logic_error("resolve_battle: the policy waits for owners; play a BattleResolution instead");
      case BattleResolution::Waiting::Done:
        return r.take_outcome();
    }
  }
}

}  // namespace hexlaw::n20
