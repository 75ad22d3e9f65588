// Owns: the sequence of play (see sequence.h).
#include "engine/n20/sequence.h"

#include <stdexcept>

namespace hexlaw::n20 {
namespace {

constexpr const char* kPhaseNames[] = {"random-events", "movement", "reaction", "combat", "night-operations"};

}  // namespace

const char* phase_name(Phase p) { return kPhaseNames[static_cast<int>(p)]; }

Phase parse_phase(const std::string& name) {
  for (int i = 0; i < 5; ++i)
    if (name == kPhaseNames[i]) return static_cast<Phase>(i);
  throw std::invalid_argument("unknown phase '" + name +
                              "' (expected random-events, movement, reaction, combat or night-operations)");
}

void check_position(const Calendar& cal, const SequencePosition& at) {
  if (cal.first.empty() || cal.second.empty() || cal.first == cal.second)
    throw std::invalid_argument("the First and Second Players must be two different sides");
  if (cal.last_turn < 1) throw std::invalid_argument("the last turn must be 1 or later");
  if (at.turn < 1 || at.turn > cal.last_turn)
    throw std::invalid_argument("turn " + std::to_string(at.turn) + " is outside the game (turns 1-" +
                                std::to_string(cal.last_turn) + ")");
  if (at.player_turn != 1 && at.player_turn != 2)
    throw std::invalid_argument("the Player Turn must be 1 (First) or 2 (Second)");
  if (at.phase == Phase::NightOperations && !cal.is_night(at.turn))
    throw std::invalid_argument("turn " + std::to_string(at.turn) + " is a day turn: it has no Night Operations");
}

// The phases come from the rule set (N20Rules::player_turn_phases, std:4.0 by default).
std::vector<Phase> player_turn_phases(const N20Rules& rules, const Calendar& cal, int turn) {
  return rules.player_turn_phases(cal, turn);
}

bool next_position(const N20Rules& rules, const Calendar& cal, const SequencePosition& at, SequencePosition& next) {
  check_position(cal, at);
  const auto phases = player_turn_phases(rules, cal, at.turn);
  next = at;
  // Step A. The next phase of this Player Turn.
  for (std::size_t i = 0; i + 1 < phases.size(); ++i)
    if (phases[i] == at.phase) {
      next.phase = phases[i + 1];
      return true;
    }
  // Step B. The Second Player Turn follows the First.
  next.phase = Phase::RandomEvents;
  if (at.player_turn == 1) {
    next.player_turn = 2;
    return true;
  }
  // Step C. A new Game Turn, unless this was the last.
  if (at.turn == cal.last_turn) return false;
  next.turn = at.turn + 1;
  next.player_turn = 1;
  return true;
}

// Step A. Who is phasing and who acts. Step B. The phase's own permissions and duties. Step C.
// What closes the phase: the Player Turn's end (lull, rout recovery), the night's reshuffle, the
// game's end.
PhaseReport describe(const N20Rules& rules, const Calendar& cal, const SequencePosition& at, const GameState& state,
                     Trace& trace) {
  check_position(cal, at);
  PhaseReport r;
  r.at = at;
  r.night = cal.is_night(at.turn);
  // Step A.
  r.phasing = at.player_turn == 1 ? cal.first : cal.second;
  const std::string other = at.player_turn == 1 ? cal.second : cal.first;
  r.acting = at.phase == Phase::Reaction ? other : r.phasing;
  trace.cite("std:4.0"_rule, [&] {
    return "turn " + std::to_string(at.turn) + (r.night ? " (night)" : "") + ", " +
           (at.player_turn == 1 ? "First" : "Second") + " Player Turn (" + r.phasing + "), " + phase_name(at.phase) +
           " phase: " + r.acting + " acts";
  });
  auto may = [&](std::string what, const char* rule) { r.may.push_back({std::move(what), rule}); };
  auto must = [&](std::string what, const char* rule) { r.must.push_back({std::move(what), rule}); };
  auto on_close = [&](std::string what, const char* rule) { r.on_close.push_back({std::move(what), rule}); };
  // Step B.
  switch (at.phase) {
    case Phase::RandomEvents:
      if (rules.skips_random_events(r.phasing, at.turn, state, trace)) {
        r.may.push_back({"nothing: this side draws no Random Event on this turn", rules.game() + ":5.0"});
        break;
      }
      // RULE std:5.0 (part: the draw opens every Player Turn) — the draw itself is draw_event (events.h)
      must("draw the top Random Event card and apply it (the French take the top event, their enemy the bottom)",
           "std:5.0");
      trace.cite("std:5.0"_rule, "the Player Turn opens with a Random Event draw");
      break;
    case Phase::Movement:
      may("move any, all or none of the phasing side's units", "std:6.0");
      may("bring on reinforcements that are due", "std:11.0");
      may("Force March, at a morale point per use", "std:12.3");
      trace.cite("std:6.0"_rule, "the phasing side moves in its Movement Phase");
      if (r.night) {
        must("move each unit at most 1 hex; there are no zones of control at night", "std:14.0");
        trace.cite("std:14.0"_rule, "night: allowance 1, no ZOCs");
      }
      break;
    case Phase::Reaction:
      trace.cite("std:8.0"_rule, "the non-phasing side's cavalry may react");
      if (r.night) {
        trace.cite("std:14.0"_rule, "night: no battles, so no Countercharges");
        if (!rules.readings().night_disengagement_forbidden) {
          may("Disengage cavalry adjacent to an enemy one hex (reaction.night_disengagement=allowed)", "std:8.3");
          trace.cite("std:8.3"_rule, "reaction.night_disengagement=allowed: disengagement is still open at night");
        } else {
          trace.cite("std:8.3"_rule, "reaction.night_disengagement=forbidden: no Reaction-Phase movement at night");
        }
      } else {
        may("make Reaction Maneuvers with cavalry", "std:8.0");
        may("Countercharge adjacent enemy units", "std:8.1");
        may("Disengage cavalry from adjacent enemy units", "std:8.3");
      }
      break;
    case Phase::Combat:
      if (r.night) {
        must("fight no battles: there is no combat at night", "std:14.0");
        trace.cite("std:14.0"_rule, "night: no battles");
      } else {
        must("attack with every phasing unit in an enemy ZOC, and attack every enemy unit in a phasing ZOC",
             "std:9.1");
        may("attack any other adjacent enemy units", "std:9.0");
        may("commit one reserve morale point to a battle", "std:12.5");
        trace.cite("std:9.0"_rule, "the phasing side fights its battles");
      }
      break;
    case Phase::NightOperations:
      // RULE std:14.0 — Night Operations in order: rally, morale for captured LOCs and objectives,
      // rest, then reconcealment when fog of war (16.1) is used; the reshuffle closes the night
      may("Rally broken units", "std:10.0");
      must("the enemy loses a morale point if two or more of its LOC hexes are occupied, and one per occupied "
           "objective hex of its own",
           "std:14.0");
      must("recover one morale point from rest", "std:14.0");
      trace.cite("std:14.0"_rule, "night operations: rally, captured LOCs and objectives, rest");
      if (rules.on(Optional::FogOfWar)) {
        must("reconceal every unit and put the Dummies back on the map", "std:16.1");
        trace.cite("std:16.1"_rule, "fog of war is in use: reconceal after the night");
      }
      break;
  }
  // Step C.
  const auto phases = player_turn_phases(rules, cal, at.turn);
  const bool ends_player_turn = phases.back() == at.phase;
  if (ends_player_turn) {
    if (!r.night) {
      on_close("check whether " + r.phasing + " gains a morale point from a lull", "std:13.0");
      trace.cite("std:13.0"_rule, "the Player Turn ends: a lull may grant a point");
    }
    if (rules.on(Optional::RoutedUnits)) {
      on_close("Routed units outside enemy ZOCs recover", "std:16.5.3");
      trace.cite("std:16.5.3"_rule, "the Player Turn ends: rout recovery");
    }
    if (r.night && at.player_turn == 2) {
      on_close("reshuffle the Random Event cards into a new draw pile", "std:5.0");
      trace.cite("std:5.0"_rule, "after the Second Player's night turn the deck is reshuffled");
    }
  }
  SequencePosition next;
  if (!next_position(rules, cal, at, next)) {
    r.last_phase_of_game = true;
    on_close("the last Game Turn ends: judge victory", "std:15.0");
    trace.cite("std:15.0"_rule, "the last Game Turn ends: victory is judged");
  }
  return r;
}

}  // namespace hexlaw::n20
