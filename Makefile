SWIFT ?= swift
# Arguments for `make run`, e.g. make run ARGS="run lesson.swift"
ARGS ?=

# Swift files under swift-format: everything but the oracle snippets, which stay as a learner wrote them.
FORMATTED = $$(git ls-files --cached --others --exclude-standard '*.swift' ':!:Tests/UndercurrentTests/Snippets')

.PHONY: deps build release run test format lint clean

# libedit comes from the system (Debian: libedit-dev, found through pkg-config).
deps:
	@if ! pkg-config --exists libedit 2>/dev/null; then \
		if [ "$$(id -u)" -eq 0 ]; then sudo=""; \
		elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; \
		else echo "libedit-dev is missing; install it as root (apt-get install libedit-dev pkg-config)" >&2; exit 1; fi; \
		echo "Installing libedit-dev and pkg-config..."; \
		$$sudo apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q libedit-dev pkg-config; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: build
	exec .build/debug/undercurrent $(ARGS)

# The whole suite twice: with the engine's fast paths (the default) and without them
# (UNDERCURRENT_FAST_PATHS=off), which must give the same results.
test: deps
	$(SWIFT) test 2>&1
	UNDERCURRENT_FAST_PATHS=off $(SWIFT) test --skip-build 2>&1

# swift-format with the checked-in .swift-format (line length 120).
format:
	$(SWIFT) format format --in-place --parallel $(FORMATTED)

lint:
	$(SWIFT) format lint --strict --parallel $(FORMATTED)

clean:
	$(SWIFT) package clean
