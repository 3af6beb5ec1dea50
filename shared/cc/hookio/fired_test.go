package hookio

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

func TestFiredRecords(t *testing.T) {
	home := t.TempDir()
	getenv := func(k string) string { return map[string]string{"HOME": home}[k] }
	dirs, err := paths.Resolve(getenv)
	if err != nil {
		t.Fatal(err)
	}
	run := func(event Event, stdin string) {
		var out bytes.Buffer
		Main(event, proc.IO{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &out, Getenv: getenv, Now: time.Now},
			func(*Runtime, *Input) (Result, error) { return Result{}, nil })
	}
	run(PostToolUse, `{"session_id":"../evil"`) // malformed: no record
	if got := ReadFired(dirs); len(got) != 0 {
		t.Fatalf("a malformed payload left a record: %v", got)
	}
	before := time.Now().Add(-time.Second)
	run(PostToolUse, `{"session_id":"abc-123"}`)
	run(SessionStart, `{"session_id":"../../x"}`)
	got := ReadFired(dirs)
	if r := got[PostToolUse]; r.SID != "abc-123" || r.At.Before(before) {
		t.Errorf("PostToolUse record = %+v", r)
	}
	if r := got[SessionStart]; strings.Contains(r.SID, "/") || r.SID == "" {
		t.Errorf("SessionStart record kept an unsanitised id: %+v", r)
	}
	if _, ok := got[PreCompact]; ok || len(got) != 2 {
		t.Errorf("records = %v; want PostToolUse and SessionStart only", got)
	}
}
