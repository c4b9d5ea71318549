# sellerhub: `make run` starts the product, `make test` runs every test. See README.md.
GO      ?= go
BIN     := bin/sellerhub
export CGO_ENABLED := 0

.PHONY: run build assets generate check-generated vet test go-test go-test-vet browser-test browser-test-vet bench clean

run: build
	./$(BIN) serve

build: assets generate
	$(GO) build -o $(BIN) .

node_modules/.installed: package.json package-lock.json
	# npm ci installs exactly the committed lock and never rewrites it, so a build leaves the checkout clean; it
	# refuses a lock that no longer matches package.json (run `npm install` and commit the lock it writes).
	npm ci --no-audit --no-fund
	touch $@

assets: node_modules/.installed
	npm run build

generate:
	$(GO) tool templ generate -path views

# The generated *_templ.go files are committed; CI fails when they are not what the .templ files produce.
check-generated: generate
	@if [ -n "$$(git status --porcelain -- views)" ]; then \
		echo "views: generated templ files are out of date; run 'make generate' and commit:"; \
		git status --porcelain -- views; exit 1; fi

vet:
	$(GO) vet ./...

# The Go tests run beside the server's build and the browser tests: alone, each left much of a 2-core machine idle,
# the Go tests waiting on the databases and the browser tests on Chromium and the server. Each target's output
# comes out whole when it ends (--output-sync), not interleaved.
test: check-generated
	rm -rf $(VET_CLAIM)
	$(MAKE) --no-print-directory -j2 --output-sync=target go-test-vet browser-test-vet

# vet runs once, in the lane that ends first: vet ahead of both held them back by its whole run, and which lane ends
# first depends on the machine (the browser tests' on one, the Go tests' on a machine with slower cores). The first
# lane to create the claim runs it. (go-test and browser-test are prerequisites, not sub-makes, so that the assets
# both lanes need are built once.)
VET_CLAIM := bin/.vet-claimed
go-test-vet: go-test
	@mkdir -p bin; if mkdir $(VET_CLAIM) 2>/dev/null; then $(MAKE) --no-print-directory vet; fi

browser-test-vet: browser-test
	@mkdir -p bin; if mkdir $(VET_CLAIM) 2>/dev/null; then $(MAKE) --no-print-directory vet; fi

# Go tests: SQLite always; PostgreSQL and Redis when reachable (with CI=true, unreachable fails). They serve the
# built assets (static embeds them), so they come after those. Without go test's own pass of vet: `make vet` runs
# every analyzer, go test only a part of them, over again. The sync package's full syncs take some 8 minutes and
# mostly wait (on Amazon's stand-in, on the job queue): a third package at a time runs beside it, where two left
# every other package queued behind one slot, and the sync tests that mark themselves parallel run four at a time
# (-parallel), as they wait far more than they work. Four packages at a time (and three browser files) made the
# whole run slower: the machine is CPU-bound by then. Test binaries are linked without the symbol table and DWARF,
# which nothing reads (a panic's trace does not need them) and which take half of each link.
go-test: assets
	$(GO) test -count=1 -vet=off -p 3 -parallel 4 -timeout 20m -ldflags='-s -w' ./...

# Two test files at a time: each starts its own server and database, and a file mostly waits (for the server, for
# Chromium, for a first sync, for the 60 s a code stays locked), so a second one fills the wait.
browser-test: build
	rm -f "$${TMPDIR:-/tmp}"/sellerhub-demo-*
	$(GO) build -o bin/amazontest ./app/amazon/amazontest/cmd
	SELLERHUB_BIN=$(CURDIR)/$(BIN) SELLERHUB_AMAZON_BIN=$(CURDIR)/bin/amazontest node --test --test-concurrency=2 islands/tests/; \
		status=$$?; rm -f "$${TMPDIR:-/tmp}"/sellerhub-demo-*; exit $$status

# Figures for the issues' notes: page weight on the wire and latency under concurrent load.
# Each report records its figures in BENCH_FIGURES (app/bench_helpers_test.go); they are printed as one table at
# the end, also when a report stopped early.
BENCH_FIGURES := $(CURDIR)/bin/bench-figures.tsv
# BENCH_RUN picks reports: make bench BENCH_RUN='TestLoadReportSignedIn$$'
BENCH_RUN ?= TestLoadReport

# Each report runs in a process of its own: what one report leaves in the process would weigh on the next (the
# sales report's kept answers stayed in the heap, 44 MB, and every garbage collection of the signed-in calls after
# it took three times as long: their p99 doubled).
BENCH_TEST := $(CURDIR)/bin/app-bench.test

bench: build
	rm -f $(BENCH_FIGURES)
	$(GO) test -c -o $(BENCH_TEST) ./app/
	-cd app && for report in $$($(BENCH_TEST) -test.list '$(BENCH_RUN)'); do \
		SELLERHUB_BENCH=1 SELLERHUB_BIN=$(CURDIR)/$(BIN) SELLERHUB_BENCH_FIGURES=$(BENCH_FIGURES) \
			$(BENCH_TEST) -test.count=1 -test.timeout 60m -test.run "^$$report\$$" -test.v | grep -v "^=== RUN"; \
	done
	@echo; echo "== every figure, its goal, and whether it was met"; \
	touch $(BENCH_FIGURES); \
	awk -F'\t' 'BEGIN { printf "%-78s %-58s %-20s %s\n", "figure", "value", "goal", "mark" } \
		{ printf "%-78s %-58s %-20s %s\n", $$1, $$2, $$3, $$4 }' $(BENCH_FIGURES)

clean:
	rm -rf bin static/dist/*.js static/dist/*.css static/dist/*.gz static/dist/*.br static/dist/manifest.json
