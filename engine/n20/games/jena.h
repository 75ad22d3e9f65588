// Owns: the Jena 20 exclusive rules as a layer over the standard rules (jena:*). So far: the
// French draw no Random Event on the first turn (jena:5.0). Jena's tables (CRT, terrain,
// hazardous retreats, rally, morale) are the standard layer's default tables. Everything else
// is the standard rules unchanged.
#pragma once

#include "engine/n20/rules.h"

namespace hexlaw::n20 {

class JenaRules : public N20Rules {
 public:
  using N20Rules::N20Rules;
  bool skips_random_events(std::string_view side, int turn, Trace& t) const override;
};

}  // namespace hexlaw::n20
