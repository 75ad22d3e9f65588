// Owns: answering a case once with its dice when they are not enumerated — shared by every rule
// system's answer driver (ask.cc for Napoleonic 20, jemmapes_questions.cc); defined in ask.cc.
#pragma once

#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/dice.h"
#include "engine/core/trace.h"
#include "engine/questions/answer.h"
#include "engine/questions/case_file.h"

namespace hexlaw {

// A question run once with the dice it is handed, into its answer's trace and headline.
using DicedAnswer = std::function<nlohmann::json(DiceSource&, Trace&, std::string& headline)>;
// Answers `a` once with the case's dice unless they are enumerated (none, a script that must be
// used up, a seed): outcome, rolls and dice mode. False, leaving `a` alone, for dice: enumerate.
// Shared by every rule system's answer driver.
bool answer_with_single_dice(const CaseFile& c, Answer& a, const DicedAnswer& answer);

}  // namespace hexlaw
