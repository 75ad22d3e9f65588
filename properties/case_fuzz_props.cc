// Owns: the promise that bad input never crashes the engine. Every case file under cases/ is
// mangled at random (lines dropped, values swapped for junk, text cut short) and asked again:
// the answer is either an answer or a CaseError naming a field — never another exception.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/questions/ask.h"
#include "properties/mangle.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

const std::vector<std::string>& case_texts() {
  static const std::vector<std::string> texts = yaml_texts_under(testing::source_path("cases"));
  return texts;
}

RC_GTEST_PROP(CaseFuzzProps, MangledCaseFilesAreAnsweredOrRefusedNeverCrash, ()) {
  const auto& texts = case_texts();
  RC_PRE(!texts.empty());
  const std::string text = mangle(*rc::gen::elementOf(texts));
  try {
    CaseFile c = parse_case_text(testing::source_spec(), text, "<mangled>");
    if (c.dice.mode == DiceSpec::Mode::Enumerate) return;  // odds of a mangled battle may be slow
    Answer a = ask(c);
    (void)check(c, a);
  } catch (const CaseError& e) {
    RC_ASSERT(std::string(e.what()).find("<mangled>") == 0);
  } catch (const std::exception& e) {
    RC_FAIL(std::string("unexpected exception: ") + e.what() + "\n--- input ---\n" + text);
  }
}

}  // namespace
}  // namespace hexlaw
