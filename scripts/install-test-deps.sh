#!/usr/bin/env bash
# Installs what the test suite runs besides Go: the pinned Claude Code CLI
# (the end-to-end tests drive it) and the pinned ccusage (the usage
# comparison test). Both go into a cache folder, once.
set -euo pipefail
cache="${XDG_CACHE_HOME:-$HOME/.cache}/session-intelligence"
cc_version=2.1.332
ccusage_version=20.0.24

install() { # dir, packages...
  local dir=$1; shift
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || printf '{"name":"si-test-deps","private":true}\n' >"$dir/package.json"
  (cd "$dir" && npm install --no-audit --no-fund --loglevel=error "$@")
}

cc="$cache/claude-code-$cc_version"
if ! "$cc/node_modules/.bin/claude" --version 2>/dev/null | grep -q "^$cc_version"; then
  echo "installing @anthropic-ai/claude-code@$cc_version into $cc"
  install "$cc" "@anthropic-ai/claude-code@$cc_version"
fi
"$cc/node_modules/.bin/claude" --version

cu="$cache/ccusage-$ccusage_version"
if ! "$cu/node_modules/.bin/ccusage" --version >/dev/null 2>&1; then
  echo "installing ccusage@$ccusage_version into $cu"
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) native="@ccusage/ccusage-linux-x64@$ccusage_version" ;;
    Linux-aarch64) native="@ccusage/ccusage-linux-arm64@$ccusage_version" ;;
    Darwin-arm64) native="@ccusage/ccusage-darwin-arm64@$ccusage_version" ;;
    Darwin-x86_64) native="@ccusage/ccusage-darwin-x64@$ccusage_version" ;;
    *) native="" ;;
  esac
  install "$cu" "ccusage@$ccusage_version" $native
fi
echo "ccusage $("$cu/node_modules/.bin/ccusage" --version)"
