#!/usr/bin/env bash
# Times `si usage --json` and the pinned `ccusage session --offline --json`
# on the same sessions (the real sessions of the test corpus and the
# transcripts recorded from Claude Code 2.1.332, subagents included), the
# runs alternating, and prints both medians and the median of the
# pairwise ratios si/ccusage. ccusage comes from the test-dependency cache
# (scripts/install-test-deps.sh); SI_REFERENCE_DIR names the reference
# folder (default: ../shared beside the checkout).
#
#   scripts/bench-usage-vs-ccusage.sh [RUNS]   # RUNS defaults to 40
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-40}
ref=${SI_REFERENCE_DIR:-$root/../shared}
cc=${SI_CCUSAGE_BIN:-${XDG_CACHE_HOME:-$HOME/.cache}/session-intelligence/ccusage-20.0.24/node_modules/.bin/ccusage}
[ -x "$cc" ] || { echo "bench-usage-vs-ccusage.sh: no ccusage at $cc; run scripts/install-test-deps.sh" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$root/scripts/build.sh" --out "$work/mkt" >/dev/null
go build -C "$root" -o "$work/benchproc" ./scripts/benchproc
project=$work/home/.claude/projects/-corpus
mkdir -p "$project"
cp -R "$ref/corpus/transcripts/." "$ref/claude-code/transcripts/." "$project/"
chmod -R u+w "$project"
sessions=("$project"/*.jsonl)
echo "${#sessions[@]} sessions, $(du -sh "$project" | cut -f1) with their subagents"
env=(-enva "HOME=$work/home" -enva "CLAUDE_CONFIG_DIR=$work/home/.claude" -enva NO_COLOR=1
  -envb "HOME=$work/home" -envb "CLAUDE_CONFIG_DIR=$work/home/.claude")
"$work/benchproc" -ratio -n "$runs" -warm 2 "${env[@]}" -label "si usage / ccusage session" \
  -- "$cc" session --offline --json --vs "$work/mkt/plugins/session-intelligence/bin/si" usage --json "${sessions[@]}"
