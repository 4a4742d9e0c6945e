# MetalTalon: `make run` starts the site on the embedded defaults; `make test` runs the whole suite on
# PostgreSQL and Redis. Both create .venv and install what they need first.

SHELL := /bin/bash
.DEFAULT_GOAL := help

VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

# `make test` talks to these; override them to use other servers or database names.
TEST_DATABASE_URL := $(or $(DATABASE_URL),postgres://postgres@127.0.0.1:5432/metaltalon)
TEST_REDIS_URL := $(or $(REDIS_URL),redis://127.0.0.1:6379/0)
# (and wrk, which `make bench` drives the site with: without it the bench skips its requests-a-second figures)
DEBIAN_TEST_PACKAGES := chromium libcairo2 fonts-dejavu-core haproxy socat wrk
# pytest-xdist workers for `make test`: each has its own test database (test_metaltalon_gw0, _gw1) and its
# own Redis database, REDIS_URL's plus its index (tests/parallel.py). TEST_WORKERS=0 runs in one process.
TEST_WORKERS ?= 2

.PHONY: help venv run test test-env debs services bench lint mutate clean

help:
	@echo "make run    migrate, create demo logins, start web + worker + beat + mail on http://$(HOST):$(PORT)/ (SMTP: 8025)"
	@echo "make test   the whole test suite on PostgreSQL + Redis (installs what is missing)"
	@echo "make lint   ruff + import-linter contracts + mypy --strict on the engine"
	@echo "make bench  every benchmark script in bench/"
	@echo "make mutate mutation testing of MetalTalon's engine, GAME=metal-adventures or GAME=metabaloids (SAMPLE=300 for a seeded sample per module; hours in full)"

# --- Python: Django 6.1 needs 3.12+. PATH may hold pyenv shims that fail, so every candidate is run. ---
$(VPY):
	@py=""; \
	for cand in python3.13 python3.12; do \
	  p=$$(command -v $$cand 2>/dev/null) || continue; \
	  if $$p -c 'import sys, venv, ssl, sqlite3; assert sys.version_info >= (3, 12)' 2>/dev/null; then py=$$p; break; fi; \
	done; \
	if [ -z "$$py" ]; then \
	  root=$$(pyenv root 2>/dev/null || echo "$$HOME/.pyenv"); \
	  for p in $$root/versions/3.13*/bin/python3 $$root/versions/3.12*/bin/python3; do \
	    if [ -x "$$p" ] && $$p -c 'import sys, venv, ssl, sqlite3; assert sys.version_info >= (3, 12)' 2>/dev/null; then py=$$p; break; fi; \
	  done; \
	fi; \
	if [ -z "$$py" ]; then \
	  echo "MetalTalon needs Python 3.12 or 3.13 (Django 6.1). None works here: install python3.13 or python3.12" >&2; \
	  echo "(or a pyenv version 3.12/3.13) and run make again." >&2; exit 1; \
	fi; \
	echo "Creating $(VENV) with $$py ($$($$py --version))"; \
	$$py -m venv $(VENV)

$(STAMP): pyproject.toml | $(VPY)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e '.[dev]'
	@touch $(STAMP)

venv: $(STAMP)

# --- make run: everything on one machine, nothing else to install ---
# Links printed and mailed by the site (demo logins, turn notices) name the address it really serves.
run: export SITE_URL ?= http://$(HOST):$(PORT)
run: $(STAMP)
	$(VPY) manage.py migrate --noinput
	$(VPY) manage.py demo_setup
	@echo "Starting web, worker, beat and mail (SMTP on 127.0.0.1:$${MAIL_LISTEN_PORT:-8025}): open http://$(HOST):$(PORT)/  (mail: http://$(HOST):$(PORT)/dev/inbox/)"
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" WEB_HOST=$(HOST) $(VENV)/bin/honcho start --port $(PORT)

# --- make test: the whole suite against PostgreSQL and Redis, as CI runs it ---
debs:
	@missing=""; \
	for pkg in $(DEBIAN_TEST_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$pkg 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages the tests need:$$missing"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi

services:
	@DATABASE_URL='$(TEST_DATABASE_URL)' REDIS_URL='$(TEST_REDIS_URL)' bash .ci/ensure-services

test: $(STAMP) debs services
	CI=true DATABASE_URL='$(TEST_DATABASE_URL)' REDIS_URL='$(TEST_REDIS_URL)' $(VENV)/bin/pytest \
	  -n $(TEST_WORKERS) --dist load $(PYTEST_ARGS)

# --- benchmarks print figures; they never fail on speed ---
bench: $(STAMP)
	@shopt -s nullglob; scripts=(bench/*_bench.py); \
	if [ $${#scripts[@]} -eq 0 ]; then echo "No benchmarks in bench/ yet."; exit 0; fi; \
	for s in "$${scripts[@]}"; do echo "== $$s"; $(VPY) "$$s" || exit 1; done

# Not part of `make test`: a full run takes hours on 2 cores (docs/testing.md keeps the last one's scores).
mutate: $(STAMP)
	$(VENV)/bin/pip install --quiet 'mutmut==3.8.1'
	$(VPY) tests/mutate.py $(if $(GAME),--game $(GAME)) $(if $(SAMPLE),--sample $(SAMPLE)) $(if $(SEED),--seed $(SEED)) \
	  $(if $(JOBS),--max-children $(JOBS)) $(foreach m,$(MODULES),--module $(m))

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

clean:
	rm -rf $(VENV) var staticfiles .pytest_cache .ruff_cache .mypy_cache
