// Owns: the `hexlaw play` and `hexlaw replay` commands — whole games from a scenario file.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "engine/core/spec.h"

namespace hexlaw::cli {

struct PlayArgs {
  std::string scenario;
  std::uint64_t seed = 1;
  std::string policy = "random";  // random | first
  std::uint64_t policy_seed = 1;
  std::string log_out;            // write the decision log here (JSON)
  std::string log_in;             // replay: the log to play
  bool json = false;              // print the record as JSON
};

// Plays a game under `spec` with a policy (play) or from a log (replay) and prints the record
// and the result. Returns the exit status (0 played; bad input throws InputError).
int run_play(const std::shared_ptr<const Spec>& spec, const PlayArgs& args, bool replaying);

}  // namespace hexlaw::cli
