// Owns: the Jemmapes 1792 system's side of the questions layer — reading a Jemmapes case's
// position and answering its question kinds (facing, zoc, in-enemy-zoc). Registered in
// systems.cc; the kinds answer through the same Answer, trace and checks as Napoleonic 20's.
#pragma once

#include <string>
#include <vector>

#include "engine/questions/answer.h"
#include "engine/questions/case_file.h"

namespace hexlaw {

// Reads `map` and `units` (Jemmapes fields: kind, facing, cp, level); refuses what the system
// does not read yet (options, state) and the switches the catalog records for it by name.
void read_jemmapes_case_position(const CaseField& root, CaseFile& c);
std::vector<std::string> jemmapes_kind_names();
Answer answer_jemmapes_case(const CaseFile& c);

}  // namespace hexlaw
