package main

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
	"github.com/session-intelligence/session-intelligence/shared/ai/notes/full/cli"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/testkit/scripttest"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"ai": main,
		// ai notes sync's binary, found on PATH by ai's delegation.
		"ai-sync": func() { os.Exit(cli.Main(os.Args[1:], proc.OS())) },
	})
}

// TestScripts runs testdata/*.txtar against the ai binary, with the
// views cache inside the work dir and two more commands: seednotes and
// waitfor.
func TestScripts(t *testing.T) {
	p := scripttest.Params()
	setup := p.Setup
	p.Setup = func(e *testscript.Env) error {
		e.Setenv("XDG_CACHE_HOME", e.WorkDir+"/cache")
		return setup(e)
	}
	p.Cmds["seednotes"] = seedNotes
	p.Cmds["waitfor"] = waitFor
	testscript.Run(t, p)
}

// seedNotes adds N notes of about CHARS characters to the memory in DIR
// in one commit: seednotes DIR N CHARS.
func seedNotes(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 3 {
		ts.Fatalf("usage: seednotes DIR N CHARS")
	}
	n, err1 := strconv.Atoi(args[1])
	size, err2 := strconv.Atoi(args[2])
	if err1 != nil || err2 != nil {
		ts.Fatalf("seednotes: N and CHARS are numbers")
	}
	m, _, err := memory.Open(ts.MkAbs(args[0]), nil)
	ts.Check(err)
	texts := make([]string, n)
	for i := range texts {
		texts[i] = fmt.Sprintf("seeded %d %s", i, strings.Repeat("z", max(size-12, 1)))
	}
	ts.Check(m.Import(texts, time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)))
}

// waitFor waits up to 20 s for FILE to match REGEX: waitfor FILE REGEX.
func waitFor(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: waitfor FILE REGEX")
	}
	re := regexp.MustCompile(args[1])
	deadline := time.Now().Add(20 * time.Second)
	for {
		data, _ := os.ReadFile(ts.MkAbs(args[0]))
		if re.Match(data) {
			return
		}
		if time.Now().After(deadline) {
			ts.Fatalf("%s never matched %q; it holds:\n%s", args[0], args[1], data)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
