// Owns: units and the game state — who is where, off-map status, markers, turn, phase,
// morale tracks and weather. The state is a plain value: it copies cheaply, compares with
// ==, and serialises to JSON and back exactly.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/core/hex.h"

namespace hexlaw {

class CaseError;
template <class ErrorT>
class Field;

enum class UnitType { Infantry, Cavalry, Artillery, Leader, Garrison, Dummy, Cadre };
const char* to_string(UnitType t);
std::optional<UnitType> parse_unit_type(const std::string& s);

// Where a unit is: on the map, or off it as broken (may rally), eliminated (gone for good)
// or pending (a reinforcement not yet arrived).
enum class UnitStatus { OnMap, Broken, Eliminated, Pending };
const char* to_string(UnitStatus s);
std::optional<UnitStatus> parse_unit_status(const std::string& s);

struct Unit {
  std::string id;           // unique within a scenario: "IG", "H-LW"
  std::string name;         // for people; may be empty
  std::string side;         // "french", "prussian", "allied", "austrian" …
  std::string nationality;  // may be empty
  std::string army;         // Leipzig's Allied armies; empty elsewhere
  UnitType type = UnitType::Infantry;
  int strength = 0;          // printed combat strength
  int movement = 0;          // printed movement allowance
  std::vector<std::string> flags;    // printed qualities, sorted: elite, guard, light, unreliable
  std::vector<std::string> markers;  // placed markers, sorted: routed, hidden, fatigue-1 …
  UnitStatus status = UnitStatus::OnMap;
  Hex hex;                  // when status == OnMap; {0,0} for units off the map
  int arrival_turn = 0;     // Pending: scheduled turn
  std::string entry;        // Pending: entry area or hex name

  bool has_flag(const std::string& f) const;
  bool has_marker(const std::string& m) const;
  // Puts marker `m` on the unit or takes it off, keeping the markers sorted.
  void set_marker(const std::string& m, bool on);
  bool on_map() const { return status == UnitStatus::OnMap; }
  friend bool operator==(const Unit&, const Unit&) = default;
};

struct GameState {
  int turn = 1;
  std::string phase = "movement";  // random-events, movement, reaction, combat, night-operations
  std::string phasing;             // the phasing side
  bool night = false;
  std::string weather;             // empty when the game has no weather
  std::map<std::string, int> morale;  // morale track -> points (Leipzig has two Allied fronts)
  std::vector<std::string> markers;   // game-level markers, sorted
  std::vector<Unit> units;

  const Unit* unit(const std::string& id) const;
  Unit* unit(const std::string& id);
  // The unit on the map at h, if any (the engine never leaves two there at rest, std:6.9).
  const Unit* unit_at(Hex h) const;
  std::vector<const Unit*> units_at(Hex h) const;

  friend bool operator==(const GameState&, const GameState&) = default;
};

// Serialisation: unit positions are written as printed CCRR numbers in `layout`.
nlohmann::json to_json(const GameState& s, ColumnLayout layout);
std::string to_json_text(const GameState& s, ColumnLayout layout);
// Reads the shape to_json writes (YAML or JSON); throws CaseError naming file and field.
// Unit ids must be unique and no two units may stand in one hex except where `allow_stacked`.
GameState parse_state(const Field<CaseError>& f, ColumnLayout layout);
std::vector<Unit> parse_units(const Field<CaseError>& f, ColumnLayout layout);
// Reads the state fields (turn, phase, …, not units) into `s`.
void parse_state_fields(const Field<CaseError>& f, GameState& s);
GameState state_from_json_text(const std::string& text, ColumnLayout layout, const std::string& name);

}  // namespace hexlaw
