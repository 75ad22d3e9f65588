// Owns: Unit/GameState queries and their exact (de)serialisation.
#include "engine/n20/state.h"

#include <climits>
#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "engine/core/errors.h"
#include "engine/core/yaml_read.h"

namespace hexlaw {
namespace {

constexpr const char* kUnitTypes[] = {"infantry", "cavalry", "artillery", "leader", "garrison", "dummy", "cadre"};
constexpr const char* kUnitStatuses[] = {"on-map", "broken", "eliminated", "pending"};
constexpr const char* kPhases[] = {"setup", "random-events", "movement", "reaction", "combat", "night-operations",
                                   "end"};

template <std::size_t N>
std::string list_of(const char* const (&items)[N]) {
  std::string out;
  for (const char* s : items) out += (out.empty() ? "" : ", ") + std::string(s);
  return out;
}

std::vector<std::string> sorted_unique(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

// Reads a list of names from a fixed vocabulary, naming the bad one and the vocabulary.
template <class Tags>
Tags read_tags(const Field<CaseError>& f, const char* what) {
  Tags tags;
  std::size_t i = 0;
  for (const auto& name : f.str_list()) {
    auto tag = Tags::parse(name);
    if (!tag) f.at(i).fail("unknown " + std::string(what) + " '" + name + "' (one of " + Tags::vocabulary() + ")");
    tags.set(*tag, true);
    ++i;
  }
  return tags;
}

}  // namespace

const char* to_string(UnitType t) { return kUnitTypes[static_cast<int>(t)]; }
std::optional<UnitType> parse_unit_type(const std::string& s) {
  for (int i = 0; i < 7; ++i)
    if (s == kUnitTypes[i]) return static_cast<UnitType>(i);
  return std::nullopt;
}
const char* to_string(UnitStatus s) { return kUnitStatuses[static_cast<int>(s)]; }
std::optional<UnitStatus> parse_unit_status(const std::string& s) {
  for (int i = 0; i < 4; ++i)
    if (s == kUnitStatuses[i]) return static_cast<UnitStatus>(i);
  return std::nullopt;
}

static_assert(std::is_trivially_copyable_v<Unit>, "a position copies its units as one block");

int& MoraleTracks::operator[](Symbol track) {
  if (Entry* e = find(track); e != end()) return e->second;
  if (n_ == kMax) throw std::length_error("a game has at most " + std::to_string(kMax) + " morale tracks");
  Entry* at = std::lower_bound(begin(), end(), track, [](const Entry& e, Symbol t) { return e.first < t; });
  std::move_backward(at, end(), end() + 1);
  *at = Entry{track, 0};
  ++n_;
  return at->second;
}
const int& MoraleTracks::at(Symbol track) const {
  if (const Entry* e = find(track); e != end()) return e->second;
  throw std::out_of_range("no morale track '" + track.str() + "'");
}
const MoraleTracks::Entry* MoraleTracks::find(Symbol track) const {
  for (const Entry& e : *this)
    if (e.first == track) return &e;
  return end();
}
MoraleTracks::Entry* MoraleTracks::find(Symbol track) {
  for (Entry& e : *this)
    if (e.first == track) return &e;
  return end();
}

const Unit* GameState::unit(Symbol id) const {
  for (const auto& u : units)
    if (u.id == id) return &u;
  return nullptr;
}
Unit* GameState::unit(Symbol id) {
  for (auto& u : units)
    if (u.id == id) return &u;
  return nullptr;
}
const Unit* GameState::unit(std::string_view id) const {
  auto s = Symbol::find(id);
  return s ? unit(*s) : nullptr;
}
Unit* GameState::unit(std::string_view id) {
  auto s = Symbol::find(id);
  return s ? unit(*s) : nullptr;
}
const Unit* GameState::unit_at(Hex h) const {
  for (const auto& u : units)
    if (u.on_map() && u.hex == h) return &u;
  return nullptr;
}
GameState::UnitsAt GameState::units_at(Hex h) const {
  UnitsAt out;
  for (const auto& u : units)
    if (u.on_map() && u.hex == h) out.push_back(&u);
  return out;
}
bool GameState::has_marker(Symbol m) const { return std::find(markers.begin(), markers.end(), m) != markers.end(); }
void GameState::set_marker(Symbol m, bool on) {
  const auto it = std::lower_bound(markers.begin(), markers.end(), m);
  const bool has = it != markers.end() && *it == m;
  if (on && !has) markers.insert(it, m);
  if (!on && has) markers.erase(it);
}

void to_json(nlohmann::json& j, const UnitFlags& flags) { j = flags.names(); }
void to_json(nlohmann::json& j, const UnitMarkers& markers) { j = markers.names(); }
void to_json(nlohmann::json& j, const MoraleTracks& morale) {
  j = nlohmann::json::object();
  for (const auto& [track, points] : morale) j[track.str()] = points;
}

nlohmann::json to_json(const GameState& s, ColumnLayout layout) {
  using nlohmann::json;
  json j;
  j["turn"] = s.turn;
  j["phase"] = s.phase;
  j["phasing"] = s.phasing;
  j["night"] = s.night;
  j["weather"] = s.weather;
  j["morale"] = s.morale;
  j["markers"] = s.markers;
  if (s.counters != PhaseCounters{})  // written only in a phase under way, so a fresh state reads the same
    j["counters"] = {{"units_moved", s.counters.units_moved}, {"enemy_zocs_entered", s.counters.enemy_zocs_entered}};
  json units = json::array();
  for (const auto& u : s.units) {
    json ju;
    ju["id"] = u.id;
    ju["name"] = u.name;
    ju["side"] = u.side;
    ju["nationality"] = u.nationality;
    ju["army"] = u.army;
    ju["type"] = to_string(u.type);
    ju["strength"] = u.strength;
    ju["movement"] = u.movement;
    if (u.command_span >= 0) ju["command_span"] = u.command_span;
    if (u.cavalry_command_span >= 0) ju["cavalry_command_span"] = u.cavalry_command_span;
    ju["flags"] = u.flags;
    ju["markers"] = u.markers;
    ju["status"] = to_string(u.status);
    if (u.on_map()) ju["hex"] = format_ccrr(to_printed(u.hex, layout));
    if (u.status == UnitStatus::Pending) {
      ju["arrival_turn"] = u.arrival_turn;
      ju["entry"] = u.entry;
    }
    units.push_back(ju);
  }
  j["units"] = units;
  return j;
}

std::string to_json_text(const GameState& s, ColumnLayout layout) { return to_json(s, layout).dump(); }

void parse_state_fields(const Field<CaseError>& f, GameState& s) {
  s.turn = static_cast<int>(f["turn"].int_in_or(1, 1, kMaxTurn, "a turn"));
  s.phase = f["phase"].str_or("movement");
  if (std::find_if(std::begin(kPhases), std::end(kPhases), [&](const char* p) { return s.phase == p; }) ==
      std::end(kPhases))
    f["phase"].fail("unknown phase '" + s.phase + "' (one of " + list_of(kPhases) + ")");
  s.phasing = f["phasing"].str_or("");
  s.night = f["night"].bool_or(false);
  s.weather = f["weather"].str_or("");
  s.morale.clear();
  f["morale"].for_each_entry([&](const std::string& track, const Field<CaseError>& v) {
    const long long points = v.integer();
    if (points < 0 || points > 10) v.fail("morale must lie between 0 and 10 (std:12.1.1)");
    if (s.morale.size() == MoraleTracks::kMax)
      v.fail("a game has at most " + std::to_string(MoraleTracks::kMax) + " morale tracks");
    s.morale[track] = static_cast<int>(points);
  });
  s.markers.clear();
  for (const auto& m : sorted_unique(f["markers"].str_list())) s.markers.emplace_back(m);
}

UnitTable parse_units(const Field<CaseError>& f, ColumnLayout layout) {
  if (f.size() > static_cast<std::size_t>(kMaxUnits))
    f.fail("more than " + std::to_string(kMaxUnits) + " units (kMaxUnits)");
  UnitTable units;
  std::set<std::string> ids;
  f.for_each_item([&](const Field<CaseError>& fu) {
    fu.expect_keys({"id", "name", "side", "nationality", "army", "type", "strength", "movement", "flags",
                    "markers", "status", "hex", "arrival_turn", "entry", "command_span", "cavalry_command_span"});
    Unit u;
    u.id = fu.required("id").str();
    if (const std::string why = unit_id_problem(u.id); !why.empty()) fu["id"].fail(why);
    if (!ids.insert(u.id).second) fu["id"].fail("duplicate unit id '" + u.id + "'");
    u.name = fu["name"].str_or("");
    u.side = fu.required("side").str();
    u.nationality = fu["nationality"].str_or("");
    u.army = fu["army"].str_or("");
    const std::string type = fu.required("type").str();
    auto t = parse_unit_type(type);
    if (!t) fu["type"].fail("unknown unit type '" + type + "' (one of " + list_of(kUnitTypes) + ")");
    u.type = *t;
    // Printed values are read whole and checked before they are narrowed.
    const long long strength = fu.required("strength").integer_in(LLONG_MIN, LLONG_MAX, "");
    if (strength < 0) fu["strength"].fail("a combat strength cannot be negative");
    if (strength > Unit::kMaxPrinted)
      fu["strength"].fail("a combat strength above " + std::to_string(Unit::kMaxPrinted) + " is no counter's value");
    u.strength = static_cast<std::int16_t>(strength);
    const long long movement = fu.required("movement").integer_in(LLONG_MIN, LLONG_MAX, "");
    if (movement < 0) fu["movement"].fail("a movement allowance cannot be negative");
    if (movement > Unit::kMaxPrinted)
      fu["movement"].fail("a movement allowance above " + std::to_string(Unit::kMaxPrinted) + " is no counter's value");
    u.movement = static_cast<std::int16_t>(movement);
    // A Leader's Command Span (leipzig:16.12), printed on its counter only: given by the case.
    for (const char* key : {"command_span", "cavalry_command_span"}) {
      if (!fu[key].present()) continue;
      if (u.type != UnitType::Leader) fu[key].fail("only a Leader has a Command Span (leipzig:16.12)");
      const auto span = static_cast<std::int8_t>(fu[key].int_in_or(0, 0, 9, "a Command Span in hexes"));
      (std::string_view(key) == "command_span" ? u.command_span : u.cavalry_command_span) = span;
    }
    u.flags = read_tags<UnitFlags>(fu["flags"], "flag");
    u.markers = read_tags<UnitMarkers>(fu["markers"], "marker");
    // The fatigue levels are names the state can hold, but the rules read a unit's fatigue from
    // the game marker fatigue-LEVEL-ID (leipzig:16.11): a unit marker is refused rather than
    // answered as if the unit were fresh.
    for (UnitMarker m : {UnitMarker::Committed, UnitMarker::Tired, UnitMarker::Weary, UnitMarker::Spent})
      if (u.markers.has(m))
        fu["markers"].fail(std::string("the fatigue marker '") + UnitMarkers::name(m) +
                           "' is not read as a unit marker: state the level as the game marker fatigue-" +
                           UnitMarkers::name(m) + "-" + std::string(u.id) + " (leipzig:16.11)");
    const bool has_hex = fu["hex"].present();
    const std::string status = fu["status"].str_or(has_hex ? "on-map" : "");
    if (status.empty()) fu.fail("unit '" + u.id + "' needs a hex or an off-map status");
    auto st = parse_unit_status(status);
    if (!st) fu["status"].fail("unknown status '" + status + "' (one of " + list_of(kUnitStatuses) + ")");
    u.status = *st;
    if (u.status == UnitStatus::OnMap) {
      if (!has_hex) fu["hex"].fail("a unit on the map needs a hex");
      const std::string text = fu["hex"].str();
      auto p = parse_ccrr(text);
      if (!p) fu["hex"].fail("'" + text + "' is not a four-digit CCRR hex number (e.g. \"0407\")");
      u.hex = to_axial(*p, layout);
    } else if (has_hex) {
      fu["hex"].fail("a " + status + " unit is off the map and has no hex");
    }
    if (u.status == UnitStatus::Pending) {
      u.arrival_turn = static_cast<int>(fu.required("arrival_turn").integer_in(1, kMaxTurn, "an arrival turn"));
      u.entry = fu.required("entry").str();
    } else {
      // An arrival turn or entry area would be read by nothing: refused rather than ignored.
      for (const char* key : {"arrival_turn", "entry"})
        if (fu[key].present())
          fu[key].fail("only a pending unit (a reinforcement not yet arrived, std:11.0) has an arrival turn and an entry area; '" +
                       u.id + "' is " + status);
    }
    units.push_back(std::move(u));
  });
  return units;
}

GameState parse_state(const Field<CaseError>& f, ColumnLayout layout) {
  f.expect_keys({"turn", "phase", "phasing", "night", "weather", "morale", "markers", "units", "counters"});
  GameState s;
  parse_state_fields(f, s);
  if (const auto c = f["counters"]; c.present()) {
    c.expect_keys({"units_moved", "enemy_zocs_entered"});
    auto count = [&](const char* key) {
      const long long v = c[key].int_or(0);
      if (v < 0 || v > 100000) c[key].fail("a count lies within 0..100000");
      return static_cast<int>(v);
    };
    s.counters.units_moved = count("units_moved");
    s.counters.enemy_zocs_entered = count("enemy_zocs_entered");
  }
  s.units = parse_units(f["units"], layout);
  return s;
}

GameState state_from_json_text(const std::string& text, ColumnLayout layout, const std::string& name) {
  return parse_state(Field<CaseError>::load_text(text, name), layout);
}

}  // namespace hexlaw
