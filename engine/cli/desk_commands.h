// Owns: the rules lawyer's desk on the command line — `hexlaw draw FILE` (a case's position as
// SVG), the picture `hexlaw ask FILE --svg OUT` writes beside its answer, and `hexlaw explain
// ID` (alias `hexlaw rule ID --cases`): the case files that exercise a rule, each with its
// result in the last coverage report when one exists.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/core/spec.h"
#include "engine/questions/ask.h"

namespace hexlaw::cli {

// Where the picture of case `c` goes: `out` itself for a single file, else `out/NAME.svg`
// (the case's name, folders made as needed).
std::string svg_target(const std::string& out, const CaseFile& c, bool many);
// Writes the picture of `c` (with its answer, or the refusal as a note) to `path`; throws
// InputError naming the file when it cannot be written.
void write_case_svg(const CaseFile& c, const Answer* a, const std::string& refusal, const std::string& path);

struct DrawArgs {
  std::string file, out, cases_root;
  std::vector<std::string> zoc;  // unit ids whose ZoC is shaded
  bool answer = false;           // lay the answer over the position
};
int run_draw(const std::shared_ptr<const Spec>& spec, const DrawArgs& args);

struct ExplainArgs {
  std::string id, cases_root, db;
  bool json = false;
};
int run_explain(const std::shared_ptr<const Spec>& spec, const ExplainArgs& args);

}  // namespace hexlaw::cli
