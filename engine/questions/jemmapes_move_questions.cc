// Owns: the Jemmapes question kinds about geometry and movement — facing, zoc, in-enemy-zoc,
// stacking, movement-allowance, path and reach (docs/case-format.md, "Jemmapes 1792").
#include <set>

#include "engine/jemmapes/facing.h"
#include "engine/jemmapes/movement.h"
#include "engine/jemmapes/reaction.h"
#include "engine/jemmapes/scenario.h"
#include "engine/questions/jemmapes_kinds.h"

namespace hexlaw::jemmapes_questions {
namespace {

// A mover's values must be given: its MP, and for a combat unit its formation (the order).
void need_mover(const Situation& s, const jemmapes::Unit& u) {
  need_value(s, u, "mp", u.mp.has_value());
  if (u.combat()) need_value(s, u, "formation", s.position.formation_of(u) != nullptr);
}

jemmapes::MoveOptions move_options(const Situation& s, const jemmapes::Unit& u) {
  jemmapes::MoveOptions o;
  const auto q = s.c.question;
  o.reserve = q["reserve"].bool_or(false);
  if (o.reserve) {
    const jemmapes::Formation* f = s.position.formation_of(u);
    if (!f || f->order != jemmapes::Order::Offensive) q["reserve"].fail("only a unit of a formation under an offensive order is held in reserve (jemmapes:4.1.1)");
    if (!f->reserve)
      s.c.root["state"]["formations"][f->id].fail(
          "the reserve allowance is printed on the offensive marker, which the source does not reproduce: give reserve");
  }
  if (q["facing"].present()) o.facing = facing_of(q["facing"]);
  return o;
}

// A unit off the map answered as it enters (jemmapes:9.1.1): the position with the unit placed on
// its entry hex, the context over it, and the verdict on entering this round.
struct Entry {
  jemmapes::Position position;
  jemmapes::Context x;
  const jemmapes::Unit& unit;
  jemmapes::ScenarioVerdict verdict;
  Entry(const Situation& s, const jemmapes::Unit& waiting, Trace& t)
      : position(jemmapes::with_entered(s.position, waiting.id, jemmapes::entry_hex(s.map), waiting.facing)),
        x{s.map, s.x.tables, s.x.catalog, s.x.readings, position},
        unit(*position.unit(waiting.id)),
        verdict(jemmapes::may_enter_map(s.x, waiting, s.position.round, t)) {}
};

// A mover off the map must be able to enter: its formation Ferrand's, the entry hex on the map.
void need_entry_hex(const Situation& s, const jemmapes::Unit& u) {
  if (!s.position.waiting_unit(u.id)) return;
  if (!s.map.on_map(jemmapes::entry_hex(s.map)))
    s.c.root["map"].fail(u.id + " enters by " + std::string(jemmapes::kFerrandEntryHex) + " (jemmapes:9.1.1), which is not on the case's map");
}

nlohmann::json refused_entry(const jemmapes::Unit& u, const jemmapes::ScenarioVerdict& v, const Map& m) {
  return nlohmann::json{{"unit", u.id}, {"legal", false}, {"failed_step", m.name(jemmapes::entry_hex(m))}, {"rule", v.rule}, {"reason", v.reason}};
}

}  // namespace

std::vector<Kind> move_kinds() {
  return {
      {"facing", "Which hexes around a unit are its front, flanks and rear? (question: unit)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "unit"});
         unit_field(s);
       },
       [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
         const jemmapes::Unit& u = unit_field(s);
         nlohmann::json hexes = nlohmann::json::object();
         for (const auto& a : jemmapes::around(u)) hexes[s.map.name(a.hex)] = jemmapes::to_string(a.aspect);
         t.cite("jemmapes:1.3"_rule, u.id + " faces " + jemmapes::facing_name(u.facing) +
                                    ": the hex across that hexside and its two neighbours are frontal, the next two "
                                    "flank, the opposite one rear");
         headline = u.id + " faces " + jemmapes::facing_name(u.facing);
         return nlohmann::json{{"unit", u.id}, {"facing", jemmapes::facing_name(u.facing)}, {"hexes", hexes}};
       }},
      {"zoc", "Does this unit exert a zone of control into that hex? (question: unit, hex)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "unit", "hex"});
         unit_field(s);
         hex_field(s, "hex");
       },
       [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
         const jemmapes::Unit& u = unit_field(s);
         const Hex h = hex_field(s, "hex");
         const bool zoc = jemmapes::exerts_zoc_into(s.x, u, h, t);
         headline = u.id + (zoc ? " exerts" : " does not exert") + " a zone of control into " + s.map.name(h);
         nlohmann::json out{{"unit", u.id}, {"hex", s.map.name(h)}, {"exerts", zoc}};
         if (const auto d = direction_to(u.hex, h)) out["aspect"] = jemmapes::to_string(jemmapes::aspect(u, *d));
         return out;
       }},
      {"in-enemy-zoc", "Is this unit's hex in an enemy zone of control, and whose? (question: unit)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "unit"});
         unit_field(s);
       },
       [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
         const jemmapes::Unit& u = unit_field(s);
         nlohmann::json by = nlohmann::json::array();
         for (const jemmapes::Unit* e : jemmapes::enemy_zoc_by(s.x, u.side, u.hex, t)) by.push_back(e->id);
         const bool in = !by.empty();
         if (!in) t.cite("jemmapes:1.6"_rule, "no enemy combat unit exerts a zone of control into " + s.map.name(u.hex));
         headline = u.id + (in ? " is" : " is not") + " in an enemy zone of control";
         return nlohmann::json{{"unit", u.id}, {"in_enemy_zoc", in}, {"by", by}};
       }},
      {"stacking", "May these units share one hex? (question: units)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "units"});
         const auto us = units_field(s, "units");
         if (us.empty()) s.c.question["units"].fail("name the units meant to share a hex");
         for (const auto* u : us)
           if (u->side != us.front()->side) s.c.question["units"].fail("units of two sides never share a hex");
       },
       [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
         const auto us = units_field(s, "units");
         std::string why;
         const bool ok = jemmapes::stacking_ok(s.x, us, why, t);
         headline = ok ? "the stack is legal" : "the stack is illegal: " + why;
         nlohmann::json out{{"legal", ok}};
         if (!ok) out["reason"] = why;
         return out;
       }},
      {"movement-allowance", "How many MP has this unit this movement segment? (question: unit)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "unit"});
         need_mover(s, unit_field(s));
       },
       [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
         const jemmapes::Unit& u = unit_field(s);
         const int mp = jemmapes::movement_allowance(s.x, u, t);
         headline = u.id + " has " + std::to_string(mp) + " MP";
         return nlohmann::json{{"unit", u.id}, {"allowance", mp}};
       }},
      {"path", "Is this move legal, and why? (question: unit, path: [hexes entered], optional reserve, facing; a unit off the map enters: its path starts at 0107, jemmapes:9.1.1)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "unit", "path", "reserve", "facing"});
         const auto& u = mover_field(s);
         need_mover(s, u);
         need_entry_hex(s, u);
         const auto p = s.c.question.required("path");
         if (!p.is_seq()) p.fail("expected a list of the hexes entered, in order");
         for (std::size_t i = 0; i < p.size(); ++i) hex_of(s, p.at(i));
         if (s.position.waiting_unit(u.id) && p.size() == 0)
           p.fail(u.id + " is off the map: its move enters the map, so its path starts at the entry hex (jemmapes:9.1.1)");
         move_options(s, u);
       },
       [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
         const jemmapes::Unit& u = mover_field(s);
         std::vector<Hex> path;
         const auto p = s.c.question["path"];
         for (std::size_t i = 0; i < p.size(); ++i) path.push_back(hex_of(s, p.at(i)));
         nlohmann::json out;
         if (s.position.waiting_unit(u.id)) {
           // The entry (jemmapes:9.1.1): the unit placed on 0107, the path's first hex.
           const Entry e(s, u, t);
           const Hex at = jemmapes::entry_hex(s.map);
           if (!e.verdict.allowed) {
             out = refused_entry(u, e.verdict, s.map);
           } else if (path.front() != at) {
             const std::string why = u.id + " enters the map by " + s.map.name(at) + ", not " + s.map.name(path.front());
             t.cite("jemmapes:9.1.1"_rule, why);
             out = nlohmann::json{{"unit", u.id}, {"legal", false}, {"failed_step", s.map.name(path.front())}, {"rule", "jemmapes:9.1.1"}, {"reason", why}};
           } else {
             auto o = move_options(s, u);
             o.entering = true;
             out = jemmapes::check_path(e.x, e.unit, std::vector<Hex>(path.begin() + 1, path.end()), o, t);
           }
         } else {
           out = jemmapes::check_path(s.x, u, path, move_options(s, u), t);
         }
         headline = out["legal"].get<bool>() ? "the move is legal" : "the move is illegal at " + out["failed_step"].get<std::string>() + ": " + out["reason"].get<std::string>();
         return out;
       }},
      {"retreat", "Where may this unit retreat one hex, and at what cost? (question: unit, optional to)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "unit", "to"});
         if (!unit_field(s).combat()) s.c.question["unit"].fail("only combat units retreat");
         if (s.c.question["to"].present()) hex_field(s, "to");
       },
       [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
         const jemmapes::Unit& u = unit_field(s);
         std::optional<Hex> to;
         if (s.c.question["to"].present()) to = hex_field(s, "to");
         nlohmann::json out = jemmapes::retreat(s.x, u, to, t);
         headline = u.id + " may retreat into " + std::to_string(out["options"].size()) + " hex(es)";
         return out;
       }},
      {"rout-move", "Where does this routed unit flee? (question: unit, edge: n | s | e | w, or toward: [hexes]; neither: the goal of 9.1.3, the south edge for the French, map.places.mons for the Austrians)",
       [](const Situation& s) {
         const auto q = s.c.question;
         q.expect_keys({"kind", "unit", "edge", "toward"});
         const auto& u = unit_field(s);
         if (u.level != jemmapes::Level::Rout) q["unit"].fail(u.id + " is not in rout (jemmapes:5.4)");
         need_value(s, u, "mp", u.mp.has_value());
         if (q["edge"].present() && q["toward"].present()) q.fail("give edge (n, s, e, w) or toward (goal hexes), not both");
         if (!q["edge"].present() && !q["toward"].present()) {
           // The goal of 9.1.3: the south edge for the French, Mons for the Austrians.
           if (u.side == "french" && !s.map.bounds()) s.c.root["map"].fail("a French rout toward the southern edge (jemmapes:9.1.3) needs the map's bounds");
           if (u.side == "austrian" && s.map.place("mons").empty())
             s.c.root["map"].fail("an Austrian rout goes toward Mons (jemmapes:9.1.3), whose hexes are map data the source lacks: give map.places.mons");
           if (u.side != "french" && u.side != "austrian") q.fail("9.1.3 gives rout goals to the french and austrian sides only: give edge or toward");
         }
         if (q["edge"].present()) {
           const std::string e = q["edge"].str();
           if (e != "n" && e != "s" && e != "e" && e != "w") q["edge"].fail("an edge is n, s, e or w");
           if (!s.map.bounds()) s.c.root["map"].fail("a rout toward a map edge needs the map's bounds");
         }
         for (std::size_t i = 0; i < q["toward"].size(); ++i) hex_of(s, q["toward"].at(i));
       },
       [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
         const auto q = s.c.question;
         const auto& u = unit_field(s);
         jemmapes::RoutGoal g;
         if (q["edge"].present()) g.edge = q["edge"].str()[0];
         for (std::size_t i = 0; i < q["toward"].size(); ++i) g.hexes.push_back(hex_of(s, q["toward"].at(i)));
         if (!q["edge"].present() && !q["toward"].present()) g = *jemmapes::scenario_rout_goal(s.map, u.side, t);
         auto out = jemmapes::rout_move(s.x, u, g, t);
         headline = u.id + " flees to " + out["ends"].get<std::string>() + (out["eliminated"].get<bool>() ? " and is eliminated" : "");
         return out;
       }},
      {"reach", "Where can this unit go? (question: unit, optional reserve; a unit off the map: where it can go entering by 0107, jemmapes:9.1.1)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "unit", "reserve"});
         const auto& u = mover_field(s);
         need_mover(s, u);
         need_entry_hex(s, u);
         move_options(s, u);
       },
       [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
         const jemmapes::Unit& u = mover_field(s);
         nlohmann::json out;
         if (s.position.waiting_unit(u.id)) {
           const Entry e(s, u, t);
           if (!e.verdict.allowed) {
             out = nlohmann::json{{"unit", u.id}, {"count", 0}, {"hexes", nlohmann::json::object()},
                                  {"entry", {{"hex", s.map.name(jemmapes::entry_hex(s.map))}, {"refused", true}, {"rule", e.verdict.rule}, {"reason", e.verdict.reason}}}};
             headline = u.id + " cannot enter the map now: " + e.verdict.reason;
             return out;
           }
           auto o = move_options(s, u);
           o.entering = true;
           out = jemmapes::reach(e.x, e.unit, o, t);
           headline = u.id + " enters by " + s.map.name(jemmapes::entry_hex(s.map)) + " and may end in " + std::to_string(out["count"].get<int>()) + " hex(es)";
           return out;
         }
         out = jemmapes::reach(s.x, u, move_options(s, u), t);
         headline = u.id + " may end in " + std::to_string(out["count"].get<int>()) + " hex(es)";
         return out;
       }},
      {"reaction", "May this unit react to the enemy move that paused next to it, and what does its reaction do? (question: mover, from, reactor, react: movement | fire, facing for a pivot or to for a step; optional scenario: historical | free and attacked: whether the reactor's formation has been attacked, for a formation the scenario holds back, jemmapes:9.2)",
       [](const Situation& s) {
         const auto q = s.c.question;
         q.expect_keys({"kind", "mover", "from", "reactor", "react", "facing", "to", "scenario", "attacked"});
         if (q["scenario"].present() && q["scenario"].str() != "historical" && q["scenario"].str() != "free") q["scenario"].fail("historical (9.2) or free (9.4)");
         (void)q["attacked"].bool_or(false);
         const auto& m = unit_field(s, "mover");
         const auto& reactor = unit_field(s, "reactor");
         const Hex from = hex_field(s, "from");
         if (distance(from, m.hex) != 1) q["from"].fail("the hex the mover came from is next to the hex it entered");
         const std::string r = q.required("react").str();
         if (r != "movement" && r != "fire") q["react"].fail("a reaction is movement or fire");
         const bool step = s.x.readings.is(jemmapes::reading::reaction_movement_kind_move_one_hex);
         if (r == "movement" && step) {
           // A step (move_one_hex) names its hex and keeps the facing; each unit of the stack
           // needs its MP and formation.
           hex_field(s, "to");
           if (q["facing"].present()) q["facing"].fail("a reaction step keeps the stack's facing (jemmapes.reaction.movement_kind = move_one_hex)");
           for (const auto* u : s.position.units_at(reactor.hex))
             if (u->combat()) need_mover(s, *u);
         } else if (r == "movement") {
           facing_of(q.required("facing"));
           if (q["to"].present()) q["to"].fail("a pivot stays in its hex (jemmapes.reaction.movement_kind = pivot_one_hexside)");
         } else {
           if (q["facing"].present()) q["facing"].fail("a reaction fire turns no facing");
           if (q["to"].present()) q["to"].fail("a reaction fire moves no unit");
         }
       },
       [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
         const auto q = s.c.question;
         const auto& m = unit_field(s, "mover");
         const auto& r = unit_field(s, "reactor");
         jemmapes::ReactionChoice c;
         c.fire = q["react"].str() == "fire";
         if (!c.fire && q["to"].present()) c.to = hex_field(s, "to");
         else if (!c.fire) c.facing = facing_of(q["facing"]);
         const jemmapes::ReactionScenario sc{q["scenario"].str_or("historical") == "free" ? jemmapes::ScenarioKind::Free : jemmapes::ScenarioKind::Historical,
                                             q["attacked"].bool_or(false)};
         nlohmann::json out = jemmapes::reaction(s.x, m, hex_field(s, "from"), r, c, t, sc);
         if (!out["eligible"].get<bool>()) headline = r.id + " may not react";
         else if (!out["allowed"].get<bool>()) headline = r.id + "'s " + out["reaction"].get<std::string>() + " is not allowed";
         else headline = r.id + " reacts by " + out["reaction"].get<std::string>() + (out["mover_stops"].get<bool>() ? ": " + m.id + "'s move ends" : "");
         return out;
       }},
  };
}

}  // namespace hexlaw::jemmapes_questions
