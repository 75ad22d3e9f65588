// Owns: loading the source tree's spec for the test programs (see source_spec.h).
#include "tests/support/source_spec.h"

#include <string>

#ifndef HEXLAW_SOURCE_DIR
#define HEXLAW_SOURCE_DIR "."
#endif

namespace hexlaw::testing {

const std::shared_ptr<const Spec>& source_spec() {
  static const std::shared_ptr<const Spec> spec = Spec::load(std::string(HEXLAW_SOURCE_DIR) + "/spec");
  return spec;
}

}  // namespace hexlaw::testing
