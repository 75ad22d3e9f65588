// Owns: example tests of the document reader (engine/core/yaml_read.h): a Doc built in memory
// reads as the same data read from text; duplicate, null and list keys; line numbers; and the
// limits that keep hostile text (deep nesting, alias bombs) from crashing or exhausting memory.
#include "engine/core/yaml_read.h"

#include <gtest/gtest.h>

#include "engine/core/errors.h"

namespace hexlaw {
namespace {

using CField = Field<CaseError>;

std::string error_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const CaseError& e) {
    return e.what();
  }
  return "";
}

TEST(Doc, BuiltInMemoryReadsAsTheSameDataFromText) {
  // {kind: zoc, hex: "0605", units: [A, 2], gone: ~}
  auto doc = std::make_shared<Doc>();
  using K = Doc::Kind;
  const auto root = doc->add(K::Map);
  const auto opened = doc->open_kids();
  doc->add_kid(doc->add(K::Scalar, "zoc"), "kind");
  doc->add_kid(doc->add(K::Scalar, "0605", true), "hex");
  const auto units = doc->add(K::Seq);
  const auto unit_kids = doc->open_kids();
  doc->add_kid(doc->add(K::Scalar, "A", true));
  doc->add_kid(doc->add(K::Scalar, "2"));
  doc->close_kids(units, unit_kids);
  doc->add_kid(units, "units");
  doc->add_kid(doc->add(K::Null), "gone");
  doc->close_kids(root, opened);

  const CField built(doc, "<dict>");
  const CField read = CField::load_text("kind: zoc\nhex: \"0605\"\nunits: [\"A\", 2]\ngone: ~\n", "<text>");
  for (const CField* f : {&built, &read}) {
    EXPECT_EQ(f->size(), 4u);
    EXPECT_EQ((*f)["kind"].str(), "zoc");
    EXPECT_FALSE((*f)["kind"].quoted());
    EXPECT_TRUE((*f)["hex"].quoted());
    EXPECT_EQ((*f)["units"].str_list(), (std::vector<std::string>{"A", "2"}));
    EXPECT_EQ((*f)["units"].at(1).integer(), 2);
    EXPECT_FALSE((*f)["units"].at(2).present());
    EXPECT_FALSE((*f)["gone"].present());
    EXPECT_FALSE((*f)["missing"].present());
  }
  EXPECT_EQ(built["units"].line(), 0);
  EXPECT_EQ(read["units"].line(), 3);
  EXPECT_EQ(error_of([&] { built["units"].at(0).integer(); }), "<dict>: units[0]: 'A' is not a whole number");
  EXPECT_EQ(error_of([&] { read["units"].at(0).integer(); }), "<text>:3: units[0]: 'A' is not a whole number");
}

TEST(Doc, DuplicateKeysFindTheFirstAndNonScalarKeysMatchNoField) {
  const CField f = CField::load_text("{a: 1, a: 2, ~: 3, [x]: 4}", "t");
  EXPECT_EQ(f["a"].integer(), 1);
  std::vector<std::string> keys;
  f.for_each_entry([&](const std::string& k, const CField&) { keys.push_back(k); });
  EXPECT_EQ(keys, (std::vector<std::string>{"a", "a", "", ""}));
  EXPECT_FALSE(f[""].present());
  EXPECT_NE(error_of([&] { f.expect_keys({"a"}); }).find("unknown field"), std::string::npos);
}

TEST(Doc, AScalarHasNoItemsAndIsNotAMapping) {
  const CField f = CField::load_text("rules: std:7.0", "t");
  EXPECT_EQ(f["rules"].size(), 0u);
  EXPECT_FALSE(f["rules"].at(0).present());
  EXPECT_EQ(error_of([&] { f["rules"]["x"]; }), "t:1: rules: expected a mapping with key 'x'");
  EXPECT_EQ(error_of([&] { f["rules"].str_list(); }), "t:1: rules: expected a list");
}

TEST(Doc, TextNestedTooDeeplyIsRefusedNamingTheFile) {
  const std::string ok = std::string(200, '[') + std::string(200, ']');
  EXPECT_TRUE(CField::load_text(ok, "t").is_seq());
  const std::string deep = std::string(300, '[') + std::string(300, ']');
  const std::string why = error_of([&] { CField::load_text(deep, "deep.yaml"); });
  EXPECT_TRUE(why.find("deep.yaml") == 0 && why.find("nested more than 256 levels deep") != std::string::npos) << why;
}

TEST(Doc, AliasesMayRepeatButNotExplode) {
  const CField small = CField::load_text("a: &a [x, y]\nb: *a\n", "t");
  EXPECT_EQ(small["b"].str_list(), (std::vector<std::string>{"x", "y"}));
  std::string bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  for (char c = 'b'; c <= 'f'; ++c) {
    bomb += std::string(1, c) + ": &" + c + " [";
    for (int i = 0; i < 10; ++i) bomb += std::string(i ? ", *" : "*") + static_cast<char>(c - 1);
    bomb += "]\n";
  }
  const std::string why = error_of([&] { CField::load_text(bomb, "bomb.yaml"); });
  EXPECT_TRUE(why.find("bomb.yaml") == 0 && why.find("values once its aliases are expanded") != std::string::npos) << why;
}

TEST(Doc, AnAliasInsideWhatItNamesIsRefusedWithItsField) {
  const std::string why = error_of([&] { CField::load_text("expect: {outcome: &c [*c]}\n", "loop.yaml"); });
  EXPECT_TRUE(why.find("loop.yaml") == 0 && why.find("expect.outcome") != std::string::npos &&
              why.find("an alias refers to a list or mapping that contains it") != std::string::npos)
      << why;
}

TEST(Doc, TextThatIsNotUtf8IsRefusedWithItsField) {
  const std::string why = error_of([&] { CField::load_text("units: [{id: \"A\xff\"}]\n", "latin1.yaml"); });
  EXPECT_TRUE(why.find("units[0].id") != std::string::npos && why.find("not valid UTF-8") != std::string::npos) << why;
  EXPECT_TRUE(valid_utf8("Aé€😀"));
  EXPECT_FALSE(valid_utf8("\xc0\xaf"));      // an overlong '/'
  EXPECT_FALSE(valid_utf8("\xed\xa0\x80"));  // a surrogate
  EXPECT_FALSE(valid_utf8("\xe2\x82"));      // cut short
}

TEST(Field, WholeNumbersAreRefusedPastTheirLimitNeverNarrowed) {
  const CField f = CField::load_text("a: 4294967299\nb: 99999999999999999999\nc: 1000000\nd: 18446744073709551615\n", "n.yaml");
  EXPECT_NE(error_of([&] { f["a"].integer(); }).find("a whole number beyond"), std::string::npos);
  EXPECT_NE(error_of([&] { f["b"].integer(); }).find("a whole number beyond"), std::string::npos);
  EXPECT_EQ(f["c"].integer(), 1000000);
  EXPECT_NE(error_of([&] { f["c"].integer_in(0, 10, "a count"); }).find("a count lies within 0..10"), std::string::npos);
  EXPECT_EQ(f["d"].seed(), UINT64_MAX);
  EXPECT_NE(error_of([&] { f["b"].seed(); }).find("a seed is a whole number from 0 to"), std::string::npos);
}

}  // namespace
}  // namespace hexlaw
