# `make run` sets everything up and serves the app on SQLite; `make test` sets up and
# runs every check (ruff, the whole pytest suite with the browser tests); `make bench`
# measures every page against a bare Django view (README, "Benchmark").
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
export SCOREPAD_DEVELOPMENT ?= 1

.PHONY: run test bench setup messages lint format clean

$(PY):
	"$$(scripts/find-python)" -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e . --group dev
	touch $(STAMP)

# Compiled catalogues are build output: made from locale/*/LC_MESSAGES/django.po.
compiled-messages: $(STAMP) $(wildcard locale/*/LC_MESSAGES/django.po)
	command -v msgfmt >/dev/null || (apt-get update -qq && apt-get install -y -qq gettext)
	$(PY) manage.py compilemessages --ignore=.venv -v 0
	touch compiled-messages

setup: $(STAMP) compiled-messages

run: setup
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py runserver 127.0.0.1:8000

test: setup
	scripts/ensure-browser $(PY)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest

# Throwaway databases and a gunicorn on a loopback port; wrk from Debian when missing,
# and this machine's PostgreSQL started (as .ci/run does) unless BENCH_POSTGRES_URL
# names another server or BENCH_DATABASES leaves it out.
bench: setup
	command -v wrk >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk)
	case "$${BENCH_DATABASES:-postgres}" in *postgres*) [ -n "$${BENCH_POSTGRES_URL:-}" ] || scripts/start-postgres ;; esac
	$(PY) scripts/bench.py

# Refresh the catalogues after changing user-facing strings.
messages: $(STAMP)
	$(PY) manage.py makemessages -l fr -l nl --ignore=.venv --ignore=var --ignore=tests --ignore=test-artifacts --no-obsolete
	$(PY) manage.py compilemessages --ignore=.venv -v 0

format: $(STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

clean:
	rm -rf $(VENV) compiled-messages var .pytest_cache
