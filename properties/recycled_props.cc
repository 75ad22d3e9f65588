// Owns: properties of two compile-time and memory helpers of engine/core: the rule literal's
// form check (rule_literal.h) reads exactly the ids the catalog's parse_rule_id reads, and a
// vector over the recycled block pool (recycled_allocator.h) holds what a std::vector holds
// under any sequence of growth, copies and frees, with the pool bounded.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "engine/core/catalog.h"
#include "engine/core/recycled_allocator.h"
#include "engine/core/rule_literal.h"

namespace hexlaw {
namespace {

// Strings made of the pieces a rule id is made of, and of near misses, so that both forms and
// every way to break them come up often.
rc::Gen<std::string> rule_id_like() {
  return rc::gen::map(
      rc::gen::container<std::vector<std::string>>(
          rc::gen::element<std::string>("std", "jena", "dresden", "leipzig", "jemmapes", "napoleon", ":", ":", ".", ".",
                                        "-", "_", "9", "8", "12", "0", "a", "b", "z", "A", "table", "table.", "crt",
                                        "tec", " ", "")),
      [](const std::vector<std::string>& parts) {
        std::string s;
        for (const auto& p : parts) s += p;
        return s;
      });
}

RC_GTEST_PROP(RuleLiteralProps, FormCheckAgreesWithTheCatalogsReader, ()) {
  const std::string id = *rule_id_like();
  RC_ASSERT(well_formed_rule_id(id) == parse_rule_id(id).has_value());
}

// Ids built to be well formed are always accepted by both.
RC_GTEST_PROP(RuleLiteralProps, WellFormedIdsAreReadByBoth, ()) {
  const std::string book = *rc::gen::element<std::string>("std", "jena", "dresden", "leipzig", "jemmapes");
  std::string number;
  if (*rc::gen::arbitrary<bool>()) {
    number = "table." + *rc::gen::element<std::string>("crt", "tec", "a1");
    const int more = *rc::gen::inRange(0, 3);
    for (int i = 0; i < more; ++i) number += "-" + *rc::gen::element<std::string>("river", "2", "x9");
  } else {
    number = std::to_string(*rc::gen::inRange(0, 30));
    const int more = *rc::gen::inRange(0, 4);
    for (int i = 0; i < more; ++i) number += "." + std::to_string(*rc::gen::inRange(0, 12));
    if (*rc::gen::arbitrary<bool>()) number += static_cast<char>('a' + *rc::gen::inRange(0, 26));
  }
  const std::string id = book + ":" + number;
  RC_ASSERT(well_formed_rule_id(id));
  RC_ASSERT(parse_rule_id(id).has_value());
}

// A vector over the pool and a std::vector, put through the same random growth, copies,
// assignments and frees, hold the same values at every step; the pool never keeps more than
// its bound (1 MiB, so at most 16,384 blocks of the smallest class).
RC_GTEST_PROP(RecycledAllocatorProps, VectorsOverThePoolHoldWhatStdVectorsHold, ()) {
  using Pooled = std::vector<long, RecycledAllocator<long>>;
  std::vector<Pooled> pooled(3);
  std::vector<std::vector<long>> model(3);
  const int steps = *rc::gen::inRange(1, 200);
  for (int step = 0; step < steps; ++step) {
    const int which = *rc::gen::inRange(0, 3), other = *rc::gen::inRange(0, 3);
    switch (*rc::gen::inRange(0, 6)) {
      case 0: {  // grow, often past a class
        const int n = *rc::gen::inRange(1, 3000);
        for (int i = 0; i < n; ++i) pooled[which].push_back(step * 10000 + i), model[which].push_back(step * 10000 + i);
        break;
      }
      case 1: pooled[which] = pooled[other], model[which] = model[other]; break;
      case 2: pooled[which] = Pooled(pooled[other]), model[which] = std::vector<long>(model[other]); break;
      case 3: pooled[which].clear(), pooled[which].shrink_to_fit(), model[which].clear(); break;
      case 4: {
        const std::size_t n = *rc::gen::inRange<std::size_t>(0, pooled[which].size() + 1);
        pooled[which].resize(n), model[which].resize(n);
        break;
      }
      case 5: pooled[which].swap(pooled[other]), model[which].swap(model[other]); break;
    }
    for (int k = 0; k < 3; ++k)
      RC_ASSERT(std::vector<long>(pooled[k].begin(), pooled[k].end()) == model[k]);
    RC_ASSERT(recycled_detail::pooled_blocks() <= 16384u);
  }
}

}  // namespace
}  // namespace hexlaw
