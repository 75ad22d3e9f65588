// Owns: an answer as an HTML fragment for notebooks (Jupyter's _repr_html_): its picture, its
// headline, its outcome as a table (the odds one row per outcome, with exact fraction and
// percent) and the rules it cites with their titles. Static: no script, no network.
#pragma once

#include <string>

#include "engine/questions/answer.h"

namespace hexlaw::draw {

// `svg` is the answer's picture (may be empty: the fragment then has none).
std::string answer_html(const Answer& a, const std::string& svg);

}  // namespace hexlaw::draw
