// Owns: exact odds as a tree of explicit chance nodes (OpenSpiel's model). A process that
// stops at each roll it needs and can be copied there is explored branch by branch: every
// prefix of dice is played once, shared by all the sequences that start with it, instead of
// replaying the whole question once per sequence (enumerate_outcomes in dice.h does that for
// code written against a DiceSource). Branches come in order of their first face, so leaves
// are reached in the same order as enumerate_outcomes reaches its sequences.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/core/fraction.h"
#include "engine/core/inline_vector.h"

namespace hexlaw {

// One branch of a roll: the face that stands for it and how many faces lead to it.
struct ChanceBranch {
  int face = 1;
  int weight = 1;  // faces of the die that give this branch; its probability is weight / sides
};

// The branches of one roll, held inline for dice of up to twelve faces.
using ChanceBranches = InlineVector<ChanceBranch, 12>;

// The branches of a die with `sides` faces: one per face, or, with `group_of_face` (a group id
// per face), one per group in order of its first face, standing for it with that face.
ChanceBranches chance_branches(int sides, const std::vector<int>* group_of_face);

// Throws LimitError when an exploration passes `limit` leaves (the same message as the
// replaying enumeration gives), so a runaway question cannot hang a caller.
void chance_leaf_limit_exceeded(std::uint64_t limit);

// Explores every line of play from `root`. `advance(node)` plays the node on to its next roll
// (true: it waits for one, and node.roll_sides() and node.roll_branches() describe it) or to
// its end (false). `node.give_roll(face)` supplies a face. `leaf(node, probability)` is called
// at each end, in order. A node is copied once per branch after the first is taken by move.
template <class Node, class Advance, class Leaf>
void explore_chance_tree(Node root, Advance&& advance, Leaf&& leaf, std::uint64_t limit = 10'000'000) {
  std::uint64_t leaves = 0;
  struct Walk {
    Advance& advance;
    Leaf& leaf;
    std::uint64_t& leaves;
    std::uint64_t limit;
    void go(Node& node, const Fraction& p) {
      if (!advance(node)) {
        if (++leaves > limit) chance_leaf_limit_exceeded(limit);
        leaf(node, p);
        return;
      }
      const int sides = node.roll_sides();
      const auto branches = node.roll_branches();
      for (std::size_t i = 0; i < branches.size(); ++i) {
        const Fraction q = p * Fraction(branches[i].weight, sides);
        if (i + 1 == branches.size()) {
          node.give_roll(branches[i].face);
          go(node, q);
        } else {
          Node child = node;
          child.give_roll(branches[i].face);
          go(child, q);
        }
      }
    }
  };
  Walk{advance, leaf, leaves, limit}.go(root, Fraction(1));
}

}  // namespace hexlaw
