// Owns: CRT lookups. The table itself is data (spec/tables/jena/crt.yaml).
#include "engine/n20/combat_table.h"

#include <map>

#include "engine/core/dice.h"

namespace hexlaw::n20 {

const char* result_rule(const std::string& code) {
  static const std::map<std::string, const char*> kRules = {
      {"AB", "std:9.6.1"}, {"AR", "std:9.6.2"}, {"AW", "std:9.6.3"}, {"DB", "std:9.6.4"},
      {"DR", "std:9.6.5"}, {"DW", "std:9.6.6"}, {"EX", "std:9.6.7"}, {"N", "std:9.6.8"}};
  auto it = kRules.find(code);
  return it == kRules.end() ? "std:9.6" : it->second;
}

// Step E. Pick the differential column, using the end columns beyond the printed range.
// Step F. Cross the die with the column.
CrtResult crt_lookup(const N20Rules& rules, int differential, int die, Trace& trace) {
  const CrtTable& crt = rules.crt();
  auto fmt = [](int d) { return (d > 0 ? "+" : "") + std::to_string(d); };
  const CrtTable::Lookup l = crt.lookup(differential, die);
  // RULE std:9.0 — steps E and F: the differential picks the column, one die the row
  if (l.column != differential) {
    trace.cite(crt.grid.id, "differential " + fmt(differential) + " is beyond the table; read on the " +
                                fmt(l.column) + " column");
  }
  trace.cite("std:9.0", "steps E-F: differential " + fmt(differential) + " uses the " + fmt(l.column) +
                            " column; die " + std::to_string(die));
  trace.cite(crt.grid.id, "column " + fmt(l.column) + ", die " + std::to_string(die) + ": " + l.result);
  auto legend = crt.grid.legend.find(l.result);
  trace.cite(result_rule(l.result),
             l.result + ": " + (legend != crt.grid.legend.end() ? legend->second : std::string("see the rule")));
  return CrtResult{differential, l.column, die, l.result};
}

CrtResult crt_roll(const N20Rules& rules, int differential, DiceSource& dice, Trace& trace) {
  // RULE std:9.0 — step F: roll one die
  const int die = dice.roll(6, "std:9.0", "battle die");
  return crt_lookup(rules, differential, die, trace);
}

}  // namespace hexlaw::n20
