// Owns: reading the Combat Results Table (std:9.0 steps E and F): the column for a
// differential, clamped to the table's end columns, and the result for a die.
#pragma once

#include "engine/core/dice.h"
#include "engine/n20/rules.h"

namespace hexlaw::n20 {

struct CrtResult {
  int differential;
  int column;
  int die;
  std::string result;  // AB, AR, AW, DB, DR, DW, EX, N
};

// The rule case explaining a result code (std:9.6.1 for AB …).
const char* result_rule(const std::string& code);

// Looks up the CRT for a differential and a die already rolled.
CrtResult crt_lookup(const N20Rules& rules, int differential, int die, Trace& trace);
// Rolls the battle die from `dice` and looks up the result.
CrtResult crt_roll(const N20Rules& rules, int differential, DiceSource& dice, Trace& trace);

}  // namespace hexlaw::n20
