#!/usr/bin/env bash
# Installs session-intelligence into Claude Code from this checkout. It
# builds the native binaries into plugin/ (Go 1.26+; without Go it uses
# prebuilt binaries already there, or in the release folder named by
# SI_MARKETPLACE), then installs them one of two ways:
#
#   plugin mode (default): registers plugin/ as a local marketplace and
#     installs session-intelligence@session-intelligence from it with
#     Claude Code's `claude plugin`; stable copies of si and ai go to
#     ~/.claude/session-intelligence/bin, with plain /si and /ai.
#   settings mode (--settings; also when `claude` is not on PATH or has no
#     `plugin` command): copies the binaries to
#     ~/.claude/session-intelligence/bin, registers the hooks in
#     ~/.claude/settings.json, chains the status line and installs /si as
#     ~/.claude/commands/si.md. The settings.json edits are made by
#     `si install` (byte-preserving, with a backup).
#
#   Both put si and ai on PATH: links in ~/.local/bin (created when
#   missing) to those stable copies, which outlive plugin upgrades and
#   uninstalls. An si or ai there that is not ours is left alone. When
#   the directory is not on PATH, the line to add is printed.
#
#   ./install.sh                     # build, install as a plugin
#   ./install.sh --settings          # build, install into settings.json
#   ./install.sh --settings --dry-run  # print the changes and the settings.json diff; write nothing
#   ./install.sh --prefix DIR        # use DIR as Claude Code's configuration directory
#                                    # (instead of ~/.claude; run Claude Code with CLAUDE_CONFIG_DIR=DIR)
#   ./install.sh --no-build          # use the binaries already built
#   ./install.sh --bin-dir DIR       # put si and ai in DIR instead of ~/.local/bin
#
# Running it again changes nothing. ./uninstall.sh takes it back out.
set -euo pipefail
root=$(cd "$(dirname "$0")" && pwd)
market=session-intelligence
plugin="session-intelligence@$market"
mkt="${SI_MARKETPLACE:-$root/plugin}" # another marketplace folder (tests, release folders)
bin="$mkt/plugins/session-intelligence/bin"

say() { printf 'session-intelligence: %s\n' "$*"; }
die() { say "$*" >&2; exit 1; }

mode=auto build=1 dry=""
bindir=""
while [ $# -gt 0 ]; do
  case $1 in
    --bin-dir) [ -n "${2:-}" ] || die "--bin-dir needs a directory"; bindir=$2; shift ;;
    --bin-dir=*) bindir=${1#--bin-dir=} ;;
    --settings) mode=settings ;;
    --plugin) mode=plugin ;;
    --dry-run) dry=--dry-run ;;
    --no-build) build=0 ;;
    --prefix) [ -n "${2:-}" ] || die "--prefix needs a directory"; export CLAUDE_CONFIG_DIR=$2; shift ;;
    --prefix=*) export CLAUDE_CONFIG_DIR=${1#--prefix=} ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option $1 (see ./install.sh --help)" ;;
  esac
  shift
done
if [ -n "${CLAUDE_CONFIG_DIR:-}" ]; then
  mkdir -p "$CLAUDE_CONFIG_DIR"
  CLAUDE_CONFIG_DIR=$(cd "$CLAUDE_CONFIG_DIR" && pwd)
fi
config_dir=${CLAUDE_CONFIG_DIR:-$HOME/.claude}

if [ "$mode" = auto ]; then
  if [ -n "$dry" ]; then
    mode=settings
  elif ! command -v claude >/dev/null 2>&1; then
    say "Claude Code's claude is not on PATH: installing into settings.json (use --plugin for the marketplace instructions)"
    mode=settings
  elif ! claude plugin --help >/dev/null 2>&1; then
    say "this Claude Code has no plugin command: installing into settings.json"
    mode=settings
  else
    mode=plugin
  fi
fi
[ -z "$dry" ] || [ "$mode" = settings ] || die "--dry-run is for settings mode (--settings)"

if [ "$build" = 1 ] && command -v go >/dev/null 2>&1; then
  "$root/scripts/build.sh" >/dev/null
  say "built into $bin"
elif [ ! -x "$bin/si-post-tool-use" ]; then
  die "Go is not installed and no prebuilt binaries are in $bin; install Go 1.26+ or use a release folder (SI_MARKETPLACE=<folder> ./install.sh --no-build)"
fi

if [ "$mode" = settings ]; then
  exec "$bin/si" install --from "$mkt/plugins/session-intelligence" $dry ${bindir:+--bin-dir "$bindir"}
fi

if [ -f "$config_dir/session-intelligence/install.json" ]; then
  die "already installed in settings mode ($config_dir/session-intelligence/install.json); run ./uninstall.sh first, or ./install.sh --settings to update that install"
fi
if ! command -v claude >/dev/null 2>&1; then
  say "built. Claude Code's CLI is not on PATH; from inside Claude Code run:"
  say "  /plugin marketplace add $mkt"
  say "  /plugin install $plugin"
  exit 0
fi
if claude plugin marketplace list --json 2>/dev/null | grep -q "\"$market\""; then
  claude plugin marketplace update "$market" >/dev/null 2>&1 || true
else
  claude plugin marketplace add "$mkt"
fi
if claude plugin list --json 2>/dev/null | grep -q "\"$plugin\""; then
  say "$plugin already installed; it loads in place from $mkt (restart Claude Code or /reload-plugins to pick up a rebuild)"
else
  claude plugin install "$plugin"
fi
# The stable copies of si and ai (in the private state, outside the
# plugin's folders), plain /si and /ai running them, and si and ai on
# PATH; the SessionStart hook keeps them current from then on.
"$bin/si" install --from "$mkt/plugins/session-intelligence" --plugin "$plugin" ${bindir:+--bin-dir "$bindir"}
say "installed. Start a session with: claude"
