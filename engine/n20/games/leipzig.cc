// Owns: Leipzig's Fronts, LOCs and Leaders as overrides of the standard hooks (see leipzig.h).
#include "engine/n20/games/leipzig.h"

#include <algorithm>
#include <stdexcept>

#include "engine/n20/turn_end.h"
#include "engine/n20/victory.h"

namespace hexlaw::n20 {
namespace {

bool allied(const Unit& u) {
  static const Symbol kFrench("french");
  return u.side != kFrench;
}

}  // namespace

Symbol LeipzigRules::front_of(const Unit& u) {
  static const Symbol kNorth("allied-north"), kSouth("allied-south"), kN("N"), kS("S"), kB("B"), kP("P");
  if (u.army == kN || u.army == kS) return kNorth;
  if (u.army == kB || u.army == kP) return kSouth;
  return Symbol();
}

// RULE leipzig:16.12 — Leaders exert no ZOC: a Leader unit has no zone of control
bool LeipzigRules::has_zoc(const Unit& u, const GameState& s, Trace& t) const {
  if (u.type == UnitType::Leader) {
    t.cite("leipzig:16.12"_rule, [&] { return u.id + " is a Leader: it exerts no zone of control"; });
    return false;
  }
  return N20Rules::has_zoc(u, s, t);
}

// The army whose Front and LOCs an Allied unit uses: its own; for an army-less unit under
// leipzig.cadre_front = origin, the army of the unit it was created from (the game marker
// cadre-army:ID=ARMY); empty under battle, or where no origin is stated.
Symbol LeipzigRules::army_for_front(const Unit& u, const GameState& s, Trace& t) const {
  if (!u.army.empty() || readings().leipzig_cadre_front_battle) return u.army;
  const std::string prefix = "cadre-army:" + std::string(u.id) + "=";
  for (Symbol mk : s.markers)
    if (mk.view().starts_with(prefix)) {
      const Symbol army(mk.view().substr(prefix.size()));
      // RULE leipzig:2.1 — leipzig.cadre_front = origin: an army-less Allied unit takes the Front and LOCs of the army it came from
      t.cite("leipzig:2.1"_rule, [&] { return u.id + " belongs to no army; it was created from a unit of army " + army +
                                          " and uses that army's Front and LOCs (leipzig.cadre_front = origin)"; });
      return army;
    }
  return Symbol();
}

// Step A. Only an army-less Allied Cadre records an origin. Step B. Its old record goes (a
// Cadre returns to the pile and is used again). Step C. The army of the unit it replaced.
void LeipzigRules::cadre_created(const Unit& from, Symbol cadre, GameState& s, Trace& t) const {
  // Step A.
  const Unit* c = s.unit(cadre);
  if (!c || !allied(*c) || !c->army.empty()) return;
  // Step B.
  const std::string prefix = "cadre-army:" + std::string(cadre) + "=";
  std::erase_if(s.markers, [&](Symbol mk) { return mk.view().starts_with(prefix); });
  // Step C.
  Trace silent(Trace::Off{}, catalog());
  const Symbol army = army_for_front(from, s, silent);
  if (army.empty()) return;
  s.set_marker(Symbol(prefix + std::string(army)), true);
  t.cite("leipzig:2.1"_rule, [&] { return cadre + " takes the place of " + from.id + " and keeps its army " + army +
                                     " for its Front and LOCs"; });
}

// RULE leipzig:12.0 — Allied morale is kept per Front: North (armies N, S), South (B, P)
Symbol LeipzigRules::morale_track_for(const Unit& u, const GameState& s, Trace& t) const {
  if (!allied(u)) return N20Rules::morale_track_for(u, s, t);
  Unit as = u;
  as.army = army_for_front(u, s, t);
  const Symbol front = front_of(as);
  if (front.empty()) {
    if (!readings().leipzig_cadre_front_battle)
      // The position must say where the unit came from: no Front is guessed (catalog ruling on leipzig:2.1).
      throw RuleRefusal("leipzig:2.1", "Allied unit " + std::string(u.id) + " belongs to no army and the position "
                                       "does not state the army it was created from (game marker cadre-army:" +
                                           std::string(u.id) + "=ARMY; leipzig.cadre_front = origin)");
    // RULE leipzig:2.1 — leipzig.cadre_front = battle: an army-less unit's own morale change goes to the Front the Allied player names
    const Symbol named = named_front("leipzig:2.1", {}, "under leipzig.cadre_front = battle, the Front of army-less Allied unit " +
                                             std::string(u.id) + "'s own morale change", s, t);
    t.cite("leipzig:2.1"_rule, [&] { return u.id + " belongs to no army: its morale is the " + named +
                                        " Front's, as the Allied player names it (leipzig.cadre_front = battle)"; });
    return named;
  }
  t.cite("leipzig:12.0"_rule, [&] { return u.id + " belongs to army " + as.army + ": its morale is the " + front + " Front's"; });
  return front;
}

// Step A. Under leipzig.cadre_front = battle, army-less Allied units take the Fronts of the
// other Allied units of their side of the battle (they are left out of the count). Step B. One
// Front: it. Step C. Both: by leipzig.mixed_front_morale.
// RULE leipzig:12.0 — a battle mixing the Fronts: each-front, every Front gains; a cost, and allied-choice's gain, fall on the Front the Allied player names
TrackList LeipzigRules::battle_tracks(UnitRefs units, BattleMorale what, const GameState& s, Trace& t) const {
  // Step A.
  std::vector<const Unit*> with_front;
  bool armyless = false;
  for (const Unit* u : units) {
    Trace silent(Trace::Off{}, catalog());
    if (allied(*u) && army_for_front(*u, s, silent).empty() && readings().leipzig_cadre_front_battle)
      armyless = true;
    else
      with_front.push_back(u);
  }
  if (armyless && with_front.empty()) {
    // RULE leipzig:2.1 — leipzig.cadre_front = battle with only army-less Allied units: the Front the Allied player names
    const Symbol named = named_front("leipzig:2.1", {}, "the Front of a battle side of army-less Allied units only (leipzig.cadre_front = battle)", s, t);
    t.cite("leipzig:2.1"_rule, [&] { return "army-less Allied units only: their battle morale goes to the " + named +
                                        " Front the Allied player names (leipzig.cadre_front = battle)"; });
    return {named};
  }
  // Step B.
  TrackList fronts = distinct_tracks(with_front, s, t);
  if (armyless && fronts.size() == 1)
    // RULE leipzig:2.1 — leipzig.cadre_front = battle: an army-less Allied unit's battle morale goes to the Front of the other Allied units in it
    t.cite("leipzig:2.1"_rule, [&] { return "army-less Allied units in this battle count with the " + fronts.front() +
                                        " Front of the others (leipzig.cadre_front = battle)"; });
  if (fronts.size() < 2) return fronts;
  // Step C.
  if (what == BattleMorale::Reserves) {
    const Symbol named = named_front("leipzig:12.0", {fronts.begin(), fronts.end()}, "the Front that pays for reserves in a battle of both Fronts", s, t);
    t.cite("leipzig:12.0"_rule, [&] { return "the Allied player names the " + named + " Front to pay for the reserves"; });
    return {named};
  }
  if (!readings().each_front_morale) {
    const Symbol named = named_front("leipzig:12.0", {fronts.begin(), fronts.end()}, "the Front that gains in a battle of both Fronts "
                                             "(leipzig.mixed_front_morale = allied-choice)", s, t);
    t.cite("leipzig:12.0"_rule, [&] { return "leipzig.mixed_front_morale = allied-choice: the " + named +
                                        " Front the Allied player names takes the change, alone"; });
    return {named};
  }
  t.cite("leipzig:12.0"_rule, "leipzig.mixed_front_morale = each-front: every Front in the battle gains in full");
  return fronts;
}

// The Front the Allied player names, stated by the game marker allied-front:FRONT (a question's
// position; a played game sets it from the Allied player's choice, decision `front`). None, or
// one outside `among`, is refused by name: no Front is guessed.
Symbol LeipzigRules::named_front(const char* rule, std::span<const Symbol> among, const std::string& why,
                                 const GameState& s, Trace& t) const {
  (void)t;
  for (Symbol mk : s.markers) {
    if (!mk.view().starts_with("allied-front:")) continue;
    const Symbol front(mk.view().substr(13));
    if (front != Symbol("allied-north") && front != Symbol("allied-south"))
      throw RuleRefusal(rule, "game marker " + std::string(mk) + " names no Allied Front "
                                        "(allied-front:allied-north or allied-front:allied-south)");
    if (!among.empty() && std::find(among.begin(), among.end(), front) == among.end())
      throw RuleRefusal(rule, "game marker " + std::string(mk) + " names a Front with no unit here, for " + why);
    return front;
  }
  throw RuleRefusal(rule, why + " is the Allied player's choice: the position must name it "
                                          "(game marker allied-front:FRONT)");
}

// The hexes on the same bank of the Elster as `from`: reached without crossing a hexside the
// map marks `elster`, inside the map's bounds (a fragment without bounds: within `reach`).
static std::set<Hex> elster_bank(const Map& m, Hex from, int reach) {
  std::set<Hex> bank{from};
  std::vector<Hex> todo{from};
  while (!todo.empty()) {
    const Hex h = todo.back();
    todo.pop_back();
    for (Hex n : neighbours(h)) {
      if (bank.count(n) || !m.on_map(n)) continue;
      if (!m.bounds() && distance(from, n) > reach) continue;
      if (auto side = Hexside::between(h, n); side && m.has_feature(*side, "elster")) continue;
      bank.insert(n);
      todo.push_back(n);
    }
  }
  return bank;
}

// Step A. No Elster on the map: every French LOC. Step B. A unit in a French LOC hex on the
// Elster (Leipzig, 1412) retreats toward the LOCs across it (2511). Step C. Otherwise toward the
// LOCs on its own bank; where its bank has none, every French LOC (catalog ruling).
// RULE leipzig:9.8.6 (part: the French by bank of the Elster) — north/east of the Elster toward 1412; south/west, or in 1412, toward 2511
static std::set<Hex> french_locs(const Unit& u, const Map& m) {
  const std::set<Hex>& all = m.locs(std::string(u.side));
  // Step A.
  bool has_elster = false;
  for (const Hexside& side : m.hexsides_with_features()) has_elster = has_elster || m.has_feature(side, "elster");
  if (!has_elster || all.empty()) return all;
  int reach = 0;
  for (Hex h : all) reach = std::max(reach, distance(u.hex, h) + 4);
  const std::set<Hex> bank = elster_bank(m, u.hex, reach);
  std::set<Hex> own, across;
  for (Hex h : all) (bank.count(h) ? own : across).insert(h);
  // Step B.
  if (all.count(u.hex) && !across.empty())
    for (Hex n : neighbours(u.hex))
      if (auto side = Hexside::between(u.hex, n); side && m.has_feature(*side, "elster")) return across;
  // Step C.
  return own.empty() ? all : own;
}

// RULE leipzig:9.8.6 (part: Allied LOCs by Front) — an Allied unit retreats toward the active LOC hexes of its own Front
LocList LeipzigRules::friendly_locs(const Unit& u, const Map& m, const GameState& s) const {
  if (!allied(u)) return loc_list(french_locs(u, m));
  Trace silent(Trace::Off{}, catalog());
  Unit as = u;
  as.army = army_for_front(u, s, silent);
  const Symbol front = front_of(as);
  if (!front.empty()) {
    std::set<Hex> own = front_locs(m, s, front);
    if (!own.empty()) return loc_list(own);
    // RULE leipzig:9.8.6 (no active LOC) — a unit whose Front has no active LOC yet retreats toward any active Allied LOC (catalog ruling)
    record_dynamic_citation("leipzig:9.8.6");
    const Symbol other(front == Symbol("allied-north") ? "allied-south" : "allied-north");
    return loc_list(front_locs(m, s, other));
  }
  // RULE leipzig:2.1 — leipzig.cadre_front = battle: an army-less Allied unit may retreat toward any active Allied LOC
  if (readings().leipzig_cadre_front_battle) {
    std::set<Hex> all = m.locs("allied-north");
    all.merge(std::set<Hex>(m.locs("allied-south")));
    record_dynamic_citation("leipzig:2.1");
    return loc_list(all);
  }
  throw RuleRefusal("leipzig:2.1", "Allied unit " + std::string(u.id) + " belongs to no army and the position does "
                                   "not state the army it was created from (game marker cadre-army:" +
                                       std::string(u.id) + "=ARMY; leipzig.cadre_front = origin)");
}

// Where a rallied unit may go (std:10.0, and the LOC a std:16.4 rally hex traces to): the French
// on either French LOC whatever their bank (the bank decides retreats only); an Allied unit on
// an active LOC of its own retreat set (leipzig.rally_loc_set = own-front), or on any active
// Allied LOC (any-allied).
// RULE leipzig:9.8.6 (part: rally LOCs) — Allied units rally onto their own Front's active LOCs, or any active Allied LOC (leipzig.rally_loc_set)
std::set<Hex> LeipzigRules::rally_locs(const Unit& u, const Map& m, const GameState& s, Trace& t) const {
  if (!allied(u)) {
    t.cite("leipzig:9.8.6"_rule, [&] { return u.id + " is French: it may rally onto either French LOC, whatever its bank"; });
    return m.locs(u.side);
  }
  if (!readings().leipzig_rally_any_allied) {
    Trace silent(Trace::Off{}, catalog());
    if (!readings().leipzig_cadre_front_battle && army_for_front(u, s, silent).empty()) {
      // An army-less unit whose army the position does not state has no own set to go to.
      t.cite("leipzig:9.8.6"_rule, [&] { return u.id + " belongs to no army the position states: no LOC of its own to rally onto "
                                           "(leipzig:2.1; game marker cadre-army:" + u.id + "=ARMY)"; });
      return {};
    }
    const LocList locs = friendly_locs(u, m, s);
    const std::set<Hex> own(locs.begin(), locs.end());
    t.cite("leipzig:9.8.6"_rule, [&] { return u.id + " rallies onto the active LOCs of its own retreat set (leipzig.rally_loc_set = own-front)"; });
    return own;
  }
  std::set<Hex> all = front_locs(m, s, Symbol("allied-north"));
  all.merge(front_locs(m, s, Symbol("allied-south")));
  t.cite("leipzig:9.8.6"_rule, [&] { return u.id + " may rally onto any active Allied LOC (leipzig.rally_loc_set = any-allied)"; });
  return all;
}

// RULE leipzig:16.12 — Leaders have no strength of their own: a Leader adds nothing to a battle
int LeipzigRules::base_strength(const Unit& u, const GameState& s, Trace& t) const {
  if (u.type != UnitType::Leader) {
    const int printed = N20Rules::base_strength(u, s, t);
    if (!s.has_marker(Symbol("wavering-" + std::string(u.id)))) return printed;
    // RULE leipzig:16.8 (wavering) — a wavering Unreliable unit fights this battle at one strength point less
    t.cite("leipzig:16.8"_rule, [&] { return u.id + " wavers: its strength is " + std::to_string(printed) + " - 1 in this battle"; });
    return std::max(0, printed - 1);
  }
  t.cite("leipzig:16.12"_rule, [&] { return u.id + " is a Leader: its printed value is its command, not strength (0)"; });
  return 0;
}

// RULE leipzig:16.12 — Leader movement: a Leader moves as cavalry, through rugged terrain as clear, and may leave enemy ZOCs
bool LeipzigRules::may_move(const Unit& u, Trace& t) const {
  if (u.type != UnitType::Leader) return N20Rules::may_move(u, t);
  t.cite("leipzig:16.12"_rule, [&] { return u.id + " is a Leader: it moves as cavalry, rugged terrain as clear, and may "
                                          "leave enemy zones of control (never straight into another)"; });
  return true;
}

const char* LeipzigRules::ignores_rugged(const Unit& u) const {
  return u.type == UnitType::Leader ? "leipzig:16.12" : nullptr;
}

const char* LeipzigRules::leaves_enemy_zoc(const Unit& u) const {
  return u.type == UnitType::Leader ? "leipzig:16.12" : nullptr;
}

// RULE leipzig:16.12 — Leaders stack freely: a Leader may end its move with a friendly unit and any Leaders
bool LeipzigRules::stacks_freely(const Unit& u, Trace& t) const {
  if (u.type != UnitType::Leader) return false;
  t.cite("leipzig:16.12"_rule, [&] { return u.id + " is a Leader: it stacks freely (std:6.9 overridden)"; });
  return true;
}

// RULE leipzig:16.12 — no duty to attack: a Leader by itself is not obliged to attack (std:7.3 overridden)
bool LeipzigRules::obliged_to_attack(const Unit& u, const GameState& s, Trace& t) const {
  if (u.type != UnitType::Leader) return N20Rules::obliged_to_attack(u, s, t);
  t.cite("leipzig:16.12"_rule, [&] { return u.id + " is a Leader: by itself it has no duty to attack"; });
  return false;
}

// RULE leipzig:16.12 — no attack alone: Leaders alone cannot make an attack
void LeipzigRules::battle_conditions(UnitRefs attackers, UnitRefs defenders,
                                     const GameState& s, std::vector<std::pair<std::string, std::string>>& violations,
                                     Trace& t) const {
  (void)defenders, (void)s, (void)t;
  if (std::all_of(attackers.begin(), attackers.end(), [](const Unit* u) { return u->type == UnitType::Leader; }))
    violations.emplace_back("leipzig:16.12", "only Leaders attack: Leaders never attack by themselves");
}

// Step A. Terrain held: at the French night, a Front loses 1 when French units hold two or more
// of its active LOC hexes (leipzig.loc_capture_count = per-front); at the Allied night, the
// French lose 1 when Allied units hold both French LOC hexes, and 1 for each French objective
// (Lindenau) an Allied unit holds. Step B. Rest: the French 2 at 4 or more (read after step A),
// else 1; each Front 1 if it has units on the map and is not in General Retreat.
// RULE leipzig:14.0 — night rest by Leipzig's scale and per Front; LOCs held counted per Front; Lindenau owned by the French
NightMorale LeipzigRules::judge_night_morale(const Map& m, const GameState& s, const std::string& side, Trace& t) const {
  static const Symbol kFrench("french");
  NightMorale out;
  out.after = s.morale;
  const bool french_night = Symbol(side) == kFrench;
  auto on_map_at = [&](Hex h, bool french_units) {
    for (const Unit* u : s.units_at(h))
      if (u->on_map() && (u->side == kFrench) == french_units) return true;
    return false;
  };
  auto lose = [&](Symbol track, int points) {
    if (auto it = out.after.find(track); it != out.after.end()) it->second = std::max(0, it->second - points);
  };
  // Step A.
  if (french_night) {
    // Per Front (the default), or all Allied LOCs together (all-allied): at two or more held,
    // the Front (or every Front with a LOC held) loses 1.
    std::vector<std::pair<Symbol, int>> held_by_front;
    for (const auto& [track, points] : s.morale) {
      if (track == kFrench) continue;
      int held = 0;
      for (Hex h : front_locs(m, s, track)) held += on_map_at(h, true) ? 1 : 0;
      held_by_front.emplace_back(track, held);
      out.enemy_locs_held += held;
    }
    for (const auto& [track, held] : held_by_front) {
      const bool loses = readings().leipzig_loc_count_all_allied ? out.enemy_locs_held >= 2 && held > 0 : held >= 2;
      if (!loses) continue;
      ++out.enemy_loss;
      lose(track, 1);
      t.cite("leipzig:14.0"_rule, [&, &held = held, &track = track] { return "French units hold " + std::to_string(held) + " of the " + track +
                                          " Front's LOC hexes (" + std::to_string(out.enemy_locs_held) +
                                          " Allied in all): it loses 1"; });
    }
  } else {
    int held = 0;
    for (Hex h : m.locs("french")) held += on_map_at(h, false) ? 1 : 0;
    out.enemy_locs_held = held;
    for (Hex h : m.objectives("french")) out.enemy_objectives_held += on_map_at(h, false) ? 1 : 0;
    out.enemy_loss = (held >= 2 ? 1 : 0) + out.enemy_objectives_held;
    lose(kFrench, out.enemy_loss);
    t.cite("leipzig:14.0"_rule, [&] { return "Allied units hold " + std::to_string(held) + " French LOC hex(es) and " +
                                        std::to_string(out.enemy_objectives_held) + " French objective hex(es): the French lose " +
                                        std::to_string(out.enemy_loss); });
  }
  // Step B.
  if (french_night) {
    auto it = out.after.find(kFrench);
    if (it == out.after.end()) throw std::invalid_argument("the state has no morale track 'french'");
    out.rest_gain = it->second >= 4 ? 2 : 1;
    it->second = std::min(10, it->second + out.rest_gain);
    t.cite("leipzig:14.0"_rule, [&] { return "the French rest: +" + std::to_string(out.rest_gain) + " (2 at 4 or more, else 1)"; });
    return out;
  }
  for (auto& [track, points] : out.after) {
    if (track == kFrench) continue;
    const bool retreating = s.has_marker(Symbol("general-retreat-" + std::string(track)));
    const bool present = std::any_of(s.units.begin(), s.units.end(),
                                     [&, &track = track](const Unit& u) { return u.on_map() && u.side != kFrench && front_of(u) == track; });
    if (retreating || !present) {
      t.cite("leipzig:14.0"_rule, [&, &track = track] { return track + " Front does not rest: " +
                                          (retreating ? "it is in General Retreat" : "none of its units is on the map"); });
      continue;
    }
    points = std::min(10, points + 1);
    ++out.rest_gain;
    t.cite("leipzig:14.0"_rule, [&, &track = track] { return track + " Front rests: +1"; });
  }
  return out;
}

// Step A. The French value and each Allied Front on the track: its value (0 in General Retreat),
// whether Demoralized or Shattered. Step B. French Decisive, at any time: both Fronts
// Demoralized, or one Shattered. Step C. Allied Decisive, at any time: the French at 0 while
// a Front has 1 or more. Step D. At the end: Allied Marginal, French Marginal, else a Draw.
// RULE leipzig:15.0 — victory by the French morale against each Allied Front and the Fronts' Demoralized sides
VictoryVerdict LeipzigRules::judge_victory(const GameState& s, const std::string& french_side, bool end_of_game,
                                           Trace& t) const {
  // Step A.
  struct FrontState {
    Symbol track;
    int value = 0;
    bool demoralized = false, shattered = false;
  };
  auto french_it = s.morale.find(french_side);
  if (french_it == s.morale.end()) throw std::invalid_argument("the state has no morale track '" + french_side + "'");
  const int french = french_it->second;
  std::vector<FrontState> fronts;
  for (const auto& [track, points] : s.morale) {
    if (track == Symbol(french_side)) continue;
    FrontState f{track, points};
    const std::string name = std::string(track);
    if (s.has_marker(Symbol("general-retreat-" + name))) f.value = 0;
    f.shattered = s.has_marker(Symbol("shattered-" + name));
    f.demoralized = f.shattered || s.has_marker(Symbol("demoralized-" + name));
    fronts.push_back(f);
  }
  if (fronts.empty()) throw std::invalid_argument("the state has no Allied Front morale track");
  auto any = [&](auto&& pred) { return std::any_of(fronts.begin(), fronts.end(), pred); };
  auto all = [&](auto&& pred) { return std::all_of(fronts.begin(), fronts.end(), pred); };
  VictoryVerdict v;
  v.rule = "leipzig:15.0";
  auto over = [&](const char* level, const std::string& winner, const std::string& why) {
    v.over = true;
    v.level = level;
    v.winner = winner;
    t.cite("leipzig:15.0"_rule, why);
    return v;
  };
  const std::string allies = "allied";
  // Step B.
  if (fronts.size() == 2 && all([](const FrontState& f) { return f.demoralized; }))
    return over("decisive", french_side, "both Allied Fronts are Demoralized: a French Decisive Victory");
  if (any([](const FrontState& f) { return f.shattered; }))
    return over("decisive", french_side, "an Allied Front is Shattered (leipzig:12.7.4): a French Decisive Victory");
  // Step C.
  if (french == 0 && any([](const FrontState& f) { return f.value >= 1; }))
    return over("decisive", allies, "French morale is 0 while an Allied Front has 1 or more: an Allied Decisive Victory");
  if (french == 0) {
    t.cite("leipzig:12.1.2"_rule, "the French and every Allied Front at 0 together: a Draw (std:12.1.2's simultaneous zero)");
    return over("draw", "", "no side keeps a point: a Draw");
  }
  // Step D.
  if (!end_of_game) {
    v.level = "none";
    t.cite("leipzig:15.0"_rule, "no decisive result: the game goes on");
    return v;
  }
  const bool none_demoralized = all([](const FrontState& f) { return !f.demoralized; });
  if (none_demoralized && any([&](const FrontState& f) { return f.value >= french + 1; }))
    return over("marginal", allies, "at the end no Allied Front is Demoralized and one is a point or more above "
                                    "the French: an Allied Marginal Victory");
  if (!none_demoralized && all([&](const FrontState& f) { return french > f.value; }))
    return over("marginal", french_side, "at the end an Allied Front is Demoralized and the French are above each "
                                         "Front: a French Marginal Victory");
  return over("draw", "", "at the end neither side's marginal condition holds: a Draw");
}

// RULE leipzig:3.0 — the two sides are the French and the Allies (a position names them french and allied)
N20Rules::GameSides LeipzigRules::game_sides() const { return {{"french", "allied"}, "leipzig:3.0"}; }

// Leipzig's game-level markers beside the standard ones. Those a Front carries are listed per
// Allied Front (a misspelt Front is refused too); the rest take a unit, army or turn after the
// prefix, which the rule reading them checks.
std::vector<N20Rules::MarkerFamily> LeipzigRules::marker_families() const {
  auto out = N20Rules::marker_families();
  // The scenario and its set-up (leipzig:3.0), the Allied Army Entry and Imperial Dispatches
  // tables and their markers (leipzig:11), events, the bridge, Napoleon, fatigue, leaders.
  out.insert(out.end(), {{"leipzig-scenario:", true},
                         {"dresden-defence:", true},
                         {"dresden-abandoned", false},
                         {"morale-track-later:", true},
                         {"allied-front:", true},
                         {"cadre-army:", true},
                         {"army-group:", true},
                         {"army-entry:", true},
                         {"detached:", true},
                         {"main-body-entering:", true},
                         {"army-arrived:", true},
                         {"army-loc-active:", true},
                         {"imperial-dispatches:", true},
                         {"imperial-dispatches-table:", true},
                         {"detachment-table:", true},
                         {"accelerated-", true},
                         {"a-hot-meal", false},
                         {"lindenau-bridge-destroyed", false},
                         {"napoleon-activated", false},
                         {"zoc-entry-", true},
                         {"leader-discretion-", true},
                         {"wavering-", true},
                         {"general-retreat-until-", true},
                         {"fatigue-committed-", true},
                         {"fatigue-tired-", true},
                         {"fatigue-weary-", true},
                         {"fatigue-spent-", true}});
  // The Fronts' morale states (leipzig:12).
  for (const char* front : {"allied-north", "allied-south"})
    for (const char* state : {"demoralized-", "shattered-", "general-retreat-", "general-retreat-owed-",
                              "general-retreat-zoc-", "general-retreat-zoc-pending-", "general-retreat-returned-"})
      out.push_back({std::string(state) + front, false});
  return out;
}

// RULE leipzig:4.0 — the Allies are the First Player of every Game Turn: a scenario naming the French first is refused
const char* LeipzigRules::first_player_rule(const std::string& first, const std::string& french, Trace& t) const {
  // As at Dresden, the rules name the French side "french"; the scenario's French side must be it.
  if (first == "french" || french != "french") return "leipzig:4.0";
  t.cite("leipzig:4.0"_rule, "the Allies are the First Player");
  record_dynamic_citation("leipzig:4.0");  // scenarios are read under a silent trace
  return nullptr;
}

// RULE leipzig:5.0 — on the first Game Turn the Allies skip their Random Events draw
bool LeipzigRules::skips_random_events(std::string_view side, int turn, const GameState&, Trace& t) const {
  if (turn != 1 || side == "french") return false;
  t.cite("leipzig:5.0"_rule, "turn 1: the Allies draw no Random Event");
  return true;
}

// RULE leipzig:16.9 — optional: the Austrian light divisions (light infantry) may Disengage as cavalry does (std:8.3)
bool LeipzigRules::may_disengage(const Unit& u, Trace& t) const {
  if (u.type == UnitType::Infantry && u.has(UnitFlag::Light) && on(Optional::LeipzigLightInfantry)) {
    t.cite("leipzig:16.9"_rule, [&] { return u.id + " is a light division: it may Disengage as cavalry does (std:8.3)"; });
    return true;
  }
  return N20Rules::may_disengage(u, t);
}

}  // namespace hexlaw::n20
