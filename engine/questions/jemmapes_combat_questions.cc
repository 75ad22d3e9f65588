// Owns: the Jemmapes question kinds about combat — fire, assault and their results.
#include "engine/questions/jemmapes_kinds.h"

namespace hexlaw::jemmapes_questions {

std::vector<Kind> combat_kinds() { return {}; }

}  // namespace hexlaw::jemmapes_questions
