// Owns: the tests of whole_number, the one reader of a number inside marker text
// (engine/core/whole_number.h).
#include "engine/core/whole_number.h"

#include <gtest/gtest.h>

namespace hexlaw {
namespace {

TEST(WholeNumber, ReadsTheWholeTextOrNothing) {
  EXPECT_EQ(whole_number("0"), 0);
  EXPECT_EQ(whole_number("14"), 14);
  EXPECT_EQ(whole_number("-1"), -1);  // a sign is read; callers check their range
  for (const char* bad : {"", "x", "10x", "1.5", " 3", "3 ", "+3", "99999999999"})
    EXPECT_EQ(whole_number(bad), std::nullopt) << "'" << bad << "'";
}

}  // namespace
}  // namespace hexlaw
