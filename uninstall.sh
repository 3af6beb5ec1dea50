#!/usr/bin/env bash
# Removes the session-intelligence plugin and its local marketplace from
# Claude Code. Logs (~/.claude/logs) and the private state directory
# (~/.claude/session-intelligence) are left in place; the last line says
# how to delete them.
set -euo pipefail
market=session-intelligence
plugin="session-intelligence@$market"
say() { printf 'session-intelligence: %s\n' "$*"; }
if ! command -v claude >/dev/null 2>&1; then
  say "Claude Code's CLI is not on PATH; from inside Claude Code run /plugin uninstall $plugin" >&2
  exit 1
fi
# Give the statusLine back first, while the stable copy of the status line
# binary (recorded when it was wired) still exists.
record="${CLAUDE_CONFIG_DIR:-$HOME/.claude}/session-intelligence/statusline.json"
if [ -f "$record" ]; then
  wired=$(sed -n 's/.*"binary":"\([^"]*\)".*/\1/p' "$record")
  if [ -n "$wired" ] && [ -x "$wired" ]; then
    "$wired" --unwire
  else
    say "could not find the status line binary to restore your previous statusLine; see $record" >&2
  fi
fi
if claude plugin list --json 2>/dev/null | grep -q "\"$plugin\""; then
  claude plugin uninstall "$plugin"
fi
if claude plugin marketplace list --json 2>/dev/null | grep -q "\"$market\""; then
  claude plugin marketplace remove "$market"
fi
state="${CLAUDE_CONFIG_DIR:-$HOME/.claude}/session-intelligence"
say "uninstalled. Kept your logs and $state; remove that directory to delete archived tool responses and session state."
