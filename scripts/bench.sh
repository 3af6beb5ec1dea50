#!/usr/bin/env bash
# Whole-process benchmarks of the hook binaries and the CLI, on a 48 MB
# synthetic transcript. Prints one line per scenario (median, p90, peak
# RSS) and the binary sizes. Run from anywhere: scripts/bench.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/bench-lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$root/scripts/build.sh" --out "$work/mkt" >/dev/null
bin="$work/mkt/plugins/session-intelligence/bin"
go build -C "$root" -o "$work/benchproc" ./scripts/benchproc
go run -C "$root" ./scripts/gentranscript -mb 48 -o "$work/t48.jsonl" -cwd "$work/proj" >/dev/null
go run -C "$root" ./scripts/gentranscript -mb 50 -seed 2 -o "$work/t50.jsonl" >/dev/null
mkdir -p "$work/proj/src/auth" "$work/home"
echo 'package auth' >"$work/proj/src/auth/login.go"
export HOME="$work/home"
payload() { # tool_use_id
  printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"PostToolUse","tool_name":"Read","tool_input":{"file_path":"%s"},"tool_response":{"type":"text","file":{"filePath":"%s","content":"package auth"}},"tool_use_id":"%s"}' \
    "$work/t48.jsonl" "$work/proj" "$work/proj/src/auth/login.go" "$work/proj/src/auth/login.go" "$1"
}
# The last tool_use of the synthetic transcript, so the hook does not wait
# for a record that will never be written.
last=$(grep -o '"id":"toolu_synth[0-9]*"' "$work/t48.jsonl" | tail -1 | cut -d'"' -f4)
payload "$last" >"$work/post.json"
b=$work/benchproc
# Baseline: the cheapest possible Go process on this machine, so figures
# can be read against what process start alone costs here.
bench_hello "$work"
sl_payload() { # transcript path
  printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","model":{"id":"claude-opus-4-6","display_name":"Opus 4.6"},"workspace":{"current_dir":"%s"},"output_style":{"name":"default"},"cost":{"total_cost_usd":12.5,"total_duration_ms":3600000},"context_window":{"context_window_size":1000000,"current_usage":null}}' "$1" "$work/proj" "$work/proj"
}
sl_payload "$work/t48.jsonl" >"$work/sl.json"
cp "$work/t48.jsonl" "$work/t48-cold.jsonl"
sl_payload "$work/t48-cold.jsonl" >"$work/sl-cold.json"
echo "== baseline"
"$b" -n 300 -label "empty Go program" -- "$work/hello.bin"
echo "== whole process (exec to exit), 48 MB transcript"
"$b" -n 1 -warm 0 -stdin "$work/post.json" -label "PostToolUse cold (first call)" -- "$bin/si-post-tool-use"
"$b" -n 300 -stdin "$work/post.json" -label "PostToolUse warm" -- "$bin/si-post-tool-use"
"$b" -n 20 -warm 1 -label "si usage --json (50 MB)" -- "$bin/si" usage --json "$work/t50.jsonl"
"$b" -n 300 -label "si get compact.threshold" -- "$bin/si" get compact.threshold
"$b" -n 1 -warm 0 -stdin "$work/sl-cold.json" -label "status line cold (verbose)" -- "$bin/si-statusline"
# PreCompact with the 48 MB transcript and a full shape log (200 entries).
for i in $(seq 1 200); do
  printf '{"t":%d,"tok":%d,"tool":"Read","root":"src/d%d","file":"src/d%d/f.go"}\n' "$i" "$((i * 1000))" "$((i % 12))" "$((i % 12))"
done >"$HOME/.claude/session-intelligence/sessions/bench/shape.jsonl"
printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"PreCompact","trigger":"manual","custom_instructions":null}' "$work/t48.jsonl" "$work/proj" >"$work/pre.json"
"$b" -n 50 -stdin "$work/pre.json" -label "PreCompact (48 MB, full shape log)" -- "$bin/si-pre-compact"
# PostCompact: a 20 KB summary judged against 60 captured instructions.
{
  printf '{"items":['
  for i in $(seq 1 60); do
    [ "$i" -gt 1 ] && printf ','
    printf '{"kind":"rule","text":"never touch the generated files in pkg%d without asking first","source":"prompt"}' "$i"
  done
  printf ']}'
} >"$HOME/.claude/session-intelligence/sessions/bench/capture.json"
summary=$(for i in $(seq 1 200); do printf 'The session edited src/d%d/f.go and ran the tests of pkg%d; never touch the generated files in pkg%d without asking first. ' "$i" "$i" "$((i % 90))"; done)
printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"PostCompact","trigger":"manual","compact_summary":"%s"}' "$work/t48.jsonl" "$work/proj" "$summary" >"$work/postc.json"
"$b" -n 50 -stdin "$work/postc.json" -label "PostCompact (20 KB summary, 60 rules)" -- "$bin/si-post-compact"
printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"SessionStart","source":"resume"}' "$work/t48.jsonl" "$work/proj" >"$work/start.json"
touch "$HOME/.claude/session-intelligence/learned" # the one-time learn is not what is measured
export CLAUDE_PLUGIN_ROOT="$work/mkt/plugins/session-intelligence" CLAUDE_PLUGIN_DATA="$work/data"
"$b" -n 100 -stdin "$work/start.json" -label "SessionStart, nothing to do" -- "$bin/si-session-start"
"$b" -n 300 -stdin "$work/sl.json" -label "status line warm (verbose)" -- "$bin/si-statusline"
# The relay module's round trip at a turn end: si-relay reads the request,
# updates the project's relay state under its lock and answers.
printf '{"event":"turn","sessionId":"bench","root":"%s","tokens":20000,"window":"1"}' "$work/proj" >"$work/relay.json"
CLAUDE_RELAY=1 "$b" -n 300 -stdin "$work/relay.json" -label "si-relay decide (turn end)" -- "$bin/si-relay"
# UserPromptSubmit: a short conversational prompt (silent at the gate), and
# a work prompt scored against the full baseline of a 10,000-file
# repository (git cache filled by si-refresh) and the 48 MB transcript.
# The work prompt stays on the dirty file, so it is silent after the full
# scoring and every run does the whole work (a hint is given once only).
big=$work/big
for d in $(seq 1 200); do
  mkdir -p "$big/pkg$d" && for f in $(seq 1 50); do : >"$big/pkg$d/f$f.go"; done
done
git -C "$big" init -q && git -C "$big" add -A && git -C "$big" -c user.name=b -c user.email=b@b commit -qm init
echo change >"$big/pkg1/f1.go"
"$bin/si" refresh git "$big"
ups() { # prompt
  printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"UserPromptSubmit","prompt":"%s"}' "$work/t48.jsonl" "$big" "$1"
}
ups "thanks!" >"$work/ups-silent.json"
ups "Keep going on pkg1/f1.go: finish the change there, then run the tests for pkg1 and fix whatever fails in that package" >"$work/ups-full.json"
"$b" -n 300 -stdin "$work/ups-silent.json" -label "UserPromptSubmit, silent (conversational)" -- "$bin/si-user-prompt-submit"
"$b" -n 100 -stdin "$work/ups-full.json" -label "UserPromptSubmit, full baseline (10k files, 48 MB)" -- "$bin/si-user-prompt-submit"
echo "== binary sizes"
for f in "$bin"/*; do printf '%-24s %.2f MB\n' "$(basename "$f")" "$(echo "$(stat -c %s "$f") / 1048576" | bc -l)"; done
