// Owns: Leipzig's Fronts at work (see leipzig.h) — morale points bought per Allied army from
// its Front (forced marches leipzig:12.3, rallies leipzig:12.4), lulls per Front (leipzig:12.0's
// ruling), a Front brought to 0 (leipzig:12.1.2): its General Retreat (leipzig:12.7) with the
// retreats it leaves owed, its frozen value and its return to the track, and the Shattering
// of a Demoralized Front (leipzig:12.7.4). The state keeps it all as game markers:
//   demoralized-F, shattered-F, general-retreat-F (the span of the retreat),
//   general-retreat-owed-F (step 4 not yet made), general-retreat-until-F-T (its return turn).
#include <algorithm>
#include <stdexcept>

#include "engine/core/whole_number.h"
#include "engine/n20/games/leipzig.h"
#include "engine/n20/turn_end.h"
#include "engine/n20/zoc.h"

namespace hexlaw::n20 {
namespace {

const Symbol kFrench("french");

Symbol marker(const char* what, Symbol front) { return Symbol(std::string(what) + std::string(front)); }

// The turn a General Retreat's marker comes back, from its general-retreat-until-F-T marker.
std::optional<std::pair<Symbol, int>> until_marker(Symbol m, Symbol front) {
  const std::string prefix = "general-retreat-until-" + std::string(front) + "-";
  const std::string_view v = m.view();
  if (!v.starts_with(prefix)) return std::nullopt;
  const std::optional<int> turn = whole_number(v.substr(prefix.size()));
  if (!turn) return std::nullopt;
  return std::pair{m, *turn};
}

void add_marker(GameState& s, Symbol m) { s.set_marker(m, true); }  // kept sorted, as GameState requires

}  // namespace

// Every general-retreat-until-F-T marker names an Allied Front and a whole turn: one that does
// not would never bring its Front back (leipzig:12.7), so it is refused when the position is read.
std::string LeipzigRules::general_retreat_marker_problem(const GameState& s) {
  constexpr std::string_view kUntil = "general-retreat-until-";
  for (Symbol m : s.markers) {
    if (!m.view().starts_with(kUntil)) continue;
    bool read = false;
    for (const char* front : {"allied-north", "allied-south"}) read = read || until_marker(m, Symbol(front)).has_value();
    if (!read)
      return "marker '" + m.str() + "': a General Retreat's return is written general-retreat-until-FRONT-TURN, FRONT "
             "allied-north or allied-south, TURN a whole number (leipzig:12.7)";
  }
  return "";
}

// Every Leipzig switch reading the catalog records is implemented (leipzig.general_retreat_return_value
// = 0 included): nothing to refuse.
void LeipzigRules::check_choice(const RulesetChoice& choice) { (void)choice; }

// A Front back on the track at 0 (leipzig.general_retreat_return_value = 0) stands there without
// collapsing again until it has risen above 0 (game marker general-retreat-returned-F, cleared
// as soon as a boundary finds the Front above 0).
bool LeipzigRules::morale_zero_stands(Symbol track, const GameState& s) const {
  if (N20Rules::morale_zero_stands(track, s)) return true;
  return track != kFrench && s.has_marker(marker("general-retreat-returned-", track));
}

// Clears the returned-at-0 markers of Fronts now above 0 (see morale_zero_stands).
void clear_risen_fronts(GameState& s) {
  std::erase_if(s.markers, [&](Symbol m) {
    if (!m.view().starts_with("general-retreat-returned-")) return false;
    const Symbol front(m.view().substr(std::string("general-retreat-returned-").size()));
    const auto* now = s.morale.find(front);
    return now != s.morale.end() && now->second > 0;
  });
}

// RULE leipzig:12.3 — a forced march is bought per Allied army, a point from its Front; army-less units get none
// RULE leipzig:12.4 — a rally bonus is bought per Allied army, a point from its Front; army-less units get none
std::optional<Symbol> LeipzigRules::spending_group(const Unit& u, Spending what, const GameState& s, Trace& t) const {
  // RULE leipzig:16.11 — Tired: optional: a Tired (or worse) unit has no forced march bonus
  if (what == Spending::ForcedMarch && fatigue_level(u, s) >= 2) {
    t.cite("leipzig:16.11"_rule, [&] { return u.id + " is Tired or worse: no forced march bonus"; });
    return std::nullopt;
  }
  if (u.side == kFrench) return Symbol();
  const char* rule = what == Spending::ForcedMarch ? "leipzig:12.3" : "leipzig:12.4";
  const char* bought = what == Spending::ForcedMarch ? "forced march" : "rally bonus";
  if (front_of(u).empty()) {
    t.cite(rule, [&] { return u.id + " belongs to no army: it can have no " + std::string(bought); });
    return std::nullopt;
  }
  t.cite(rule, [&] { return u.id + "'s " + bought + " is army " + u.army + "'s, bought from the " + front_of(u) + " Front"; });
  return u.army;
}

// RULE leipzig:12.7 — while a Front makes its General Retreat its value stays 0: its gains and losses are ignored (catalog ruling)
bool LeipzigRules::morale_frozen(Symbol track, const GameState& s, Trace& t) const {
  if (track == kFrench || !s.has_marker(marker("general-retreat-", track))) return false;
  t.cite("leipzig:12.7"_rule, [&] { return track + " Front is in General Retreat: its value stays 0, the change is ignored"; });
  return true;
}

// Step A. The French at 0: the victory judgement, before any General Retreat step (leipzig:12.1.2
// ruling). Step B. A Front already in General Retreat: nothing. Step C. A Demoralized Front at 0
// again is Shattered (leipzig:12.7.4). Step D. The other Front Demoralized already: both are,
// and the French win (leipzig:15.0 ruling; the retreat is not made). Step E. The General
// Retreat, steps 1-3 (leipzig:12.7): the marker six turns ahead, Demoralized, French +1; step 4
// is left owed.
// RULE leipzig:12.1.2 — an Allied Front at 0 the first time begins a General Retreat instead of losing; the second time it is Shattered
// RULE leipzig:12.7.4 — a Demoralized Front at 0 again is Shattered: the French win at once
// RULE leipzig:12.7 — steps 1-3 of the General Retreat: the marker six turns ahead, French +1; step 4 left owed
LeipzigRules::Collapse LeipzigRules::morale_collapse(Symbol track, GameState& s, Trace& t) const {
  if (track == kFrench) return Collapse::Defeat;
  // Step A.
  if (auto it = s.morale.find(kFrench); it != s.morale.end() && it->second <= 0) {
    t.cite("leipzig:12.1.2"_rule, "the French are at 0 too: victory is judged before any General Retreat step");
    return Collapse::Defeat;
  }
  // Step B. (A Front back at 0 that has not risen since is not "again reduced to zero".)
  if (s.has_marker(marker("general-retreat-", track))) return Collapse::Frozen;
  clear_risen_fronts(s);
  // Said by no citation: a played game asks this of every track at 0 after each step.
  if (s.has_marker(marker("general-retreat-returned-", track))) return Collapse::Frozen;
  // Step C.
  if (s.has_marker(marker("demoralized-", track))) {
    add_marker(s, marker("shattered-", track));
    t.cite("leipzig:12.1.2"_rule, [&] { return track + " Front reaches 0 a second time"; });
    t.cite("leipzig:12.7.4"_rule, [&] { return track + " Front was Demoralized: it is Shattered, the French win"; });
    return Collapse::Defeat;
  }
  t.cite("leipzig:12.1.2"_rule, [&] { return track + " Front reaches 0 for the first time: no defeat, a General Retreat"; });
  add_marker(s, marker("demoralized-", track));
  // Step D.
  for (const auto& [other, points] : s.morale)
    if (other != kFrench && other != track && s.has_marker(marker("demoralized-", other))) {
      t.cite("leipzig:15.0"_rule, [&] { return "both Fronts are now Demoralized: the game ends, the retreat is not made"; });
      return Collapse::Defeat;
    }
  // Step E.
  const int back = s.turn + 6;
  add_marker(s, marker("general-retreat-", track));
  add_marker(s, Symbol("general-retreat-until-" + std::string(track) + "-" + std::to_string(back)));
  add_marker(s, marker("general-retreat-owed-", track));
  add_marker(s, marker("general-retreat-zoc-pending-", track));
  s.morale[track] = 0;
  int& french = s.morale[kFrench];
  const int before = french;
  french = std::min(10, french + 1);
  t.cite("leipzig:12.7"_rule, [&] {
    return track + " Front's marker goes to turn " + std::to_string(back) + " (six turns ahead), Demoralized side up; French " +
           std::to_string(before) + " -> " + std::to_string(french) + "; every unit of the Front owes a retreat of its printed "
           "allowance";
  });
  return Collapse::GeneralRetreat;
}

// RULE leipzig:12.7 — step 4: every on-map unit of the Front retreats its full printed Movement Allowance
std::vector<N20Rules::OwedRetreat> LeipzigRules::owed_retreats(const GameState& s, Trace& t) const {
  std::vector<OwedRetreat> out;
  // Leader Discretion's one hex (leipzig:16.12), owed by each Leader marked leader-discretion-ID.
  for (Symbol mk : s.markers)
    if (mk.view().starts_with("leader-discretion-"))
      if (const Unit* l = s.unit(mk.view().substr(18)); l && l->on_map()) {
        out.push_back({l->id, 1, "leipzig:16.12"});
        t.cite("leipzig:16.12"_rule, [&] { return l->id + " retreats one hex (Leader Discretion)"; });
      }
  // An army-less Allied Cadre belongs to the Front of the army it came from where the position
  // records it (leipzig.cadre_front = origin, the marker cadre-army:ID=ARMY), and retreats with
  // that Front; under the battle reading it belongs to no Front between battles and owes none.
  Trace silent(Trace::Off{}, catalog());
  auto front_for = [&](const Unit& u) {
    Unit as = u;
    as.army = army_for_front(u, s, silent);
    return front_of(as);
  };
  for (const auto& [track, points] : s.morale) {
    if (track == kFrench || !s.has_marker(marker("general-retreat-owed-", track))) continue;
    for (const Unit& u : s.units)
      if (u.on_map() && u.side != kFrench && front_for(u) == track) {
        out.push_back({u.id, u.movement, "leipzig:12.7"});
        t.cite("leipzig:12.7"_rule, [&] { return u.id + " retreats " + std::to_string(u.movement) + " hexes (its printed allowance)"; });
      }
  }
  return out;
}

void LeipzigRules::owed_retreats_done(GameState& s, Trace& t) const {
  (void)t;
  std::erase_if(s.markers, [](Symbol m) {
    return m.view().starts_with("general-retreat-owed-") || m.view().starts_with("leader-discretion-");
  });
}

// Step A. A General Retreat whose marker's turn has come ends: the Front is back on the track,
// Demoralized side up, at the value of leipzig.general_retreat_return_value: 1, or 0 (marked
// general-retreat-returned-F until it rises above 0, see morale_zero_stands).
// RULE leipzig:12.7 — the General Retreat lasts until the marker's turn (six turns); the Front returns at 1, or at 0 by leipzig.general_retreat_return_value (catalog ruling; 12.7.3 unprinted)
void LeipzigRules::at_phase_start(Phase p, GameState& s, DiceSource& dice, Trace& t) const {
  place_late_fronts(s, t);  // the North Front marker on Turn 7 (leipzig:3.0.3; leipzig_setup.cc)
  if (p == Phase::Movement) arrival_rolls(s, dice, t);  // leipzig:11.7, 11.8.3 (leipzig_arrivals.cc)
  // A unit off the map carries no fatigue (leipzig:16.11's ruling): markers left by units broken
  // or eliminated since (outside a battle too) go as each phase opens.
  std::erase_if(s.markers, [&](Symbol m) {
    if (!m.view().starts_with("fatigue-")) return false;
    const std::string_view rest = m.view().substr(8);
    const auto dash = rest.find('-');
    if (dash == std::string_view::npos) return false;
    const Unit* u = s.unit(rest.substr(dash + 1));
    return u && !u->on_map();
  });
  clear_risen_fronts(s);  // a Front back at 0 that has since risen may be reduced to 0 again
  // The first French Player Turn after a collapse opens: the ZOC restriction applies in it.
  if (p == Phase::RandomEvents && s.phasing == kFrench)
    for (Symbol& m : s.markers)
      if (m.view().starts_with("general-retreat-zoc-pending-")) {
        m = Symbol("general-retreat-zoc-" + std::string(m.view().substr(std::string("general-retreat-zoc-pending-").size())));
        t.cite("leipzig:12.7"_rule, [&] { return "this French Player Turn only French cavalry may enter the ZOCs of the " +
                                            std::string(m.view().substr(20)) + " Front's units"; });
      }
  for (auto& [track, points] : s.morale) {
    if (track == kFrench) continue;
    for (Symbol m : std::vector<Symbol>(s.markers)) {
      auto until = until_marker(m, track);
      if (!until || s.turn < until->second) continue;
      std::erase(s.markers, m);
      std::erase(s.markers, marker("general-retreat-", track));
      points = readings().leipzig_general_retreat_returns_at_zero ? 0 : 1;
      if (points == 0) add_marker(s, marker("general-retreat-returned-", track));
      t.cite("leipzig:12.7"_rule, [&, &track = track, &points = points] { return "turn " + std::to_string(s.turn) + ": " + track +
                                          " Front's General Retreat ends; it is back on the track at " +
                                          std::to_string(points) + ", Demoralized (leipzig.general_retreat_return_value)"; });
    }
  }
}

void LeipzigRules::at_player_turn_end(std::string_view side, GameState& s, DiceSource& dice, Trace& t) const {
  (void)dice, (void)t;
  arrivals_turn_end(side, s);  // a called Main Body's phase is over (leipzig_arrivals.cc)
  if (Symbol(side) != kFrench) return;
  std::erase_if(s.markers, [](Symbol m) {
    return m.view().starts_with("general-retreat-zoc-") && !m.view().starts_with("general-retreat-zoc-pending-");
  });
  // The French command limit's count (leipzig:7.7) starts afresh each French Movement Phase.
  std::erase_if(s.markers, [](Symbol m) { return m.view().starts_with("zoc-entry-"); });
}

// RULE leipzig:12.7 — the example's stated effect (12.7.2 unprinted): in the French Player Turn after the collapse only French cavalry enter that Front's ZOCs
// RULE leipzig:16.11 — Spent: optional: a Spent unit may not enter an enemy ZOC by movement
const char* LeipzigRules::forbids_zoc_entry(const Unit& u, const Map& m, Hex h, const GameState& s) const {
  if (fatigue_level(u, s) >= 4) return "leipzig:16.11";
  if (const char* limit = command_limit_forbids(u, m, s)) return limit;
  if (u.side != kFrench || u.type == UnitType::Cavalry) return nullptr;
  Trace silent(Trace::Off{}, catalog());
  for (Symbol mk : s.markers) {
    if (!mk.view().starts_with("general-retreat-zoc-") || mk.view().starts_with("general-retreat-zoc-pending-")) continue;
    const Symbol front(std::string(mk.view().substr(std::string("general-retreat-zoc-").size())));
    for (const Unit& e : s.units)
      if (e.on_map() && e.side != kFrench && front_of(e) == front && distance(e.hex, h) == 1 &&
          exerts_zoc_into(*this, m, s, e, h, silent))
        return "leipzig:12.7";
  }
  return nullptr;
}

// Step A. The French: the standard lull, compared with the higher Front (a Front in General
// Retreat counts 0). Step B. Each Allied Front on the track on its own: its units on the map,
// none of its armies force-marched, none of its units in a battle, fewer than 6 points or no
// more than the French; a Front in General Retreat gains nothing.
// RULE leipzig:12.0 — lulls per Front: each Front gains on its own facts; the French compare with the higher Front (catalog ruling)
LullVerdict LeipzigRules::judge_lull(const Map& m, const GameState& s, const std::string& side, const TurnFacts& facts,
                                     Trace& t) const {
  // Step A.
  if (Symbol(side) == kFrench) {
    GameState view = s;
    int higher = 0;
    for (const auto& [track, points] : s.morale)
      if (track != kFrench) higher = std::max(higher, s.has_marker(marker("general-retreat-", track)) ? 0 : points);
    view.morale.clear();
    view.morale[kFrench] = s.morale.count(kFrench) ? s.morale.at(kFrench) : 0;
    view.morale[Symbol("allied")] = higher;
    t.cite("leipzig:12.0"_rule, [&] { return "the French lull compares with the higher Allied Front (" + std::to_string(higher) + ")"; });
    return standard_lull(*this, m, view, side, facts, t);
  }
  // Step B.
  LullVerdict out;
  out.rule = "leipzig:12.0";
  for (const auto& [track, points] : s.morale) {
    if (track == kFrench) continue;
    const std::string name(track);
    if (morale_frozen(track, s, t)) {
      out.reason += (out.reason.empty() ? "" : "; ") + name + ": in General Retreat";
      continue;
    }
    GameState view = s;
    std::erase_if(view.units, [&, &track = track](const Unit& u) { return u.side != kFrench && front_of(u) != track; });
    view.morale.clear();
    view.morale[kFrench] = s.morale.count(kFrench) ? s.morale.at(kFrench) : 0;
    view.morale[Symbol(side)] = points;
    TurnFacts front = facts;
    // Per-Front facts where given; a side-wide fact alone is taken to hold for every Front.
    if (!facts.forced_march_tracks.empty() || !facts.battle_tracks.empty()) {
      front.forced_march = facts.forced_march_tracks.count(name) > 0;
      front.battle_die_rolled = facts.battle_tracks.count(name) > 0;
    }
    t.cite("leipzig:12.0"_rule, [&] { return "the lull is judged for the " + name + " Front on its own"; });
    LullVerdict v = standard_lull(*this, m, view, side, front, t);
    out.reason += (out.reason.empty() ? "" : "; ") + name + ": " + v.reason;
    if (v.gains) {
      out.gains = true;
      out.tracks.push_back(name);
    }
  }
  return out;
}

}  // namespace hexlaw::n20
