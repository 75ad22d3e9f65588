// Owns: the Napoleonic 20 system's units and game state — who is where, off-map status,
// markers, turn, phase, morale tracks and weather. It lives in engine/n20, not core: unit
// types, phases, weather and the 0-10 morale range are this system's notions. The state is a plain value: it copies cheaply (units are
// trivially copyable records of interned names and bits), compares with ==, and serialises
// to JSON and back exactly.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <utility>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/core/hex.h"
#include "engine/core/inline_vector.h"
#include "engine/core/recycled_allocator.h"
#include "engine/core/tag_set.h"
#include "engine/core/symbol.h"

#include "engine/core/limits.h"

namespace hexlaw {

class CaseError;
template <class ErrorT>
class Field;

enum class UnitType : std::uint8_t { Infantry, Cavalry, Artillery, Leader, Garrison, Dummy, Cadre };
const char* to_string(UnitType t);
std::optional<UnitType> parse_unit_type(const std::string& s);

// Where a unit is: on the map, or off it as broken (may rally), eliminated (gone for good)
// or pending (a reinforcement not yet arrived).
enum class UnitStatus : std::uint8_t { OnMap, Broken, Eliminated, Pending };
const char* to_string(UnitStatus s);
std::optional<UnitStatus> parse_unit_status(const std::string& s);

// Printed qualities of a unit.
enum class UnitFlag : std::uint8_t { Elite, Guard, Light, Unreliable };
inline constexpr const char* kUnitFlagNames[] = {"elite", "guard", "light", "unreliable"};
using UnitFlags = TagSet<UnitFlag, kUnitFlagNames>;

// Markers placed on a unit: the fog of war's hidden, the optional rule's routed, and
// Leipzig's fatigue levels (committed, tired, weary, spent; leipzig:16.11).
enum class UnitMarker : std::uint8_t { Committed, Hidden, Routed, Spent, Tired, Weary };
inline constexpr const char* kUnitMarkerNames[] = {"committed", "hidden", "routed", "spent", "tired", "weary"};
using UnitMarkers = TagSet<UnitMarker, kUnitMarkerNames>;

// One unit: a small trivially copyable record of interned names, enums and numbers, so a
// position copies as one block.
struct Unit {
  static constexpr int kMaxPrinted = 999;  // no counter prints more; readers refuse larger values
  Symbol id;           // unique within a scenario: "IG", "H-LW"
  Symbol name;         // for people; may be empty
  Symbol side;         // "french", "prussian", "allied", "austrian" …
  Symbol nationality;  // may be empty
  Symbol army;         // Leipzig's Allied armies; empty elsewhere
  // The one-byte and two-byte fields sit together, so that a Unit is 48 bytes with no hole
  // (a 40-unit position copies in 2 KB; static_assert below).
  UnitFlags flags;      // printed qualities
  std::int16_t strength = 0;  // printed combat strength (0..kMaxPrinted)
  std::int16_t movement = 0;  // printed movement allowance (0..kMaxPrinted)
  UnitMarkers markers;  // placed markers
  UnitType type = UnitType::Infantry;
  UnitStatus status = UnitStatus::OnMap;
  // Leipzig's Leaders (leipzig:16.12): the Command Span printed on the counter, in hexes, for
  // infantry and artillery, and for cavalry (Murat prints two); -1 where the case gives none.
  std::int8_t command_span = -1;
  std::int8_t cavalry_command_span = -1;
  Hex hex;              // when status == OnMap; {0,0} for units off the map
  int arrival_turn = 0; // Pending: scheduled turn
  Symbol entry;         // Pending: entry area or hex name

  bool has(UnitFlag f) const { return flags.has(f); }
  bool has(UnitMarker m) const { return markers.has(m); }
  void set(UnitMarker m, bool on) { markers.set(m, on); }
  bool on_map() const { return status == UnitStatus::OnMap; }
  friend bool operator==(const Unit&, const Unit&) = default;
};
static_assert(sizeof(Unit) <= 48, "a Unit grew past 48 bytes: a 40-unit position no longer copies in 2 KB (issue #10)");

// The morale tracks of a game, by name (std:12.1; Leipzig has two Allied Fronts beside the
// French track). At most kMax tracks, held inline and kept in the order of their names.
class MoraleTracks {
 public:
  static constexpr std::size_t kMax = 4;
  struct Entry {
    Symbol first;   // the track
    int second = 0; // its points
    friend bool operator==(const Entry&, const Entry&) = default;
  };
  MoraleTracks() = default;
  MoraleTracks(std::initializer_list<std::pair<std::string_view, int>> tracks) {
    for (const auto& [track, points] : tracks) (*this)[Symbol(track)] = points;
  }
  // The points on `track`, adding the track at 0 when it is new; std::length_error past kMax.
  int& operator[](Symbol track);
  const int& at(Symbol track) const;  // std::out_of_range when absent
  std::size_t count(Symbol track) const { return find(track) != end() ? 1 : 0; }
  // The entry of `track`, or end() when the state has no such track (as a std container's
  // find: compare with end(), never with null).
  const Entry* find(Symbol track) const;
  Entry* find(Symbol track);
  const Entry* begin() const { return entries_.data(); }
  const Entry* end() const { return entries_.data() + n_; }
  Entry* begin() { return entries_.data(); }
  Entry* end() { return entries_.data() + n_; }
  std::size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  void clear() { n_ = 0; entries_ = {}; }
  friend bool operator==(const MoraleTracks& a, const MoraleTracks& b) {
    return a.n_ == b.n_ && std::equal(a.begin(), a.end(), b.begin());
  }

