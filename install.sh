#!/usr/bin/env bash
# Installs session-intelligence into Claude Code from this checkout:
# builds the native binaries into plugin/ (Go 1.26+, or prebuilt binaries
# already in plugin/plugins/session-intelligence/bin), registers plugin/
# as a local marketplace and installs the plugin from it. Idempotent.
#
#   ./install.sh            # build, add the marketplace, install the plugin
#   ./install.sh --no-build # use the binaries already in plugin/
set -euo pipefail
root=$(cd "$(dirname "$0")" && pwd)
market=session-intelligence
plugin="session-intelligence@$market"
mkt="${SI_MARKETPLACE:-$root/plugin}" # another marketplace folder (tests, release folders)
bin="$mkt/plugins/session-intelligence/bin"

say() { printf 'session-intelligence: %s\n' "$*"; }

if [ "${1:-}" != "--no-build" ]; then
  if command -v go >/dev/null 2>&1; then
    "$root/scripts/build.sh"
  elif [ ! -x "$bin/si-post-tool-use" ]; then
    say "Go is not installed and no prebuilt binaries are in $bin; install Go 1.26+ or use a release folder" >&2
    exit 1
  fi
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
say "installed. Start a session with: claude"
