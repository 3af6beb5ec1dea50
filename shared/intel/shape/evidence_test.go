package shape

import (
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

func TestEvidence(t *testing.T) {
	var e Evidence
	e.Dir("/p")
	e.Dir("") // says nothing
	use := func(id, tool, input string) { e.Use(id, tool, jsonx.RawMessage(input), "/p") }
	use("r1", "Read", `{"file_path":"src/api/h.go"}`)
	use("r2", "Read", `{"file_path":"/p/gone/x.go"}`)
	use("g1", "Grep", `{"pattern":"x","path":"internal/db"}`)
	use("b1", "Bash", `{"command":"git status"}`)
	use("b2", "Bash", `{"command":"ls"}`)
	use("b3", "Bash", `{"command":"cat nope"}`)
	use("r1", "Read", `{"file_path":"/p/again/y.go"}`) // the same call written again
	e.Result("r2", jsonx.RawMessage(`"File does not exist."`), true)
	e.Result("b1", jsonx.RawMessage(`"modified:   src/web/app.ts\n origin/main"`), false)
	e.Result("b2", jsonx.RawMessage(`[{"type":"text","text":"/opt/tool/bin/run"}]`), false)
	e.Result("b3", jsonx.RawMessage(`"/p/secret/z.go"`), true)
	e.Result("x9", jsonx.RawMessage(`"/p/orphan/o.go"`), false) // no call: ignored
	k := e.Known()
	tests := []struct {
		path       string
		isDir, ok  bool
		whyMissing string
	}{
		{"/p", true, true, "the working directory"},
		{"/p/src/api/h.go", false, true, "a file read"},
		{"/p/src/api", true, true, "its parent"},
		{"/p/internal/db", true, true, "a path searched"},
		{"/p/src/web/app.ts", false, true, "printed, under a known directory"},
		{"/opt/tool/bin/run", false, true, "printed, absolute"},
		{"/p/gone/x.go", false, false, "the read failed"},
		{"/p/origin/main", false, false, "printed, but origin is not a known directory"},
		{"/p/secret/z.go", false, false, "printed by a failed call"},
		{"/p/orphan/o.go", false, false, "a result without its call"},
		{"/p/again/y.go", false, false, "a repeated call id"},
	}
	for _, tt := range tests {
		isDir, ok := k.Lookup(tt.path)
		if isDir != tt.isDir || ok != tt.ok {
			t.Errorf("%s (%s): Lookup = %v, %v; want %v, %v", tt.path, tt.whyMissing, isDir, ok, tt.isDir, tt.ok)
		}
	}
}

func TestPrintedPaths(t *testing.T) {
	got := printedPaths(`src/a.go:12: x  "./b/c.ts", -rw-r--r-- http://x/y a//b (lib/d.py) plain ~/$(x)/y`)
	want := []string{"src/a.go", "./b/c.ts", "lib/d.py"}
	if len(got) != len(want) {
		t.Fatalf("printedPaths = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("printedPaths[%d] = %q, want %q", i, got[i], want[i])
		}
	}
}