 private:
  std::array<Entry, kMax> entries_{};
  std::uint8_t n_ = 0;
};

// What has happened so far in the phase being played, for rules that count it (command
// confusion's units moved, fatigue's enemy ZOCs entered); a played game keeps it, and resets it
// as each phase opens.
struct PhaseCounters {
  int units_moved = 0;         // units that moved or entered the map this phase
  int enemy_zocs_entered = 0;  // moves this phase that ended by entering an enemy ZOC
  friend bool operator==(const PhaseCounters&, const PhaseCounters&) = default;
};

// The phase a new state starts in, interned once: a state is made often (each distinct outcome
// of exact odds holds one), and interning the text each time cost a look-up in the table.
inline Symbol movement_phase() {
  static const Symbol movement("movement");
  return movement;
}

// A position's units. Its blocks come from a per-thread pool: a 40-unit list is past malloc's
// fast per-thread cache, and positions are copied at every chance node and kept per outcome.
using UnitTable = std::vector<Unit, RecycledAllocator<Unit>>;

struct GameState {
  int turn = 1;
  Symbol phase = movement_phase();  // random-events, movement, reaction, combat, night-operations
  Symbol phasing;             // the phasing side
  bool night = false;
  Symbol weather;             // empty when the game has no weather
  MoraleTracks morale;        // morale track -> points (Leipzig has two Allied fronts)
  std::vector<Symbol> markers;  // game-level markers, sorted by name
  UnitTable units;           // per-thread recycled blocks (recycled_allocator.h)
  PhaseCounters counters;     // this phase's counts (a played game's; zero in a question)

  // The unit with this id, or null. By Symbol: one integer compare per unit.
  const Unit* unit(Symbol id) const;
  Unit* unit(Symbol id);
  // By text: null for an id no unit has (the text is looked up, never interned).
  const Unit* unit(std::string_view id) const;
  Unit* unit(std::string_view id);
  const Unit* unit(const std::string& id) const { return unit(std::string_view(id)); }
  Unit* unit(const std::string& id) { return unit(std::string_view(id)); }
  const Unit* unit(const char* id) const { return unit(std::string_view(id)); }
  Unit* unit(const char* id) { return unit(std::string_view(id)); }
  // The unit on the map at h, if any (the engine never leaves two there at rest, std:6.9).
  const Unit* unit_at(Hex h) const;
  // Every unit on the map at h, in list order: held inline (a hex holds one unit at rest, a
  // few in passing or with a garrison), so asking allocates nothing.
  using UnitsAt = InlineVector<const Unit*, 4>;
  UnitsAt units_at(Hex h) const;
  // Game-level markers.
  bool has_marker(Symbol m) const;
  void set_marker(Symbol m, bool on);

  friend bool operator==(const GameState&, const GameState&) = default;
};

void to_json(nlohmann::json& j, const UnitFlags& flags);      // the names, in order
void to_json(nlohmann::json& j, const UnitMarkers& markers);  // the names, in order
void to_json(nlohmann::json& j, const MoraleTracks& morale);  // {track: points}

// Serialisation: unit positions are written as printed CCRR numbers in `layout`.
nlohmann::json to_json(const GameState& s, ColumnLayout layout);
std::string to_json_text(const GameState& s, ColumnLayout layout);
// Reads the shape to_json writes (YAML or JSON); throws CaseError naming file and field.
// Unit ids must be unique and no two units may stand in one hex except where `allow_stacked`.
GameState parse_state(const Field<CaseError>& f, ColumnLayout layout);
UnitTable parse_units(const Field<CaseError>& f, ColumnLayout layout);
// Reads the state fields (turn, phase, …, not units) into `s`.
void parse_state_fields(const Field<CaseError>& f, GameState& s);
GameState state_from_json_text(const std::string& text, ColumnLayout layout, const std::string& name);

}  // namespace hexlaw
