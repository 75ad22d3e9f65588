// Owns: the Python face of a played Jemmapes game (engine/play/jemmapes_game.h) — the generated
// scenario, JemmapesGame with the same decision / choose / copy / log / replay interface as
// Game, and jemmapes_replay().
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/bindings.h"
#include "engine/play/jemmapes_game.h"

namespace hexlaw::py {

namespace pyb = pybind11;
using play::JemmapesGame;
using play::JemmapesScenario;

namespace {

pyb::dict decision_dict(const play::JemmapesDecision& d) {
  pyb::dict out;
  out["kind"] = d.kind;
  out["side"] = d.side;
  out["unit"] = d.unit;
  out["rule"] = d.rule;
  out["prompt"] = d.prompt;
  out["choices"] = d.choices;
  out["refused"] = d.refused;
  return out;
}

// The units as dicts (id, side, kind, hex, facing, cp, level, formation, markers); those still
// off the map (Ferrand's, jemmapes:9.1.1) last, their hex "off_map".
pyb::list units_list(const JemmapesGame& g) {
  pyb::list out;
  std::vector<std::pair<const jemmapes::Unit*, bool>> all;
  for (const auto& u : g.position().units) all.emplace_back(&u, true);
  for (const auto& u : g.position().waiting) all.emplace_back(&u, false);
  for (const auto& [up, on_map] : all) {
    const auto& u = *up;
    pyb::dict d;
    d["id"] = u.id;
    d["side"] = u.side;
    d["kind"] = std::string(jemmapes::to_string(u.kind));
    d["hex"] = on_map ? g.scenario().map.name(u.hex) : std::string("off_map");
    d["facing"] = std::string(jemmapes::facing_name(u.facing));
    d["cp"] = u.cp;
    d["level"] = std::string(jemmapes::to_string(u.level));
    d["formation"] = u.formation;
    d["markers"] = std::vector<std::string>(u.markers.begin(), u.markers.end());
    out.append(d);
  }
  return out;
}

}  // namespace

void bind_jemmapes_game(pyb::module_& m) {
  pyb::class_<JemmapesScenario, std::shared_ptr<JemmapesScenario>>(m, "JemmapesScenario", "A Jemmapes 1792 scenario a JemmapesGame starts from.")
      .def_readonly("name", &JemmapesScenario::name)
      .def_readonly("last_round", &JemmapesScenario::last_round)
      .def_property_readonly("rules",
                             [](const JemmapesScenario& s) -> std::string {
                               if (!s.rules) return "";
                               return *s.rules == jemmapes::ScenarioKind::Free ? "free" : "historical";
                             })
      .def_property_readonly("objectives",
                             [](const JemmapesScenario& s) {
                               pyb::dict d, villages;
                               for (const auto& [name, hexes] : s.objectives.villages) {
                                 std::vector<std::string> names;
                                 for (Hex h : hexes) names.push_back(s.map.name(h));
                                 villages[pyb::str(name)] = names;
                               }
                               std::vector<std::string> redoubts;
                               for (Hex h : s.objectives.redoubts) redoubts.push_back(s.map.name(h));
                               d["villages"] = villages;
                               d["redoubts"] = redoubts;
                               return d;
                             })
      .def("__repr__", [](const JemmapesScenario& s) { return "<JemmapesScenario " + s.name + ">"; });
  m.def(
      "jemmapes_generated_scenario",
      [](int formations_per_side, int units_per_formation, int last_round, std::uint64_t seed, const pyb::object& spec,
         const std::map<std::string, std::string>& interpretations, const std::string& rules) {
        return std::const_pointer_cast<JemmapesScenario>(
            play::jemmapes_generated_scenario(spec_or_default(spec), formations_per_side, units_per_formation, last_round, seed, interpretations, rules));
      },
      pyb::arg("formations_per_side") = 2, pyb::arg("units_per_formation") = 3, pyb::arg("last_round") = 3, pyb::arg("seed") = 1,
      pyb::arg("spec") = pyb::none(), pyb::arg("interpretations") = std::map<std::string, std::string>{}, pyb::arg("rules") = "",
      "A random but legal Jemmapes scenario (engine/play/jemmapes_game.h); `interpretations` picks switch readings "
      "(e.g. {'jemmapes.morale_test.procedure': 'two_dice_against_morale'}); `rules` 'historical' or 'free' plays that "
      "printed scenario's restrictions, length and control victory points on the invented map.");
  m.def(
      "jemmapes_scenario",
      [](const std::string& text, const std::string& file, const pyb::object& spec) {
        return std::const_pointer_cast<JemmapesScenario>(play::jemmapes_scenario_from_text(spec_or_default(spec), text, file));
      },
      pyb::arg("text"), pyb::arg("file") = "<text>", pyb::arg("spec") = pyb::none(),
      "A Jemmapes scenario from the text of a scenario file (`game: jemmapes`, as `hexlaw play` reads it); a bad field is a "
      "ValueError naming the file and the field.");
  pyb::class_<JemmapesGame>(m, "JemmapesGame",
                            "A played game of Jemmapes 1792, round by round (jemmapes:2.0). `decision` is what is awaited, "
                            "with every legal choice; `choose(c)` takes one; copies are independent branches.")
      .def(pyb::init([](const std::shared_ptr<JemmapesScenario>& s, std::uint64_t seed) { return JemmapesGame(s, seed); }),
           pyb::arg("scenario"), pyb::arg("seed") = 1)
      .def_property_readonly("round", &JemmapesGame::round)
      .def_property_readonly("phase", &JemmapesGame::phase)
      .def_property_readonly("over", &JemmapesGame::over)
      .def_property_readonly("winner", &JemmapesGame::winner)
      .def_property_readonly("french_vp", &JemmapesGame::french_vp)
      .def_property_readonly("control_vp", &JemmapesGame::control_vp)
      .def_property_readonly("objectives_scored", [](const JemmapesGame& g) {
        return std::vector<std::string>(g.objectives_scored().begin(), g.objectives_scored().end());
      })
      .def_property_readonly("decision", [](const JemmapesGame& g) { return decision_dict(g.decision()); })
      .def_property_readonly("choices", [](const JemmapesGame& g) { return g.decision().choices; })
      .def_property_readonly("units", &units_list)
      .def_property_readonly("orders", [](const JemmapesGame& g) {
        pyb::dict d;
        for (const auto& [id, f] : g.position().formations) d[pyb::str(id)] = std::string(jemmapes::to_string(f.order));
        return d;
      })
      .def_property_readonly("activations", &JemmapesGame::activations)
      .def(
          "choose",
          [](JemmapesGame& g, const pyb::object& c) {
            // As Game.choose: an index past 64 bits is out of range (ValueError), anything but an
            // int or a str a TypeError (a float or None raised RuntimeError, issue 16's audit).
            if (pyb::isinstance<pyb::int_>(c)) {
              int overflow = 0;
              const long long i = PyLong_AsLongLongAndOverflow(c.ptr(), &overflow);
              if (i < 0 || overflow) throw std::invalid_argument("choice index " + std::to_string(i) + " is out of range");
              g.choose(static_cast<std::size_t>(i));
            } else {
              g.choose(str_arg(c, "choice"));
            }
          },
          pyb::arg("choice"), "Take a choice (its text or its index); raises ValueError when it is not legal, or when its dice read a cell "
                              "the source lost (the game is then as it was and the choice is listed in decision['refused']).")
      .def(
          "play",
          [](JemmapesGame& g, std::uint64_t seed, std::size_t max_decisions) {
            SeededDice rng(seed);
            std::size_t n = 0;
            for (; n < max_decisions && !g.over(); ++n) {
              const auto k = g.decision().choices.size();
              // A fight refused as its dice are rolled is not a decision taken: choose again.
              if (!g.try_choose(static_cast<std::size_t>(rng.roll(static_cast<int>(k), "jemmapes:2.0", "random policy") - 1))) --n;
            }
            return n;
          },
          pyb::arg("seed") = 1, pyb::arg("max_decisions") = 100000,
          "Play on with uniformly random choices (seeded); returns how many decisions were taken.")
      .def_property_readonly("log", [](const JemmapesGame& g) { return log_to_python(g.log()); })
      .def("log_json", [](const JemmapesGame& g) { return play::log_to_json(g.log()); })
      .def_property_readonly("record",
                             [](const JemmapesGame& g) {
                               pyb::list out;
                               for (const auto& e : g.record()) {
                                 pyb::dict d;
                                 d["round"] = e.round;
                                 d["phase"] = e.phase;
                                 d["text"] = e.text;
                                 d["rules"] = e.rules;
                                 out.append(d);
                               }
                               return out;
                             })
      .def_property_readonly("rules_applied", &JemmapesGame::rules_applied)
      .def("invariant_violations", &JemmapesGame::invariant_violations)
      .def("copy", [](const JemmapesGame& g) { return JemmapesGame(g); }, "An independent branch of this game.")
      .def("__copy__", [](const JemmapesGame& g) { return JemmapesGame(g); })
      .def("__deepcopy__", [](const JemmapesGame& g, const pyb::dict&) { return JemmapesGame(g); })
      .def("__repr__", [](const JemmapesGame& g) {
        return "<JemmapesGame " + g.scenario().name + " round " + std::to_string(g.round()) + " " + g.phase() + (g.over() ? " over: " + g.winner() : "") + ">";
      });
  m.def(
      "jemmapes_replay",
      [](const std::shared_ptr<JemmapesScenario>& s, const pyb::object& log) { return play::replay(s, log_from_python(log)); },
      pyb::arg("scenario"), pyb::arg("log"),
      "Play a Jemmapes game again from its log (a dict {scenario, seed, decisions} or its JSON text); ValueError names the step "
      "whose choice is not legal.");
}

}  // namespace hexlaw::py
