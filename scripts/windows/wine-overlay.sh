#!/usr/bin/env bash
# The Windows lane's one accommodation of Wine: a Go build overlay
# (go test -overlay) that the lane compiles every Windows test binary
# with. Usage: wine-overlay.sh DIR — writes DIR/overlay.json and the
# files it names, and prints the JSON file's path.
#
# Where Wine 8 answers a Windows call differently from every Windows,
# the overlay makes Go's standard library read Wine's answer as the one
# a real Windows gives, in copies of the installed Go's own files. Our
# code and tests are compiled unchanged, and no Go program that ships is
# built with it. Each patch below names the Wine limit it covers; a patch
# that no longer applies to the installed Go fails the lane, loudly.
set -euo pipefail
dir=$1
src="$(go env GOROOT)/src"
mkdir -p "$dir"
replace=()

# patch FILE OLD NEW COUNT: copy $src/FILE with every OLD (a fixed
# string, found exactly COUNT times) replaced by NEW.
patch() {
  local file=$1 old=$2 new=$3 count=$4 out
  out="$dir/$(echo "$file" | tr / _)"
  if [ "$(grep -c -F -- "$old" "$src/$file")" != "$count" ]; then
    echo "wine-overlay.sh: $src/$file no longer has $count of \"$old\"; check the patch against this Go" >&2
    exit 1
  fi
  OLD=$old NEW=$new perl -pe 's/\Q$ENV{OLD}\E/$ENV{NEW}/g' "$src/$file" >"$out"
  replace+=("\"$src/$file\":\"$out\"")
}

# add FILE: a new file of the standard library's, from stdin.
add() {
  local out
  out="$dir/$(echo "$1" | tr / _)"
  cat >"$out"
  replace+=("\"$src/$1\":\"$out\"")
}

# 1. Deleting a file by handle. Wine 8 does not implement
# FileDispositionInformationEx: NtSetInformationFile answers
# STATUS_NOT_IMPLEMENTED ("Unsupported class (64)") where a Windows
# without it answers STATUS_INVALID_INFO_CLASS. Go's Deleteat (behind
# os.RemoveAll, and so every t.TempDir cleanup) falls back to the older
# FileDispositionInfo on Windows's answer only, and fails under Wine with
# "unlinkat …: Invalid function". Wine's answer joins the fallback's list.
patch internal/syscall/windows/at_windows.go \
  'STATUS_NOT_SUPPORTED:' \
  'STATUS_NOT_SUPPORTED, NTStatus(0xC0000002) /* STATUS_NOT_IMPLEMENTED: Wine 8 */:' 1

# 2. Symbolic links. Wine 8's CreateSymbolicLinkW is a stub: it reports
# success and makes nothing, so a test that made a link would test a
# missing file, and code that made one would trust a link that is not
# there. os.Symlink then checks that the link exists and, when it does
# not, fails as a Windows that does not let this user make links does
# (ERROR_PRIVILEGE_NOT_HELD): the tests' "no symlinks here" skips and the
# code's own fallbacks take over, as they do on such a Windows.
patch os/file_windows.go 'syscall.CreateSymbolicLink(' 'wineCreateSymbolicLink(' 2
add os/zz_wine_symlink_windows.go <<'EOF'
package os

import "syscall"

// wineCreateSymbolicLink is syscall.CreateSymbolicLink, failing where
// Wine's stub reported a link it did not make (scripts/windows/wine-overlay.sh).
func wineCreateSymbolicLink(link, target *uint16, flags uint32) error {
	if err := syscall.CreateSymbolicLink(link, target, flags); err != nil {
		return err
	}
	if _, err := syscall.GetFileAttributes(link); err != nil {
		return syscall.ERROR_PRIVILEGE_NOT_HELD
	}
	return nil
}
EOF

(
  IFS=,
  printf '{"Replace":{%s}}\n' "${replace[*]}"
) >"$dir/overlay.json"
echo "$dir/overlay.json"
