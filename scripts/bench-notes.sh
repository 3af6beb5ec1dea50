#!/usr/bin/env bash
# Whole-process benchmarks of `ai notes` on a store of 10,000 notes in
# 200 topics (40 top topics of 5 subtopics; claims of about 300
# characters; every topic summarised). Prints one line per command
# (median, p90, peak RSS). Run from anywhere: scripts/bench-notes.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/bench-lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$root/scripts/build.sh" --out "$work/mkt" >/dev/null
ai="$work/mkt/plugins/session-intelligence/bin/ai"
# Built before HOME moves, so that Go's module and build caches are the
# usual ones.
go build -C "$root" -o "$work/benchproc" ./scripts/benchproc
go build -C "$root" -o "$work/gennotes" ./scripts/gennotes
export HOME="$work/home" XDG_CACHE_HOME="$work/cache"
mkdir -p "$HOME/proj" && cd "$HOME/proj"
"$work/gennotes" -dir "$HOME/.ai/notes" -n 10000 -topics 200
b=$work/benchproc
# A stand-in claude, so that the background builders an add starts
# finish at once instead of failing.
bench_fake_claude "$work"
# Baseline: the cheapest Go process on this machine, and its load, so the
# figures can be read against what process start alone costs here.
bench_hello "$work"
echo "== baseline ($(uptime | sed 's/.*load/load/'))"
"$b" -n 100 -label "empty Go program" -- "$work/hello.bin"
claim="the deploy script needs the VPN up; run make check before every release and keep staging on eu-west-1"
echo "== ai notes, 10,000 notes in 200 topics (whole process, exec to exit)"
AI_NO_BACKGROUND=1 "$b" -n 100 -label "add (no background build)" -- "$ai" notes add area007.sub3 "$claim" --title "deploys need the VPN"
"$b" -n 100 -label "add (starts the background build)" -- "$ai" notes add area011.sub2 "$claim" --title "deploys need the VPN"
# Leave every summary current, so that the reads start no builder.
"$ai" notes summarise >/dev/null
"$b" -n 100 -label "tree (40 top topics)" -- "$ai" notes
"$b" -n 100 -label "zoom (1 topic: 5 subtopics)" -- "$ai" notes zoom area020
"$b" -n 50 -label "grep (1,000 matches)" -- "$ai" notes grep 'claim 9[0-9]{3}:'
"$b" -n 50 -label "grep (no match)" -- "$ai" notes grep 'no such text'
echo "== store"
du -sh "$HOME/.ai/notes" "$HOME/.ai/notes/.git" | sed 's|'"$HOME"'|~|'
for f in "$ai" "$ai-sync"; do
  printf '%s binary: %.2f MB\n' "$(basename "$f")" "$(echo "$(stat -c %s "$f") / 1048576" | bc -l)"
done
