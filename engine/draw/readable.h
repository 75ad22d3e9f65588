// Owns: answers in words for people — the odds as a table of outcomes (exact fraction and
// percent, one summary line each), a reach as a list, a battle as its totals, a path as its
// steps, retreats as their paths — used by the CLI's plain output, the pictures' notes and
// the Python module's HTML. Machine output stays Answer::to_json.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/questions/answer.h"

namespace hexlaw::draw {

// One line for one outcome of an odds answer ("DR: D routed 2 hexes to 0510; A stays").
std::string summarize_outcome(const nlohmann::json& outcome);
// The value of an exact probability written "a/b" or "1" (0 for anything else).
double fraction_value(const std::string& fraction);
// "2.78%" for a probability.
std::string percent(double p);
// The few lines that say what the answer decided (totals, legality, counts); empty when the
// headline says it all.
std::vector<std::string> outcome_lines(const Answer& a);
// The outcome's body for a person: a table, list or the totals; empty for a kind that has
// no readable form yet (the caller shows the outcome's JSON instead).
std::string outcome_body(const Answer& a);
// The whole answer for a person: headline, body, dice, rules applied and the trace.
std::string readable(const Answer& a);

}  // namespace hexlaw::draw
