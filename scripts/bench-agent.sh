#!/usr/bin/env bash
# Whole-process benchmarks of `ai agent`: the Stop hook's sync of a turn
# at the end of a 50 MB transcript, `ai agent view` of a thread of 1,000
# turns, and the Go side of /ai (the view it compacts into). Prints
# median and p90. Run from anywhere: scripts/bench-agent.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/bench-lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$root/scripts/build.sh" --out "$work/mkt" >/dev/null
bin="$work/mkt/plugins/session-intelligence/bin"
go build -C "$root" -o "$work/benchproc" ./scripts/benchproc
go build -C "$root" -o "$work/genthread" ./scripts/genthread
export HOME="$work/home" XDG_CACHE_HOME="$work/cache" AI_NO_BACKGROUND=1
mkdir -p "$HOME/.ai" && printf '[chat]\nbackground = false\n' >"$HOME/.ai/ai.toml"
# Baselines: the cheapest Go process on this machine and the load, then
# the same binaries with nothing to do, so the figures below can be read
# against what process start alone costs here.
bench_hello "$work"
echo "== baseline ($(uptime | sed 's/.*load/load/'))"
"$work/benchproc" -n 100 -label "empty Go program" -- "$work/hello.bin"
mkdir -p "$HOME/none" && printf '{"session_id":"s1","transcript_path":"%s/none/t.jsonl","cwd":"%s/none","hook_event_name":"Stop","stop_hook_active":false}' "$HOME" "$HOME" >"$work/stop-none.json"
"$work/benchproc" -n 100 -stdin "$work/stop-none.json" -label "si-stop outside a project" -- "$bin/si-stop"
"$work/genthread" make -dir "$HOME/empty"
(cd "$HOME/empty" && "$work/benchproc" -n 100 -label "ai agent view (no turns yet)" -- "$bin/ai" agent view dev)
echo "== ai agent ($(uptime | sed 's/.*load/load/'))"
"$work/genthread" make -dir "$HOME/big" -mb 50
"$work/genthread" stop -dir "$HOME/big" -hook "$bin/si-stop" -n 50
"$work/genthread" make -dir "$HOME/thousand" -turns 1000 -summarise
cd "$HOME/thousand"
"$work/benchproc" -n 50 -label "ai agent view (1,000 turns, whole process)" -- "$bin/ai" agent view dev
CLAUDE_CODE_SESSION_ID=s1 "$work/benchproc" -n 30 -label "ai slash --json (/ai's view, 1,000 turns)" -- "$bin/ai" slash --json
du -sh "$HOME/big/.ai/local" "$HOME/thousand/.ai/local" | sed 's|'"$HOME"'/||'
