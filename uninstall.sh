#!/usr/bin/env bash
# Removes session-intelligence from Claude Code, whichever way install.sh
# put it there:
#
#   plugin mode: uninstalls the plugin and its local marketplace with
#     Claude Code's `claude plugin`, then `si uninstall` (below).
#   settings mode: `si uninstall` takes the hooks out of settings.json and
#     puts your previous statusLine back in one edit (settings.json is then
#     byte-identical to before the install), and deletes the binaries and
#     the install record.
#
#   Both: `si uninstall` restores your previous statusLine, removes the
#   /si and /ai user commands, si and ai on PATH (only ours), the stable
#   copies, and the rules block from every CLAUDE.md the plugin wrote to
#   (a CLAUDE.md it created that holds nothing else is deleted; one you
#   edited inside the markers is left and named).
#
#   ./uninstall.sh [--prefix DIR]   # DIR: the configuration directory install.sh used
#
# Logs (~/.claude/logs), session-context.md files, the configuration,
# memory and notes (~/.ai) and the private state directory
# (~/.claude/session-intelligence) are kept; the last lines list them and
# how to delete them. Running it again is harmless: it says there is
# nothing left.
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
config_dir="${CLAUDE_CONFIG_DIR:-$HOME/.claude}"
state="$config_dir/session-intelligence"
record="$state/statusline.json"
wired=""
[ -f "$record" ] && wired=$(sed -n 's/.*"binary":"\([^"]*\)".*/\1/p' "$record")
# An si to do the work: the stable copy in the private state, the one
# beside the wired status line, the one an older install.sh put in the
# plugin's data directory, or this checkout's build.
candidates=("$state/bin/si")
[ -z "$wired" ] || candidates+=("${wired%/*}/si")
candidates+=("$config_dir/plugins/data/${plugin//@/-}/bin/si")
candidates+=("${SI_MARKETPLACE:-$root/plugin}/plugins/session-intelligence/bin/si")
si=""
for c in "${candidates[@]}"; do
  if [ -f "$c" ] && [ -x "$c" ]; then si=$c && break; fi
done
# Uninstalling the plugin deletes its data directory: an si found there
# is copied out first.
case $si in
  "$config_dir/plugins/"*)
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    cp "$si" "$tmp/si" && si="$tmp/si"
    ;;
esac

# The plugin first, so that no session start puts anything back while
# the rest is taken out.
if command -v claude >/dev/null 2>&1; then
  if claude plugin list --json 2>/dev/null | grep -q "\"$plugin\""; then
    claude plugin uninstall "$plugin"
  fi
  if claude plugin marketplace list --json 2>/dev/null | grep -q "\"$market\""; then
    claude plugin marketplace remove "$market"
  fi
elif [ ! -f "$state/install.json" ]; then
  say "Claude Code's CLI is not on PATH; if the plugin is installed, run /plugin uninstall $plugin inside Claude Code" >&2
fi

if [ -n "$si" ]; then
  "$si" uninstall
elif [ -f "$state/install.json" ]; then
  die "no si binary to undo the settings-mode install recorded in $state/install.json; rebuild (scripts/build.sh) and run again"
elif [ -n "$wired" ] && [ -x "$wired" ]; then
  "$wired" --unwire
elif [ -f "$record" ]; then
  say "could not find the status line binary to restore your previous statusLine; see $record" >&2
else
  say "nothing left to remove (no session-intelligence binaries or records in $config_dir)."
fi
