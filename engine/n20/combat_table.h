// Owns: reading the Combat Results Table (std:9.0 steps E and F): the column for a
// differential, clamped to the table's end columns, and the result for a die. Applying a
// result (breaks, routs, retreats, exchanges: std:9.6.x) is not done here.
#pragma once

#include <cstdint>
#include <string_view>

#include "engine/core/dice.h"
#include "engine/n20/rules.h"

namespace hexlaw::n20 {

// The CRT's results as the engine applies them; the table's cells are checked to be one of
// these when it is read (engine/core/tables.cc).
enum class CrtCode : std::uint8_t { AB, AR, AW, DB, DR, DW, EX, N };
const char* to_string(CrtCode c);  // "AB" … "N"
// The code of a result read on the table; std::logic_error for one the reader let through.
CrtCode crt_code(std::string_view result);

struct CrtResult {
  int differential;
  int column;
  int die;
  std::string result;  // AB, AR, AW, DB, DR, DW, EX, N
};

// Looks up the CRT for a differential and a die already rolled.
CrtResult crt_lookup(const N20Rules& rules, int differential, int die, Trace& trace);
// Rolls the battle die from `dice` and looks up the result. (Every face is its own branch for
// enumerated dice: a battle's resolution groups faces with the same result itself, resolution.cc.)
CrtResult crt_roll(const N20Rules& rules, int differential, DiceSource& dice, Trace& trace);

}  // namespace hexlaw::n20
