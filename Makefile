# SplashLab: `make run` opens the preview; `make test` runs every test. Both install what is missing.
SWIFT ?= swift
BIN_RELEASE := .build/release/splashlab
BIN_DEBUG := .build/debug/splashlab

.PHONY: run test bench deps deps-test build release e2e clean

run: deps release
	$(BIN_RELEASE) run $(ARGS)

test: deps-test
	$(SWIFT) build
	env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=offscreen $(SWIFT) test --disable-swift-testing
	scripts/e2e.sh $(BIN_DEBUG)

# Performance figures as JSON (see README): the scripted scenario against its floor, and the motion math.
bench: deps release
	$(BIN_RELEASE) bench $(ARGS)
	$(BIN_RELEASE) bench --motion

deps:
	@scripts/install-deps.sh run

deps-test:
	@scripts/install-deps.sh test

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

e2e: deps-test build
	scripts/e2e.sh $(BIN_DEBUG)

clean:
	rm -rf .build
