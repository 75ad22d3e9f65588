// Owns: the `hexlaw` Python module — one PYBIND11_MODULE, assembled from one bindings file
// per engine area — and what the module takes from its environment: $HEXLAW_TRACE_DIR, where
// the coverage report collects the rules applied (engine/core/trace.h).
#include <cstdlib>

#include "bindings/bindings.h"
#include "engine/core/trace.h"

PYBIND11_MODULE(hexlaw, m) {
  if (const char* dir = std::getenv("HEXLAW_TRACE_DIR"); dir && *dir) hexlaw::record_cited_ids_in(dir);
  m.doc() =
      "hexlaw: a rules engine for hex-and-counter wargames.\n\n"
      "ask(case) answers a rules question (a dict, YAML/JSON text or a path to a case file);\n"
      "rule(id) returns a catalogued rule case such as 'std:9.8.2';\n"
      "Game(load_scenario(path), seed) plays a whole game: game.decision, game.choose(c), game.copy(),\n"
      "game.log, replay(scenario, log).\n"
      "Each takes spec=hexlaw.Spec(dir) to run under another spec directory than default_spec().";
  hexlaw::py::bind_errors(m);
  hexlaw::py::bind_spec(m);
  hexlaw::py::bind_catalog(m);
  hexlaw::py::bind_core(m);
  hexlaw::py::bind_questions(m);
  hexlaw::py::bind_game(m);
  hexlaw::py::bind_desk(m);
  hexlaw::py::bind_jemmapes_game(m);
}
