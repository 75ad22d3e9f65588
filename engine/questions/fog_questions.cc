// Owns: questions about the fog of war (optional rule 16.1): what a side sees, which hidden
// units are revealed, which are hidden again after the night and where Dummies are placed.
#include "engine/n20/dummies.h"
#include "engine/n20/fog.h"
#include "engine/questions/kinds.h"
#include "engine/questions/question_fields.h"

namespace hexlaw {
namespace {

nlohmann::json reveal_json(const n20::Reveal& r) {
  return nlohmann::json{{"revealed", r.revealed},
                        {"dummies_removed", r.dummies_removed},
                        {"battles_called_off", r.battles_called_off}};
}

// The declared battles: [{attackers: [ids], defenders: [ids]}, ...].
std::vector<n20::DeclaredBattle> read_battles(const Situation& s) {
  auto f = s.c.question.required("battles");
  if (!f.is_seq()) f.fail("expected a list of battles {attackers, defenders}");
  std::vector<n20::DeclaredBattle> out;
  for (std::size_t i = 0; i < f.size(); ++i) {
    auto b = f.at(i);
    if (!b.is_map()) b.fail("expected a battle {attackers, defenders}");
    b.expect_keys({"attackers", "defenders"});
    n20::DeclaredBattle battle;
    for (const char* key : {"attackers", "defenders"}) {
      auto side = b.required(key);
      if (!side.is_seq() || side.size() == 0) side.fail("expected a non-empty list of unit ids");
      for (std::size_t j = 0; j < side.size(); ++j)
        if (!s.state.unit(side.at(j).str())) side.at(j).fail("no unit with id '" + side.at(j).str() + "'");
    }
    battle.attackers = to_symbols(b["attackers"].str_list());
    battle.defenders = to_symbols(b["defenders"].str_list());
    out.push_back(std::move(battle));
  }
  return out;
}

// The units one owner reveals at will: a non-empty list of ids of one side's on-map units.
std::vector<std::string> read_owned_units(const Situation& s) {
  auto f = s.c.question.required("units");
  if (!f.is_seq() || f.size() == 0) f.fail("expected a non-empty list of unit ids");
  std::string side;
  for (std::size_t i = 0; i < f.size(); ++i) {
    const Unit* u = s.state.unit(f.at(i).str());
    if (!u) f.at(i).fail("no unit with id '" + f.at(i).str() + "'");
    if (!u->on_map()) f.at(i).fail("unit '" + u->id + "' is not on the map");
    if (!side.empty() && u->side != side) f.at(i).fail("unit '" + u->id + "' is not " + side + "'s: one owner reveals");
    side = u->side;
  }
  return f.str_list();
}

// A Dummy of the case: the named field must hold the id of a unit of type dummy.
const Unit& read_dummy(const Situation& s, const CaseField& f) {
  const Unit* d = s.state.unit(f.str());
  if (!d) f.fail("no unit with id '" + f.str() + "'");
  if (d->type != UnitType::Dummy) f.fail("unit '" + d->id + "' is " + to_string(d->type) + ", not a Dummy");
  return *d;
}

// reconceal's dummies: [{dummy, hex, relocate, to}, ...], Dummies of the reconcealing side.
std::vector<n20::DummyPlacement> read_placements(const Situation& s) {
  auto f = s.c.question["dummies"];
  std::vector<n20::DummyPlacement> out;
  if (!f.present()) return out;
  if (!f.is_seq()) f.fail("expected a list of placements {dummy, hex, relocate, to}");
  for (std::size_t i = 0; i < f.size(); ++i) {
    auto p = f.at(i);
    if (!p.is_map()) p.fail("expected a placement {dummy, hex, relocate, to}");
    p.expect_keys({"dummy", "hex", "relocate", "to"});
    const Unit& d = read_dummy(s, p.required("dummy"));
    if (d.side != s.c.question["side"].str()) p["dummy"].fail("Dummy '" + d.id + "' is not " + s.c.question["side"].str() + "'s");
    n20::DummyPlacement placement{d.id, read_hex(s, p.required("hex")), p.required("relocate").str(),
                                  read_hex(s, p.required("to"))};
    if (!s.state.unit(placement.relocate)) p["relocate"].fail("no unit with id '" + placement.relocate + "'");
    out.push_back(placement);
  }
  return out;
}

nlohmann::json verdict_json(const Situation& s, const n20::DummyVerdict& v, const std::vector<std::string>& moved) {
  nlohmann::json j{{"legal", v.legal}, {"placed", v.placed}};
  if (!v.legal) {
    j["rule"] = v.rule;
    j["reason"] = v.reason;
  }
  nlohmann::json units = nlohmann::json::object();
  for (const std::string& id : moved)
    if (const Unit* u = v.after.unit(id)) units[id] = u->on_map() ? s.map.name(u->hex) : to_string(u->status);
  j["units"] = units;
  return j;
}

}  // namespace

void add_fog_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "view",
      "What does this side see of the units on the map, in state order? (question: side)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "side"});
        s.c.question.required("side").str();
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const auto views = n20::view_of(s.rules, s.state, s.c.question["side"].str(), t);
        nlohmann::json units = nlohmann::json::array();
        int unknown = 0;
        for (const auto& v : views) {
          nlohmann::json j{{"hex", s.map.name(v.hex)}, {"side", v.side}, {"nationality", v.nationality},
                           {"hidden", v.hidden}};
          if (v.known) {
            j["id"] = v.unit->id;
            j["type"] = to_string(v.unit->type);
            j["strength"] = v.unit->strength;
          } else {
            ++unknown;
          }
          if (v.movement >= 0) j["movement"] = v.movement;
          units.push_back(std::move(j));
        }
        headline = std::to_string(views.size()) + " unit(s) on the map, " + std::to_string(unknown) + " unknown";
        return nlohmann::json{{"units", units}};
      }});
  kinds.push_back(QuestionKind{
      "reveal",
      "Which hidden units are revealed? (question: trigger: scouting, at the end of the phasing side's "
      "Movement Phase, with side; battles, with battles: [{attackers, defenders}], all declared; or "
      "owner, with units: the ids their owner chooses to reveal)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "trigger", "side", "battles", "units"});
        const std::string trigger = s.c.question.required("trigger").str();
        if (trigger == "scouting") {
          s.c.question.required("side").str();
        } else if (trigger == "battles") {
          read_battles(s);
        } else if (trigger == "owner") {
          read_owned_units(s);
        } else {
          s.c.question["trigger"].fail("expected scouting, battles or owner");
        }
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const std::string trigger = s.c.question["trigger"].str();
        const n20::Reveal r =
            trigger == "scouting" ? n20::reveal_by_scouting(s.rules, s.map, s.state, s.c.question["side"].str(), t)
            : trigger == "owner"  ? n20::reveal_at_will(s.rules, s.state, read_owned_units(s), t)
                                  : n20::reveal_battles(s.rules, s.state, read_battles(s), t);
        headline = std::to_string(r.revealed.size() + r.dummies_removed.size()) + " unit(s) revealed";
        return reveal_json(r);
      }});
  kinds.push_back(QuestionKind{
      "reconceal",
      "Which of this side's units are hidden again at the end of its Night Turn, and may these Dummies "
      "be placed? (question: side; optional dummies: [{dummy, hex, relocate, to}] in order)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "side", "dummies"});
        s.c.question.required("side").str();
        if (!s.state.night) s.c.question.fail("units are reconcealed only at the end of a Night Turn (state.night)");
        read_placements(s);
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        std::vector<std::string> hidden;
        const std::string side = s.c.question["side"].str();
        const GameState after = n20::reconceal(s.rules, s.state, side, t, &hidden);
        headline = std::to_string(hidden.size()) + " unit(s) hidden again";
        nlohmann::json out{{"hidden", hidden}};
        const auto placements = read_placements(s);
        if (!placements.empty()) {
          const n20::DummyVerdict v = n20::place_dummies_at_reconceal(s.rules, s.map, after, side, placements, t);
          std::vector<std::string> moved;
          for (const auto& p : placements) moved.insert(moved.end(), {p.dummy, p.relocate});
          out["dummies"] = verdict_json(s, v, moved);
          headline += v.legal ? ", " + std::to_string(v.placed.size()) + " Dummy(ies) placed"
                              : "; Dummy placement illegal: " + v.reason;
        }
        return out;
      }});
  kinds.push_back(QuestionKind{
      "dummy-arrival",
      "May this Dummy come in with this newly rallied or reinforcement unit? (question: dummy, with, "
      "arrival: rally or reinforcement)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "dummy", "with", "arrival"});
        const Unit& d = read_dummy(s, s.c.question.required("dummy"));
        const Unit& w = question_unit(s, "with");
        if (w.side != d.side) s.c.question["with"].fail("unit '" + w.id + "' is not on " + d.side + "'s side");
        const std::string a = s.c.question.required("arrival").str();
        if (a != "rally" && a != "reinforcement") s.c.question["arrival"].fail("expected rally or reinforcement");
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const std::string dummy = s.c.question["dummy"].str(), with = s.c.question["with"].str();
        const auto arrival = s.c.question["arrival"].str() == "rally" ? n20::DummyArrival::Rally
                                                                     : n20::DummyArrival::Reinforcement;
        const n20::DummyVerdict v = n20::place_dummy_on_arrival(s.rules, s.map, s.state, dummy, with, arrival, t);
        nlohmann::json out = verdict_json(s, v, {dummy});
        if (v.legal) out["unstack_by"] = v.unstack_by;
        headline = v.legal ? dummy + " comes in with " + with : dummy + " may not come in: " + v.reason;
        return out;
      }});
}

}  // namespace hexlaw
