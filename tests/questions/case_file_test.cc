// Owns: example tests that every deliberately broken case file in tests/bad_cases is
// refused with an error naming the file, the field and the reason — and never crashes.
// Each broken file's first line says what the error must contain:
//   # expect-error: <field> | <words of the reason>
#include "engine/questions/case_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/questions/ask.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

namespace fs = std::filesystem;

struct BadCase {
  std::string path, field, reason;
};

void PrintTo(const BadCase& b, std::ostream* os) { *os << fs::path(b.path).filename().string(); }

std::vector<BadCase> bad_cases() {
  std::vector<BadCase> out;
  for (const auto& e : fs::directory_iterator(testing::source_path("tests/bad_cases"))) {
    if (e.path().extension() != ".yaml") continue;
    std::ifstream in(e.path());
    std::string first;
    std::getline(in, first);
    const std::string tag = "# expect-error:";
    if (first.rfind(tag, 0) != 0) {
      out.push_back({e.path().string(), "<header>", "<missing expect-error header>"});
      continue;
    }
    std::string rest = first.substr(tag.size());
    const auto bar = rest.find('|');
    auto trim = [](std::string s) {
      s.erase(0, s.find_first_not_of(' '));
      s.erase(s.find_last_not_of(' ') + 1);
      return s;
    };
    out.push_back({e.path().string(), trim(rest.substr(0, bar)), trim(rest.substr(bar + 1))});
  }
  std::sort(out.begin(), out.end(), [](const BadCase& a, const BadCase& b) { return a.path < b.path; });
  return out;
}

class BrokenCaseFile : public ::testing::TestWithParam<BadCase> {};

TEST_P(BrokenCaseFile, IsRefusedWithFileFieldAndReason) {
  const BadCase& bc = GetParam();
  ASSERT_NE(bc.field, "<header>") << bc.path << " lacks its '# expect-error:' first line";
  try {
    CaseFile c = load_case_file(testing::source_spec(), bc.path);
    ask(c);
    FAIL() << bc.path << " was accepted";
  } catch (const CaseError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find(bc.path), std::string::npos) << msg;
    EXPECT_NE(msg.find(bc.field), std::string::npos) << "field '" << bc.field << "' not named in: " << msg;
    EXPECT_NE(msg.find(bc.reason), std::string::npos) << "reason '" << bc.reason << "' not in: " << msg;
  }
}

INSTANTIATE_TEST_SUITE_P(BadCases, BrokenCaseFile, ::testing::ValuesIn(bad_cases()),
                         [](const ::testing::TestParamInfo<BadCase>& info) {
                           std::string n = fs::path(info.param.path).stem().string();
                           for (char& ch : n)
                             if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return n;
                         });

TEST(CaseFile, ParsesAWellFormedCase) {
  CaseFile c = testing::inline_case(R"(
rules: ["std:7.0"]
game: jena
map: {hexes: {"0407": town}}
units:
  - {id: A, side: french, type: infantry, strength: 3, movement: 2, hex: "0407"}
state: {turn: 2, phase: combat, phasing: french, morale: {french: 8, prussian: 8}}
question: {kind: zoc, unit: A, hex: "0408"}
expect: {outcome: {exerts: true}, cites: ["std:7.0"]}
)");
  EXPECT_EQ(c.ruleset.game, "jena");
  EXPECT_EQ(c.state.turn, 2);
  EXPECT_EQ(c.state.units.size(), 1u);
  Answer a = ask(c);
  EXPECT_TRUE(check(c, a).ok);
}

TEST(CaseFile, CheckReportsEveryMismatch) {
  CaseFile c = testing::inline_case(R"(
units:
  - {id: A, side: french, type: infantry, strength: 3, movement: 2, hex: "0407"}
question: {kind: zoc, unit: A, hex: "0408"}
expect: {outcome: {exerts: false}, cites: ["std:7.6"]}
)");
  CheckResult r = check(c, ask(c));
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.mismatches.size(), 2u);
}

}  // namespace
}  // namespace hexlaw
