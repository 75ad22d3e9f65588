// Owns: the C++ side of the Python overhead benchmark (tests/bench/python_ask_bench.py): one
// trivial question (a ZOC question on a 2-unit map, cases/std/7.0/la-haye-sainte-town-to-town)
// asked with no Python in the way, parsed once or parsed on every call.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include "engine/questions/ask.h"
#include "tests/support/source_spec.h"

namespace hexlaw {
namespace {

const std::string kCase = std::string(HEXLAW_SOURCE_DIR) + "/cases/std/7.0/la-haye-sainte-town-to-town.yaml";

std::string case_text() {
  std::ifstream in(kCase);
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

// The question alone: ask() on a case parsed before the loop.
void BM_AskParsedCase(benchmark::State& st) {
  const CaseFile c = load_case_file(testing::source_spec(), kCase);
  for (auto _ : st) benchmark::DoNotOptimize(ask(c));
}
BENCHMARK(BM_AskParsedCase)->Unit(benchmark::kMicrosecond);

// Parsing the case from its YAML text, then asking: what hexlaw.ask(text) does in C++.
void BM_ParseCaseTextAndAsk(benchmark::State& st) {
  const std::string text = case_text();
  for (auto _ : st) benchmark::DoNotOptimize(ask(parse_case_text(testing::source_spec(), text, "<text>")));
}
BENCHMARK(BM_ParseCaseTextAndAsk)->Unit(benchmark::kMicrosecond);

// Parsing the case from a document built before the loop, then asking: the engine's work in
// hexlaw.ask(dict) once the dict is a document, so Python's overhead is the difference.
void BM_ParseCaseDocAndAsk(benchmark::State& st) {
  const auto doc = CaseField::load_text(case_text(), "<doc>").doc();
  for (auto _ : st) benchmark::DoNotOptimize(ask(parse_case_doc(testing::source_spec(), doc, "<doc>")));
}
BENCHMARK(BM_ParseCaseDocAndAsk)->Unit(benchmark::kMicrosecond);

// Reading the YAML text alone, to show what the text costs.
void BM_LoadCaseYaml(benchmark::State& st) {
  const std::string text = case_text();
  for (auto _ : st) benchmark::DoNotOptimize(CaseField::load_text(text, "<text>"));
}
BENCHMARK(BM_LoadCaseYaml)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace hexlaw
