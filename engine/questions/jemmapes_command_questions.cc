// Owns: the Jemmapes question kinds about command, orders, rally, commanders and victory —
// `command`, `order-change`, `involuntary-order-change`, `rally`, `commander-elimination`,
// `victory-points`. Each rolls 2D6 when asked to (`roll: true`), with exact odds under
// dice: enumerate.
#include <algorithm>

#include "engine/jemmapes/command.h"
#include "engine/jemmapes/facing.h"
#include "engine/questions/jemmapes_kinds.h"

namespace hexlaw::jemmapes_questions {
namespace {

const jemmapes::Formation& formation_field(const Situation& s) {
  const auto f = s.c.question.required("formation");
  auto it = s.position.formations.find(f.str());
  if (it == s.position.formations.end()) f.fail("no formation '" + f.str() + "' in state.formations");
  return it->second;
}

const jemmapes::Unit* commander_of(const Situation& s, const jemmapes::Formation& f) {
  if (f.commander.empty()) s.c.root["state"]["formations"][f.id].fail("the question needs formation " + f.id + "'s commander");
  const jemmapes::Unit* c = s.position.unit(f.commander);
  if (!c || c->combat()) s.c.root["state"]["formations"][f.id]["commander"].fail("'" + f.commander + "' is not a commander in the case's units");
  return c;
}

// Rolls 2D6 plus `sum` when the question asks for a roll; returns the total or nullopt. Under
// dice: enumerate the dice are left out of the outcome, so the odds are those of each result.
std::optional<int> maybe_roll(const Situation& s, DiceSource& dice, const char* rule, const char* purpose, int sum, nlohmann::json& out) {
  if (!s.c.question["roll"].bool_or(false)) return std::nullopt;
  const int d = roll_2d6(dice, rule, purpose);
  if (dice.mode() != "enumerate") {  // exact odds merge on the result alone
    out["dice"] = d;
    out["modified"] = d + sum;
  }
  return d + sum;
}

nlohmann::json drm_out(const jemmapes::OrderChange& oc) {
  return {{"drms", jemmapes::to_json(oc.drms)}, {"drm", oc.sum}};
}

jemmapes::Order order_named(const CaseField& f) {
  static const char* names[] = {"offensive", "manoeuvre", "defensive"};
  for (int i = 0; i < 3; ++i)
    if (f.str() == names[i]) return static_cast<jemmapes::Order>(i);
  f.fail("a formation may ask for offensive, manoeuvre or defensive (demoralisation is only imposed, jemmapes:4.2.1)");
}

}  // namespace

std::vector<Kind> command_kinds() {
  return {
      {"command", "Is this unit commanded, and why? (question: unit)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "unit"});
         const auto& u = unit_field(s);
         need_value(s, u, "formation", s.position.formation_of(u) != nullptr);
         commander_of(s, *s.position.formation_of(u));
       },
       [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
         const auto& u = unit_field(s);
         auto out = jemmapes::line_of_command(s.x, u, t);
         headline = u.id + (out["commanded"].get<bool>() ? " is commanded" : " is not commanded");
         return out;
       }},
      {"order-change", "A voluntary change of order: its modifiers, and with roll: true the result (question: formation, to, optional use_general, roll)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "formation", "to", "use_general", "roll"});
         const auto& f = formation_field(s);
         const auto to = order_named(s.c.question.required("to"));
         if (to == f.order) s.c.question["to"].fail("formation " + f.id + " is already under that order");
         const auto* c = commander_of(s, f);
         need_value(s, *c, "cv", c->cv.has_value());
         if (s.c.question["use_general"].bool_or(false)) {
           const jemmapes::Unit* g = nullptr;
           for (const auto& u : s.position.units)
             if (!u.combat() && u.general && u.side == f.side) g = &u;
           if (!g) s.c.question["use_general"].fail("no commanding general (general: true) of " + f.side + " in the units");
           need_value(s, *g, "cv", g->cv.has_value());
         }
       },
       [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
         const auto& f = formation_field(s);
         const auto to = order_named(s.c.question["to"]);
         const auto oc = jemmapes::voluntary_change(s.x, f, to, s.c.question["use_general"].bool_or(false), t);
         auto out = drm_out(oc);
         headline = "order change for " + f.id + ": DRM " + std::to_string(oc.sum);
         if (const auto total = maybe_roll(s, dice, "jemmapes:4.2.1", "voluntary change of order", oc.sum, out)) {
           const std::string r = jemmapes::threshold_result(s.x, "jemmapes:table.voluntary-order-change", *total, t);
           const bool ok = r.find("successful") != std::string::npos;
           out["success"] = ok;
           out["order"] = jemmapes::to_string(ok ? to : f.order);
           headline += ok ? ": succeeds" : ": fails";
         }
         return out;
       },
       true},
      {"involuntary-order-change", "Must this formation test for demoralisation, with what modifiers, and with roll: true the result (question: formation, steps_lost, optional french_from_round_7, roll)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "formation", "steps_lost", "french_from_round_7", "roll"});
         formation_field(s);
         const long long n = s.c.question["steps_lost"].int_or(0);
         if (n < 0 || n > 99) s.c.question["steps_lost"].fail("steps lost lie within 0..99");
       },
       [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
         const auto& f = formation_field(s);
         bool must = false;
         const auto oc = jemmapes::involuntary_change(s.x, f, static_cast<int>(s.c.question["steps_lost"].int_or(0)),
                                                      s.c.question["french_from_round_7"].bool_or(false), must, t);
         auto out = drm_out(oc);
         out["must_test"] = must;
         headline = f.id + (must ? " must test" : " does not test");
         if (!must) return out;
         if (const auto total = maybe_roll(s, dice, "jemmapes:4.2.2", "involuntary change of order", oc.sum, out)) {
           const std::string r = jemmapes::threshold_result(s.x, "jemmapes:table.involuntary-order-change", *total, t);
           const bool demo = r.find("Demoralisation") != std::string::npos;
           out["demoralised"] = demo;
           out["order"] = demo ? "demoralised" : jemmapes::to_string(f.order);
           headline += demo ? ": demoralised" : ": no effect";
         }
         return out;
       },
       true},
      {"rally", "A rally attempt's modifiers, and with roll: true its result (question: unit, optional commander, roll)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "unit", "commander", "roll"});
         const auto& u = unit_field(s);
         need_value(s, u, "morale", u.morale.has_value());
         if (u.level == jemmapes::Level::GoodOrder) s.c.question["unit"].fail(u.id + " is in good order: only units not in good order rally (jemmapes:7.0)");
         if (s.c.question["commander"].present()) {
           const auto& c = unit_field(s, "commander");
           if (c.combat() || c.side != u.side) s.c.question["commander"].fail(c.id + " is not a friendly commander");
           if (distance(c.hex, u.hex) > 1) s.c.question["commander"].fail(c.id + " is neither in nor next to " + u.id + "'s hex (jemmapes:7.0)");
           need_value(s, c, "tv", c.tv.has_value());
         }
       },
       [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
         const auto& u = unit_field(s);
         const jemmapes::Unit* c = s.c.question["commander"].present() ? &unit_field(s, "commander") : nullptr;
         const auto oc = jemmapes::rally_modifiers(s.x, u, c, t);
         auto out = drm_out(oc);
         const int morale = jemmapes::unit_morale(s.x, u, t);
         out["morale"] = morale;
         headline = u.id + " rallies at DRM " + std::to_string(oc.sum) + " against morale " + std::to_string(morale);
         if (const auto total = maybe_roll(s, dice, "jemmapes:7.0", "rally", oc.sum, out)) {
           int removed = 0;
           const auto lvl = jemmapes::rally_result(s.x, u, *total, morale, removed, t);
           out["levels_removed"] = std::min(removed, static_cast<int>(u.level));
           out["level"] = jemmapes::to_string(lvl);
           headline += ": " + std::string(jemmapes::to_string(lvl));
         }
         return out;
       },
       true},
      {"commander-elimination", "A commander's elimination test (question: commander, optional step_lost, units_destroyed, roll)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "commander", "step_lost", "units_destroyed", "roll"});
         const auto& c = unit_field(s, "commander");
         if (c.combat()) s.c.question["commander"].fail(c.id + " is not a commander");
       },
       [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
         const auto& c = unit_field(s, "commander");
         const auto oc = jemmapes::elimination_modifiers(s.x, s.c.question["step_lost"].bool_or(false), s.c.question["units_destroyed"].bool_or(false), t);
         auto out = drm_out(oc);
         headline = c.id + " tests at DRM +" + std::to_string(oc.sum);
         t.cite("jemmapes:8.0", c.id + " takes an elimination test: 2D6 on the Commander Elimination Table");
         if (const auto total = maybe_roll(s, dice, "jemmapes:8.0", "commander elimination", oc.sum, out)) {
           const std::string r = jemmapes::threshold_result(s.x, "jemmapes:table.commander-elimination", *total, t);
           const bool gone = r == "Eliminated";
           out["eliminated"] = gone;
           if (gone) t.cite("jemmapes:8.0", c.id + " is eliminated and at once replaced on a friendly unit" + std::string(c.general ? "" : " of his formation"));
           headline += gone ? ": eliminated" : ": survives";
         }
         return out;
       },
       true},
  };
}

}  // namespace hexlaw::jemmapes_questions
