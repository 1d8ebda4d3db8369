# The two set-up commands of the README: `make run` and `make test`.
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip

.PHONY: run test test-fast lint format bench load install install-test clean

$(PY):
	@python=$$(scripts/find_python.sh) && echo "Creating $(VENV) with $$python" && "$$python" -m venv $(VENV)

$(VENV)/.installed: requirements.txt | $(PY)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -r requirements.txt
	@touch $@

$(VENV)/.installed-test: requirements-test.txt $(VENV)/.installed
	$(PIP) install -q -r requirements-test.txt
	@touch $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

run: install
	@scripts/run.sh

test: install-test
	@scripts/test.sh

# The daily loop: everything but the long (slow) and the browser tests, in parallel; the
# test databases are kept for the next run (--reuse-db, migrated again when migrations change).
test-fast: install-test
	$(PY) -m pytest -n $${TEST_WORKERS:-2} --dist loadgroup --reuse-db -q -m "not slow and not browser"

lint: install-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	scripts/typecheck.sh

format: install-test
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

bench: install
	$(PY) -m bench.engine
	$(PY) -m bench.web
	$(PY) -m bench.dead_broker
	$(PY) -m bench.mail_picture

# The load benchmark (bench/load.py): the production server on loopback, on a scratch
# PostgreSQL database beside DATABASE_URL's; under nice, as the machine may be shared.
load: install
	nice -n 15 $(PY) -m bench.load

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .mypy_cache

# The documentation site (mkdocs.yml, docs/) into var/docs-site/; strict: a broken link or anchor fails.
.PHONY: docs
docs: install-test
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet
