// Owns: whole games from Python — hexlaw.load_scenario(), hexlaw.Game (step with choose(),
// see the legal choices, branch with copy(), pickle through the game's own log and its spec
// directory) and hexlaw.replay(). A Python callable can be the policy:
// game.play(lambda game, decision: ...). Scenarios are read under `spec=` or the default.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <filesystem>
#include <set>

#include "bindings/bindings.h"
#include "engine/core/errors.h"
#include "engine/play/game.h"
#include "engine/play/generated.h"
#include "engine/play/generated_dresden.h"
#include "engine/play/invariants.h"

namespace hexlaw::py {

namespace pyb = pybind11;
using play::Game;
using play::Scenario;
using ScenarioPtr = std::shared_ptr<const Scenario>;

namespace {

// hexlaw._from_pickle(kind, *state): what every pickle of a hexlaw object calls to rebuild
// it (hexlaw._from_pickle_KIND(*state)). A plain C function bound to the module, so pickle
// names it by reference (pybind11's functions carry a capsule that pickle cannot save).
PyObject* from_pickle(PyObject* module, PyObject* args) {
  try {
    const auto a = pyb::reinterpret_borrow<pyb::tuple>(args);
    if (a.size() < 1 || !PyUnicode_Check(a[0].ptr())) throw pyb::type_error("_from_pickle(kind, *state)");
    const std::string impl = "_from_pickle_" + a[0].cast<std::string>();
    pyb::object fn = pyb::reinterpret_borrow<pyb::object>(module).attr(impl.c_str());
    return fn(*a[pyb::slice(1, static_cast<pyb::ssize_t>(a.size()), 1)]).release().ptr();
  } catch (pyb::error_already_set& e) {
    e.restore();
  } catch (const pyb::builtin_exception& e) {
    e.set_error();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  }
  return nullptr;
}
PyMethodDef from_pickle_def = {"_from_pickle", from_pickle, METH_VARARGS, "Rebuilds a pickled hexlaw object."};

pyb::dict decision_dict(const play::Decision& d) {
  pyb::dict out;
  out["kind"] = play::to_string(d.kind);
  out["side"] = d.side;
  out["unit"] = d.unit;
  out["rule"] = d.rule;
  out["prompt"] = d.prompt;
  out["choices"] = d.choices;
  return out;
}

pyb::dict result_dict(const Game& g) {
  pyb::dict out;
  out["over"] = g.over();
  out["level"] = g.result().level;
  out["winner"] = g.result().winner;
  out["rule"] = g.result().rule;
  return out;
}

pyb::list record_list(const Game& g) {
  pyb::list out;
  for (const auto& e : g.record()) {
    pyb::dict d;
    d["turn"] = e.turn;
    d["player_turn"] = e.player_turn;
    d["phase"] = e.phase;
    d["text"] = e.text;
    d["rules"] = e.rules;
    out.append(d);
  }
  return out;
}


// A scenario given as a Scenario (read under its own spec), a path (str or os.PathLike) or
// YAML text (read under the spec given, or the default).
ScenarioPtr to_scenario(const pyb::object& obj, const pyb::object& given) {
  if (pyb::isinstance<Scenario>(obj)) return obj.cast<std::shared_ptr<Scenario>>();
  const TextOrPath t = text_or_path(obj, "scenario", "a Scenario, str, bytes or os.PathLike");
  const std::shared_ptr<const Spec> spec = spec_or_default(given);
  std::error_code no_file;
  if (t.path && !std::filesystem::exists(t.value, no_file)) throw CaseError(t.value, "", "cannot open the scenario file");
  if (t.path) return play::load_scenario(spec, t.value);
  return play::parse_scenario_text(spec, t.value, "<text>");
}

// Policy adapter: the callable gets (game, decision dict) and returns a choice string or index.
class PythonPolicy : public play::Policy {
 public:
  explicit PythonPolicy(pyb::function fn) : fn_(std::move(fn)) {}
  std::size_t choose(const Game& game, const play::Decision& d) override {
    pyb::object r = fn_(pyb::cast(game, pyb::return_value_policy::reference), decision_dict(d));
    if (pyb::isinstance<pyb::int_>(r)) {
      int overflow = 0;
      const long long i = PyLong_AsLongLongAndOverflow(r.ptr(), &overflow);
      if (i < 0 || overflow || static_cast<std::size_t>(i) >= d.choices.size())
        throw std::invalid_argument("the policy returned index " + std::to_string(i) + " of " +
                                    std::to_string(d.choices.size()) + " choices");
      return static_cast<std::size_t>(i);
    }
    const std::string c = str_arg(r, "the policy's choice");
    if (const std::size_t i = d.find(c); i != std::string::npos) return i;
    throw std::invalid_argument("the policy chose '" + c + "', which is not a legal " + std::string(play::to_string(d.kind)) + " choice");
  }

