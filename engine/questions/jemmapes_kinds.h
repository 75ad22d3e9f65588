// Owns: what the Jemmapes question kinds share — the situation a question is answered in
// (case, map, position, readings, the rule context), the kind record, the helpers that read a
// question's unit and hex fields, and the lists of kinds each file contributes (geometry and
// movement in jemmapes_move_questions.cc, combat in jemmapes_combat_questions.cc, command and
// the rest in jemmapes_command_questions.cc). The driver is jemmapes_questions.cc.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/dice.h"
#include "engine/jemmapes/context.h"
#include "engine/questions/case_file.h"

namespace hexlaw::jemmapes_questions {

struct Situation {
  const CaseFile& c;
  const Map& map;
  const jemmapes::Position& position;
  const jemmapes::Context& x;
};

struct Kind {
  std::string name, description;
  std::function<void(const Situation&)> validate;
  std::function<nlohmann::json(const Situation&, DiceSource& dice, Trace&, std::string& headline)> answer;
  bool rolls = false;  // whether it may roll dice (else dice must be none)
};

// The unit named by question field `key` (CaseError naming the field if absent or unknown).
const jemmapes::Unit& unit_field(const Situation& s, const std::string& key = "unit");
// The unit named by `key`, on the map or off it, waiting to enter (jemmapes:9.1.1).
const jemmapes::Unit& mover_field(const Situation& s, const std::string& key = "unit");
// A hex named by `f` (a CCRR string).
Hex hex_of(const Situation& s, const CaseField& f);
Hex hex_field(const Situation& s, const std::string& key);
// The order a question asks for (`to`): offensive, manoeuvre or defensive; demoralisation is only
// imposed (jemmapes:4.2.1), so it is refused naming the field.
jemmapes::Order order_named(const CaseField& f);
// Units named by a list field (each must exist).
std::vector<const jemmapes::Unit*> units_field(const Situation& s, const std::string& key);
// A facing named by `f` (n ne se s sw nw).
Direction facing_of(const CaseField& f);
// Counter values the source does not print must come from the case: CaseError naming the unit's
// field when absent.
void need_value(const Situation& s, const jemmapes::Unit& u, const char* field, bool present);
// Rolls 2D6 for `rule`, `purpose`: returns the sum and records both dice.
int roll_2d6(DiceSource& dice, const char* rule, const char* purpose, std::vector<int>* faces = nullptr);

std::vector<Kind> move_kinds();
std::vector<Kind> combat_kinds();
std::vector<Kind> command_kinds();
std::vector<Kind> scenario_kinds();  // jemmapes_scenario_questions.cc

}  // namespace hexlaw::jemmapes_questions
