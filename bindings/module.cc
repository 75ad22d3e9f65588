// Owns: the `hexlaw` Python module — one PYBIND11_MODULE, assembled from one bindings file
// per engine area.
#include "bindings/bindings.h"

PYBIND11_MODULE(hexlaw, m) {
  m.doc() =
      "hexlaw: a rules engine for hex-and-counter wargames.\n\n"
      "ask(case) answers a rules question (a dict, YAML/JSON text or a path to a case file);\n"
      "rule(id) returns a catalogued rule case such as 'std:9.8.2';\n"
      "Game(load_scenario(path), seed) plays a whole game: game.decision, game.choose(c), game.copy(),\n"
      "game.log, replay(scenario, log).";
  hexlaw::py::bind_errors(m);
  hexlaw::py::bind_catalog(m);
  hexlaw::py::bind_core(m);
  hexlaw::py::bind_questions(m);
  hexlaw::py::bind_game(m);
}
