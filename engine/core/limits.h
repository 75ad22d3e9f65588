// Owns: the limits on input that every reader of cases, scenarios and logs enforces (issue 16),
// beside the document limits of yaml_read.h (size, depth, aliases, whole numbers). Each is
// a named constant; a reader past one throws a CaseError naming the file and the field.
#pragma once

#include <string>

namespace hexlaw {

// Limits on a position read from a case, scenario or log (issue 16); each refused by name.
inline constexpr int kMaxTurn = 10000;         // turns (a calendar's last turn, an arrival turn)
inline constexpr int kMaxUnits = 10000;        // units in one case or scenario
inline constexpr int kMaxUnitIdBytes = 64;     // the length of a unit id, in UTF-8 bytes

// The unit-id character set: 1..kMaxUnitIdBytes bytes of UTF-8 with no control character
// (U+0000..U+001F, U+007F..U+009F), so an id fits on one line of a log, a choice or a
// picture. Played games quote ids with spaces or punctuation (docs/game.md). Returns why
// `id` is refused, or an empty string when it is a valid id.
std::string unit_id_problem(const std::string& id);

}  // namespace hexlaw
