// Owns: the spec every test, property and benchmark runs under — the source tree's spec/,
// loaded once per test program (the engine never picks a spec; the programs at the top do).
#pragma once

#include <memory>

#include "engine/core/spec.h"

namespace hexlaw::testing {

const std::shared_ptr<const Spec>& source_spec();

}  // namespace hexlaw::testing
