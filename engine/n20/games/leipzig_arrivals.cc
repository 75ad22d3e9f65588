// Owns: Leipzig's reinforcements as hooks of the Leipzig layer (see leipzig.h): the entry areas
// of each side (leipzig:11.6); French rolls on the Imperial Dispatches Table after an early
// "Activating Napoleon" (leipzig:11.7, the marker of leipzig:3.0.2); the Allied armies arriving
// as groups (leipzig:11.8): the Main Body called in together with its Front's +1 and its LOC
// made active (leipzig:11.8.3, 9.8.6), alternate areas, a turn sooner for a Front's point
// (leipzig:11.8.1), free delay (leipzig:11.8.2) and Detachments rolling to arrive; and the LO
// corps kept within five hexes of Leipzig (leipzig:6.7), a hex bar like the arrivals' areas.
// The state keeps it all as game markers:
//   army-group:A=T@AREA      army A's Leader counter on the Turn track (turn T, area AREA), standing
//                            for the units in its holding box: its pending units due on T by AREA
//                            (leipzig:3.0.4); pending army units outside it are ordinary reinforcements
//   army-entry:A=AR+0,AR+N,… the army's entry areas and delays where the mat is not in the source
//   detached:ID              unit ID is a Detachment (it keeps the marker once on the map)
//   main-body-entering:A     this Allied Movement Phase A's Main Body enters, all of it
//   army-arrived:A           A's Main Body has arrived
//   army-loc-active:A        A's own LOC (the map's LOC list `army-A`) is active
//   accelerated-F-T          Front F spent its acceleration point on turn T
//   imperial-dispatches:T    the Imperial Dispatches marker in turn T's circle (absent: Inactive)
//   imperial-dispatches-table:T=FACES, detachment-table:FACES
//                            the faces that arrive, per column, on the two tables the source lacks
#include <algorithm>
#include <array>
#include <stdexcept>

#include "engine/core/whole_number.h"
#include "engine/n20/games/leipzig.h"

