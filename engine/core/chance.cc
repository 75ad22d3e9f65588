// Owns: the branches of a roll and the leaf limit of a chance-tree exploration (chance.h).
#include "engine/core/chance.h"

#include <algorithm>
#include <stdexcept>

#include "engine/core/dice.h"

namespace hexlaw {

ChanceBranches chance_branches(int sides, const std::vector<int>* group_of_face) {
  if (sides < 1) throw std::invalid_argument("a die needs at least one face");
  ChanceBranches out;
  if (!group_of_face) {
    for (int f = 1; f <= sides; ++f) out.push_back(ChanceBranch{f, 1});
    return out;
  }
  if (group_of_face->size() != static_cast<std::size_t>(sides))
    throw std::invalid_argument("a grouped die needs one group per face");
  InlineVector<int, 12> ids;  // the group of each branch, in order of first face
  for (int f = 1; f <= sides; ++f) {
    const int g = (*group_of_face)[static_cast<std::size_t>(f - 1)];
    auto it = std::find(ids.begin(), ids.end(), g);
    if (it == ids.end()) {
      ids.push_back(g);
      out.push_back(ChanceBranch{f, 1});
    } else {
      ++out[static_cast<std::size_t>(it - ids.begin())].weight;
    }
  }
  return out;
}

void chance_leaf_limit_exceeded(std::uint64_t limit) { enumeration_limit_exceeded(limit); }

}  // namespace hexlaw
