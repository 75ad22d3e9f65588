// Owns: the shared spec of the fuzz targets and the way a finding stops them (fuzz_support.h).
#include "tests/fuzz/fuzz_support.h"

#include <cstdio>
#include <cstdlib>

namespace hexlaw::fuzz {

std::shared_ptr<const Spec> spec() {
  static const std::shared_ptr<const Spec> s = Spec::load(HEXLAW_SOURCE_SPEC_DIR);
  return s;
}

void finding(const char* target, const std::string& what) {
  std::fprintf(stderr, "hexlaw fuzz finding in %s: %s\n", target, what.c_str());
  std::abort();
}

}  // namespace hexlaw::fuzz

// libFuzzer calls this once before the first input: the spec (the catalogs and tables) loads
// here, so its load is not timed as the first input's work (under ASan on a loaded machine it
// took over the 1 s limit, and every target stopped at its first, empty, input).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  hexlaw::fuzz::spec();
  return 0;
}
