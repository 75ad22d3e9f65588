# hexlaw — the two commands that set up and run everything on a fresh machine:
#   make test     build and run every test (examples, properties, case files, Python)
#   make report   run the whole suite and write the rules-coverage report
#   make snapshots  take a meant change of the engine's answers into tests/snapshots/
#   make mutate   mutation testing of the rule code (MUTANTS=, MUTATE_FILES=, SEED=; see scripts/mutate.py)
# Each first installs any missing Debian packages (silent when all are present).
BUILD ?= build
JOBS  ?= 2
CMAKE_FLAGS ?=

.PHONY: all deps configure build test report mutate snapshots asan fuzz bench clean

all: build

deps:
	@scripts/install-deps.sh

configure: deps
	@cmake -S . -B $(BUILD) -G Ninja $(CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

test: build
	@cd $(BUILD) && ctest -j $(JOBS) --output-on-failure --timeout 600

report:
	@scripts/install-deps.sh chromium
	@$(MAKE) --no-print-directory build
	@/usr/bin/python3 report/collect.py --build $(BUILD)

# Mutation testing in its own copy and build folder (build-mutate/); `make test` never sees it.
# A seeded sample of MUTANTS (default 40; MUTANTS=all for every one) from MUTATE_FILES.
mutate: deps
	@/usr/bin/python3 scripts/mutate.py --jobs $(JOBS)

# Rewrite the answer snapshots (tests/snapshots/) from this build, after a change to an answer
# that was meant; read `git diff tests/snapshots` before committing (scripts/snapshot.py).
snapshots: build
	@HEXLAW_CLI=$(BUILD)/hexlaw PYTHONPATH=$(BUILD)/python /usr/bin/python3 scripts/snapshot.py --update

# AddressSanitizer + UBSan build of the whole suite, in its own build folder.
asan:
	@$(MAKE) test BUILD=build-asan CMAKE_FLAGS="-DHEXLAW_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug"

# libFuzzer targets (tests/fuzz) under ASan and UBSan, built with Debian's clang in build-fuzz
# (clang and its runtime installed here). Each runs FUZZ_SECONDS from its seed corpus; a
# crash, leak, untyped exception or an input slower than FUZZ_TIMEOUT seconds fails.
# FUZZ_TARGETS= picks some (default all: fuzz_case fuzz_scenario fuzz_replay fuzz_dict).
# fuzz_dict is the Python dict conversion: a seeded random generator with mutation run on the
# ordinary build's module (tests/fuzz/fuzz_dict.py; not coverage-guided, docs/fuzzing.md).
FUZZ_SECONDS ?= 180
# An input over FUZZ_TIMEOUT seconds is a hang. The sanitizers and libFuzzer's coverage slow the
# engine 10-40x: the project's own slowest seeds (a work-limited 8-unit rally bad case, a
# 120-decision Jemmapes game and its replay) take 0.05-0.1 s in the release build and 1.1-2.2 s
# here, so 1 s would fail `make fuzz` on its own seed corpus (docs/fuzzing.md).
FUZZ_TIMEOUT ?= 5
FUZZ_TARGETS ?= fuzz_case fuzz_scenario fuzz_replay fuzz_dict
FUZZ_CXX_TARGETS = $(filter-out fuzz_dict,$(FUZZ_TARGETS))
fuzz:
	@scripts/install-deps.sh clang libclang-rt-dev
ifneq ($(FUZZ_CXX_TARGETS),)
	@cmake -S . -B build-fuzz -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DHEXLAW_FUZZ=ON -DCMAKE_BUILD_TYPE=Fuzz \
	  -DCMAKE_CXX_FLAGS_FUZZ="-O1 -gline-tables-only" $(CMAKE_FLAGS) >/dev/null
	@cmake --build build-fuzz -j $(JOBS) --target $(FUZZ_CXX_TARGETS)
	@scripts/run-fuzz.sh build-fuzz $(FUZZ_SECONDS) $(FUZZ_TIMEOUT) $(FUZZ_CXX_TARGETS)
endif
ifneq ($(filter fuzz_dict,$(FUZZ_TARGETS)),)
	@$(MAKE) --no-print-directory build
	@mkdir -p build-fuzz/findings
	@PYTHONPATH=$(BUILD)/python /usr/bin/python3 tests/fuzz/fuzz_dict.py --seconds $(FUZZ_SECONDS) \
	  --findings build-fuzz/findings
endif

# Google Benchmark speed targets, then the Python overhead (hexlaw.ask(dict) against C++).
bench: build
	@$(BUILD)/hexlaw_bench
	@PYTHONPATH=$(BUILD)/python /usr/bin/python3 tests/bench/python_ask_bench.py --bench $(BUILD)/hexlaw_bench

clean:
	rm -rf $(BUILD) build-asan build-mutate build-fuzz report/out
