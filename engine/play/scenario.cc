// Owns: reading and checking scenarios (see scenario.h).
#include "engine/play/scenario.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "engine/core/symbol_limits.h"
#include "engine/core/errors.h"
#include "engine/n20/setup.h"
#include "engine/n20/position_reader.h"
#include "engine/n20/sequence_readers.h"

namespace hexlaw::play {

// Step C. Calendar and sides. Step D. Morale tracks. Step E. The set-up check (std:3.0). Step
// F. The event deck.
void complete_scenario(Scenario& scenario, const ScenarioFields& where) {
  Scenario* sc = &scenario;
  // Step C.
  for (const char* k : {"turn", "phase", "phasing", "night"})
    if (where.state[k].present())
      where.state[k].fail("a game starts at turn 1 (or the calendar's first_turn) with the First Player's "
                          "Random Events: give only morale, weather and markers");
  const CaseField& cal = where.calendar;
  if (!cal.is_map()) cal.fail("expected {first, second, last_turn, night_turns}");
  cal.expect_keys({"first", "second", "first_turn", "last_turn", "night_turns", "weather"});
  sc->calendar = read_calendar(cal);
  if (const auto [side, rule] = sc->rules->first_player(); !side.empty() && sc->calendar.first != side)
    cal["first"].fail("the First Player is " + side + " in this game (" + rule + ")");
  std::set<std::string> sides;
  for (std::size_t i = 0; i < sc->initial.units.size(); ++i) {
    const Unit& u = sc->initial.units[i];
    if (u.side != sc->calendar.first && u.side != sc->calendar.second)
      where.units.at(i)["side"].fail("side '" + u.side + "' is neither the First Player's (" + sc->calendar.first +
                                       ") nor the Second's (" + sc->calendar.second + ")");
    sides.insert(u.side);
  }
  for (const std::string& s : {sc->calendar.first, sc->calendar.second})
    if (!sides.count(s)) cal.fail("side '" + s + "' has no units");
  sc->french = where.french.str_or(sc->calendar.first);
  if (sc->french != sc->calendar.first && sc->french != sc->calendar.second)
    where.french.fail("the French side must be the First or the Second Player");
  {
    Trace silent(Trace::Off{}, sc->rules->catalog());
    if (const char* rule = sc->rules->first_player_rule(sc->calendar.first, sc->french, silent))
      cal["first"].fail(std::string("this game's First Player is fixed by its exclusive rules (") + rule +
                        "): not the side '" + sc->calendar.first + "'");
  }
  // Step D.
  // One track a side at least, and every unit's track present (Leipzig's Allies keep two Fronts).
  if (sc->initial.morale.size() < 2)
    where.state["morale"].fail("a played game needs a morale track for each side (two or more tracks)");
  // A track the scenario brings on later (morale-track-later:TRACK=TURN@VALUE: Leipzig's North
  // Front on Turn 7, leipzig:3.0.3) may be absent while each of its units is still due no earlier.
  std::vector<LateTrack> later_tracks;
  try {
    later_tracks = late_tracks(sc->initial);
  } catch (const std::invalid_argument& e) {
    where.state["markers"].fail(e.what());
  }
  for (const LateTrack& l : later_tracks) {
    if (sc->initial.morale.count(l.track))
      where.state["markers"].fail("track '" + l.track.str() + "' comes on later (morale-track-later): leave it out of "
                                  "the starting morale");
    if (l.turn <= sc->calendar.first_turn)
      where.state["markers"].fail("track '" + l.track.str() + "' comes on later than the first turn or not at all");
  }
  for (std::size_t i = 0; i < sc->initial.units.size(); ++i) {
    const Unit& u = sc->initial.units[i];
    const std::string track = sc->rules->morale_track(u, sc->initial);
    if (sc->initial.morale.count(track)) continue;
    int later = 0;
    for (const LateTrack& l : later_tracks)
      if (l.track == Symbol(track)) later = l.turn;
    if (later == 0) where.state["morale"].fail("no starting morale for track '" + track + "' (unit " + u.id + ")");
    if (u.status != UnitStatus::Pending || u.arrival_turn < later)
      where.units.at(i).fail("track '" + track + "' comes onto the Morale Track only on turn " + std::to_string(later) +
                             ": its unit " + u.id + " may only be a reinforcement due then or later");
  }
  for (const auto& [track, points] : sc->initial.morale)
    if (points < 0 || points > 10) where.state["morale"][track].fail("morale lies within 0..10 (std:12.1.1)");
  sc->initial.turn = sc->calendar.first_turn;
  sc->initial.phase = "random-events";
  sc->initial.phasing = sc->calendar.first;
  sc->initial.night = sc->calendar.is_night(sc->calendar.first_turn);
  // Step E.
  // Map data a rule in use needs and the sources lack (the Leipzig hexes of leipzig:16.10): a
  // game would stop at the rule's first check, so it is refused here, before play.
  for (const auto& need : sc->rules->places_a_game_needs())
    if (sc->map->place(need.place).empty())
      where.map["places"].fail("a played game under " + need.rule + " needs the hexes of '" + need.place +
                               "' (map.places." + need.place + "): " + need.why);
  Trace silent(Trace::Off{}, sc->rules->catalog());
  n20::SetupVerdict setup = n20::check_setup(*sc->rules, *sc->map, sc->initial, sc->french, silent);
  if (!setup.legal) {
    const auto& p = setup.problems.front();
    where.units.fail("illegal set-up (" + p.rule + "): " + (p.unit.empty() ? "" : p.unit + ": ") + p.reason);
  }
  // A unit set aside for an event (jena:3.1, jena:3.2) is never due by schedule: in a played
  // game its arrival turn must lie after the calendar's last turn, or the schedule would bring it.
  for (std::size_t i = 0; i < sc->initial.units.size(); ++i) {
    const Unit& u = sc->initial.units[i];
    const char* rule = sc->rules->only_an_event_brings(u, silent);
    if (rule && u.status == UnitStatus::Pending && u.arrival_turn <= sc->calendar.last_turn)
      where.units.at(i)["arrival_turn"].fail(u.id + " is set aside until an event brings it (" + rule +
                                             "): its arrival turn " + std::to_string(u.arrival_turn) +
                                             " falls within the calendar (last turn " +
                                             std::to_string(sc->calendar.last_turn) +
                                             "), so give one after the last turn");
  }
  // Step F.
  // The events are a list of cards (the draw pile), or {draw_pile, set_aside} where cards wait
  // to be shuffled in (Leipzig's Substitute cards, leipzig:3.0.6, leipzig:5.1).
  std::set<std::string> seen;
  const bool piles = where.events.present() && where.events.is_map();
  if (piles) where.events.expect_keys({"draw_pile", "set_aside"});
  const CaseField pile = piles ? where.events["draw_pile"] : where.events;
  sc->deck.draw_pile = read_event_cards(pile, seen);
  if (piles) sc->deck.set_aside = read_event_cards(where.events["set_aside"], seen);
  for (std::size_t i = 0; i < sc->deck.draw_pile.size(); ++i) {
    for (const auto* half : {&sc->deck.draw_pile[i].top, &sc->deck.draw_pile[i].bottom})
      for (const std::string& id : half->arrivals) {
        const Unit* u = sc->initial.unit(id);
        if (!u || u->status != UnitStatus::Pending)
          pile.at(i)["id"].fail("card '" + sc->deck.draw_pile[i].id + "' brings '" + id +
                                          "', which is not a pending reinforcement");
      }
  }
}

std::vector<LateTrack> late_tracks(const GameState& s) {
  static constexpr std::string_view kPrefix = "morale-track-later:";
  std::vector<LateTrack> out;
  for (Symbol m : s.markers) {
    if (!m.view().starts_with(kPrefix)) continue;
    const std::string_view rest = m.view().substr(kPrefix.size());
    const auto eq = rest.find('='), at = rest.find('@');
    const std::string bad = "marker '" + m.str() + "': written morale-track-later:TRACK=TURN@VALUE (turn 1..999, value 0..10)";
    if (eq == std::string_view::npos || at == std::string_view::npos || eq == 0 || at < eq) throw std::invalid_argument(bad);
    LateTrack l{Symbol(rest.substr(0, eq))};
    const std::string turn(rest.substr(eq + 1, at - eq - 1)), value(rest.substr(at + 1));
    const auto digits = [](const std::string& t) { return !t.empty() && t.size() <= 3 && t.find_first_not_of("0123456789") == std::string::npos; };
    if (!digits(turn) || !digits(value)) throw std::invalid_argument(bad);
    l.turn = std::stoi(turn);
    l.value = std::stoi(value);
    if (l.turn < 1 || l.value > 10) throw std::invalid_argument(bad);
    for (const LateTrack& o : out)
      if (o.track == l.track) throw std::invalid_argument("marker '" + m.str() + "': track '" + l.track.str() + "' comes on once");
    out.push_back(l);
  }
  return out;
}

std::vector<LateTrack> place_late_tracks(GameState& s) {
  std::vector<LateTrack> placed;
  for (const LateTrack& l : late_tracks(s))
    if (s.turn >= l.turn && !s.morale.count(l.track)) {
      s.morale[l.track] = l.value;
      placed.push_back(l);
    }
  return placed;
}

namespace {

// Step A. Shape. Step B. The position, read as a case file's. Steps C-F: complete_scenario.
std::shared_ptr<const Scenario> parse_root(std::shared_ptr<const Spec> spec, const CaseField& root,
                                           const std::string& text, const std::string& name) {
  if (!root.is_map()) root.fail("a scenario is a mapping (see docs/scenario-format.md)");
  // Step A.
  root.expect_keys({"name", "title", "description", "game", "printing", "options", "interpretations", "map", "units",
                    "state", "calendar", "french", "events"});
  auto sc = std::make_shared<Scenario>();
  sc->name = root["name"].str_or(name);
  sc->title = root["title"].str_or("");
  sc->text = text;
  // Step B.
  CasePosition pos = parse_position(root, std::move(spec));
  if (pos.refusal) throw *pos.refusal;  // a game cannot be played under a refused rule set
  sc->ruleset = std::move(pos.ruleset);
  sc->rules = std::move(pos.rules);
  sc->map = std::move(pos.map);
  sc->initial = std::move(pos.state);
  complete_scenario(*sc, {root.required("calendar"), root["french"], root["events"], root["units"], root["state"],
                          root["map"]});
  return sc;
}

}  // namespace

std::shared_ptr<const Scenario> load_scenario(std::shared_ptr<const Spec> spec, const std::string& path) {
  std::ifstream in(path);
  if (!in) throw CaseError(path, "", "cannot read the scenario file");
  std::stringstream buf;
  buf << in.rdbuf();
  try {
    return parse_root(std::move(spec), CaseField::load_text(buf.str(), path), buf.str(),
                      std::filesystem::path(path).stem().string());
  } catch (const NameLimitError& e) {
    throw NameLimitError(path, e.field(), e.reason());  // the interned-name table is full
  }
}

std::shared_ptr<const Scenario> parse_scenario_text(std::shared_ptr<const Spec> spec, const std::string& text,
                                                    const std::string& name) {
  try {
    return parse_root(std::move(spec), CaseField::load_text(text, name), text, name);
  } catch (const NameLimitError& e) {
    throw NameLimitError(name, e.field(), e.reason());  // the interned-name table is full
  }
}

}  // namespace hexlaw::play