namespace hexlaw::n20 {
namespace {

const Symbol kFrench("french");
constexpr std::string_view kGroup = "army-group:";
constexpr std::string_view kEntryRow = "army-entry:";
constexpr std::string_view kDetached = "detached:";
constexpr std::string_view kCalled = "main-body-entering:";
constexpr std::string_view kArrived = "army-arrived:";
constexpr std::string_view kLocActive = "army-loc-active:";
constexpr std::string_view kDispatches = "imperial-dispatches:";
constexpr std::string_view kDispatchTable = "imperial-dispatches-table:";
constexpr std::string_view kDetachTable = "detachment-table:";
constexpr const char* kEntryTable = "leipzig:table.allied-army-entry";
constexpr int kNorthFrontTurn = 7;     // the North Front marker's arrival (leipzig:3.0.3, 11.8.1)
constexpr int kActivationDeadline = 14;  // activations before this turn bring 11.7 in (leipzig:7.7)

Symbol mark(std::string_view prefix, std::string_view what) { return Symbol(std::string(prefix) + std::string(what)); }

int to_int(std::string_view v, const std::string& what) {
  const std::optional<int> n = whole_number(v);
  if (!n) throw std::invalid_argument(what);
  return *n;
}

// Die faces written "1-3", "2,4,6" or "1-2,6": which of 1..6 the text names.
std::array<bool, 7> faces(std::string_view text, const std::string& marker) {
  std::array<bool, 7> out{};
  const std::string bad = "marker '" + marker + "': faces are written as 1-6 ranges and lists, e.g. 1-3 or 1,2,6";
  while (!text.empty()) {
    const auto comma = text.find(',');
    const std::string_view part = text.substr(0, comma);
    const auto dash = part.find('-');
    const int lo = to_int(part.substr(0, dash), bad);
    const int hi = dash == std::string_view::npos ? lo : to_int(part.substr(dash + 1), bad);
    if (lo < 1 || hi > 6 || lo > hi) throw std::invalid_argument(bad);
    for (int f = lo; f <= hi; ++f) out[static_cast<std::size_t>(f)] = true;
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
  }
  return out;
}

// The marker with `prefix`, its text after it, or nothing.
std::optional<std::string_view> marker_tail(const GameState& s, std::string_view prefix) {
  for (Symbol m : s.markers)
    if (m.view().starts_with(prefix)) return m.view().substr(prefix.size());
  return std::nullopt;
}

struct Group {
  Symbol army;
  int turn = 0;
  Symbol area;
};

// The group a marker army-group:ARMY=TURN@AREA states; std::invalid_argument, naming the
// marker, when it is not written so.
Group read_group(Symbol marker) {
  const std::string bad = "marker '" + marker.str() + "': an army group is written army-group:ARMY=TURN@AREA";
  const std::string_view rest = marker.view().substr(kGroup.size());
  const auto eq = rest.find('=');
  if (eq == std::string_view::npos || eq == 0) throw std::invalid_argument(bad);
  const std::string_view tail = rest.substr(eq + 1);
  const auto at = tail.find('@');
  if (at == std::string_view::npos || at + 1 >= tail.size()) throw std::invalid_argument(bad);
  return Group{Symbol(rest.substr(0, eq)), to_int(tail.substr(0, at), bad), Symbol(tail.substr(at + 1))};
}

// Army `army`'s group on the Turn track (marker army-group:A=T@AREA), or nothing.
std::optional<Group> group_of(const GameState& s, Symbol army) {
  const std::string prefix = std::string(kGroup) + std::string(army) + "=";
  for (Symbol m : s.markers)
    if (m.view().starts_with(prefix)) return read_group(m);
  return std::nullopt;
}

std::vector<Group> groups(const GameState& s) {
  std::vector<Group> out;
  for (const char* a : {"B", "N", "P", "S"})
    if (auto g = group_of(s, Symbol(a))) out.push_back(*g);
  return out;
}

bool detached(const GameState& s, Symbol unit) { return s.has_marker(mark(kDetached, unit.view())); }

// RULE leipzig:3.0.4 (part: the Allied army groups) — each army waits in its holding box, its Leader counter on the Turn track marking its turn; the box is the army's units due with it
bool in_box(const Unit& u, const Group& g, const GameState& s) {
  return u.status == UnitStatus::Pending && u.army == g.army && u.arrival_turn == g.turn && u.entry == g.area &&
         !detached(s, u.id);
}

// The units in the army's holding box, Leader counters left out.
std::vector<const Unit*> box(const GameState& s, const Group& g) {
  std::vector<const Unit*> out;
  for (const Unit& u : s.units)
    if (in_box(u, g, s) && u.type != UnitType::Leader) out.push_back(&u);
  return out;
}

// The army's Detachments, off the map still or arrived (marker detached:ID).
int detachment_count(const GameState& s, Symbol army) {
  int n = 0;
  for (const Unit& u : s.units) n += u.army == army && detached(s, u.id) ? 1 : 0;
  return n;
}

Symbol front_of_army(Symbol army) {
  Unit u;
  u.army = army;
  return LeipzigRules::front_of(u);
}

bool allied_area(std::string_view a) { return a.size() == 1 && a[0] >= 'S' && a[0] <= 'Z'; }

}  // namespace

namespace {

// One army's entry areas with their delays, historical first: the printed table's row, else the
// scenario's marker army-entry:A=...; empty where neither gives it.
using EntryRow = std::vector<std::pair<Symbol, int>>;

EntryRow parse_entry_cells(const std::vector<std::string>& cells, const std::string& where) {
  EntryRow row;
  for (const std::string& c : cells) {
    const auto plus = c.find('+');
    const std::string bad = where + ": an entry cell is written AREA+TURNS, e.g. Y+0";
    if (plus == std::string::npos || plus == 0) throw std::invalid_argument(bad);
    row.emplace_back(Symbol(std::string_view(c).substr(0, plus)), to_int(std::string_view(c).substr(plus + 1), bad));
  }
  if (row.empty() || row.front().second != 0) throw std::invalid_argument(where + ": the historical area (+0) comes first");
  return row;
}

}  // namespace

// RULE leipzig:table.allied-army-entry — an army's three entry areas and their delays, read as data: Army B printed (Y+0, X+1, Z+3), the others supplied
static EntryRow entry_row(const N20Rules& rules, const GameState& s, Symbol army) {
  std::vector<std::string> printed;
  if (const GridTable* t = rules.spec()->tables.grid(kEntryTable))
    for (const std::string& col : t->columns)
      if (const auto* c = t->cell(std::string(army), col); c && *c && **c != "-") printed.push_back(**c);
  const std::string prefix = std::string(kEntryRow) + std::string(army) + "=";
  if (auto tail = marker_tail(s, prefix)) {
    if (!printed.empty())
      throw std::invalid_argument("marker '" + prefix + std::string(*tail) + "': army " + army.str() +
                                  "'s entry areas are printed (leipzig:table.allied-army-entry)");
    std::vector<std::string> cells;
    std::string_view rest = *tail;
    while (!rest.empty()) {
      const auto comma = rest.find(',');
      cells.emplace_back(rest.substr(0, comma));
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    return parse_entry_cells(cells, "marker '" + prefix + std::string(*tail) + "'");
  }
  if (printed.empty()) return {};
  return parse_entry_cells(printed, kEntryTable);
}

static int offset_of(const EntryRow& row, Symbol area) {
  for (const auto& [a, d] : row)
    if (a == area) return d;
  return -1;
}

// Step A. An area name (not a hex): the French by A or B, the Allies by S to Z (leipzig:11.6).
// Step B. A Leader counter without the Leader rule only marks its group's turn (leipzig:3.0.4's
// ruling). Step C. A unit in an army's box enters only with its Main Body, once called in.
// RULE leipzig:11.6 — French reinforcements enter by areas A and B, Allied ones by areas S to Z
std::optional<std::pair<std::string, std::string>> LeipzigRules::arrival_refusal(const Unit& u, const GameState& s,
                                                                                 Trace& t) const {
  // Step A.
  const std::string_view area = u.entry.view();
  if (!area.empty() && !parse_ccrr(std::string(area))) {
    const bool french = u.side == kFrench;
    const bool ok = french ? (area == "A" || area == "B") : allied_area(area);
    if (!ok)
      return std::pair{std::string("leipzig:11.6"),
                       u.id + " is " + (french ? "French: it enters by area A or B" : "Allied: it enters by one of areas S to Z") +
                           ", not " + std::string(area)};
    t.cite("leipzig:11.6"_rule, [&] { return u.id + " enters by area " + std::string(area) + (french ? " (French: A, B)" : " (Allied: S-Z)"); });
  }
  if (u.side == kFrench || u.army.empty()) return std::nullopt;
  // Step B.
  const std::optional<Group> g = group_of(s, u.army);
  if (!g || !(u.status == UnitStatus::Pending && u.army == g->army && u.arrival_turn == g->turn && u.entry == g->area &&
              !detached(s, u.id)))
    return std::nullopt;
  if (u.type == UnitType::Leader && !on(Optional::LeipzigLeaders))
    return std::pair{std::string("leipzig:3.0.4"),
                     u.id + " only marks army " + u.army.str() + "'s turn: without the Leader rule it never enters"};
  // Step C.
  if (!s.has_marker(mark(kCalled, u.army.view())))
    // RULE leipzig:11.8.3 — a unit in an army's holding box enters only with its Main Body, all together
    return std::pair{std::string("leipzig:11.8.3"),
                     u.id + " waits in army " + u.army.str() + "'s holding box: it enters with the Main Body, which is "
                            "called in as a whole (turn " + std::to_string(g->turn) + ", area " + g->area.str() + ")"};
  t.cite("leipzig:11.8.3"_rule, [&] { return u.id + " enters with army " + u.army + "'s Main Body, by area " + g->area; });
  return std::nullopt;
}

const char* LeipzigRules::arrival_compelled(const Unit& u, const GameState& s) const {
  if (u.status != UnitStatus::Pending || u.army.empty() || u.side != s.phasing) return nullptr;
  if (!s.has_marker(mark(kCalled, u.army.view()))) return nullptr;
  const std::optional<Group> g = group_of(s, u.army);
  if (!g || !in_box(u, *g, s) || (u.type == UnitType::Leader && !on(Optional::LeipzigLeaders))) return nullptr;
  return "leipzig:11.8.3";
}

namespace {

// Whether the Front may spend its acceleration point now, and why not.
std::optional<std::string> acceleration_barred(const N20Rules& rules, const GameState& s, Symbol front, Trace& t) {
  const auto* points = s.morale.find(front);
  const bool on_track = points != s.morale.end();
  if (front == Symbol("allied-north") && (s.turn < kNorthFrontTurn || !on_track))
    return "the North Front marker arrives only on Turn 7: before it, armies N and S cannot be accelerated";
  if (!on_track) return front.str() + " Front is not on the Morale Track";
  if (rules.morale_frozen(front, s, t)) return front.str() + " Front is in General Retreat: it has no points to spend";
  if (points->second < 1) return front.str() + " Front has no morale point to spend";
  if (s.has_marker(Symbol("accelerated-" + front.str() + "-" + std::to_string(s.turn))))
    return front.str() + " Front has spent its one acceleration point this turn";
  return std::nullopt;
}

}  // namespace

// Step A. Only in the Allied Movement Phase. Step B. Each army group not yet arrived: called in
// once due (leipzig:11.8, 11.8.2: or left waiting); on its turn of entry, by an alternate
// area; detaching units while the Main Body keeps at least half of the army. Step C. Each Front
// with a point not yet spent this turn: one of its groups or Detachments a turn sooner.
// `with_detach_roll_unknown`: list Detachments even when the Detachment table is not supplied.
static std::vector<N20Rules::ArrivalChoice> open_choices(const LeipzigRules& rules, const GameState& s, Trace& t,
                                                        bool with_detach_roll_unknown) {
  using Kind = N20Rules::ArrivalChoice::Kind;
  std::vector<N20Rules::ArrivalChoice> calls, alternates, accelerations, detaches;
  // Step A.
  if (s.phasing.empty() || s.phasing == kFrench || s.phase != Symbol("movement")) return {};
  const bool detach_table = marker_tail(s, kDetachTable).has_value();
  // Step B.
  for (const Group& g : groups(s)) {
    if (s.has_marker(mark(kArrived, g.army.view()))) continue;
    const auto in = box(s, g);
    const EntryRow row = entry_row(rules, s, g.army);
    if (g.turn <= s.turn && !in.empty())
      calls.push_back({Kind::Call, g.army, Symbol(), g.area, s.turn, "leipzig:11.8.3"});
    const int here = offset_of(row, g.area);
    std::set<Symbol> detachment_areas;
    for (const Unit& u : s.units)
      if (u.army == g.army && u.status == UnitStatus::Pending && detached(s, u.id)) detachment_areas.insert(u.entry);
    if (!row.empty())
      t.cite("leipzig:table.allied-army-entry"_rule, [&] {
        std::string cells;
        for (const auto& [area, delay] : row) cells += (cells.empty() ? "" : ", ") + area.str() + "+" + std::to_string(delay);
        return "army " + g.army + "'s entry areas: " + cells;
      });
    if (g.turn == s.turn && here == 0)
      for (const auto& [area, delay] : row)
        if (delay > 0 && !detachment_areas.count(area))
          alternates.push_back({Kind::Alternate, g.army, Symbol(), area, s.turn + delay, "leipzig:11.8"});
    const int n = static_cast<int>(in.size()) + detachment_count(s, g.army);
    const int main_body_min = (n + 1) / 2;
    if (here >= 0 && static_cast<int>(in.size()) - 1 >= main_body_min && (detach_table || with_detach_roll_unknown))
      for (const Unit* u : in)
        for (const auto& [area, delay] : row)
          if (area != g.area)
            detaches.push_back({Kind::Detach, g.army, u->id, area, g.turn - here + delay, "leipzig:11.8.3"});
  }
  // Step C.
  for (const char* f : {"allied-north", "allied-south"}) {
    const Symbol front(f);
    Trace silent(Trace::Off{}, rules.catalog());
    if (acceleration_barred(rules, s, front, silent)) continue;
    for (const Group& g : groups(s))
      if (front_of_army(g.army) == front && !s.has_marker(mark(kArrived, g.army.view())) && g.turn > s.turn)
        accelerations.push_back({Kind::Accelerate, g.army, Symbol(), g.area, g.turn - 1, "leipzig:11.8.1"});
    for (const Unit& u : s.units)
      if (u.status == UnitStatus::Pending && detached(s, u.id) && LeipzigRules::front_of(u) == front && u.arrival_turn > s.turn)
        accelerations.push_back({Kind::Accelerate, u.army, u.id, u.entry, u.arrival_turn - 1, "leipzig:11.8.1"});
  }
  (void)t;
  std::vector<N20Rules::ArrivalChoice> out;
  for (auto* v : {&calls, &alternates, &accelerations, &detaches}) out.insert(out.end(), v->begin(), v->end());
  return out;
}

// The open choice `c` names (its kind, its army or unit, its area where given), with its turn.
static std::optional<N20Rules::ArrivalChoice> open_match(const LeipzigRules& rules, const N20Rules::ArrivalChoice& c,
                                                         const GameState& s) {
  Trace silent(Trace::Off{}, rules.catalog());
  for (const N20Rules::ArrivalChoice& o : open_choices(rules, s, silent, true))
    if (o.kind == c.kind && (c.army.empty() || o.army == c.army) && o.unit == c.unit && (c.area.empty() || o.area == c.area))
      return o;
  return std::nullopt;
}

std::vector<N20Rules::ArrivalChoice> LeipzigRules::arrival_choices(const Map& m, const GameState& s, Trace& t) const {
  (void)m;
  return open_choices(*this, s, t, false);
}

namespace {

void move_group(GameState& s, const Group& from, int turn, Symbol area) {
  for (Unit& u : s.units)
    if (in_box(u, from, s)) u.arrival_turn = turn, u.entry = area;
  std::erase_if(s.markers, [&](Symbol m) { return m.view().starts_with(std::string(kGroup) + from.army.str() + "="); });
  s.set_marker(Symbol(std::string(kGroup) + from.army.str() + "=" + std::to_string(turn) + "@" + area.str()), true);
}

}  // namespace


// Why `c` is not open now, as (case, reason); nothing when it is. A choice that needs a table
// the source lacks (an army's areas, the Detachment roll's faces) is refused by name.
std::optional<std::pair<std::string, std::string>> LeipzigRules::arrival_barred(const ArrivalChoice& c,
                                                                              const GameState& s, Trace& t) const {
  using Kind = ArrivalChoice::Kind;
  if (open_match(*this, c, s)) return std::nullopt;
  auto no = [](const char* rule, std::string why) { return std::optional{std::pair{std::string(rule), std::move(why)}}; };
  if (s.phasing.empty() || s.phasing == kFrench || s.phase != Symbol("movement"))
    return no("leipzig:11.8", "army arrivals are settled in the Allied Movement Phase");
  const Unit* u = c.unit.empty() ? nullptr : s.unit(c.unit);
  if (!c.unit.empty() && !u) throw std::invalid_argument("no unit '" + c.unit.str() + "' in the position");
  const Symbol army = u ? u->army : c.army;
  const std::optional<Group> g = army.empty() ? std::nullopt : group_of(s, army);
  if (c.kind == Kind::Accelerate) {
    const Symbol front = u ? front_of(*u) : front_of_army(army);
    if (front.empty()) return no("leipzig:11.8.1", "only an Allied army or one of its Detachments is accelerated");
    if (auto why = acceleration_barred(*this, s, front, t)) return no("leipzig:11.8.1", *why);
    if (u && !detached(s, u->id))
      return no("leipzig:11.8.1", u->id + " is no Detachment: a unit in its army's box moves only with the group");
    if (!u && !g) return no("leipzig:11.8.1", "army " + army.str() + " has no group on the Turn track");
    return no("leipzig:11.8.1", "it arrives this turn already (or has arrived): a turn sooner is not earlier than now");
  }
  if (!g) return no("leipzig:11.8", "army " + army.str() + " has no group on the Turn track (marker army-group:" + army.str() + "=T@AREA)");
  if (s.has_marker(mark(kArrived, army.view()))) return no("leipzig:11.8.3", "army " + army.str() + "'s Main Body has arrived");
  const EntryRow row = entry_row(*this, s, army);
  if (c.kind == Kind::Call) {
    if (g->turn > s.turn)
      return no("leipzig:11.8", "army " + army.str() + " is due on turn " + std::to_string(g->turn) + " (area " + g->area.str() + ")");
    if (!c.area.empty() && c.area != g->area)
      return no("leipzig:11.8", "army " + army.str() + " enters by area " + g->area.str() + ": another area means moving it ahead first");
    return no("leipzig:11.8.3", "army " + army.str() + "'s holding box is empty");
  }
  if (row.empty())
    // SOURCE-MISSING leipzig:11.8 — the entry areas and delays of Armies S, P and N (the Allied mat; army-entry:A=... supplies them)
    throw RuleRefusal(c.kind == Kind::Detach ? "leipzig:11.8.3" : "leipzig:11.8",
                      "army " + army.str() + "'s entry areas and delays are on the Allied Player Aid mat, which the source "
                      "lacks (leipzig:table.allied-army-entry): give them as the game marker army-entry:" + army.str() +
                          "=AREA+0,AREA+N,AREA+M");
  if (offset_of(row, c.area) < 0)
    return no("leipzig:11.8", "area " + c.area.str() + " is not one of army " + army.str() + "'s entry areas");
  if (c.kind == Kind::Alternate) {
    if (g->turn != s.turn) return no("leipzig:11.8", "the area is chosen on the army's Game Turn of entry (turn " + std::to_string(g->turn) + ")");
    if (offset_of(row, g->area) != 0) return no("leipzig:11.8", "army " + army.str() + " has already been sent by area " + g->area.str());
    if (c.area == g->area) return no("leipzig:11.8", "area " + c.area.str() + " is the historical area: the army simply enters");
    return no("leipzig:11.8.3", "one of the army's Detachments enters by area " + c.area.str() + ": the Main Body uses another");
  }
  // Detach.
  if (!u || !in_box(*u, *g, s) || u->type == UnitType::Leader)
    return no("leipzig:11.8.3", c.unit.str() + " is not a unit in army " + army.str() + "'s holding box");
  if (c.area == g->area) return no("leipzig:11.8.3", "a Detachment enters by another area than its Main Body (" + g->area.str() + ")");
  const int n = static_cast<int>(box(s, *g).size()) + detachment_count(s, army);
  return no("leipzig:11.8.3", "the Main Body must keep at least half of the army's " + std::to_string(n) + " units (" +
                                  std::to_string((n + 1) / 2) + "): " + std::to_string(box(s, *g).size()) + " are in the box");
}

// Step A. The choice must be open. Step B. Its effect: the Main Body called in (its LOC active,
// its Front +1), the group moved to an alternate area's turn, a group or Detachment a turn
// sooner for a Front's point, a unit detached.
N20Rules::ArrivalMorale LeipzigRules::make_arrival_choice(const Map& m, const ArrivalChoice& asked, GameState& s,
                                                         Trace& t) const {
  (void)m;
  using Kind = ArrivalChoice::Kind;
  // Step A.
  if (auto why = arrival_barred(asked, s, t)) throw std::invalid_argument(why->first + ": " + why->second);
  const ArrivalChoice c = *open_match(*this, asked, s);
  const Unit* u = c.unit.empty() ? nullptr : s.unit(c.unit);
  const Symbol army = u ? u->army : c.army;
  const std::optional<Group> g = group_of(s, army);
  ArrivalMorale out;
  // Step B.
  switch (c.kind) {
    case Kind::Call: {
      // RULE leipzig:11.8.3 — the Main Body (at least half the army) arrives together, by one area on one turn, with no die roll; its Front +1
      // RULE leipzig:11.8.2 — an army or Detachment may be held off the map freely: the Main Body comes when the Allied player calls it in
      const int n = static_cast<int>(box(s, *g).size()) + detachment_count(s, army);
      s.set_marker(mark(kCalled, army.view()), true);
      s.set_marker(mark(kArrived, army.view()), true);
      t.cite("leipzig:11.8.3"_rule, [&] {
        return "army " + army + "'s Main Body (" + std::to_string(box(s, *g).size()) + " of its " + std::to_string(n) +
               " units) enters now by area " + g->area + ", all together, no die rolled";
      });
      if (g->turn < s.turn)
        t.cite("leipzig:11.8.2"_rule, [&] { return "army " + army + " was held off the map since turn " + std::to_string(g->turn); });
      // RULE leipzig:9.8.6 — an Allied army's own LOC becomes active when it arrives (leipzig.loc_activation_trigger: its Main Body, or its first unit)
      if (!s.has_marker(mark(kLocActive, army.view()))) {
        s.set_marker(mark(kLocActive, army.view()), true);
        t.cite("leipzig:9.8.6"_rule, [&] { return "army " + army + " has arrived: its LOC (army-" + army + ") is active from now on"; });
      }
      t.cite("leipzig:11.8"_rule, [&] { return "army " + army + "'s LOC becomes active the moment it arrives"; });
      const Symbol front = front_of_army(army);
      Trace silent(Trace::Off{}, catalog());
      if (s.morale.count(front) == 0 || morale_frozen(front, s, silent)) {
        t.cite("leipzig:11.8.3"_rule, [&] { return front + " Front is off the Morale Track: the Main Body's +1 is lost"; });
        return out;
      }
      t.cite("leipzig:11.8.3"_rule, [&] { return "a Main Body's arrival: " + front + " Front +1"; });
      return {front, 1};
    }
    case Kind::Alternate: {
      // RULE leipzig:11.8 — on its turn of entry an army enters by its historical area, or its Leader moves ahead the mat's turns for an alternate area
      move_group(s, *g, c.turn, c.area);
      t.cite("leipzig:11.8"_rule, [&] { return "army " + army + " goes by area " + c.area + ": its Leader moves ahead to turn " + std::to_string(c.turn); });
      return out;
    }
    case Kind::Accelerate: {
      // RULE leipzig:11.8.1 — once a turn per Front, a morale point brings one of its armies or Detachments a turn sooner (N and S not before Turn 7)
      const Symbol front = u ? front_of(*u) : front_of_army(army);
      for (Symbol mk : std::vector<Symbol>(s.markers))
        if (mk.view().starts_with("accelerated-" + front.str() + "-")) s.set_marker(mk, false);
      s.set_marker(Symbol("accelerated-" + front.str() + "-" + std::to_string(s.turn)), true);
      if (u)
        s.unit(c.unit)->arrival_turn -= 1;
      else
        move_group(s, *g, g->turn - 1, g->area);
      t.cite("leipzig:11.8.1"_rule, [&] {
        return (u ? "Detachment " + c.unit : "army " + army) + " comes a turn sooner (turn " + std::to_string(c.turn) +
               ") for a point of the " + front + " Front (one a turn)";
      });
      return {front, -1};
    }
    case Kind::Detach: {
      s.set_marker(mark(kDetached, c.unit.view()), true);
      Unit* d = s.unit(c.unit);
      d->arrival_turn = c.turn;
      d->entry = c.area;
      t.cite("leipzig:11.8.3"_rule, [&] {
        return c.unit + " is detached from army " + army + ": it comes by area " + c.area + ", due on turn " +
               std::to_string(c.turn) + ", and rolls to arrive; no morale boost";
      });
      return out;
    }
  }
  return out;
}

// Step A. The French Movement Phase: after an activation before Turn 14 (game markers
// napoleon-activated and imperial-dispatches:T, the circle), each French reinforcement due this
// turn rolls in column T; a delay puts it a turn ahead (leipzig:11.7). Step B. The Allied
// Movement Phase: each Detachment due this turn rolls (leipzig:11.8.3). A success a unit then
// delays freely (std:11.5, leipzig:11.8.2) rolls no more.
void LeipzigRules::arrival_rolls(GameState& s, DiceSource& dice, Trace& t) const {
  // Step A.
  if (s.phasing == kFrench) {
    std::vector<Unit*> due;
    for (Unit& u : s.units)
      if (u.side == kFrench && u.status == UnitStatus::Pending && u.arrival_turn == s.turn && u.type != UnitType::Leader)
        due.push_back(&u);
    if (due.empty()) return;
    const auto circle = marker_tail(s, kDispatches);
    if (!s.has_marker(Symbol("napoleon-activated")) || on(Optional::LeipzigLeaders)) {
      // RULE leipzig:3.0.2 (part: the Imperial Dispatches marker) — it starts in its Inactive circle: until Napoleon is activated French reinforcements keep their schedule
      t.cite("leipzig:3.0.2"_rule, "the Imperial Dispatches marker is in its Inactive circle");
      t.cite("leipzig:11.7"_rule, "Napoleon has not been activated early: French reinforcements arrive on schedule");
      return;
    }
    if (!circle)
      throw RuleRefusal("leipzig:11.7", "Napoleon has been activated but the position does not say in which turn's circle "
                                        "the Imperial Dispatches marker stands (game marker imperial-dispatches:T)");
    const int column = to_int(*circle, "marker 'imperial-dispatches:" + std::string(*circle) + "': the circle is a turn number");
    if (column >= kActivationDeadline) {
      t.cite("leipzig:11.7"_rule, "Napoleon was activated on turn 14 or later: French reinforcements arrive on schedule");
      return;
    }
    const std::string prefix = std::string(kDispatchTable) + std::to_string(column) + "=";
    const auto table = marker_tail(s, prefix);
    if (!table)
      // SOURCE-MISSING leipzig:11.7 — the Imperial Dispatches Table (French Player Aid mat): which faces arrive in each column
      throw RuleRefusal("leipzig:11.7", "the Imperial Dispatches Table is on the French Player Aid mat, which the source "
                                        "lacks (leipzig:table.imperial-dispatches): give column " + std::to_string(column) +
                                            "'s arriving faces as the game marker " + prefix + "FACES");
    const auto arrive = faces(*table, prefix + std::string(*table));
    for (Unit* u : due) {
      // RULE leipzig:11.7 — after an early activation each French reinforcement rolls on the Imperial Dispatches Table on its turn; a delay puts it a turn ahead to roll again
      const int die = dice.roll(6, "leipzig:11.7", "Imperial Dispatches roll for " + u->id.str());
      if (arrive[static_cast<std::size_t>(die)]) {
        t.cite("leipzig:11.7"_rule, [&] { return "die " + std::to_string(die) + " (column " + std::to_string(column) + "): " + u->id + " arrives this turn"; });
        continue;
      }
      u->arrival_turn = s.turn + 1;
      t.cite("leipzig:11.7"_rule, [&] { return "die " + std::to_string(die) + " (column " + std::to_string(column) + "): " + u->id +
                                          " is delayed to turn " + std::to_string(s.turn + 1) + ", to roll again"; });
    }
    return;
  }
  // Step B.
  std::vector<Unit*> due;
  for (Unit& u : s.units)
    if (u.side == s.phasing && u.status == UnitStatus::Pending && u.arrival_turn == s.turn && detached(s, u.id)) due.push_back(&u);
  if (due.empty()) return;
  const auto table = marker_tail(s, kDetachTable);
  if (!table)
    // SOURCE-MISSING leipzig:11.8.3 — the Detachment Unit Arrival Table (Allied Player Aid mat): which faces arrive
    throw RuleRefusal("leipzig:11.8.3", "the Detachment Unit Arrival Table is on the Allied Player Aid mat, which the "
                                        "source lacks (leipzig:table.detachment-arrival): give its arriving faces as the "
                                        "game marker detachment-table:FACES");
  const auto arrive = faces(*table, std::string(kDetachTable) + std::string(*table));
  for (Unit* u : due) {
    // RULE leipzig:11.8.3 (Detachments) — a Detachment rolls on the Detachment Unit Arrival Table each turn it is due until it arrives
    const int die = dice.roll(6, "leipzig:11.8.3", "Detachment arrival roll for " + u->id.str());
    if (arrive[static_cast<std::size_t>(die)]) {
      t.cite("leipzig:11.8.3"_rule, [&] { return "die " + std::to_string(die) + ": Detachment " + u->id + " arrives this turn by area " + u->entry; });
      continue;
    }
    u->arrival_turn = s.turn + 1;
    t.cite("leipzig:11.8.3"_rule, [&] { return "die " + std::to_string(die) + ": Detachment " + u->id + " is delayed to turn " +
                                          std::to_string(s.turn + 1) + ", to roll again"; });
  }
}

// A called Main Body's phase is over: the call is spent; the group's marker goes once its box
// is empty (a unit that found no way in stays an ordinary reinforcement, std:11.5).
void LeipzigRules::arrivals_turn_end(std::string_view side, GameState& s) const {
  if (Symbol(side) == kFrench) return;
  for (Symbol mk : std::vector<Symbol>(s.markers)) {
    if (!mk.view().starts_with(kCalled)) continue;
    const Symbol army(mk.view().substr(kCalled.size()));
    s.set_marker(mk, false);
    if (auto g = group_of(s, army))
      std::erase_if(s.markers, [&](Symbol m) { return m.view().starts_with(std::string(kGroup) + army.str() + "="); });
  }
}

// RULE leipzig:9.8.6 (first-unit) — under leipzig.loc_activation_trigger = first-unit, the first unit of an army to enter, a Detachment too, activates its LOC
void LeipzigRules::arrival_made(Symbol unit, GameState& s, Trace& t) const {
  const Unit* u = s.unit(unit);
  if (!u || u->army.empty() || u->side == kFrench || !readings().leipzig_loc_activation_first_unit) return;
  if (s.has_marker(mark(kLocActive, u->army.view()))) return;
  s.set_marker(mark(kLocActive, u->army.view()), true);
  t.cite("leipzig:9.8.6"_rule, [&] { return u->id + " is army " + u->army + "'s first unit to enter: its LOC is active "
                                       "(leipzig.loc_activation_trigger = first-unit)"; });
}

// RULE leipzig:6.7 — the French LO corps may never be more than five hexes from Leipzig's centre (1412): such hexes are barred to its moves, retreats and advances; a retreat with no other path breaks it
const char* LeipzigRules::bars_hex(const Unit& u, const Map& m, Hex h) const {
  static const Symbol kLO("LO");
  if (u.id != kLO || u.side != kFrench) return nullptr;
  static const Printed centre = *parse_ccrr("1412");
  return distance(h, to_axial(centre, m.layout())) > 5 ? "leipzig:6.7" : nullptr;
}

// RULE leipzig:9.8.6 — Allied LOCs by army: 1726 for B and P always, 2426 and 2126 once B and P have arrived, 1901 and 0109 once S and N have
std::set<Hex> LeipzigRules::front_locs(const Map& m, const GameState& s, Symbol front) const {
  std::set<Hex> out = m.locs(std::string(front));
  for (const char* a : {"B", "N", "P", "S"})
    if (front_of_army(Symbol(a)) == front && s.has_marker(mark(kLocActive, a)))
      for (Hex h : m.locs(std::string("army-") + a)) out.insert(h);
  return out;
}

// Step A. Every army group marker is written army-group:ARMY=TURN@AREA. Step B. Every army's
// entry areas, printed or supplied (army-entry:), read as cells AREA+TURNS. Step C. The arriving
// faces a position supplies for the two tables the source lacks (detachment-table:FACES,
// imperial-dispatches-table:T=FACES). Step D. Each General Retreat's return turn
// (general-retreat-until-FRONT-TURN). A position that breaks any is refused when it is read,
// naming the marker, instead of stopping a question that reads it later.
std::pair<std::string, std::string> LeipzigRules::position_problem(const Map& m, const GameState& s) const {
  try {
    // Step A.
    for (Symbol mk : s.markers)
      if (mk.view().starts_with(kGroup)) (void)read_group(mk);
    // Step B.
    for (const char* army : {"B", "N", "P", "S"}) (void)entry_row(*this, s, Symbol(army));
    // Step C.
    for (Symbol mk : s.markers) {
      const std::string_view v = mk.view();
      if (v.starts_with(kDetachTable)) (void)faces(v.substr(kDetachTable.size()), std::string(v));
      if (v.starts_with(kDispatchTable)) {
        const std::string_view cell = v.substr(kDispatchTable.size());
        const auto eq = cell.find('=');
        const std::string bad = "marker '" + std::string(v) + "': written imperial-dispatches-table:TURN=FACES";
        if (eq == std::string_view::npos) throw std::invalid_argument(bad);
        (void)to_int(cell.substr(0, eq), bad);
        (void)faces(cell.substr(eq + 1), std::string(v));
      }
    }
  } catch (const std::invalid_argument& e) {
    return {"state.markers", e.what()};
  }
  // Step D.
  if (std::string why = general_retreat_marker_problem(s); !why.empty()) return {"state.markers", why};
  return N20Rules::position_problem(m, s);
}

}  // namespace hexlaw::n20
