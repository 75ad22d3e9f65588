// Owns: the phases of a played game other than combat and night operations — opening and
// closing each phase (std:4.0), Random Events (std:5.0), the Movement Phase with forced
// march and reinforcements (std:6.0, std:11.0, std:12.3), the enemy's Reaction Phase
// (std:8.0) and the end of a Player Turn (lulls std:13.0, rout recovery std:16.5.3).
#include <algorithm>
#include <stdexcept>

#include "engine/n20/cadres.h"
#include "engine/n20/dummies.h"
#include "engine/n20/events.h"
#include "engine/n20/fog.h"
#include "engine/n20/reaction.h"
#include "engine/n20/turn_end.h"
#include "engine/n20/zoc.h"
#include "engine/play/game.h"

namespace hexlaw::play {
namespace {

bool contains(const std::vector<Symbol>& v, Symbol x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// The name of a reaction's manoeuvre for the record: "disengage" or "penetrate".
const char* verb_of(const Action& a) { return a.kind == ActionKind::Disengage ? "disengage" : "penetrate"; }

}  // namespace

// Step A. Put the clock into the state. Step B. Say what the phase is (std:4.0). Step C. Start
// the phase's work: a Random Event, the first movement decision, the reactions, the battles or
// the night's rally.
void Game::begin_phase() {
  const n20::Calendar& cal = scenario_->calendar;
  // Step A.
  state_.turn = pos_.turn;
  state_.phase = n20::phase_name(pos_.phase);
  state_.phasing = pos_.player_turn == 1 ? cal.first : cal.second;
  state_.night = cal.is_night(pos_.turn);
  const bool new_player_turn = pos_.phase == n20::Phase::RandomEvents;
  if (new_player_turn && pos_.player_turn == 1)  // a new Game Turn: each side may bring a Dummy in again
    std::erase_if(state_.markers, [](Symbol m) { return m.view().starts_with("dummy-arrived-"); });
  state_.counters = PhaseCounters{};
  if (new_player_turn && pos_.player_turn == 1) {  // the rule set's hook as a Game Turn opens (a turn track)
    Trace h{Trace::IdsOnly{}, catalog()};
    scenario_->rules->at_game_turn_start(cal, pos_.turn, state_, dice_, h);
    if (!h.entries().empty()) note("as Game Turn " + std::to_string(pos_.turn) + " opens", h);
  }
  {  // the rule set's hook as the phase opens (a game's weather roll, command confusion, ...)
    Trace h{Trace::IdsOnly{}, catalog()};
    scenario_->rules->at_phase_start(pos_.phase, state_, dice_, h);
    scenario_->rules->at_phase_start_on_map(*scenario_->map, pos_.phase, state_, dice_, h);
    // A track the scenario brings on later, if the rule set's hook has not (scenario.h).
    Trace later{Trace::IdsOnly{}, catalog()};
    for (const LateTrack& l : place_late_tracks(state_))
      note(l.track.str() + " comes onto the Morale Track at " + std::to_string(l.value) + " (the scenario's turn " +
               std::to_string(l.turn) + ")",
           later);
    if (!h.entries().empty()) note("as the " + std::string(n20::phase_name(pos_.phase)) + " phase opens", h);
  }
  TurnScratch fresh;
  if (!new_player_turn) {
    fresh.forced_march = scratch_.forced_march;
    fresh.battle_die_rolled = scratch_.battle_die_rolled;
    fresh.marched_groups = std::move(scratch_.marched_groups);
    fresh.forced_march_tracks = std::move(scratch_.forced_march_tracks);
    fresh.battle_tracks = std::move(scratch_.battle_tracks);
  }
  scratch_ = std::move(fresh);
  // Step B.
  Trace t{Trace::IdsOnly{}, catalog()};
  n20::PhaseReport report = n20::describe(*scenario_->rules, cal, pos_, state_, t);
  note("turn " + std::to_string(pos_.turn) + (state_.night ? " (night)" : "") + ": " + state_.phasing + "'s " +
           state_.phase + " phase",
       t);
  // Step C.
  switch (pos_.phase) {
    case n20::Phase::RandomEvents:
      if (deck_.draw_pile.empty() && deck_.discards.empty()) {
        stage_ = Stage::PhaseEnd;
        return;
      }
      if (offer_event_front()) return;  // a side-wide event's Front, named first (leipzig:12.0)
      draw_random_event();
      return;
    case n20::Phase::Movement: {
      // The groups that may buy a forced march, each once (the side; Leipzig's armies).
      Trace silent(Trace::Off{}, catalog());
      for (const Unit& u : state_.units) {
        if (u.side != state_.phasing) continue;
        const auto g = scenario_->rules->spending_group(u, n20::N20Rules::Spending::ForcedMarch, state_, silent);
        if (!g || std::any_of(scratch_.march_offers.begin(), scratch_.march_offers.end(),
                              [&](const auto& o) { return o.first == *g; }))
          continue;
        scratch_.march_offers.emplace_back(*g, scenario_->rules->morale_track(u, state_));
      }
      std::sort(scratch_.march_offers.begin(), scratch_.march_offers.end(),
                [](const auto& a, const auto& b) { return a.first.view() < b.first.view(); });
      if (offer_movement_start_declaration()) return;
      offer_arrival();  // army arrivals first (leipzig:11.8.1's ruling), then the forced marches
      return;
    }
    case n20::Phase::Reaction: offer_react_select(); return;
    case n20::Phase::Combat:
      if (state_.night) {
        Trace n{Trace::IdsOnly{}, catalog()};
        // RULE std:14.0 — no battles are fought on a night turn
        n.cite("std:14.0"_rule, "night: no battles");
        note("no combat at night", n);
        stage_ = Stage::PhaseEnd;
        return;
      }
      offer_declare();
      return;
    case n20::Phase::NightOperations: offer_rally(); return;
  }
}

// A game's declaration as the phasing side's Movement Phase ends (the French blowing the
// Lindenau bridge, leipzig:16.10), offered once a phase: true when it awaits the answer.
bool Game::offer_movement_declaration() {
  if (scratch_.movement_declaration_offered) return false;
  scratch_.movement_declaration_offered = true;
  Trace silent(Trace::Off{}, catalog());
  const auto decl = scenario_->rules->movement_end_declaration(*scenario_->map, state_, state_.phasing.view(), silent);
  if (!decl) return false;
  offer_declaration(Stage::MovementDeclaration, DecisionKind::MovementDeclaration, *decl);
  return true;
}

// A game's declaration as the phasing side's Movement Phase opens, before any unit moves (the
// French "Activating Napoleon", leipzig:7.7): true when it awaits the answer.
bool Game::offer_movement_start_declaration() {
  Trace silent(Trace::Off{}, catalog());
  const auto decl = scenario_->rules->movement_start_declaration(state_, state_.phasing.view(), silent);
  if (!decl) return false;
  offer_declaration(Stage::MovementStartDeclaration, DecisionKind::MovementStartDeclaration, *decl);
  return true;
}

// A yes-or-no declaration of the phasing side (`no` or `declare`), awaited at `stage`.
void Game::offer_declaration(Stage stage, DecisionKind kind, const n20::N20Rules::NightDeclaration& decl) {
  stage_ = stage;
  Decision d{.kind = kind,
             .side = std::string(state_.phasing),
             .rule = decl.rule,
             .prompt = "declare " + std::string(decl.name) + "?"};
  d.add(ActionKind::No);
  d.add(ActionKind::DeclareAtNight);  // its string form is "declare"
  offer(std::move(d));
}

// The side's answer; then the Movement Phase goes on with its forced marches and moves.
void Game::apply_movement_start_declaration(const Action& a) {
  if (a.kind == ActionKind::DeclareAtNight) {
    Trace t{Trace::IdsOnly{}, catalog()};
    scenario_->rules->declare_at_movement_start(state_, state_.phasing.view(), t);
    note(state_.phasing + " declares " + decision_.rule, t);
  }
  offer_arrival();  // then the army arrivals and the forced marches
}

// The side's answer; then the Movement Phase ends as usual.
void Game::apply_movement_declaration(const Action& a) {
  if (a.kind == ActionKind::DeclareAtNight) {
    Trace t{Trace::IdsOnly{}, catalog()};
    scenario_->rules->declare_at_movement_end(*scenario_->map, state_, state_.phasing.view(), t);
    note(state_.phasing + " declares " + decision_.rule, t);
  }
  stage_ = Stage::PhaseEnd;
}

// Step A. What closes the phase: cavalry scouting after a day Movement Phase (std:16.1.1). Step
// B. The end of the Player Turn. Step C. The next position, or the end of the game (std:15.0).
void Game::end_phase() {
  const n20::Calendar& cal = scenario_->calendar;
  // Step A.
  if (pos_.phase == n20::Phase::Movement && offer_movement_declaration()) return;
  if (pos_.phase == n20::Phase::Movement && !state_.night && scenario_->rules->on(n20::Optional::FogOfWar)) {
    Trace t{Trace::IdsOnly{}, catalog()};
    n20::Reveal r = n20::reveal_by_scouting(*scenario_->rules, *scenario_->map, state_, state_.phasing, t);
    state_ = std::move(r.after);
    if (!r.revealed.empty()) note(std::to_string(r.revealed.size()) + " hidden units revealed by scouting", t);
  }
  // Step B.
  if (n20::player_turn_phases(*scenario_->rules, cal, pos_.turn).back() == pos_.phase) {
    Trace t{Trace::IdsOnly{}, catalog()};
    end_player_turn(t);
    if (over()) return;
  }
  // Step C.
  n20::SequencePosition next;
  const bool more = n20::next_position(*scenario_->rules, cal, pos_, next);
  if (!more || next.turn != pos_.turn) {  // the rule set's hook as the Game Turn ends
    Trace h{Trace::IdsOnly{}, catalog()};
    scenario_->rules->at_game_turn_end(pos_.turn, state_, dice_, h);
    if (!h.entries().empty()) note("as Game Turn " + std::to_string(pos_.turn) + " ends", h);
    if (judge_decisive()) return;
    if (state_.has_marker(n20::N20Rules::kGameEndsMarker)) {  // a layer ended the game (Jena's Sudden Death)
      Trace t{Trace::IdsOnly{}, catalog()};
      result_ = n20::victory(*scenario_->rules, state_, scenario_->french, true, t);
      note("the game ends early: " + result_.level + (result_.winner.empty() ? "" : " victory for " + result_.winner), t);
      stage_ = Stage::Over;
      return;
    }
  }
  if (more) {
    pos_ = next;
    stage_ = Stage::PhaseStart;
    return;
  }
  Trace t{Trace::IdsOnly{}, catalog()};
  result_ = n20::victory(*scenario_->rules, state_, scenario_->french, true, t);
  note("the last turn has ended: " + result_.level + (result_.winner.empty() ? "" : " victory for " + result_.winner), t);
  stage_ = Stage::Over;
}

// Rout recovery (std:16.5.3, when used) and the lull check (std:13.0) for the side whose
// Player Turn ends.
void Game::end_player_turn(Trace& t) {
  const std::string side = state_.phasing;
  const n20::N20Rules& rules = *scenario_->rules;
  {  // the rule set's hook as the Player Turn ends
    Trace h{Trace::IdsOnly{}, catalog()};
    rules.at_player_turn_end(side, state_, dice_, h);
    rules.at_player_turn_close(*scenario_->map, side, state_, h);
    if (!h.entries().empty()) note("as " + side + "'s Player Turn ends", h);
  }
  if (rules.on(n20::Optional::RoutRecovery)) {
    Trace r{Trace::IdsOnly{}, catalog()};
    for (const std::string& id : n20::rout_recovery(rules, *scenario_->map, state_, side, r))
      state_.unit(id)->set(UnitMarker::Routed, false);
    if (!r.entries().empty()) note("rout recovery for " + side, r);
  }
  n20::TurnFacts facts;
  for (int n : scenario_->calendar.night_turns)
    if (n < pos_.turn) facts.after_first_night = true;
  facts.forced_march = scratch_.forced_march;
  facts.battle_die_rolled = scratch_.battle_die_rolled;
  facts.forced_march_tracks = scratch_.forced_march_tracks;
  facts.battle_tracks = scratch_.battle_tracks;
  n20::LullVerdict v = n20::lull(rules, *scenario_->map, state_, side, facts, t);
  if (v.gains) {
    if (v.tracks.empty()) v.tracks.push_back(track_of(side));
    for (const std::string& track : v.tracks) change_morale(Symbol(track), 1, t);
    note(side + " gains a morale point for a lull" + (v.tracks.size() > 1 || v.tracks.front() != track_of(side)
                                                         ? " (" + [&] {
                                                             std::string l;
                                                             for (const auto& x : v.tracks) l += (l.empty() ? "" : ", ") + x;
                                                             return l;
                                                           }() + ")"
                                                         : std::string()),
         t);
  }
}

// ---- Movement Phase.

// The next group that may still buy a forced march with a point on its track (the side as one
// group in the standard rules; each Leipzig army, leipzig:12.3), else the first move.
void Game::offer_forced_march() {
  Trace silent(Trace::Off{}, catalog());
  while (!scratch_.march_offers.empty()) {
    const auto& [group, track] = scratch_.march_offers.front();
    // find, not []: a track not on the Morale Track yet (morale-track-later) has no point and is not made one.
    const auto* points = state_.morale.find(track);
    if (points != state_.morale.end() && points->second >= 1 && !scenario_->rules->morale_frozen(track, state_, silent))
      break;
    scratch_.march_offers.erase(scratch_.march_offers.begin());
  }
  if (scratch_.march_offers.empty()) {
    offer_move_select();
    return;
  }
  const Symbol group = scratch_.march_offers.front().first;
  stage_ = Stage::ForcedMarch;
  Decision d{.kind = DecisionKind::ForcedMarch,
             .unit = std::string(group),
             .rule = "std:12.3",
             .prompt = group.empty() ? "spend a morale point for +1 movement allowance for every unit this phase?"
                                     : "spend a morale point of the " + scratch_.march_offers.front().second +
                                           " Front for +1 movement allowance for army " + group + " this phase?"};
  d.add(ActionKind::No);
  d.add(ActionKind::ForcedMarch);
  offer(std::move(d));
}

void Game::offer_move_select() {
  stage_ = Stage::MoveSelect;
  Decision d{.kind = DecisionKind::MoveSelect, .rule = "std:6.0", .prompt = "which unit moves next (or end the Movement Phase)?"};
  // A Dummy that came in stacked must leave the hex before the phase ends (std:16.1.3).
  d.actions = spare_actions();
  d.reserve(state_.units.size() + 1);
  const Unit* must_leave = stacked_dummy();
  if (!must_leave) d.add(ActionKind::End);
  Trace silent(Trace::Off{}, catalog());
  // A game may cap how many units move this phase (Dresden's command confusion).
  const bool more = scenario_->rules->may_move_more(state_, silent);
  for (const Unit& u : state_.units) {
    if (u.side != state_.phasing || contains(scratch_.done, u.id)) continue;
    if (u.on_map() && scenario_->rules->may_move(u, silent)) {
      if (more) d.add({.kind = ActionKind::Move, .unit = u.id});
      // Offered when break_down (std:16.7.1) accepts it; it cites the rule when taken.
      if (scenario_->rules->on(n20::Optional::Cadres) && n20::break_down(*scenario_->rules, state_, u.id, false, silent).legal)
        d.add({.kind = ActionKind::BreakDown, .unit = u.id});
    }
    // A reinforcement due now or earlier may enter (std:11.3, std:11.5), unless its game holds it
    // back (Leipzig's entry areas and army groups); movement cites them when it does.
    if (more && u.status == UnitStatus::Pending && u.arrival_turn <= state_.turn &&
        !scenario_->rules->arrival_refusal(u, state_, silent)) {
      // A Main Body called in enters together (leipzig:11.8.3): while one of its units has a hex to
      // enter the phase waits for it; one with none now waits, offered again once a hex opens.
      if (scenario_->rules->arrival_compelled(u, state_)) {
        n20::MoveOptions o;
        o.entering = true;
        o.forced_march = marched(u);
        o.march_position = scratch_.entered[u.entry];
        n20::PositionIndex index(*scenario_->rules, *scenario_->map, state_);
        if (n20::reachable_hexes(index, u, o, silent).empty()) continue;
        if (!must_leave && d.actions.front().kind == ActionKind::End) d.actions.erase(d.actions.begin());
      }
      d.add({.kind = ActionKind::Enter, .unit = u.id});
    }
  }
  if (d.size() == (must_leave ? 0u : 1u) && (must_leave || d.actions.front().kind == ActionKind::End)) {
    offer_combine();
    return;
  }
  offer(std::move(d));
}

// The phasing side's Dummy standing in one hex with another of its units and not yet moved.
const Unit* Game::stacked_dummy() const {
  for (const Unit& d : state_.units) {
    if (d.type != UnitType::Dummy || d.side != state_.phasing || !d.on_map()) continue;
    if (contains(scratch_.done, d.id)) continue;
    for (const Unit& u : state_.units)
      if (&u != &d && u.on_map() && u.hex == d.hex) return &d;
  }
  return nullptr;
}

// After a reinforcement enters: bring a waiting Dummy in with it? Only when the fog of war is in
// use and the placement rules accept it (one a side a Game Turn).
bool Game::offer_dummy_arrival(const std::string& with) {
  if (!scenario_->rules->on(n20::Optional::FogOfWar)) return false;
  Trace silent(Trace::Off{}, catalog());
  for (const Unit& d : state_.units) {
    if (d.side != state_.phasing || !n20::dummy_available(d)) continue;
    if (!n20::place_dummy_on_arrival(*scenario_->rules, *scenario_->map, state_, d.id, with,
                                     n20::DummyArrival::Reinforcement, silent)
             .legal)
      return false;
    stage_ = Stage::DummyArrival;
    Decision offered{
        .kind = DecisionKind::DummyArrival, .unit = with, .rule = "std:16.1.3", .prompt = "bring a Dummy in with " + with + "?"};
    offered.add(ActionKind::NoDummy);
    offered.add({.kind = ActionKind::BringDummy, .unit = d.id});
    offer(std::move(offered));
    return true;
  }
  return false;
}

void Game::apply_dummy_arrival(const Action& a) {
  if (a.kind == ActionKind::BringDummy) {
    Trace t{Trace::IdsOnly{}, catalog()};
    n20::DummyVerdict v = n20::place_dummy_on_arrival(*scenario_->rules, *scenario_->map, state_, a.unit,
                                                      decision_.unit, n20::DummyArrival::Reinforcement, t);
    if (!v.legal)
      throw std::logic_error("engine disagreement: '" + to_text(a, *scenario_->map) + "' offered but refused: " + v.reason);
    state_ = std::move(v.after);
    note(a.unit + " comes in with " + decision_.unit, t);
  }
  offer_move_select();
}

std::shared_ptr<const n20::PositionIndex> Game::index_of_position() const {
  struct Held {
    Held(std::shared_ptr<const Scenario> sc, const GameState& state)
        : scenario(std::move(sc)), index(*scenario->rules, *scenario->map, state) {}
    std::shared_ptr<const Scenario> scenario;  // first: outlives the index
    n20::PositionIndex index;
  };
  auto held = std::make_shared<const Held>(scenario_, state_);
  return std::shared_ptr<const n20::PositionIndex>(held, &held->index);
}

void Game::offer_move_to() {
  stage_ = Stage::MoveTo;
  const Unit& u = *state_.unit(scratch_.selected);
  n20::MoveOptions o;
  o.forced_march = marched(u);
  o.entering = u.status == UnitStatus::Pending;
  o.march_position = o.entering ? scratch_.entered[u.entry] : 0;
  Trace silent(Trace::Off{}, catalog());
  scratch_.reach_index = index_of_position();
  scratch_.reach = n20::reachable_hexes(*scratch_.reach_index, u, o, silent);
  Decision d{.kind = DecisionKind::MoveTo,
             .unit = u.id,
             .rule = o.entering ? "std:11.1" : "std:6.0",
             .prompt = o.entering ? "where does " + u.id + " enter and end its move (stay: delay, std:11.5)?"
                                  : "where does " + u.id + " end its move?"};
  const Unit* must_leave = stacked_dummy();
  d.actions = spare_actions();
  d.reserve(scratch_.reach.size() + 1);
  // A unit of a Main Body called in may not stay off the map (it is offered only with a hex to enter, leipzig:11.8.3).
  const bool compelled = o.entering && scenario_->rules->arrival_compelled(u, state_) && !scratch_.reach.empty();
  if ((!(must_leave && must_leave->id == u.id) || scratch_.reach.empty()) && !compelled) d.add(ActionKind::Stay);
  for (std::size_t i = 0; i < scratch_.reach.size(); ++i)
    d.add({.kind = ActionKind::MoveTo, .hex = scratch_.reach[i].hex, .index = static_cast<std::uint32_t>(i)});
  if (const auto box = holding_box_move(u); box) d.add({.kind = ActionKind::IntoBox, .index = *box});
  // A crossing the unit may build as its whole move (Dresden's pontoon, dresden:6.0).
  if (u.on_map())
    for (Hex h : scenario_->rules->crossing_build_targets(*scenario_->map, state_, u))
      d.add({.kind = ActionKind::BuildCrossing, .hex = h});
  offer(std::move(d));
}

// Whether `u` may go into its game's off-map holding box as this move (Dresden's Meissen), and
// how: kNoPath when placed straight in (a reinforcement) or leaving from the hex it stands in,
// else the reachable hex (of scratch_.reach) of the box's exit area it leaves from, with the one
// movement point leaving costs still in hand; nothing when it may not.
std::optional<std::uint32_t> Game::holding_box_move(const Unit& u) const {
  Trace silent(Trace::Off{}, catalog());
  const n20::N20Rules::HoldingBox box = scenario_->rules->holding_box(u, state_, silent);
  if (!box.rule) return std::nullopt;
  const bool entering = u.status == UnitStatus::Pending;
  if (box.exit_area.empty()) return entering ? std::optional<std::uint32_t>(kNoPath) : std::nullopt;
  if (entering) return std::nullopt;
  const auto& area = scenario_->map->entry_area(box.exit_area);
  auto in_area = [&](Hex h) { return std::find(area.begin(), area.end(), h) != area.end(); };
  // A unit that may move at all may leave from the area hex it stands in.
  if (in_area(u.hex) && !scratch_.reach.empty()) return kNoPath;
  for (std::size_t i = 0; i < scratch_.reach.size(); ++i)
    if (in_area(scratch_.reach[i].hex) && scratch_.reach[i].mp_left >= 1) return static_cast<std::uint32_t>(i);
  return std::nullopt;
}

// Forced march, the choice of a unit, and its move: the path is checked again with the trace
// on, so the record cites every rule that allowed it.
void Game::apply_move(const Action& a) {
  if (stage_ == Stage::ForcedMarch) {
    const auto [group, track] = scratch_.march_offers.front();
    scratch_.march_offers.erase(scratch_.march_offers.begin());
    if (a.kind == ActionKind::ForcedMarch) {
      Trace t{Trace::IdsOnly{}, catalog()};
      // RULE std:12.3 — forced march: a morale point buys +1 allowance for every unit this phase
      t.cite("std:12.3"_rule, state_.phasing + " spends a morale point to force march");
      if (!group.empty()) t.cite("leipzig:12.3"_rule, "army " + group + " force-marches on a point of the " + track + " Front");
      change_morale(track, -1, t);
      scratch_.forced_march = true;
      scratch_.marched_groups.push_back(group);
      scratch_.forced_march_tracks.insert(std::string(track));
      note(state_.phasing + " force-marches" + (group.empty() ? std::string() : " army " + group), t);
      if (judge_decisive()) return;
    }
    offer_forced_march();
    return;
  }
  if (stage_ == Stage::MoveSelect) {
    if (a.kind == ActionKind::End) {
      offer_combine();
      return;
    }
    if (a.kind == ActionKind::BreakDown) {
      break_down_unit(a.unit);
      return;
    }
    scratch_.selected = a.unit;  // Move or Enter
    offer_move_to();
    return;
  }
  // Stage::MoveTo
  Unit& u = *state_.unit(scratch_.selected);
  scratch_.done.push_back(u.id);
  const bool entering = u.status == UnitStatus::Pending;
  if (a.kind == ActionKind::Stay) {
    scratch_.reach_index.reset();
    Trace t{Trace::IdsOnly{}, catalog()};
    if (entering) t.cite("std:11.5"_rule, u.id + " delays its arrival");
    if (u.type == UnitType::Dummy && scratch_.reach.empty())
      for (const Unit& other : state_.units)
        if (&other != &u && other.on_map() && other.hex == u.hex) {
          // RULE std:16.1.3 — a Dummy that cannot leave the hex it came in on goes back to the pile (catalog ruling)
          t.cite("std:16.1.3"_rule, u.id + " cannot leave " + other.id + "'s hex: it returns to the Dummy pile");
          u.status = UnitStatus::Broken;
          u.hex = Hex{};
          u.set(UnitMarker::Hidden, false);
          note(u.id + " cannot move off and returns to the pile", t);
          offer_move_select();
          return;
        }
    note(u.id + (entering ? " stays off the map" : " stays in " + scenario_->map->name(u.hex)), t);
    scratch_.reach.clear();
    offer_move_select();
    return;
  }
  if (a.kind == ActionKind::IntoBox) {
    move_into_box(u, a.index);
    return;
  }
  if (a.kind == ActionKind::BuildCrossing) {
    build_crossing(u, a.hex);
    return;
  }
  const n20::ReachableHex& to = scratch_.reach[a.index];
  const std::string to_name = scenario_->map->name(to.hex);
  n20::MoveOptions o;
  o.forced_march = marched(u);
  o.entering = entering;
  o.march_position = entering ? scratch_.entered[u.entry] : 0;
  Trace t{Trace::IdsOnly{}, catalog()};
  // The position the reach was worked out on, unless this is a copy of the game that offered it.
  if (!scratch_.reach_index || &scratch_.reach_index->state() != &state_)
    scratch_.reach_index = index_of_position();
  n20::PathVerdict v = n20::check_path(*scratch_.reach_index, u, to.path, o, t);
  scratch_.reach_index.reset();
  if (!v.legal)
    throw std::logic_error("engine disagreement: reach offered " + to_name + " for " + u.id + " but the path check says " +
                           v.rule + ": " + v.reason);
  const std::string from = entering ? "off the map" : scenario_->map->name(u.hex);
  const Hex from_hex = u.hex;
  u.hex = to.hex;
  ++state_.counters.units_moved;
  if (!v.steps.empty() && v.steps.back().stop && (v.steps.back().stop->rule == "std:6.7" || v.steps.back().stop->rule == "std:11.4"))
    ++state_.counters.enemy_zocs_entered;
  if (entering) {
    u.status = UnitStatus::OnMap;
    ++scratch_.entered[u.entry];
  }
  if (v.guard.cost > 0) {
    // RULE std:12.2.1 — committing the Guard costs its side a morale point
    t.cite("std:12.2.1"_rule, u.id + " is committed: its side spends " + std::to_string(v.guard.cost) + " morale");
    change_morale(scenario_->rules->morale_track(u, state_), -v.guard.cost, t);
  }
  if (v.guard.reveals) u.set(UnitMarker::Hidden, false);
  {  // what the move changes for the game's own rules (crossings, who holds which hex)
    const Symbol id = u.id;
    scenario_->rules->after_move(*scenario_->map, id, from_hex, entering,
                                 std::vector<Hex>(to.path.begin(), to.path.end()), state_, t);
    scenario_->rules->settle_position(*scenario_->map, n20::N20Rules::Change::Move, state_, t);
    note(id + " moves from " + from + " to " + to_name, t);
  }
  scratch_.reach.clear();
  if (judge_decisive()) return;
  if (entering && offer_dummy_arrival(u.id)) return;
  offer_move_select();
}

// A unit goes into its game's holding box (Dresden's Meissen): first its move on the map to the
// exit hex, checked again with the trace on, then off the map into the box (one more unit moved).
void Game::move_into_box(Unit& u, std::uint32_t index) {
  Trace t{Trace::IdsOnly{}, catalog()};
  const bool entering = u.status == UnitStatus::Pending;
  const std::string from = entering ? "off the map" : scenario_->map->name(u.hex);
  if (index != kNoPath) {
    n20::MoveOptions o;
    o.forced_march = marched(u);
    if (!scratch_.reach_index || &scratch_.reach_index->state() != &state_) scratch_.reach_index = index_of_position();
    const n20::ReachableHex& to = scratch_.reach[index];
    n20::PathVerdict v = n20::check_path(*scratch_.reach_index, u, to.path, o, t);
    if (!v.legal)
      throw std::logic_error("engine disagreement: the holding box offered through " + scenario_->map->name(to.hex) +
                             " for " + u.id + " but the path check says " + v.rule + ": " + v.reason);
  }
  scratch_.reach_index.reset();
  scratch_.reach.clear();
  const Symbol id = u.id;
  scenario_->rules->enter_holding_box(id, state_, t);
  ++state_.counters.units_moved;
  scenario_->rules->settle_position(*scenario_->map, n20::N20Rules::Change::Move, state_, t);
  note(id + " leaves " + from + " into the holding box", t);
  if (judge_decisive()) return;
  offer_move_select();
}

// A unit builds its game's crossing as its whole move (Dresden's pontoon, dresden:6.0): the
// Guard commitment of entering that hex (std:12.2.1), then the crossing built and the move
// made by the rule set, then what the move changes (after_move, settle_position).
void Game::build_crossing(Unit& u, Hex to) {
  Trace t{Trace::IdsOnly{}, catalog()};
  scratch_.reach_index.reset();
  scratch_.reach.clear();
  const Symbol id = u.id;
  const Hex from = u.hex;
  const std::string from_name = scenario_->map->name(from), to_name = scenario_->map->name(to);
  const n20::GuardCommitment g = n20::guard_commitment_of(*scenario_->rules, *scenario_->map, state_, u, {to}, t);
  scenario_->rules->build_crossing(*scenario_->map, state_, id, to, t);
  Unit& moved = *state_.unit(id);
  if (g.cost > 0) {
    t.cite("std:12.2.1"_rule, moved.id + " is committed: its side spends " + std::to_string(g.cost) + " morale");
    change_morale(scenario_->rules->morale_track(moved, state_), -g.cost, t);
  }
  if (g.reveals) moved.set(UnitMarker::Hidden, false);
  Trace silent(Trace::Off{}, catalog());
  if (n20::in_enemy_zoc(*scenario_->rules, *scenario_->map, state_, moved, silent)) ++state_.counters.enemy_zocs_entered;
  scenario_->rules->after_move(*scenario_->map, id, from, false, {to}, state_, t);
  scenario_->rules->settle_position(*scenario_->map, n20::N20Rules::Change::Move, state_, t);
  note(id + " builds the pontoon from " + from_name + " to " + to_name, t);
  if (judge_decisive()) return;
  offer_move_select();
}

// ---- Optional rule 16.7: Cadres.

void Game::break_down_unit(Symbol id) {
  Trace t{Trace::IdsOnly{}, catalog()};
  n20::CadreVerdict v = n20::break_down(*scenario_->rules, state_, id, false, t);
  if (!v.legal) throw std::logic_error("engine disagreement: breakdown of " + id + " offered but refused: " + v.reason);
  state_ = std::move(v.after);
  scratch_.done.push_back(id);
  note(id + " breaks down into " + v.cadres[0] + " and " + v.cadres[1], t);
  if (judge_decisive()) return;
  offer_move_select();
}

// As the Movement Phase ends, each pair of the phasing side's Cadres sharing a hex may combine
// into an eliminated large unit of the lowest strength (std:16.7.2); "no" leaves them stacked.
void Game::offer_combine() {
  stage_ = Stage::PhaseEnd;
  if (!scenario_->rules->on(n20::Optional::Cadres)) return;
  Decision d{.kind = DecisionKind::Combine, .rule = "std:16.7.2", .prompt = "combine two stacked Cadres into a large unit?"};
  Trace silent(Trace::Off{}, catalog());
  const auto& units = state_.units;
  for (std::size_t i = 0; i < units.size(); ++i)
    for (std::size_t j = i + 1; j < units.size(); ++j) {
      const Unit& a = units[i];
      const Unit& b = units[j];
      if (a.side != state_.phasing || b.side != a.side || a.type != UnitType::Cadre || b.type != UnitType::Cadre ||
          !a.on_map() || !b.on_map() || !(a.hex == b.hex))
        continue;
      const n20::CadreVerdict v = n20::combine(*scenario_->rules, state_, a.id, b.id, "", silent);
      if (!v.legal) continue;
      for (const auto& pick : v.choices) d.add({.kind = ActionKind::Combine, .units = {a.id, b.id, Symbol(pick)}});
    }
  if (d.size() == 0) return;
  d.add_first({.kind = ActionKind::No});
  stage_ = Stage::Combine;
  offer(std::move(d));
}

void Game::apply_combine(const Action& choice) {
  if (choice.kind == ActionKind::No) {
    stage_ = Stage::PhaseEnd;
    return;
  }
  const Symbol a = choice.units[0], b = choice.units[1], pick = choice.units[2];
  Trace t{Trace::IdsOnly{}, catalog()};
  n20::CadreVerdict v = n20::combine(*scenario_->rules, state_, a, b, pick, t);
  if (!v.legal)
    throw std::logic_error("engine disagreement: " + to_text(choice, *scenario_->map) + " offered but refused: " + v.reason);
  state_ = std::move(v.after);
  note(a + " and " + b + " combine into " + pick, t);
  offer_combine();
}

// ---- Reaction Phase: the non-phasing side's cavalry (std:8.0).

void Game::offer_react_select() {
  stage_ = Stage::ReactSelect;
  const std::string reacting = other(state_.phasing);
  Decision d{.kind = DecisionKind::ReactSelect, .side = reacting, .rule = "std:8.0",
             .prompt = "which unit reacts next (or end the Reaction Phase)?"};
  d.add(ActionKind::End);
  Trace silent(Trace::Off{}, catalog());
  const n20::N20Rules& rules = *scenario_->rules;
  for (const Unit& u : state_.units) {
    if (u.side != reacting || !u.on_map() || contains(scratch_.done, u.id)) continue;
    if (!rules.may_countercharge(u, silent) && !rules.may_disengage(u, silent)) continue;
    n20::ReactionOptions o = n20::reaction_options(rules, *scenario_->map, state_, u, silent);
    if (o.may_countercharge || o.may_disengage || o.may_penetrate)
      d.add({.kind = ActionKind::React, .unit = u.id});
  }
  if (d.size() == 1) {
    stage_ = Stage::PhaseEnd;
    return;
  }
  offer(std::move(d));
}

void Game::offer_react() {
  stage_ = Stage::React;
  const Unit& u = *state_.unit(scratch_.selected);
  Trace silent(Trace::Off{}, catalog());
  n20::ReactionOptions o = n20::reaction_options(*scenario_->rules, *scenario_->map, state_, u, silent);
  Decision d{.kind = DecisionKind::React, .side = u.side, .unit = u.id, .rule = "std:8.0", .prompt = "what does " + u.id + " do?"};
  d.add(ActionKind::None);
  if (o.may_countercharge)
    for (const auto& target : o.countercharge_targets)
      d.add({.kind = ActionKind::Countercharge, .unit = Symbol(target)});
  if (o.may_disengage)
    for (const auto& m : o.disengage_to) d.add({.kind = ActionKind::Disengage, .hex = m.hex});
  if (o.may_penetrate)
    for (const auto& m : o.penetrate_to) d.add({.kind = ActionKind::Penetrate, .hex = m.hex});
  offer(std::move(d));
}

void Game::apply_react(const Action& a) {
  if (stage_ == Stage::ReactSelect) {
    if (a.kind == ActionKind::End) {
      stage_ = Stage::PhaseEnd;
      return;
    }
    scratch_.selected = a.unit;  // React
    offer_react();
    return;
  }
  Unit& u = *state_.unit(scratch_.selected);
  scratch_.done.push_back(u.id);
  if (a.kind == ActionKind::None) {
    offer_react_select();
    return;
  }
  if (a.kind == ActionKind::Countercharge) {
    const std::string id = u.id;  // the reveal below replaces the state `u` lives in
    const std::string target = a.unit;
    n20::BattleDeclaration b;
    b.attackers = {id};
    b.defenders = {target};
    b.countercharge = true;
    if (scenario_->rules->on(n20::Optional::FogOfWar)) {
      // A countercharge is a declared battle too: its hidden units are revealed (std:16.1.1).
      Trace t{Trace::IdsOnly{}, catalog()};
      n20::Reveal r = n20::reveal_battles(*scenario_->rules, state_, {{b.attackers, b.defenders}}, t);
      state_ = std::move(r.after);
      if (!r.battles_called_off.empty()) {
        note(id + "'s countercharge against " + target + " is called off: only a Dummy was there", t);
        offer_react_select();
        return;
      }
      if (!t.entries().empty()) note("the countercharge's hidden units are revealed", t);
    }
    prepare_battle(b, id + " countercharges " + target);
    return;
  }
  // Disengagement (std:8.3) or penetration (std:16.2): hidden enemy cavalry that could stop it
  // is its owner's to reveal (std:16.1.1); otherwise the unit moves along the offered path.
  Trace quiet(Trace::Off{}, catalog());
  const n20::ReactionOptions o = n20::reaction_options(*scenario_->rules, *scenario_->map, state_, u, quiet);
  if (!o.hidden_could_stop.empty()) {
    scratch_.pending_reaction = a;
    Decision d{.kind = DecisionKind::Stop, .side = state_.phasing, .unit = u.id, .rule = "std:16.1.1",
               .prompt = "reveal hidden cavalry to stop " + u.id + "'s " + verb_of(a) + "?"};
    d.add(ActionKind::LetItGo);
    for (const auto& id : o.hidden_could_stop)
      d.add({.kind = ActionKind::StopWith, .unit = Symbol(id)});
    stage_ = Stage::Stop;
    offer(std::move(d));
    return;
  }
  react_move(a, {});
}

void Game::apply_stop(const Action& a) {
  const Action reaction = scratch_.pending_reaction;
  scratch_.pending_reaction = Action{};
  react_move(reaction, a.kind == ActionKind::LetItGo ? std::vector<std::string>{} : std::vector<std::string>{a.unit});
}

void Game::react_move(const Action& a, const std::vector<std::string>& stop_with) {
  Unit& u = *state_.unit(scratch_.selected);
  const bool disengage = a.kind == ActionKind::Disengage;
  Trace t{Trace::IdsOnly{}, catalog()};
  const n20::ReactionOptions o = n20::reaction_options(*scenario_->rules, *scenario_->map, state_, u, t, stop_with);
  if (!stop_with.empty()) {
    // RULE std:16.1.1 — hidden cavalry used to stop a Disengagement or Penetration is revealed
    n20::Reveal r = n20::reveal_at_will(*scenario_->rules, state_, stop_with, t);
    state_ = std::move(r.after);
  }
  Unit& mover = *state_.unit(scratch_.selected);
  const auto& moves = disengage ? o.disengage_to : o.penetrate_to;
  auto it = std::find_if(moves.begin(), moves.end(), [&](const n20::ReactionMove& m) { return m.hex == a.hex; });
  const bool allowed = (disengage ? o.may_disengage : o.may_penetrate) && it != moves.end();
  if (!allowed) {
    if (stop_with.empty())
      throw std::logic_error("engine disagreement: " + to_text(a, *scenario_->map) + " offered but not found again");
    note(mover.id + "'s " + verb_of(a) + " is stopped by " + stop_with.front() + ", revealed", t);
    offer_react_select();
    return;
  }
  const std::string from = scenario_->map->name(mover.hex);
  mover.hex = it->hex;
  note(mover.id + (disengage ? " disengages from " : " penetrates from ") + from + " to " + scenario_->map->name(a.hex), t);
  offer_react_select();
}

}  // namespace hexlaw::play
