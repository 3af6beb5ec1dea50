package replay

import (
	"strings"
	"testing"
)

// TestInFlight: what a replay knows of the files in flight.
func TestInFlight(t *testing.T) {
	var f inFlight
	f.observe("Edit", "/p/a.go", "")
	f.observe("Read", "/p/b.go", "")
	f.observe("Write", "/p/c.go", "")
	f.observe("Edit", "/p/a.go", "")
	if js(f.files) != `["/p/a.go","/p/c.go"]` {
		t.Errorf("in flight = %v", f.files)
	}
	f.observe("Bash", "/p", "commit")
	f.observe("MultiEdit", "/p/d.go", "")
	f.observe("NotebookEdit", "", "")
	if js(f.files) != `["/p/d.go"]` {
		t.Errorf("after a commit = %v", f.files)
	}
	for i := range maxInFlight + 5 {
		f.observe("Edit", "/p/x"+string(rune('a'+i%26))+strings.Repeat("y", i/26), "")
	}
	if len(f.files) != maxInFlight || f.files[0] == "/p/d.go" {
		t.Errorf("%d files kept, the first %s: want the newest %d", len(f.files), f.files[0], maxInFlight)
	}
}
