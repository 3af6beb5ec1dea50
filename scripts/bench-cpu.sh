#!/usr/bin/env bash
# Measures each hot-path hook against the empty Go program in CPU time
# (user + system of the process, which a machine shared with others
# disturbs far less than wall time), on the 48 MB synthetic transcript,
# warm. The runs alternate empty, hook, empty, hook … and each line shows
# both medians and the median of the pairwise ratios hook/empty: the
# figure the speed target (at most 2x) is read on.
#
#   scripts/bench-cpu.sh [RUNS]             # builds the work tree; RUNS defaults to 300
#   scripts/bench-cpu.sh --bin DIR [RUNS]   # times the binaries already in DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/bench-lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=
if [ "${1:-}" = "--bin" ]; then
  bin=$(cd "$2" && pwd)
  shift 2
fi
n=${1:-300}
if [ -z "$bin" ]; then
  "$root/scripts/build.sh" --out "$work/mkt" >/dev/null
  bin=$work/mkt/plugins/session-intelligence/bin
fi
go build -C "$root" -o "$work/benchproc" ./scripts/benchproc
bench_hello "$work"
go run -C "$root" ./scripts/gentranscript -mb 48 -o "$work/t48.jsonl" -cwd "$work/proj" >/dev/null
mkdir -p "$work/proj/src/auth" "$work/home/.claude/session-intelligence/sessions/bench"
echo 'package auth' >"$work/proj/src/auth/login.go"
touch "$work/home/.claude/session-intelligence/learned" # the one-time learn is not what is measured
for i in $(seq 1 200); do
  printf '{"t":%d,"tok":%d,"tool":"Read","root":"src/d%d","file":"src/d%d/f.go"}\n' "$i" "$((i * 1000))" "$((i % 12))" "$((i % 12))"
done >"$work/home/.claude/session-intelligence/sessions/bench/shape.jsonl"
t=$work/t48.jsonl p=$work/proj
last=$(grep -o '"id":"toolu_synth[0-9]*"' "$t" | tail -1 | cut -d'"' -f4)
printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"PostToolUse","tool_name":"Read","tool_input":{"file_path":"%s/src/auth/login.go"},"tool_response":{"type":"text","file":{"filePath":"%s/src/auth/login.go","content":"package auth"}},"tool_use_id":"%s"}' \
  "$t" "$p" "$p" "$p" "$last" >"$work/post.json"
printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","model":{"id":"claude-opus-4-6","display_name":"Opus 4.6"},"workspace":{"current_dir":"%s"},"output_style":{"name":"default"},"cost":{"total_cost_usd":12.5,"total_duration_ms":3600000},"context_window":{"context_window_size":1000000,"current_usage":null}}' \
  "$t" "$p" "$p" >"$work/sl.json"
printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"UserPromptSubmit","prompt":"thanks!"}' "$t" "$p" >"$work/ups.json"
printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"SessionStart","source":"resume"}' "$t" "$p" >"$work/start.json"
printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"PreCompact","trigger":"manual","custom_instructions":null}' "$t" "$p" >"$work/pre.json"
export HOME=$work/home CLAUDE_PLUGIN_ROOT=$(dirname "$bin") CLAUDE_PLUGIN_DATA=$work/data
vs() { # label, stdin file, binary
  "$work/benchproc" -ratio -n "$n" -stdin "$2" -label "$1" -- "$work/hello.bin" --vs "$bin/$3"
}
echo "CPU time (user + system), hook vs the empty Go program, $n alternating pairs, medians:"
vs "PostToolUse warm (48 MB)" "$work/post.json" si-post-tool-use
vs "status line warm (verbose)" "$work/sl.json" si-statusline
vs "UserPromptSubmit, silent" "$work/ups.json" si-user-prompt-submit
vs "PreCompact (48 MB, full shape log)" "$work/pre.json" si-pre-compact
vs "SessionStart, nothing to do" "$work/start.json" si-session-start
