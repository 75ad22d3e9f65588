// Owns: the list of question kinds, one function per engine area that contributes them.
#pragma once

#include <vector>

#include "engine/questions/ask.h"

namespace hexlaw {

void add_geometry_questions(std::vector<QuestionKind>& kinds);  // distance, adjacent
void add_zoc_questions(std::vector<QuestionKind>& kinds);       // zoc, in-enemy-zoc
void add_combat_questions(std::vector<QuestionKind>& kinds);    // crt
void add_movement_questions(std::vector<QuestionKind>& kinds);  // path, reach, entry-costs
void add_reaction_questions(std::vector<QuestionKind>& kinds);  // reaction
void add_retreat_questions(std::vector<QuestionKind>& kinds);   // retreat
void add_morale_questions(std::vector<QuestionKind>& kinds);    // rally, victory, lull, night-morale, rout-recovery
void add_sequence_questions(std::vector<QuestionKind>& kinds);  // setup, sequence, event-draw, event-reshuffle
void add_cadre_questions(std::vector<QuestionKind>& kinds);     // breakdown, combine
void add_fog_questions(std::vector<QuestionKind>& kinds);       // view, reveal, reconceal
void add_game_questions(std::vector<QuestionKind>& kinds);      // game (a whole game played from the position)
void add_boundary_questions(std::vector<QuestionKind>& kinds);  // boundary (a rule set's hooks at a turn boundary)
void add_pontoon_questions(std::vector<QuestionKind>& kinds);   // pontoon-build (dresden:6.0)
void add_leipzig_deck_questions(std::vector<QuestionKind>& kinds);  // event-deck-setup (leipzig:3.0.6)
void add_leipzig_arrival_questions(std::vector<QuestionKind>& kinds);  // army-arrival (leipzig:11.8 to 11.8.3)

}  // namespace hexlaw
