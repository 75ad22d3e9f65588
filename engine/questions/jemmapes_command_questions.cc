// Owns: the Jemmapes question kinds about command, orders, rally, commanders and victory —
// `command`, `order-change`, `involuntary-order-change`, `rally`, `commander-elimination`,
// `victory-points`. Each rolls 2D6 when asked to (`roll: true`), with exact odds under
// dice: enumerate.
#include <algorithm>
#include <set>

#include "engine/core/fraction.h"

#include "engine/jemmapes/command.h"
#include "engine/jemmapes/facing.h"
#include "engine/jemmapes/scenario.h"
#include "engine/jemmapes/victory.h"
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
  if (!c) c = s.position.waiting_unit(f.commander);  // off the map, to enter by 0107 (jemmapes:9.1.1)
  if (!c || c->combat()) s.c.root["state"]["formations"][f.id]["commander"].fail("'" + f.commander + "' is not a commander in the case's units");
  return c;
}

// The formation commander whose CV an order-change test adds (jemmapes:4.2.1, 4.2.2): he must be
// named, and carry the CV the case gives (a counter value the source does not print), never read
// as 0. Ferrand's commander may still be off the map (jemmapes:9.1.1, 9.1.4): no unit, no CV then.
void need_commander_cv(const Situation& s, const jemmapes::Formation& f) {
  if (jemmapes::historical_formation(f.id) == "ferrand" && (f.commander.empty() || !s.position.unit(f.commander))) return;
  const auto* c = commander_of(s, f);
  need_value(s, *c, "cv", c->cv.has_value());
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
      {"order-change", "A voluntary change of order: whether it is allowed this round, its modifiers, and with roll: true the result (question: formation, to, optional use_general, roll, segment, tried_this_round, general_used_this_round)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "formation", "to", "use_general", "roll", "segment", "tried_this_round", "general_used_this_round"});
         if (s.c.question["segment"].present()) {
           const std::string seg = s.c.question["segment"].str();
           if (seg != "french" && seg != "austrian") s.c.question["segment"].fail("the segment is french or austrian (whose attempts are being made)");
         }
         s.c.question["tried_this_round"].bool_or(false);
         s.c.question["general_used_this_round"].bool_or(false);
         const auto& f = formation_field(s);
         const auto to = order_named(s.c.question.required("to"));
         if (to == f.order) s.c.question["to"].fail("formation " + f.id + " is already under that order");
         need_commander_cv(s, f);
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
         const bool use_general = s.c.question["use_general"].bool_or(false);
         jemmapes::RoundSpent spent;
         if (s.c.question["segment"].present()) spent.segment = s.c.question["segment"].str();
         spent.formation_tried = s.c.question["tried_this_round"].bool_or(false);
         spent.general_used = s.c.question["general_used_this_round"].bool_or(false);
         if (const auto why = jemmapes::voluntary_not_allowed(f, use_general, spent, t)) {
           headline = "order change for " + f.id + ": not allowed";
           return nlohmann::json{{"allowed", false}, {"reason", *why}};
         }
         const auto oc = jemmapes::voluntary_change(s.x, f, to, use_general, t);
         auto out = drm_out(oc);
         out["allowed"] = true;
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
      {"involuntary-order-change", "Must this formation test for demoralisation, with what modifiers, and with roll: true the result (question: formation, steps_lost (since the start of the game), steps_lost_last_round (since the previous command phase; needed under jemmapes.order_change.involuntary_loss_window = last_round), optional french_from_round_7, roll)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "formation", "steps_lost", "steps_lost_last_round", "french_from_round_7", "roll"});
         formation_field(s);
         for (const char* k : {"steps_lost", "steps_lost_last_round"}) {
           const long long n = s.c.question[k].int_or(0);
           if (n < 0 || n > 99) s.c.question[k].fail("steps lost lie within 0..99");
         }
         if (s.c.question["steps_lost_last_round"].int_or(0) > s.c.question["steps_lost"].int_or(0))
           s.c.question["steps_lost_last_round"].fail("more steps lost since the last command phase than in the whole game");
         if (s.x.readings.is(jemmapes::reading::order_change_involuntary_loss_window_last_round) && !s.c.question["steps_lost_last_round"].present())
           s.c.question.required("steps_lost_last_round");  // fails, naming the field
       },
       [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
         const auto& f = formation_field(s);
         bool must = false;
         const int since_start = static_cast<int>(s.c.question["steps_lost"].int_or(0));
         const int steps = s.c.question["steps_lost_last_round"].present()
                               ? jemmapes::involuntary_steps(s.x, since_start, static_cast<int>(s.c.question["steps_lost_last_round"].integer()), t)
                               : since_start;
         const auto oc = jemmapes::involuntary_change(s.x, f, steps, s.c.question["french_from_round_7"].bool_or(false), must, t);
         auto out = drm_out(oc);
         out["must_test"] = must;
         headline = f.id + (must ? " must test" : " does not test");
         if (!must) {
           out["order"] = jemmapes::to_string(f.order);  // no test: the order stands
           return out;
         }
         need_commander_cv(s, f);  // the test adds his CV (jemmapes:4.2.2)
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
      {"rally", "A rally attempt's modifiers, and with roll: true its result (question: unit, optional commander, roll, and tv_lent: how many units the commander has lent his TV to already this rallying segment)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "unit", "commander", "roll", "tv_lent"});
         if (s.c.question["tv_lent"].present()) {
           if (!s.c.question["commander"].present()) s.c.question["tv_lent"].fail("tv_lent counts the lending of a commander: name him in commander");
           if (s.c.question["tv_lent"].integer() < 0 || s.c.question["tv_lent"].integer() > 20) s.c.question["tv_lent"].fail("a count within 0..20");
         }
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
         // A commander who has lent his TV already this segment (tv_lent) may lend it again only
         // under jemmapes.rally.commander_tv_uses = any_units; the rally then goes without it.
         const bool asked = c && s.c.question["tv_lent"].present();
         const bool tv = !asked || jemmapes::rally_tv_available(s.x, *c, static_cast<int>(s.c.question["tv_lent"].integer()), t);
         if (!tv) c = nullptr;
         const auto oc = jemmapes::rally_modifiers(s.x, u, c, t);
         auto out = drm_out(oc);
         if (asked) out["commander_tv"] = tv;
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
         s.c.question.expect_keys({"kind", "commander", "step_lost", "units_destroyed", "overrun", "roll"});
         const auto& c = unit_field(s, "commander");
         if (c.combat()) s.c.question["commander"].fail(c.id + " is not a commander");
       },
       [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
         const auto& c = unit_field(s, "commander");
         const auto oc = jemmapes::elimination_modifiers(s.x, s.c.question["step_lost"].bool_or(false), s.c.question["units_destroyed"].bool_or(false), t);
         auto out = drm_out(oc);
         headline = c.id + " tests at DRM +" + std::to_string(oc.sum);
         t.cite("jemmapes:8.0"_rule, c.id + " takes an elimination test: 2D6 on the Commander Elimination Table");
         if (const auto total = maybe_roll(s, dice, "jemmapes:8.0", "commander elimination", oc.sum, out)) {
           const std::string r = jemmapes::threshold_result(s.x, "jemmapes:table.commander-elimination", *total, t);
           const bool gone = r == "Eliminated";
           // Where he (or his replacement) goes: a friendly combat unit, of his formation for a
           // formation commander; with none left he is eliminated for good.
           nlohmann::json onto = nlohmann::json::array();
           for (const auto& u : s.position.units)
             if (u.combat() && u.side == c.side && (c.general || u.formation == c.formation)) onto.push_back(u.id);
           const bool overrun = s.c.question["overrun"].bool_or(false);
           out["eliminated"] = gone || (overrun && onto.empty());
           if (gone || overrun) out["placed_on_one_of"] = onto;
           if (gone) t.cite("jemmapes:8.0"_rule, c.id + " is eliminated and at once replaced on a friendly unit" + std::string(c.general ? "" : " of his formation") + ": one of " + onto.dump());
           else if (overrun)
             t.cite("jemmapes:8.0"_rule, onto.empty() ? c.id + " survives but no unit of his is left to take him: eliminated" : c.id + " survives and is placed on one of " + onto.dump());
           headline += gone ? ": eliminated" : ": survives";
         }
         return out;
       },
       true},
      {"initiative",
       "Who wins the initiative: one die each plus the commanding general's CV, ties re-rolled (question: optional roll)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "roll"});
         std::set<std::string> sides;
         for (const auto& u : s.position.units)
           if (!u.combat() && u.general) {
             if (!sides.insert(u.side).second) s.c.root["units"].fail("two commanding generals for " + u.side);
             need_value(s, u, "cv", u.cv.has_value());
           }
         if (sides.size() != 2) s.c.root["units"].fail("the initiative needs each side's commanding general (general: true)");
       },
       [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
         // RULE jemmapes:2.0 (part: the initiative as a question; the round itself is played in engine/play/jemmapes_game.cc) — the initiative: a die each plus the general's CV, the higher wins, ties re-rolled
         std::vector<const jemmapes::Unit*> g;
         for (const auto& u : s.position.units)
           if (!u.combat() && u.general) g.push_back(&u);
         std::sort(g.begin(), g.end(), [](auto* a, auto* b) { return a->side < b->side; });
         const int ca = *g[0]->cv, cb = *g[1]->cv;
         t.cite("jemmapes:2.0"_rule, "each side rolls a die and adds its general's CV (" + g[0]->side + " +" + std::to_string(ca) + ", " +
                                    g[1]->side + " +" + std::to_string(cb) + "); ties are re-rolled");
         nlohmann::json out{{"cv", {{g[0]->side, ca}, {g[1]->side, cb}}}};
         if (!s.c.question["roll"].bool_or(false)) {
           headline = "initiative: " + g[0]->side + " +" + std::to_string(ca) + " against " + g[1]->side + " +" + std::to_string(cb);
           return out;
         }
         if (dice.mode() == "enumerate") {
           // Ties are re-rolled without end, so the odds are those of the first untied throw:
           // each side's wins over all untied pairs of faces, exactly.
           int wa = 0, wb = 0;
           for (int a = 1; a <= 6; ++a)
             for (int b = 1; b <= 6; ++b) wa += a + ca > b + cb, wb += b + cb > a + ca;
           out["winner_odds"] = {{g[0]->side, Fraction(wa, wa + wb).to_string()}, {g[1]->side, Fraction(wb, wa + wb).to_string()}};
           headline = "initiative odds";
           return out;
         }
         for (int throws = 1;; ++throws) {
           const int a = dice.roll(6, "jemmapes:2.0", "initiative, " + g[0]->side) + ca;
           const int b = dice.roll(6, "jemmapes:2.0", "initiative, " + g[1]->side) + cb;
           if (a == b) {
             t.cite("jemmapes:2.0"_rule, "tie at " + std::to_string(a) + ": re-rolled");
             continue;
           }
           out["totals"] = {{g[0]->side, a}, {g[1]->side, b}};
           out["winner"] = a > b ? g[0]->side : g[1]->side;
           out["throws"] = throws;
           headline = out["winner"].get<std::string>() + " wins the initiative and keeps it or passes the first activation";
           t.cite("jemmapes:2.0"_rule, headline);
           return out;
         }
       },
       true},
      {"victory-points",
       "The victory point score (question: steps_lost: {french, austrian}, chief_eliminated, villages: {NAME: [hexes]}, "
       "redoubts: [hexes], french_control: [hexes], optional scenario: historical | free, round, round_over, "
       "french_scored_before: [objectives scored at an earlier check, a village's name or a redoubt's hex])",
       [](const Situation& s) {
         const auto q = s.c.question;
         q.expect_keys({"kind", "steps_lost", "chief_eliminated", "villages", "redoubts", "french_control", "scenario", "round", "round_over",
                        "french_scored_before"});
         q["round_over"].bool_or(false);
         if (q["round"].present() && q["round"].integer() < 1) q["round"].fail("rounds are counted from 1");
         q["steps_lost"].expect_keys({"french", "austrian"});
         for (const char* k : {"french", "austrian"})
           if (q["steps_lost"][k].int_or(0) < 0) q["steps_lost"][k].fail("steps lost are not negative");
         if (q["chief_eliminated"].int_or(0) < 0) q["chief_eliminated"].fail("not negative");
         q["villages"].for_each_entry([&](const std::string& name, const CaseField& v) {
           if (!v.is_seq() || v.size() == 0) v.fail("village " + name + " needs the list of its hexes (at least one)");
           for (std::size_t i = 0; i < v.size(); ++i) hex_of(s, v.at(i));
         });
         for (const char* k : {"redoubts", "french_control"})
           for (std::size_t i = 0; i < q[k].size(); ++i) hex_of(s, q[k].at(i));
         const std::string sc = q["scenario"].str_or("historical");
         if (sc != "historical" && sc != "free") q["scenario"].fail("historical (9.2) or free (9.4)");
         std::set<std::string> objectives;
         q["villages"].for_each_entry([&](const std::string& name, const CaseField&) { objectives.insert(name); });
         for (std::size_t i = 0; i < q["redoubts"].size(); ++i) objectives.insert(s.map.name(hex_of(s, q["redoubts"].at(i))));
         const auto before = q["french_scored_before"];
         if (before.present() && !before.is_seq()) before.fail("expected a list of objectives (a village's name, a redoubt's hex)");
         for (std::size_t i = 0; i < before.size(); ++i)
           if (!objectives.count(before.at(i).str()))
             before.at(i).fail("'" + before.at(i).str() + "' is no objective of this question (a village under villages, or a hex under redoubts)");
       },
       [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
         const auto q = s.c.question;
         // Step A. Control: a French unit there, or the case says the French crossed it last.
         std::set<Hex> french;
         for (std::size_t i = 0; i < q["french_control"].size(); ++i) french.insert(hex_of(s, q["french_control"].at(i)));
         auto controlled = [&](Hex h) {
           if (s.position.enemy_combat_in(h, "french")) return false;
           return french.count(h) > 0 || !s.position.combat_units_at(h, "french").empty();
         };
         // Step B. The points.
         // RULE jemmapes:9.3 — a step lost is 1 VP to the opponent; the Austrian chief 1 VP; each village and starred redoubt held by the French 1 VP; the French win at 8
         const int fl = static_cast<int>(q["steps_lost"]["french"].int_or(0)), al = static_cast<int>(q["steps_lost"]["austrian"].int_or(0));
         const int chief = static_cast<int>(q["chief_eliminated"].int_or(0));
         int fvp = al + chief;
         jemmapes::Objectives objectives;
         q["villages"].for_each_entry([&](const std::string& name, const CaseField& v) {
           std::vector<Hex> hexes;
           for (std::size_t i = 0; i < v.size(); ++i) hexes.push_back(hex_of(s, v.at(i)));
           objectives.villages.emplace_back(name, hexes);
         });
         for (std::size_t i = 0; i < q["redoubts"].size(); ++i) objectives.redoubts.push_back(hex_of(s, q["redoubts"].at(i)));
         const std::vector<std::string> now = jemmapes::french_held(s.x, objectives, controlled, t);
         // Objectives the French scored at an earlier check (history a position does not hold),
         // kept or not under jemmapes.victory.control_vp.
         std::set<std::string> before;
         for (std::size_t i = 0; i < q["french_scored_before"].size(); ++i) before.insert(q["french_scored_before"].at(i).str());
         fvp += jemmapes::control_points(s.x, now, before, t);
         nlohmann::json held = nlohmann::json::array();
         for (const auto& h : now) held.push_back(h);
         const int net = fvp - fl;
         const bool free = q["scenario"].str_or("historical") == "free";
         const int round = static_cast<int>(q["round"].int_or(s.position.round));
         const bool win = net >= 8 && (!free || round <= 5);
         t.cite("jemmapes:9.3"_rule, "French " + std::to_string(fvp) + " VP, Austrian " + std::to_string(fl) + " VP: the marker stands at " +
                                    std::to_string(std::abs(net)) + " on the " + (net >= 0 ? "French" : "Austrian") + " side" + (win ? ": French victory" : ""));
         // RULE jemmapes:9.4 (part: the French 8 VP by the end of round 5, the game's five rounds; the lifted restrictions belong to a played game) — the free scenario's victory
         if (free) t.cite("jemmapes:9.4"_rule, "free scenario: the French need 8 VP by the end of round 5, when the game ends");
         // RULE jemmapes:9.2 (part: the eight rounds) — the historical scenario ends after round 8 (14:00)
         if (!free) t.cite("jemmapes:9.2"_rule, "historical scenario: eight rounds, the game ends after round 8");
         // Step C. The end of the game: past its last round, or its last round over, with no
         // French victory, the Austrians win (9.3).
         const int last = free ? 5 : 8;
         const bool over = round > last || (round == last && q["round_over"].bool_or(false));
         const bool austrian_win = over && !win;
         if (over) t.cite("jemmapes:9.3"_rule, "the game is over after round " + std::to_string(last) + (win ? "" : " without a French victory: Austrian victory"));
         headline = win ? "French victory" : austrian_win ? "Austrian victory (net " + std::to_string(net) + ")" : "no French victory yet (net " + std::to_string(net) + ")";
         return nlohmann::json{{"french_vp", fvp}, {"austrian_vp", fl}, {"net", net}, {"held", held}, {"french_win", win},
                               {"game_over", over}, {"austrian_win", austrian_win}};
       }},
  };
}

}  // namespace hexlaw::jemmapes_questions
