#!/usr/bin/env bash
# The static gates CI runs beside the test suite: formatting, go vet (for
# this platform and for Windows), a build of every package and binary for
# windows/amd64 and darwin/arm64, staticcheck at a pinned version
# (installed into the cache folder on first use), and the race detector on
# every package whose code or tests run goroutines or share memory
# between them. Any finding fails the script.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/session-intelligence"
staticcheck_version=v0.8.2

echo "== gofmt"
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
  echo "gofmt: these files need formatting:" >&2
  echo "$unformatted" >&2
  exit 1
fi

echo "== go vet"
go vet ./...

echo "== go vet (windows)"
GOOS=windows go vet ./...

echo "== cross-compile (windows/amd64, darwin/arm64)"
# Every package, and every binary linked (as release.sh builds them, less
# the stamping) into a scratch directory that is thrown away. One
# architecture per system: no file of ours is specific to one, so
# windows/arm64 and darwin/amd64 compile the same code (release.sh still
# builds all six).
xbin=$(mktemp -d)
trap 'rm -rf "$xbin"' EXIT
for target in windows/amd64 darwin/arm64; do
  CGO_ENABLED=0 GOOS=${target%/*} GOARCH=${target#*/} go build -o "$xbin/" ./...
done

echo "== staticcheck $staticcheck_version"
sc="$cache/staticcheck-$staticcheck_version/staticcheck"
if [ ! -x "$sc" ]; then
  GOBIN="$(dirname "$sc")" go install "honnef.co/go/tools/cmd/staticcheck@$staticcheck_version"
fi
"$sc" ./...

echo "== go test -race (packages with goroutines or shared memory)"
# The race detector finds races between goroutines of one process, so it
# runs where a package's code or tests start goroutines or guard memory
# (go statements, sync, atomic); the other packages' tests would only run
# slower. shared/testkit/e2e and shared/testkit/cctest drive the real CLI:
# their timing is not ours to race-check.
pkgs=$(go list -f '{{.ImportPath}} {{.Dir}}' ./... | grep -v -E '/shared/testkit/(e2e|cctest) ' |
  while read -r pkg dir; do
    if grep -q -E '^\s*go [A-Za-z_.]+\(|^\s*go func|\.Go\(func|sync\.|atomic\.' "$dir"/*.go; then
      echo "$pkg"
    fi
  done)
CGO_ENABLED=1 go test -race -count=1 -timeout 15m $pkgs
