// Owns: the fuzz target for case files — the bytes as a case file's text, read, asked and
// checked against its own expect section. Only typed errors may come out (fuzz_support.h).
#include <string>

#include "engine/questions/ask.h"
#include "engine/questions/case_file.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  hexlaw::fuzz::typed_errors_only("fuzz_case", [&] {
    hexlaw::CaseFile c = hexlaw::parse_case_text(hexlaw::fuzz::spec(), text, "<fuzz>");
    hexlaw::Answer a = hexlaw::ask(c);
    (void)a.to_json().dump();
    (void)a.explain();
    (void)hexlaw::check(c, a);
  });
  return 0;
}
