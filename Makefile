# Daybook: `make demo` builds the example site, `make test` runs every test.
SWIFT ?= swift
EXAMPLE := Examples/journal
EXAMPLE_SITE := .build/example-site

.PHONY: deps deps-build build release demo test test-swift test-site test-serve ci-rehearsal fuzz-incremental test-fuzz fuzz fuzz-readers bench bench-search clean

deps:
	@scripts/install-deps.sh

deps-build:
	@scripts/install-deps.sh --build-only

build: deps-build
	$(SWIFT) build

# The Swift runtime is linked in, so the binary can be copied to any machine that has libcmark,
# libvips and libcurl (all in every Debian/Ubuntu repository).
release: deps-build
	$(SWIFT) build -c release --static-swift-stdlib

demo: release
	.build/release/daybook build $(EXAMPLE)
	@echo
	@echo "The example site is in $(EXAMPLE)/_site. Open it in a browser:"
	@echo "  file://$(CURDIR)/$(EXAMPLE)/_site/index.html"

test: deps test-swift test-site test-serve test-fuzz

# Also checks the code's size limits (files under 400 lines, functions under 60: docs/architecture.md).
test-swift:
	python3 scripts/code-size.py
	$(SWIFT) build
	$(SWIFT) test

# The example site, built by the real binary, checked by the Nu Html Checker and headless Chromium.
test-site:
	$(SWIFT) build
	rm -rf $(EXAMPLE_SITE) $(EXAMPLE_SITE)-sub
	.build/debug/daybook build $(EXAMPLE) --output $(EXAMPLE_SITE) --quiet
	.build/debug/daybook build $(EXAMPLE) --output $(EXAMPLE_SITE)-sub --base-url https://example.org/journal/ --quiet
	# The example journal in Korean and in Arabic (right to left): a copy with another locale.
	for locale in ko_KR ar; do \
	  rm -rf .build/example-journal-$$locale $(EXAMPLE_SITE)-$$locale && cp -R $(EXAMPLE) .build/example-journal-$$locale && \
	  rm -rf .build/example-journal-$$locale/.daybook && \
	  sed -i.bak "s/^locale: .*/locale: $$locale/" .build/example-journal-$$locale/daybook.yml && \
	  .build/debug/daybook build .build/example-journal-$$locale --output $(EXAMPLE_SITE)-$$locale --quiet || exit 1; \
	done
	# The example journal as two journals (docs/journals.md): its 2023 entries in entries/travel/.
	rm -rf .build/example-journal-journals $(EXAMPLE_SITE)-journals && cp -R $(EXAMPLE) .build/example-journal-journals && \
	  rm -rf .build/example-journal-journals/.daybook && mkdir .build/example-journal-journals/entries/travel && \
	  mv .build/example-journal-journals/entries/2023 .build/example-journal-journals/entries/travel/ && \
	  printf 'journals:\n  diary: {title: Diary}\n  travel: {title: Travels, description: The year away.}\n' \
	    >> .build/example-journal-journals/daybook.yml && \
	  .build/debug/daybook build .build/example-journal-journals --output $(EXAMPLE_SITE)-journals --quiet
	DAYBOOK_SITE=$(EXAMPLE_SITE) DAYBOOK_SITE_SUB=$(EXAMPLE_SITE)-sub DAYBOOK_SITE_KO=$(EXAMPLE_SITE)-ko_KR \
	  DAYBOOK_SITE_AR=$(EXAMPLE_SITE)-ar DAYBOOK_SITE_JOURNALS=$(EXAMPLE_SITE)-journals python3 -m pytest -q Tests/site

# `daybook serve` and `daybook init` with the real binary: editors' saves, errors in the browser,
# the address it listens on, the CI files (actionlint, GitLab's schema), incremental CI builds.
test-serve:
	$(SWIFT) build
	python3 -m pytest -q Tests/serve

# The CI files `daybook init` writes, run step by step with the real `swift build -c release` of a
# tagged clone of this repository (committed code), for a public journal; then for a private one,
# handed the binary that build made (docs/publishing.md, "The rehearsal"). `make test` runs the
# same with the debug build handed over.
ci-rehearsal: build
	rm -rf .build/ci-rehearsal
	python3 scripts/ci_rehearsal.py --full --keep .build/ci-rehearsal/public
	python3 scripts/ci_rehearsal.py --private --binary .build/ci-rehearsal/public/opt-daybook/daybook --keep .build/ci-rehearsal/private

# Random edit sequences, long: incremental builds against builds from scratch (docs/development.md).
# `make test` runs 20 steps of seed 23; this runs FUZZ_EDIT_STEPS of each seed in FUZZ_EDIT_SEEDS,
# the seeds side by side in one test process.
FUZZ_EDIT_SEEDS ?= 1 2 3 4
FUZZ_EDIT_STEPS ?= 150
fuzz-incremental: deps
	$(SWIFT) build --build-tests
	DAYBOOK_EDITS_SEEDS="$(FUZZ_EDIT_SEEDS)" DAYBOOK_EDITS_STEPS=$(FUZZ_EDIT_STEPS) $(SWIFT) test --skip-build --filter RandomEditsTests

# The readers of entries (YAML, TOML, JSON, dates, shortcodes) fed mutated entries from
# Tests/Fuzz/corpus: a crash, a hang or an error without a place is a finding (docs/development.md).
# `make test` runs it for seconds; `make fuzz` for FUZZ_SECONDS (half an hour by default).
FUZZ_SECONDS ?= 1800
FUZZ_SEED ?= 1

test-fuzz:
	$(SWIFT) build --product daybook-fuzz
	.build/debug/daybook-fuzz --self-test
	.build/debug/daybook-fuzz --seconds 10 --seed 1

fuzz: fuzz-readers

fuzz-readers:
	$(SWIFT) build --product daybook-fuzz
	.build/debug/daybook-fuzz --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED)

bench: release
	bench/run.sh

# Search against Pagefind on 10,000 entries, in headless Chromium (bench/README.md, "Search").
bench-search: deps release
	python3 bench/search/bench.py

clean:
	rm -rf .build $(EXAMPLE)/_site
