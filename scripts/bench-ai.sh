#!/usr/bin/env bash
# Whole-process benchmarks of `ai memory` on a memory of 10,000 notes
# (about 280 characters each, its view fully folded). Prints one line
# per command (median, p90, peak RSS). Run from anywhere:
# scripts/bench-ai.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/bench-lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$root/scripts/build.sh" --out "$work/mkt" >/dev/null
ai="$work/mkt/plugins/session-intelligence/bin/ai"
# Built before HOME moves, so that Go's module and build caches are the
# usual ones (go run under the moved HOME would download every module).
go build -C "$root" -o "$work/benchproc" ./scripts/benchproc
go build -C "$root" -o "$work/genmemory" ./scripts/genmemory
export HOME="$work/home" XDG_CACHE_HOME="$work/cache"
mkdir -p "$HOME/proj" && cd "$HOME/proj"
"$work/genmemory" -dir "$HOME/.ai/memory" -n 10000
b=$work/benchproc
# A stand-in claude, so that the background folders a note starts finish
# at once instead of failing.
bench_fake_claude "$work"
# Baseline: the cheapest Go process on this machine, and its load, so the
# figures can be read against what process start alone costs here.
bench_hello "$work"
echo "== baseline ($(uptime | sed 's/.*load/load/'))"
"$b" -n 100 -label "empty Go program" -- "$work/hello.bin"
note="the deploy script needs the VPN up; run make check before every release and keep staging on eu-west-1"
echo "== ai memory, 10,000 notes (whole process, exec to exit)"
AI_NO_BACKGROUND=1 "$b" -n 100 -label "note (no background fold)" -- "$ai" memory note "$note"
"$b" -n 100 -label "note (starts the background fold)" -- "$ai" memory note "$note"
sleep 2 # let the last background folds finish
"$b" -n 100 -label "view (96 lines)" -- "$ai" memory view
"$b" -n 50 -label "grep (1,000 matches)" -- "$ai" memory grep 'note 9[0-9]{3}:'
"$b" -n 50 -label "grep (no match)" -- "$ai" memory grep 'no such text'
echo "== store"
du -sh "$HOME/.ai/memory" "$HOME/.ai/memory/.git" | sed 's|'"$HOME"'|~|'
printf 'ai binary: %.2f MB\n' "$(echo "$(stat -c %s "$ai") / 1048576" | bc -l)"
