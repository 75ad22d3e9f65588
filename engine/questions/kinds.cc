// Owns: the registry of question kinds.
#include "engine/questions/kinds.h"

namespace hexlaw {

const std::vector<QuestionKind>& question_kinds() {
  static const std::vector<QuestionKind> kinds = [] {
    std::vector<QuestionKind> k;
    add_geometry_questions(k);
    add_zoc_questions(k);
    add_combat_questions(k);
    add_movement_questions(k);
    add_reaction_questions(k);
    add_retreat_questions(k);
    add_morale_questions(k);
    add_sequence_questions(k);
    add_cadre_questions(k);
    add_fog_questions(k);
    add_game_questions(k);
    add_boundary_questions(k);
    add_pontoon_questions(k);
    add_leipzig_deck_questions(k);
    add_leipzig_arrival_questions(k);
    return k;
  }();
  return kinds;
}

}  // namespace hexlaw