 private:
  pyb::function fn_;
};

}  // namespace

// A log given as a dict {scenario, seed, decisions} or as JSON text.
play::GameLog log_from_python(const pyb::object& obj) {
  if (pyb::isinstance<pyb::dict>(obj)) return play::log_from_doc(python_to_doc(obj, "<dict>"), "<dict>");
  if (!pyb::isinstance<pyb::str>(obj) && !pyb::isinstance<pyb::bytes>(obj))
    throw pyb::type_error(std::string("log must be a dict or JSON text, not ") + Py_TYPE(obj.ptr())->tp_name);
  return play::log_from_json(pyb::isinstance<pyb::str>(obj) ? str_arg(obj, "log") : obj.cast<std::string>(), "<text>");
}

pyb::dict log_to_python(const play::GameLog& l) {
  pyb::dict d;
  d["scenario"] = l.scenario;
  d["seed"] = l.seed;
  d["decisions"] = l.decisions;
  return d;
}


void bind_game(pyb::module_& m) {
  m.add_object("_from_pickle", pyb::reinterpret_steal<pyb::object>(PyCFunction_NewEx(&from_pickle_def, m.ptr(), m.attr("__name__").ptr())));
  pyb::class_<Scenario, std::shared_ptr<Scenario>>(m, "Scenario", "A scenario: map, units, calendar, morale, event deck.")
      .def_readonly("name", &Scenario::name)
      .def_readonly("title", &Scenario::title)
      .def_readonly("french", &Scenario::french)
      .def_readonly("text", &Scenario::text)
      .def_property_readonly("spec", [](const Scenario& s) { return std::const_pointer_cast<Spec>(s.rules->spec()); })
      .def_property_readonly("initial", [](const Scenario& s) { return GameState(s.initial); })
      .def_property_readonly("calendar",
                             [](const Scenario& s) {
                               pyb::dict d;
                               d["first"] = s.calendar.first;
                               d["second"] = s.calendar.second;
                               d["last_turn"] = s.calendar.last_turn;
                               d["night_turns"] = std::vector<int>(s.calendar.night_turns.begin(), s.calendar.night_turns.end());
                               return d;
                             })
      .def("__repr__", [](const Scenario& s) { return "<Scenario " + s.name + ">"; })
      .def("__reduce__", [](const Scenario& s) {
        return pyb::make_tuple(pyb::module_::import("hexlaw").attr("_from_pickle"),
                               pyb::make_tuple("scenario", s.text, s.name, s.rules->spec()->dir().string()));
      });
  m.def(
      "_from_pickle_scenario",
      [](const std::string& text, const std::string& name, const std::string& spec_dir) {
        return std::const_pointer_cast<Scenario>(play::parse_scenario_text(spec_for_dir(spec_dir), text, name));
      },
      "Rebuilds a pickled Scenario (its text, read under its spec directory).");
  m.def(
      "_from_pickle_game",
      [](const std::string& text, const std::string& name, const std::string& log, const std::string& spec_dir) {
        auto sc = play::parse_scenario_text(spec_for_dir(spec_dir), text, name);
        return play::replay(sc, play::log_from_json(log, "<pickle>"));
      },
      "Rebuilds a pickled Game by replaying its log.");
  m.def(
      "load_scenario",
      [](const pyb::object& s, const pyb::object& spec) {
        return std::const_pointer_cast<Scenario>(to_scenario(s, spec));
      },
      pyb::arg("scenario"), pyb::arg("spec") = pyb::none(),
      "Read a scenario from a path or YAML text; raises hexlaw.CaseError naming the field on bad input.");

  m.def(
      "generated_scenario",
      [](int units_per_side, int cols, int rows, int last_turn, std::vector<int> night_turns, bool events,
         std::vector<std::string> options, std::uint64_t seed, const pyb::object& rules_spec, const std::string& game) {
        play::GeneratedScenarioSpec spec;
        spec.game = game;
        spec.units_per_side = units_per_side;
        spec.cols = cols;
        spec.rows = rows;
        spec.last_turn = last_turn;
        spec.night_turns = std::set<int>(night_turns.begin(), night_turns.end());
        spec.events = events;
        spec.options = std::set<std::string>(options.begin(), options.end());
        spec.seed = seed;
        spec.game = game;
        return std::const_pointer_cast<Scenario>(play::generated_scenario(spec_or_default(rules_spec), spec));
      },
      pyb::arg("units_per_side") = 20, pyb::arg("cols") = 20, pyb::arg("rows") = 14, pyb::arg("last_turn") = 12,
      pyb::arg("night_turns") = std::vector<int>{6}, pyb::arg("events") = true,
      pyb::arg("options") = std::vector<std::string>{}, pyb::arg("seed") = 1, pyb::arg("spec") = pyb::none(),
      pyb::arg("game") = "standard",
      "A random but legal scenario (engine/play/generated.h): the same arguments give the same scenario; "
      "game='jena' gives a Jena-layer scenario (I Corps on its die, Sudden Death numbers, set-aside units). "
      "game='leipzig' gives the Allies two Fronts (allied-north, allied-south). "
      "Raises ValueError when the units do not fit the map, hexlaw.CaseError on an unknown option.");
  m.def(
      "dresden_scenario",
      [](int units_per_side, int last_turn, std::vector<std::string> options, std::uint64_t seed,
         bool as_yaml, const pyb::object& rules_spec) -> pyb::object {
        play::DresdenScenarioSpec spec;
        spec.units_per_side = units_per_side;
        spec.last_turn = last_turn;
        spec.options = std::set<std::string>(options.begin(), options.end());
        spec.seed = seed;
        if (as_yaml) return pyb::str(play::dresden_scenario_yaml(spec));
        return pyb::cast(std::const_pointer_cast<Scenario>(play::dresden_scenario(spec_or_default(rules_spec), spec)));
      },
      pyb::arg("units_per_side") = 8, pyb::arg("last_turn") = 8, pyb::arg("options") = std::vector<std::string>{},
      pyb::arg("seed") = 1, pyb::arg("as_yaml") = false, pyb::arg("spec") = pyb::none(),
      "A random but legal Dresden 20 scenario (engine/play/generated_dresden.h): the Elbe and its bridges, the "
      "four garrisons, the Allies first, a weather turn track; as_yaml gives its scenario text instead.");
  pyb::class_<Game>(m, "Game",
                    "A whole game played from a scenario. `decision` is what is awaited now, with every legal "
                    "choice; `choose(c)` takes one. Copies are independent branches; pickling replays the log.")
      .def(pyb::init([](const pyb::object& s, std::uint64_t seed, const pyb::object& spec) {
             return Game(to_scenario(s, spec), seed);
           }),
           pyb::arg("scenario"), pyb::arg("seed") = 1, pyb::arg("spec") = pyb::none())
      .def_property_readonly("scenario", [](const Game& g) { return std::const_pointer_cast<Scenario>(g.scenario_ptr()); })
      .def_property_readonly("state", [](const Game& g) { return GameState(g.state()); })
      .def_property_readonly("turn", [](const Game& g) { return g.position().turn; })
      .def_property_readonly("player_turn", [](const Game& g) { return g.position().player_turn; })
      .def_property_readonly("phase", [](const Game& g) { return std::string(n20::phase_name(g.position().phase)); })
      .def_property_readonly("phasing", [](const Game& g) { return g.state().phasing; })
      .def_property_readonly("morale", [](const Game& g) { return g.state().morale; })
      .def_property_readonly("over", &Game::over)
      .def_property_readonly("result", &result_dict)
      .def_property_readonly("decision", [](const Game& g) { return decision_dict(g.decision()); })
      .def_property_readonly("choices", [](const Game& g) { return g.decision().choices; })
      .def(
          "choose",
          [](Game& g, const pyb::object& c) {
            if (pyb::isinstance<pyb::int_>(c)) {
              int overflow = 0;  // an index past 64 bits is out of range like any other
              const long long i = PyLong_AsLongLongAndOverflow(c.ptr(), &overflow);
              if (i < 0 || overflow)
                throw std::invalid_argument("choice index " + std::to_string(i) + " is out of range (0.." +
                                            std::to_string(g.decision().size() - 1) + ")");
              g.choose(static_cast<std::size_t>(i));
            } else {
              g.choose(str_arg(c, "choice"));
            }
          },
          pyb::arg("choice"), "Take a choice (its text or its index); raises ValueError when it is not legal.")
      .def(
          "play",
          [](Game& g, const pyb::object& policy, std::uint64_t seed, std::size_t max_decisions) {
            if (pyb::isinstance<pyb::str>(policy)) {
              if (policy.cast<std::string>() != "random")
                throw std::invalid_argument("policy must be 'random' or a callable (game, decision) -> choice");
              play::RandomPolicy p(seed);
              return play::play(g, p, max_decisions);
            }
            if (!PyCallable_Check(policy.ptr()))
              throw pyb::type_error(std::string("policy must be 'random' or a callable (game, decision) -> choice, not ") +
                                    Py_TYPE(policy.ptr())->tp_name);
            PythonPolicy p(pyb::reinterpret_borrow<pyb::function>(policy));
            return play::play(g, p, max_decisions);
          },
          pyb::arg("policy") = "random", pyb::arg("seed") = 1, pyb::arg("max_decisions") = 1000000,
          "Play on with a policy: 'random' (seeded by `seed`) or a callable (game, decision) returning a "
          "choice or its index. Returns how many decisions were taken.")
      .def_property_readonly("log",
                             [](const Game& g) { return log_to_python(g.log()); })
      .def("log_json", [](const Game& g) { return play::log_to_json(g.log()); })
      .def_property_readonly("record", &record_list)
      .def_property_readonly("rules_applied", &Game::rules_applied)
      .def("invariant_violations", [](const Game& g) { return play::invariant_violations(g); },
           "The game laws the current state breaks (always empty unless the engine is wrong).")
      .def("copy", [](const Game& g) { return Game(g); }, "An independent branch of this game.")
      .def("__copy__", [](const Game& g) { return Game(g); })
      .def("__deepcopy__", [](const Game& g, const pyb::dict&) { return Game(g); })
      .def(pyb::pickle(
          [](const Game& g) {
            return pyb::make_tuple(g.scenario().text, g.scenario().name, play::log_to_json(g.log()),
                                   g.scenario().rules->spec()->dir().string());
          },
          [](const pyb::tuple& t) {
            // A state that is not (text, name, log[, spec dir]) of str is a TypeError, never an
            // internal RuntimeError (issue 16's audit of untyped throws).
            bool all_text = t.size() == 3 || t.size() == 4;
            for (std::size_t i = 0; all_text && i < t.size(); ++i) all_text = PyUnicode_Check(t[i].ptr());
            if (!all_text) throw pyb::type_error("not a pickled hexlaw.Game: expected (text, name, log[, spec dir]) of str");
            // Pickled before games recorded their spec directory: the default spec.
            const auto spec = t.size() == 4 ? spec_for_dir(t[3].cast<std::string>()) : spec_or_default(pyb::none());
            auto sc = play::parse_scenario_text(spec, t[0].cast<std::string>(), t[1].cast<std::string>());
            return play::replay(sc, play::log_from_json(t[2].cast<std::string>(), "<pickle>"));
          }))
      // Pickles (every protocol, 0 included) name a module function that rebuilds the game,
      // so unpickling never makes an empty Game first; __setstate__ above reads older pickles.
      .def("__reduce__",
           [](const Game& g) {
             return pyb::make_tuple(pyb::module_::import("hexlaw").attr("_from_pickle"),
                                    pyb::make_tuple("game", g.scenario().text, g.scenario().name, play::log_to_json(g.log()),
                                                    g.scenario().rules->spec()->dir().string()));
           })
      .def("__repr__", [](const Game& g) {
        return "<Game " + g.scenario().name + " turn " + std::to_string(g.position().turn) + " " +
               n20::phase_name(g.position().phase) + (g.over() ? " over: " + g.result().level : "") + ">";
      });
  m.def(
      "replay",
      [](const pyb::object& scenario, const pyb::object& log, const pyb::object& spec) {
        const ScenarioPtr sc = to_scenario(scenario, spec);  // the scenario's errors first, then the log's
        return play::replay(sc, log_from_python(log));
      },
      pyb::arg("scenario"), pyb::arg("log"), pyb::arg("spec") = pyb::none(),
      "Play a game again from its log (a dict {scenario, seed, decisions} or its JSON text). Raises ValueError "
      "naming the step when a logged decision is not legal there.");
}

}  // namespace hexlaw::py
