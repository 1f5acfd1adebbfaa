# Copyright 2026 The kubecarry Authors.
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

# kubecarry: Kubernetes v1.35.8 with the patch series in patches/, and the
# other release lines in lines/<minor>/.
#
#   make                         build kube-apiserver, cloud-controller-manager, kube-proxy into _output/bin/
#   make LINE=1.36               the same for another release line (lines/1.36/), into _output/lines/1.36/bin/;
#                                make release LINE=1.36 releases it, make test LINE=1.36 tests it only;
#                                update and verify work on every line at once and refuse LINE (docs/lines.md)
#   make WHAT=cmd/kube-proxy     build one binary
#   make release                 the release in _output/release/<version>/: binaries, images,
#                                server tarballs, SBOMs, provenance, checksums (KUBE_BUILD_PLATFORMS)
#   make test                    every test: verify, patch machinery, unit, integration, e2e, upstream,
#                                and each other line's (test-line-<minor>)
#   make verify | update         check (and lint) | regenerate go.mod, vendor/, formatting
#   make clean                   remove _output/
#
# The Makefile is an index of hack/ scripts; the scripts hold the logic.

SHELL := /usr/bin/env bash
.SHELLFLAGS := -o errexit -o nounset -o pipefail -c
.DEFAULT_GOAL := all

WHAT ?=
LINE ?=
ifneq ($(LINE),)
export KUBECARRY_LINE := $(LINE)
endif
LOGS := _output/test-logs

.PHONY: all
all:
	hack/build.sh $(WHAT)

# Each test step keeps its log and its test events (go test -json) so
# "make test" can end with the counts of every step (hack/test-step.sh).
define logged
	hack/test-step.sh $(LOGS) $(1) $(2)
endef

# Every release line other than the main one (lines/<minor>/), each a step
# of its own.
MAIN_LINE := $(shell sed -E 's/^v(1\.[0-9]+)\..*/\1/' UPSTREAM_VERSION)
OTHER_LINES := $(notdir $(patsubst %/UPSTREAM_VERSION,%,$(wildcard lines/*/UPSTREAM_VERSION)))

ifneq ($(filter-out $(MAIN_LINE) $(OTHER_LINES),$(LINE)),)
$(error LINE=$(LINE) is not a kubecarry release line; the lines are: $(MAIN_LINE) $(OTHER_LINES))
endif

# make test tests every line; make test LINE=<another line> only that one.
ifeq ($(filter-out $(MAIN_LINE),$(LINE)),)
TEST_STEPS := verify test-machinery test-unit test-integration test-e2e test-upstream test-lines
SUMMARY_STEPS := verify machinery unit integration e2e upstream $(addprefix line-,$(OTHER_LINES))
else
TEST_STEPS := test-line-$(LINE)
SUMMARY_STEPS := line-$(LINE)
endif

# make test runs every step even when one fails (-k), then prints the summary
# of all of them; its last line is "N passed, N failed, N skipped". As root,
# a privileged test that cannot run fails instead of skipping.
.PHONY: test
ifeq ($(shell id -u),0)
test: export KUBECARRY_REQUIRE_PRIVILEGED_TESTS ?= 1
endif
test:
	@rm -rf $(LOGS)
	@status=0; \
		$(MAKE) --no-print-directory -k $(TEST_STEPS) || status=1; \
		hack/print-test-summary.sh $(LOGS) $(SUMMARY_STEPS) || status=1; \
		exit $${status}

.PHONY: verify
verify:
	$(call logged,verify,hack/verify-all.sh)

.PHONY: update
update:
	hack/update-gomod.sh
	hack/update-vendor.sh
	hack/update-gofmt.sh

.PHONY: test-machinery
test-machinery:
	$(call logged,machinery,hack/test-patch-machinery.sh)

.PHONY: test-unit
test-unit:
	$(call logged,unit,hack/test-unit.sh)

.PHONY: test-integration
test-integration:
	$(call logged,integration,hack/test-integration.sh)

.PHONY: test-e2e
test-e2e:
	$(call logged,e2e,hack/test-e2e.sh)

.PHONY: test-upstream
test-upstream:
	$(call logged,upstream,hack/test-upstream.sh)

.PHONY: test-lines
test-lines: $(addprefix test-line-,$(OTHER_LINES))

.PHONY: $(addprefix test-line-,$(OTHER_LINES))
$(addprefix test-line-,$(OTHER_LINES)): test-line-%:
	$(call logged,line-$*,hack/test-line.sh $*)

.PHONY: release
release:
	hack/release.sh

.PHONY: clean
clean:
	rm -rf _output
