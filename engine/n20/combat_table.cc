// Owns: CRT lookups. The table itself is data (spec/tables/jena/crt.yaml).
#include "engine/n20/combat_table.h"

#include <iterator>
#include <stdexcept>

#include "engine/core/dice.h"

namespace hexlaw::n20 {

namespace {
constexpr const char* kCodeNames[] = {"AB", "AR", "AW", "DB", "DR", "DW", "EX", "N"};
static_assert(std::size(kCodeNames) == static_cast<std::size_t>(CrtCode::N) + 1, "one name for each CrtCode");
}  // namespace

const char* to_string(CrtCode c) { return kCodeNames[static_cast<int>(c)]; }

CrtCode crt_code(std::string_view result) {
  for (const char* const& name : kCodeNames)  // the array's own extent: no count to keep in step
    if (result == name) return static_cast<CrtCode>(&name - kCodeNames);
  throw std::logic_error("the CRT holds '" + std::string(result) + "', which the table reader should have refused");
}

// Step E. Pick the differential column, using the end columns beyond the printed range.
// Step F. Cross the die with the column.
CrtResult crt_lookup(const N20Rules& rules, int differential, int die, Trace& trace) {
  const CrtTable& crt = rules.crt();
  auto fmt = [](int d) { return (d > 0 ? "+" : "") + std::to_string(d); };
  const CrtTable::Lookup l = crt.lookup(differential, die);
  // RULE std:9.0 — steps E-F: the differential picks the column, one die the row
  // RULE jena:table.crt — the CRT is data; beyond the printed columns, use the end column
  if (l.column != differential) {
    trace.cite(crt.grid.id, [&] { return "differential " + fmt(differential) + " is beyond the table; read on the " +
                                fmt(l.column) + " column"; });
  }
  trace.cite("std:9.0"_rule, [&] { return "steps E-F: differential " + fmt(differential) + " uses the " + fmt(l.column) +
                            " column; die " + std::to_string(die); });
  trace.cite(crt.grid.id, [&] {
    auto legend = crt.grid.legend.find(l.result);
    return "column " + fmt(l.column) + ", die " + std::to_string(die) + ": " + l.result +
           (legend != crt.grid.legend.end() ? " (" + legend->second + ")" : "");
  });
  return CrtResult{differential, l.column, die, l.result};
}

CrtResult crt_roll(const N20Rules& rules, int differential, DiceSource& dice, Trace& trace) {
  // RULE std:9.0 — step F: roll one die for the battle
  const int die = dice.roll(6, "std:9.0", "battle die");
  return crt_lookup(rules, differential, die, trace);
}

}  // namespace hexlaw::n20
