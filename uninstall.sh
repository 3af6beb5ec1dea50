#!/usr/bin/env bash
# Removes session-intelligence from Claude Code, whichever way install.sh
# put it there:
#
#   settings mode: `si uninstall` takes the hooks out of settings.json and
#     puts your previous statusLine back in one edit (settings.json is then
#     byte-identical to before the install), and deletes the binaries, the
#     /si command file and the install record.
#   plugin mode: restores your previous statusLine, removes the /si user
#     command, then uninstalls the plugin and its local marketplace.
#
#   ./uninstall.sh [--prefix DIR]   # DIR: the configuration directory install.sh used
#
# Logs (~/.claude/logs), session-context.md files and the private state
# directory (~/.claude/session-intelligence) are left in place; the last
# line says how to delete them.
set -euo pipefail
root=$(cd "$(dirname "$0")" && pwd)
market=session-intelligence
plugin="session-intelligence@$market"
say() { printf 'session-intelligence: %s\n' "$*"; }
die() { say "$*" >&2; exit 1; }
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) [ -n "${2:-}" ] || die "--prefix needs a directory"; export CLAUDE_CONFIG_DIR=$2; shift ;;
    --prefix=*) export CLAUDE_CONFIG_DIR=${1#--prefix=} ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option $1 (see ./uninstall.sh --help)" ;;
  esac
  shift
done
state="${CLAUDE_CONFIG_DIR:-$HOME/.claude}/session-intelligence"
record="$state/statusline.json"
wired=""
[ -f "$record" ] && wired=$(sed -n 's/.*"binary":"\([^"]*\)".*/\1/p' "$record")
# An si to do the settings work: the settings-mode copy, the stable copy
# beside the wired status line, the one install.sh put in the plugin's
# data directory, or this checkout's build.
candidates=("$state/bin/si")
[ -z "$wired" ] || candidates+=("${wired%/*}/si")
candidates+=("${CLAUDE_CONFIG_DIR:-$HOME/.claude}/plugins/data/${plugin//@/-}/bin/si")
candidates+=("${SI_MARKETPLACE:-$root/plugin}/plugins/session-intelligence/bin/si")
si=""
for c in "${candidates[@]}"; do
  if [ -f "$c" ] && [ -x "$c" ]; then si=$c && break; fi
done

settings_mode=0
[ ! -f "$state/install.json" ] || settings_mode=1
if [ "$settings_mode" = 1 ]; then
  [ -n "$si" ] || die "no si binary to undo the settings-mode install recorded in $state/install.json; rebuild (scripts/build.sh) and run again"
  "$si" uninstall
else
  # Give the statusLine back first, while the stable copy of the status
  # line binary (recorded when it was wired) still exists.
  if [ -n "$wired" ] && [ -x "$wired" ]; then
    "$wired" --unwire
  elif [ -f "$record" ]; then
    say "could not find the status line binary to restore your previous statusLine; see $record" >&2
  fi
  if [ -n "$si" ]; then
    "$si" uninstall # the /si user command
  fi
fi

if command -v claude >/dev/null 2>&1; then
  if claude plugin list --json 2>/dev/null | grep -q "\"$plugin\""; then
    claude plugin uninstall "$plugin"
  fi
  if claude plugin marketplace list --json 2>/dev/null | grep -q "\"$market\""; then
    claude plugin marketplace remove "$market"
  fi
elif [ "$settings_mode" = 0 ]; then
  say "Claude Code's CLI is not on PATH; if the plugin is installed, run /plugin uninstall $plugin inside Claude Code" >&2
fi
say "uninstalled. Kept your logs and $state; remove that directory to delete archived tool responses and session state."
