// Owns: the driver that runs a fuzz target without libFuzzer, so every build (g++ included)
// keeps the targets building and `make test` runs each over its seed corpus (ctest
// "fuzz-smoke:*"). Each corpus file is run as it is, then with a few mutations made by a
// fixed-seed generator (byte flips, cuts, repeats, hostile tokens), so a run is the same
// every time. Usage: TARGET_smoke [--mutations N] FILE_OR_DIR...
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

// Every regular file under the paths given, sorted (a stable order from run to run).
std::vector<fs::path> corpus_files(const std::vector<std::string>& roots) {
  std::vector<fs::path> out;
  for (const auto& r : roots) {
    if (fs::is_regular_file(r)) out.emplace_back(r);
    else if (fs::is_directory(r))
      for (const auto& e : fs::recursive_directory_iterator(r))
        if (e.is_regular_file()) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Tokens a hostile author might type: aliases, nesting, huge and negative numbers, bytes
// that are not UTF-8, control characters, separators the choice texts use.
const char* const kTokens[] = {"&a [*a]", "*a", "[[[[[[", "{", "}", "-1", "2147483647", "4294967299",
                               "99999999999999999999", "\xff\xfe", "\t", "\n", " to ", " into ", "+", " on ",
                               "\"", "\\", "0", "enumerate", "~", "null", ": ", "- "};

// One mutation of `s`, chosen by `rng`.
std::string mutate(std::string s, std::mt19937_64& rng) {
  auto pick = [&](std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(rng() % n); };
  switch (rng() % 4) {
    case 0:
      if (!s.empty()) s[pick(s.size())] ^= static_cast<char>(1u << (rng() % 8));
      break;
    case 1: {
      const std::size_t at = pick(s.size()), n = pick(std::min<std::size_t>(64, s.size() - at) + 1);
      s.erase(at, n);
      break;
    }
    case 2: {
      const std::size_t at = pick(s.size()), n = pick(std::min<std::size_t>(64, s.size() - at) + 1);
      s.insert(at, s.substr(at, n));
      break;
    }
    default:
      s.insert(pick(s.size() + 1), kTokens[pick(std::size(kTokens))]);
  }
  return s;
}

void run(const std::string& input) {
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
}

}  // namespace

int main(int argc, char** argv) {
  int mutations = 2;
  std::vector<std::string> roots;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--mutations" && i + 1 < argc) mutations = std::atoi(argv[++i]);
    else roots.push_back(a);
  }
  const auto files = corpus_files(roots);
  if (files.empty()) {
    std::fprintf(stderr, "no corpus files under the paths given\n");
    return 2;
  }
  std::mt19937_64 rng(1);
  std::size_t inputs = 0;
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::stringstream buf;
    buf << in.rdbuf();
    const std::string seed = buf.str();
    run(seed);
    ++inputs;
    for (int m = 0; m < mutations; ++m, ++inputs) run(mutate(seed, rng));
  }
  std::printf("%zu inputs from %zu corpus files, no finding\n", inputs, files.size());
  return 0;
}
