#!/usr/bin/env bash
# Whole-process benchmarks of `ai notes grep` and `ai memory grep` on
# 10,000 notes in 200 topics and a memory of 10,000 lines (the stores
# scripts/bench-notes.sh and bench-ai.sh use), for five kinds of
# pattern: selective (1,000 matches), no match, case-folded with
# literals no note holds, no literal but a run of digits no note holds,
# and one whose every part every note holds, so that the regexp runs
# over every line (the worst case). Also what the search index costs:
# `ai notes add` (one append to the index's log) and the one search that
# rebuilds a missing index. Prints one line per command (median, p90,
# peak RSS).
#
#   scripts/bench-grep.sh            # this checkout's ai
#   scripts/bench-grep.sh OLD_AI     # the same, alternating with another
#                                    # ai binary: both medians and B−A
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/bench-lib.sh"
old=${1:+$(cd "$(dirname "$1")" && pwd)/$(basename "$1")}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$root/scripts/build.sh" --out "$work/mkt" >/dev/null
ai="$work/mkt/plugins/session-intelligence/bin/ai"
# Built before HOME moves, so that Go's module and build caches are the
# usual ones.
go build -C "$root" -o "$work/benchproc" ./scripts/benchproc
go build -C "$root" -o "$work/gennotes" ./scripts/gennotes
go build -C "$root" -o "$work/genmemory" ./scripts/genmemory
export HOME="$work/home" XDG_CACHE_HOME="$work/cache" AI_NO_BACKGROUND=1
mkdir -p "$HOME/proj" && cd "$HOME/proj"
"$work/gennotes" -dir "$HOME/.ai/notes" -n 10000 -topics 200 >/dev/null
"$work/genmemory" -dir "$HOME/.ai/memory" -n 10000 >/dev/null
b=$work/benchproc
bench_hello "$work"
echo "== baseline ($(uptime | sed 's/.*load/load/'))"
"$b" -n 100 -label "empty Go program" -- "$work/hello.bin"

# run LABEL ARGS…: this ai, or this ai against the old one.
run() {
  label=$1
  shift
  if [ -n "$old" ]; then
    "$b" -n 40 -label "$label" -- "$old" "$@" --vs "$ai" "$@"
  else
    "$b" -n 40 -label "$label" -- "$ai" "$@"
  fi
}
"$ai" notes grep x >/dev/null # builds the index once
echo "== ai notes grep, 10,000 notes (whole process, exec to exit)"
run "notes grep, 1,000 matches" notes grep 'claim 9[0-9]{3}:'
run "notes grep, no match" notes grep 'no such text'
run "notes grep, folded, no match" notes grep '(?i)LOREM.*Z'
run "notes grep, digit run, no match" notes grep '[0-9]{5}'
run "notes grep, every line tested" notes grep '(sit|amet) \w+ \d'
echo "== ai memory grep, 10,000 lines"
run "memory grep, 1,000 matches" memory grep 'note 9[0-9]{3}:'
run "memory grep, no match" memory grep 'no such text'
run "memory grep, folded, no match" memory grep '(?i)LOREM.*Z'
run "memory grep, digit run, no match" memory grep '[0-9]{5}'
run "memory grep, every line tested" memory grep '(sit|amet) \w+ \d'
echo "== the index"
claim="the deploy script needs the VPN up; run make check before every release and keep staging on eu-west-1"
"$b" -n 40 -label "notes add (appends to the index's log)" -- "$ai" notes add area007.sub3 "$claim" --title "deploys need the VPN"
"$b" -n 40 -label "notes grep after those adds" -- "$ai" notes grep 'no such text'
rm -f "$HOME/.ai/notes/.git/ai-search.pack" "$HOME/.ai/notes/.git/ai-search.log"
start=$(date +%s%N)
"$ai" notes grep 'no such text' >/dev/null
echo "notes grep that rebuilds a missing index: $(( ($(date +%s%N) - start) / 1000000 )) ms (once)"
du -sh "$HOME/.ai/notes/.git/ai-search.pack" | sed 's|'"$HOME"'|~|'
