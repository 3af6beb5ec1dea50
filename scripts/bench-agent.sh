#!/usr/bin/env bash
# Whole-process benchmarks of `ai agent`: the Stop hook's sync of a turn
# at the end of a 50 MB transcript, `ai agent view` of a thread of 1,000
# turns, and the Go side of /ai (the view it compacts into). Prints
# median and p90. Run from anywhere: scripts/bench-agent.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$root/scripts/build.sh" --out "$work/mkt" >/dev/null
bin="$work/mkt/plugins/session-intelligence/bin"
go build -C "$root" -o "$work/benchproc" ./scripts/benchproc
go build -C "$root" -o "$work/genthread" ./scripts/genthread
export HOME="$work/home" XDG_CACHE_HOME="$work/cache" AI_NO_BACKGROUND=1
mkdir -p "$HOME/.ai" && printf '[chat]\nbackground = false\n' >"$HOME/.ai/ai.toml"
echo "== load: $(uptime | sed 's/.*load/load/')"
"$work/genthread" make -dir "$HOME/big" -mb 50
"$work/genthread" stop -dir "$HOME/big" -hook "$bin/si-stop" -n 50
"$work/genthread" make -dir "$HOME/thousand" -turns 1000 -summarise
cd "$HOME/thousand"
"$work/benchproc" -n 50 -label "ai agent view (1,000 turns, whole process)" -- "$bin/ai" agent view dev
CLAUDE_CODE_SESSION_ID=s1 "$work/benchproc" -n 30 -label "ai slash --json (/ai's view, 1,000 turns)" -- "$bin/ai" slash --json
du -sh "$HOME/big/.ai/local" "$HOME/thousand/.ai/local" | sed 's|'"$HOME"'/||'
