# Shared parts of the whole-process benchmark scripts; source it.

# bench_hello WORK: builds the cheapest Go program into WORK/hello.bin, the
# baseline every figure is read against (what process start alone costs).
bench_hello() {
  mkdir -p "$1/hello" && printf 'package main\nfunc main() {}\n' >"$1/hello/main.go"
  (cd "$1/hello" && printf 'module hello\ngo 1.26\n' >go.mod && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$1/hello.bin" .)
}

# bench_fake_claude WORK: puts a stand-in claude first on PATH, so that the
# background summarisers a command starts finish at once instead of failing.
bench_fake_claude() {
  mkdir -p "$1/bin"
  printf '#!/bin/sh\ncat >/dev/null\nprintf %s\n' \
    "'{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":false,\"result\":\"bench summary\"}'" >"$1/bin/claude"
  chmod 755 "$1/bin/claude"
  export PATH="$1/bin:$PATH"
}
