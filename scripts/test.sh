#!/usr/bin/env bash
# The whole test suite: unit, package and end-to-end tests (the latter run
# the pinned Claude Code CLI against the project's fake Messages API).
# Extra arguments go to `go test`. With CI=true a missing CLI fails the
# suite instead of skipping the end-to-end tests.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-test-deps.sh"
cd "$root"
go test -count=1 -timeout 20m ./... "$@"
# A bounded fuzz run of every decoder of untrusted input (AILv1, transcript
# lines, hook payloads, the settings.json scanner, ai.toml nesting, Bash
# commands, the cleaner of outside text) on top of their seed corpora,
# which the line above already runs: SI_FUZZ_EXECS executions per target,
# 20,000 by default (a few minutes for all; set it higher for a deeper
# run). The budget is a
# count of executions, not a duration: Go 1.26's coordinator can report a
# spurious "context deadline exceeded" when a -fuzztime duration ends on a
# loaded machine (golang/go#75804), and a count has no deadline to race.
# Minimizing each new interesting input is bounded by a count too: by
# default it may take a minute per input, and on the large seeds of
# FuzzReadLine that once turned its run into five minutes.
if [ $# -eq 0 ]; then
  while read -r pkg target; do
    go test -run '^$' -fuzz "^$target\$" -fuzztime "${SI_FUZZ_EXECS:-20000}x" -fuzzminimizetime 200x "./$pkg"
  done <<'END'
shared/ail FuzzParse
shared/ail FuzzProseRoundTrip
shared/ail FuzzLenient
shared/relay FuzzRenderNote
shared/cc/transcript FuzzDecodeLine
shared/cc/transcript FuzzDecodeResponse
shared/cc/autocompact FuzzReactiveModel
shared/cc/hookio FuzzDecodePayload
shared/ai/settings FuzzCheckNesting
shared/cc/settingsjson FuzzParse
shared/cc/settingsjson FuzzScanner
shared/intel/shape FuzzCommandPath
shared/intel/retention FuzzPaths
shared/intel/escalate FuzzBatch
shared/intel/shape/shell FuzzParse
shared/ai/search FuzzMight
shared/ai/store/git FuzzSearchIndex
shared/ai/notes FuzzSearchable
shared/core/termtext FuzzClean
shared/intel/capture FuzzReadLine
shared/intel/retention FuzzJudge
shared/core/modelcall FuzzCount
shared/intel/bootstrap FuzzOnlyOurBlock
END
fi
