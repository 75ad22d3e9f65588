// Owns: the Jemmapes question kind `scenario-rule` — whether a position or an intended act keeps
// the printed scenario restrictions (jemmapes:9.1.1, 9.1.2, 9.1.4, 9.2, 9.4): the French set-up,
// an order change or an activation in a given round, an Austrian unit entering a hex, the last
// unit leaving a starred redoubt. The Austrian set-up is refused by name (the map is missing).
#include <algorithm>

#include "engine/core/errors.h"
#include "engine/jemmapes/scenario.h"
#include "engine/questions/jemmapes_kinds.h"

namespace hexlaw::jemmapes_questions {
namespace {

const char* kChecks[] = {"french-setup", "austrian-setup", "order-change", "activate", "enter", "leave-redoubt"};

jemmapes::ScenarioKind scenario_of(const Situation& s) {
  const auto f = s.c.question["scenario"];
  const std::string v = f.str_or("historical");
  if (v != "historical" && v != "free") f.fail("historical (9.2) or free (9.4)");
  return v == "free" ? jemmapes::ScenarioKind::Free : jemmapes::ScenarioKind::Historical;
}

const jemmapes::Formation& formation_of_question(const Situation& s) {
  const auto f = s.c.question.required("formation");
  const auto it = s.position.formations.find(f.str());
  if (it == s.position.formations.end()) f.fail("no formation '" + f.str() + "' in state.formations");
  return it->second;
}

int round_of(const Situation& s) {
  const auto f = s.c.question["round"];
  const long long r = f.int_or(s.position.round);
  if (r < 1 || r > 8) f.fail("a round lies within 1..8");
  return static_cast<int>(r);
}

nlohmann::json verdict_json(const jemmapes::ScenarioVerdict& v) {
  nlohmann::json out{{"allowed", v.allowed}};
  if (!v.allowed) out["rule"] = v.rule, out["reason"] = v.reason;
  return out;
}

}  // namespace

std::vector<Kind> scenario_kinds() {
  return {
      {"scenario-rule",
       "Whether the printed scenario restrictions allow a set-up or an act (question: check: french-setup | austrian-setup | "
       "order-change | activate | enter | leave-redoubt, scenario: historical | free, round, formation, to (order-change: the order asked for), "
       "attacked, unit, hex, units_left)",
       [](const Situation& s) {
         const auto q = s.c.question;
         q.expect_keys({"kind", "check", "scenario", "round", "formation", "to", "attacked", "unit", "hex", "units_left"});
         const std::string c = q.required("check").str();
         if (std::find(std::begin(kChecks), std::end(kChecks), c) == std::end(kChecks))
           q["check"].fail("one of french-setup, austrian-setup, order-change, activate, enter, leave-redoubt");
         scenario_of(s);
         round_of(s);
         if (c == "order-change" || c == "activate") formation_of_question(s);
         if (q["to"].present() && c != "order-change") q["to"].fail("'to' is the order an order-change check asks for");
         if (q["to"].present()) order_named(q["to"]);
         if (c == "enter") unit_field(s), hex_field(s, "hex");
         if (c == "leave-redoubt" && (q.required("units_left").integer() < 0 || q["units_left"].integer() > 2))
           q["units_left"].fail("a hex holds 0..2 units (jemmapes:1.4)");
       },
       [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
         const auto q = s.c.question;
         const std::string c = q["check"].str();
         const auto sc = scenario_of(s);
         const int round = round_of(s);
         jemmapes::ScenarioVerdict v;
         if (c == "french-setup") {
           v = jemmapes::french_setup(s.x, t);
         } else if (c == "austrian-setup") {
           // SOURCE-MISSING jemmapes:9.1.2 — "behind the fortifications" needs the map's fortification hexes, which the source does not give
           throw RuleRefusal("jemmapes:9.1.2", "the Austrian set-up places units behind the fortifications between printed hexes; "
                                               "the fortification hexes are on the map, which the source lacks (source-missing)");
         } else if (c == "order-change") {
           const auto to = q["to"].present() ? std::optional<jemmapes::Order>(order_named(q["to"])) : std::nullopt;
           v = jemmapes::order_change_allowed(s.x, sc, formation_of_question(s), round, t, to);
         } else if (c == "activate") {
           v = jemmapes::activation_allowed(s.x, sc, formation_of_question(s), round, q["attacked"].bool_or(false), t);
         } else if (c == "enter") {
           v = jemmapes::may_enter(s.x, unit_field(s), hex_field(s, "hex"), t);
         } else {
           v = jemmapes::may_leave_redoubt(sc, round, static_cast<int>(q["units_left"].integer()), t);
         }
         headline = c + (v.allowed ? ": allowed" : ": not allowed");
         return verdict_json(v);
       }},
  };
}

}  // namespace hexlaw::jemmapes_questions
