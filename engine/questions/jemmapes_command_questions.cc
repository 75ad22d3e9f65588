// Owns: the Jemmapes question kinds about command, orders, rally, commanders and victory.
#include "engine/questions/jemmapes_kinds.h"

namespace hexlaw::jemmapes_questions {

std::vector<Kind> command_kinds() { return {}; }

}  // namespace hexlaw::jemmapes_questions
