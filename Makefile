# SplashLab: `make run` opens the preview; `make test` runs every test. Both install what is missing.
SWIFT ?= swift
BIN_RELEASE := .build/release/splashlab
BIN_DEBUG := .build/debug/splashlab

.PHONY: run test bench bench-web parity review-check realworld fuzz deps deps-test build release e2e soak clean install uninstall deb deb-check

run: deps release
	$(BIN_RELEASE) run $(ARGS)

# FormatsTests replays the saved fuzz corpus (Fuzz/corpus) through the fuzz targets' own checks
# (the FuzzChecks module), so this stays fast and needs no libFuzzer; `make fuzz` explores further.
test: deps-test
	scripts/check-sources.sh
	$(SWIFT) build
	env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=offscreen $(SWIFT) test --disable-swift-testing
	scripts/e2e.sh $(BIN_DEBUG)
	scripts/parity/run.sh $(BIN_DEBUG)
	scripts/review/run.sh $(BIN_DEBUG)

# Performance figures as JSON (see README): the scripted scenario against its floor, and the motion math.
bench: deps release
	$(BIN_RELEASE) bench $(ARGS)
	$(BIN_RELEASE) bench --motion

# The disappearance against the same effect as a web page in headless Chromium (installed when
# missing), alternated in one run: scripts/web-bench/README.md. RUNS=N sets the number of runs.
bench-web: deps release
	scripts/web-bench/run.sh $(BIN_RELEASE) $(or $(RUNS),3)

# The `export css --html` page in headless Chromium (installed when missing) against `splashlab
# state`: every animated property at 60 Hz within 1e-3 of its range (scripts/parity/run.sh).
parity: deps-test build
	scripts/parity/run.sh $(BIN_DEBUG)

# The review page in headless Chromium: stepping, pins, a comment added and exported, read back by render.
review-check: deps-test build
	scripts/review/run.sh $(BIN_DEBUG)

# The real-project conformance run (scripts/realworld/README.md): the runner's self-test, then the
# launch screens of 26 public iOS apps in ../shared/realworld/projects (REALWORLD=DIR elsewhere),
# each rendered light and dark on an iPhone 15 with --explain and checked against
# scripts/realworld/expectations.json: corner colours and every element's box; each layout system is
# solved again by kiwisolver, and the intro must start with no blink. Says so when the
# folder is absent, and then fails only in CI. ONLY=NAME runs one project, KEEP=DIR keeps the PNGs and JSON.
# Then every Lottie file of ../shared/realworld/lottie plays as the intro after its app's launch
# screen, through state, render and record (scripts/realworld/intros.py). Last, the layout oracle:
# every storyboard and xib of ../shared/realworld/layout laid out on its design device against the
# frames Interface Builder saved, the share within 2 pt held to a threshold (scripts/realworld/layout_oracle.py).
realworld: deps-test build
	scripts/realworld/selftest.py
	scripts/realworld/run.py --binary $(BIN_DEBUG) $(if $(REALWORLD),--projects $(REALWORLD)) $(if $(ONLY),--only $(ONLY)) $(if $(KEEP),--keep $(KEEP))
	$(if $(ONLY),,scripts/realworld/intros.py --binary $(BIN_DEBUG) $(if $(REALWORLD),--projects $(REALWORLD)))
	$(if $(ONLY),,scripts/realworld/layout_oracle.py --binary $(BIN_DEBUG))

# One libFuzzer target per parser (timings, script, launch, curve, storyboard, assetcatalog, projectfile: project files,
# XcodeGen specs and build settings; solver: random constraint systems against the solver's invariants) and image reader
# (outline: the logo tracer and the hole's mesh; launchimage: PNG headers and the launch image match; vectorimage: image
# kinds and PDF and SVG sizes; lottie: Lottie files checked before rlottie draws them; dotlottie: .lottie archives read
# through libzip), each run
# FUZZ_SECONDS; they build in their own package (Fuzz/, into .build/fuzz) with the fuzzer and
# address sanitizers, which the plain build never sees. `make fuzz FUZZ_TARGETS=outline` runs one.
# A crash leaves its input in .build/fuzz-artifacts/TARGET/ and fails. Prints each target's runs and rate.
FUZZ_SECONDS ?= 60
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh $(FUZZ_TARGETS)

deps:
	@scripts/install-deps.sh run

deps-test:
	@scripts/install-deps.sh test

build: deps
	$(SWIFT) build

# The release binary links the Swift standard library and Foundation statically, so it runs on a
# machine without the toolchain, and knows the commit it was built from (`splashlab --version`). Only
# the product: the test fixtures import XCTest, which the static runtime does not have.
# C++ interop's runtime (Cxx, CxxStdlib) is shipped only as archives beside the shared runtime,
# where the static link does not look; a folder of links to those two alone adds them without
# letting the shared libswiftCore be found first.
SWIFT_CXX_ARCHIVES := $(addprefix $(dir $(realpath $(shell command -v swiftc)))../lib/swift/linux/,libswiftCxx.a libswiftCxxStdlib.a)
COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)$(shell git diff --quiet HEAD 2>/dev/null || echo -modified)
release: deps
	@echo 'let stampedCommit = "$(COMMIT)"' > Sources/App/BuildCommit.generated.swift.new
	@cmp -s Sources/App/BuildCommit.generated.swift.new Sources/App/BuildCommit.generated.swift \
	  && rm Sources/App/BuildCommit.generated.swift.new || mv Sources/App/BuildCommit.generated.swift.new Sources/App/BuildCommit.generated.swift
	@mkdir -p .build/static-cxx && ln -sf $(SWIFT_CXX_ARCHIVES) .build/static-cxx/
	$(SWIFT) build -c release --static-swift-stdlib -Xswiftc -DSPLASHLAB_STAMPED_COMMIT --product splashlab -Xlinker -L$(CURDIR)/.build/static-cxx

# `make install` / `make uninstall` with PREFIX (default /usr/local) and DESTDIR (scripts/install.sh):
# the binary, the assets in PREFIX/share/splashlab, the launcher entry, icons, AppStream
# metainfo, the man page and completions. Uninstall removes exactly what install recorded.
PREFIX ?= /usr/local
install:
	@scripts/install.sh check "" "$(PREFIX)" "$(DESTDIR)"
	$(MAKE) release
	scripts/install.sh install $(BIN_RELEASE) "$(PREFIX)" "$(DESTDIR)"

uninstall:
	scripts/install.sh uninstall "" "$(PREFIX)" "$(DESTDIR)"

# splashlab_VERSION_amd64.deb, built with dpkg-deb and checked by lintian (scripts/deb.sh);
# `make deb-check` unpacks it and runs it with no Swift toolchain in reach.
deb: release
	@scripts/install-deps.sh package
	scripts/deb.sh $(BIN_RELEASE)

deb-check: deb
	scripts/deb-check.sh splashlab_*_amd64.deb

e2e: deps-test build
	scripts/e2e.sh $(BIN_DEBUG)

# The real window under MINUTES of random real input (scripts/soak.sh): invariants on every state
# sample, RSS growth and a clean quit. SOAK_SEED=N repeats a run's choices.
MINUTES ?= 10
soak: deps-test build
	scripts/soak.sh $(BIN_DEBUG) $(MINUTES)

clean:
	rm -rf .build
