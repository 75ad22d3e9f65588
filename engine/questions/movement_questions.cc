// Owns: questions about movement — may this unit take this path, where can it go, and what
// does each unit of a reinforcement column pay to enter.
#include "engine/n20/movement.h"
#include "engine/questions/kinds.h"
#include "engine/questions/question_fields.h"

namespace hexlaw {
namespace {

nlohmann::json stop_json(const std::optional<n20::StopReason>& s) {
  if (!s) return nullptr;
  return {{"rule", s->rule}, {"reason", s->reason}};
}

n20::MoveOptions move_options(const Situation& s, const Unit& u) {
  n20::MoveOptions o;
  o.forced_march = s.c.question["forced_march"].bool_or(false);
  o.entering = u.status == UnitStatus::Pending;
  o.march_position = static_cast<int>(s.c.question["march_position"].int_in_or(0, 0, kMaxUnits, "a march position (counted from 0, the lead unit)"));
  return o;
}

const Unit& movable_unit(const Situation& s) {
  const Unit& u = question_unit(s, "unit");
  if (!u.on_map() && u.status != UnitStatus::Pending)
    s.c.question["unit"].fail("unit '" + u.id + "' is " + to_string(u.status) + ": only units on the map or "
                              "reinforcements waiting to enter can move");
  if (auto mp = s.c.question["march_position"]; mp.present()) {
    if (u.status != UnitStatus::Pending) mp.fail("only a reinforcement entering the map has a march position");
    mp.integer_in(0, kMaxUnits, "a march position (counted from 0, the lead unit)");
  }
  return u;
}

std::vector<Hex> question_path(const Situation& s) {
  auto f = s.c.question.required("path");
  if (!f.is_seq()) f.fail("expected a list of hex numbers, e.g. [\"0506\", \"0507\"]");
  std::vector<Hex> path;
  for (std::size_t i = 0; i < f.size(); ++i) {
    const std::string text = f.at(i).str();
    auto p = parse_ccrr(text);
    if (!p) f.at(i).fail("'" + text + "' is not a four-digit CCRR hex number (e.g. \"0407\")");
    path.push_back(to_axial(*p, s.map.layout()));
  }
  return path;
}

nlohmann::json guard_json(const n20::GuardCommitment& g) {
  return {{"commits", g.commits}, {"cost", g.cost}, {"reveals", g.reveals}};
}

}  // namespace

void add_movement_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "path",
      "May this unit take this path? (question: unit, path: [hexes entered], optional forced_march, "
      "march_position for a reinforcement)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "unit", "path", "forced_march", "march_position"});
        movable_unit(s);
        question_path(s);
        s.c.question["forced_march"].bool_or(false);
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const Unit& u = movable_unit(s);
        const auto path = question_path(s);
        n20::PathVerdict v = n20::check_path(s.rules, s.map, s.state, u, path, move_options(s, u), t);
        nlohmann::json steps = nlohmann::json::array();
        for (const auto& st : v.steps)
          steps.push_back({{"hex", s.map.name(st.hex)}, {"cost", st.cost}, {"mp_spent", st.mp_spent},
                           {"road", st.road}, {"stop", stop_json(st.stop)}});
        nlohmann::json o = {{"unit", u.id}, {"legal", v.legal}, {"allowance", v.allowance},
                            {"road_bonus", v.road_bonus}, {"mp_left", v.mp_left}, {"steps", steps},
                            {"guard_commitment", guard_json(v.guard)}};
        if (!v.legal) {
          o["failed_step"] = v.failed_step >= 0 ? nlohmann::json(s.map.name(path[static_cast<std::size_t>(v.failed_step)]))
                                                : nlohmann::json("start");
          o["rule"] = v.rule;
          o["reason"] = v.reason;
          headline = "illegal: " + v.reason + " (" + v.rule + ")";
        } else {
          headline = "legal: " + u.id + " ends with " + std::to_string(v.mp_left) + " MP left";
        }
        return o;
      }});
  kinds.push_back(QuestionKind{
      "reach",
      "Where can this unit go? (question: unit, optional forced_march, march_position for a reinforcement)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "unit", "forced_march", "march_position"});
        movable_unit(s);
        s.c.question["forced_march"].bool_or(false);
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const Unit& u = movable_unit(s);
        auto reach = n20::reachable_hexes(s.rules, s.map, s.state, u, move_options(s, u), t);
        nlohmann::json hexes = nlohmann::json::object();
        for (const auto& r : reach) {
          nlohmann::json path = nlohmann::json::array();
          for (Hex h : r.path) path.push_back(s.map.name(h));
          hexes[s.map.name(r.hex)] = {{"path", path}, {"mp_left", r.mp_left}, {"road_bonus", r.road_bonus},
                                      {"stop", stop_json(r.stop)}, {"guard_commitment", guard_json(r.guard)}};
        }
        headline = u.id + " can end its move in " + std::to_string(reach.size()) + " hex(es)";
        return nlohmann::json{{"unit", u.id}, {"count", reach.size()}, {"hexes", hexes}};
      }});
  kinds.push_back(QuestionKind{
      "entry-costs",
      "What does each unit of a reinforcement column pay to enter? (question: units: [ids in march "
      "order], hex: entry hex, optional forced_march)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "units", "hex", "forced_march"});
        question_hex(s, "hex");
        auto f = s.c.question.required("units");
        if (!f.is_seq() || f.size() == 0) f.fail("expected the column's unit ids in march order");
        for (std::size_t i = 0; i < f.size(); ++i) {
          const Unit* u = s.state.unit(f.at(i).str());
          if (!u) f.at(i).fail("no unit with id '" + f.at(i).str() + "'");
          if (u->status != UnitStatus::Pending) f.at(i).fail("unit '" + u->id + "' is not a reinforcement waiting to enter");
        }
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const Hex entry = question_hex(s, "hex");
        auto f = s.c.question["units"];
        nlohmann::json column = nlohmann::json::array();
        for (std::size_t i = 0; i < f.size(); ++i) {
          const Unit& u = *s.state.unit(f.at(i).str());
          n20::MoveOptions o;
          o.entering = true;
          o.march_position = static_cast<int>(i);
          o.forced_march = s.c.question["forced_march"].bool_or(false);
          n20::PathVerdict v = n20::check_path(s.rules, s.map, s.state, u, {entry}, o, t);
          nlohmann::json row = {{"unit", u.id}, {"position", i}, {"may_enter", v.legal}};
          if (v.legal) {
            row["cost"] = v.steps.front().cost;
            row["mp_left"] = v.mp_left;
            row["stop"] = stop_json(v.steps.front().stop);
          } else {
            row["rule"] = v.rule;
            row["reason"] = v.reason;
          }
          column.push_back(row);
        }
        headline = "entry costs at " + s.map.name(entry) + " for a column of " + std::to_string(f.size());
        return nlohmann::json{{"hex", s.map.name(entry)}, {"column", column}};
      }});
}

}  // namespace hexlaw
