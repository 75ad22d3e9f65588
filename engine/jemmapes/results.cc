// Owns: parsing combat result cells (see results.h).
#include "engine/jemmapes/results.h"

#include <cctype>
#include <sstream>
#include <stdexcept>

namespace hexlaw::jemmapes {

// RULE jemmapes:6.3 — the result grammar: M, nD, R, *, nP
CombatResult parse_result(const std::string& cell) {
  CombatResult r;
  r.text = cell;
  std::istringstream in(cell);
  std::string tok;
  while (in >> tok) {
    if (tok == "-" || tok == "(1)") continue;
    if (tok == "M" || tok == "MT") {
      r.morale_test = true;
      continue;
    }
    std::size_t i = 0;
    while (i < tok.size() && std::isdigit(static_cast<unsigned char>(tok[i]))) ++i;
    const int n = i ? std::stoi(tok.substr(0, i)) : 0;
    std::string rest = tok.substr(i);
    if (i && rest == "D") r.disorganisation += n;
    else if (i && rest == "P") r.step_losses += n;
    else if (!i && (rest == "R" || rest == "R*" || rest == "*")) {
      r.retreat = r.retreat || rest != "*";
      r.artillery_step = r.artillery_step || rest != "R";
    } else throw std::invalid_argument("unreadable Jemmapes result token '" + tok + "' in '" + cell + "'");
  }
  return r;
}

nlohmann::json to_json(const CombatResult& r) {
  return {{"text", r.text}, {"morale_test", r.morale_test}, {"disorganisation", r.disorganisation},
          {"retreat", r.retreat}, {"artillery_step", r.artillery_step}, {"step_losses", r.step_losses}};
}

}  // namespace hexlaw::jemmapes
