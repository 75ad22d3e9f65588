// Owns: the Napoleonic 20 rule set as layers — the standard rules with named hooks, a
// game's exclusive rules overriding hooks, optional rules switched on or off, and named
// interpretation switches for readings the sources leave open. Standard code calls hooks;
// it never forks for a game. See docs/rule-layering.md for where each game plugs in.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/catalog.h"
#include "engine/core/hex.h"
#include "engine/core/map.h"
#include "engine/core/state.h"
#include "engine/core/tables.h"
#include "engine/core/trace.h"

namespace hexlaw::n20 {

// What a question or a game asks for: which game, which optional rules, which readings.
struct RulesetChoice {
  std::string game = "standard";           // standard | jena | dresden | leipzig
  std::set<std::string> options;           // optional rules switched on, by id: "std:16.5"
  std::map<std::string, std::string> interpretations;  // switch name -> chosen reading
};

// An interpretation switch the engine implements: its name (as in the catalog note that
// records the ambiguity), the readings it accepts and the default.
struct InterpretationSwitch {
  std::string name;
  std::vector<std::string> readings;
  std::string default_reading;
  std::string rule;  // the case whose note records the ambiguity
};
const std::vector<InterpretationSwitch>& known_switches();

// Every optional rule a question may switch on (the std:16.x cases and games' optional rules).
bool is_optional_rule(const Catalog& catalog, std::string_view id);

class N20Rules {
 public:
  N20Rules(RulesetChoice choice, const Catalog& catalog, const TableSet& tables);
  virtual ~N20Rules() = default;

  const RulesetChoice& choice() const { return choice_; }
  const std::string& game() const { return choice_.game; }
  const Catalog& catalog() const { return catalog_; }
  bool option_on(std::string_view rule_id) const { return choice_.options.count(std::string(rule_id)) > 0; }
  // The chosen reading of a switch (its default unless the question chose another).
  const std::string& interpretation(std::string_view name) const;

  // Tables this game reads. Dresden and Leipzig print no CRT or terrain chart of their own;
  // the catalog records the ruling that Jena's apply (dresden:table.crt, leipzig:table.crt).
  virtual std::string crt_table_id() const { return "jena:table.crt"; }
  virtual std::string terrain_table_id() const { return "jena:table.terrain"; }
  virtual std::string hazard_table_id() const { return "jena:table.hazardous-retreat"; }
  virtual std::string rally_table_id() const { return "jena:table.rally"; }
  const CrtTable& crt() const { return *crt_; }
  const TerrainChart& terrain_chart() const { return *terrain_; }

  // ---- Hooks: exclusive and optional rules override these; standard code only calls them.

  // Whether `u` has a zone of control at all right now (before terrain and hexsides).
  virtual bool has_zoc(const Unit& u, const GameState& s, Trace& t) const;
  // The hexside types on a hexside now, looked up in the terrain chart (weather may turn one
  // kind of river into another). Appends to `out`; features the chart does not know are
  // skipped. This is the one hook for hexsides: everything below derives from it.
  virtual void hexside_types(const Map& m, Hexside side, const GameState& s,
                             std::vector<const HexsideType*>& out) const;
  // The terrain type of a hex now (weather or events may change it).
  virtual const TerrainType& terrain_of(const Map& m, Hex h, const GameState& s) const;
  // Printed strength and allowance before any battle or movement modifiers.
  virtual int base_strength(const Unit& u, const GameState& s, Trace& t) const;
  virtual int base_movement_allowance(const Unit& u, const GameState& s, Trace& t) const;
  // Added to the allowance after the night cap (Dresden's Downpour -1).
  virtual int movement_allowance_modifier(const Unit& u, const GameState& s, Trace& t) const {
    (void)u, (void)s, (void)t;
    return 0;
  }
  // Whether a move wholly along road earns +1 now (std:6.6; lost in Dresden's Downpour).
  virtual bool road_bonus_allowed(const GameState& s, Trace& t) const {
    (void)s, (void)t;
    return true;
  }
  // Added to a unit's strength in battle after any rout halving, before any doubling
  // (Dresden's rain: infantry -1).
  virtual int strength_modifier(const Unit& u, const GameState& s, Trace& t) const {
    (void)u, (void)s, (void)t;
    return 0;
  }
  // Whether attacking artillery doubles (std:9.3) and may bombard (std:16.3.2) now.
  virtual bool artillery_doubles(const GameState& s, Trace& t) const {
    (void)s, (void)t;
    return true;
  }
  // Whether rout halving comes before doubling (the rout.halving_order switch, or a game's own
  // fixed order, as Dresden's 9.4.5).
  virtual bool halve_before_doubling() const { return interpretation("rout.halving_order") == "halve_then_double"; }
  // Whether a unit may ever move voluntarily (garrisons may not).
  virtual bool may_move(const Unit& u, Trace& t) const;
  // Whether a unit may make cavalry reactions: countercharge, disengage, penetrate (std:8.0).
  // Light infantry of some games may disengage too.
  virtual bool may_countercharge(const Unit& u) const { return u.type == UnitType::Cavalry; }
  virtual bool may_disengage(const Unit& u) const { return u.type == UnitType::Cavalry; }
  // The LOC hexes a unit retreats towards and rallies on.
  virtual std::set<Hex> friendly_locs(const Unit& u, const Map& m, const GameState& s) const;
  // The morale track a unit's side gains and loses on (Leipzig's Allies have two fronts).
  virtual std::string morale_track_for(const Unit& u, const GameState& s, Trace& t) const;
  std::string morale_track(const Unit& u, const GameState& s) const {
    Trace silent(Trace::Off{});
    return morale_track_for(u, s, silent);
  }

  // Convenience forms of the hexside hook.
  std::vector<const HexsideType*> hexside_types(const Map& m, Hexside side, const GameState& s) const;
  std::set<std::string> hexside_features(const Map& m, Hexside side, const GameState& s) const;

 private:
  RulesetChoice choice_;
  const Catalog& catalog_;
  const CrtTable* crt_ = nullptr;
  const TerrainChart* terrain_ = nullptr;
  void bind_tables(const TableSet& tables);
  friend std::unique_ptr<N20Rules> make_rules(RulesetChoice, const Catalog&, const TableSet&);
};

// Builds the layered rule set for a choice. Throws std::invalid_argument naming what is
// wrong: an unknown game, an id that is not an optional rule, an unknown switch or reading.
std::unique_ptr<N20Rules> make_rules(RulesetChoice choice, const Catalog& catalog, const TableSet& tables);

}  // namespace hexlaw::n20
