package fakeapi_test

import (
	"os"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

// These tests run the real pinned Claude Code CLI against the fake.

func TestCLIToolRun(t *testing.T) {
	t.Parallel()
	e, srv := cctest.NewFakeEnv(t, fakeapi.Options{})
	res, err := e.Run(t, "-p", "please run [[bash: echo hi]]", "--output-format", "json", "--allowedTools", "Bash(echo:*)")
	if err != nil {
		t.Fatal(err)
	}
	if res.Result != "FAKE-DONE: hi" || res.NumTurns != 2 || res.IsError || res.Subtype != "success" {
		t.Errorf("result = %q, turns %d, is_error %v, subtype %q; want FAKE-DONE: hi in 2 turns", res.Result, res.NumTurns, res.IsError, res.Subtype)
	}
	reqs := srv.MessageRequests()
	if len(reqs) != 2 {
		t.Fatalf("got %d message requests, want 2", len(reqs))
	}
	for _, r := range reqs {
		if r.Header.Get("x-api-key") != cctest.APIKey || !strings.Contains(r.Header.Get("user-agent"), "claude-cli/"+cctest.Version) {
			t.Errorf("request %d headers: key %q, agent %q", r.Seq, r.Header.Get("x-api-key"), r.Header.Get("user-agent"))
		}
		if stream, _ := r.JSON["stream"].(bool); !stream {
			t.Errorf("request %d is not streaming", r.Seq)
		}
	}
	if got := reqs[1].Messages(); !strings.Contains(reqs[1].Text(), "hi") || len(got) < 4 {
		t.Errorf("second request lacks the tool result: %d messages", len(got))
	}
	transcript, err := os.ReadFile(e.TranscriptPath(res.SessionID))
	if err != nil || !strings.Contains(string(transcript), reqs[0].ToolUseID) {
		t.Errorf("transcript lacks %s: %v", reqs[0].ToolUseID, err)
	}
}

func TestCLIManualCompaction(t *testing.T) {
	t.Parallel()
	e, srv := cctest.NewFakeEnv(t, fakeapi.Options{})
	id := cctest.NewSessionID()
	run(t, e, "-p", "first [[bash: echo one]]", "--allowedTools", "Bash(echo:*)", "--session-id", id)
	run(t, e, "--resume", id, "-p", "/compact keep X")
	summary := findSummaryRequest(t, srv)
	if !summary.Contains("Additional Instructions:\nkeep X") {
		t.Errorf("summarisation request lacks the custom instructions")
	}
	if summary.Reply == nil || !strings.Contains(summary.Reply.Text, "Instructions: keep X") {
		t.Errorf("summary reply = %+v", summary.Reply)
	}
	res := run(t, e, "--resume", id, "-p", "after compaction")
	if res.Result != "FAKE-REPLY to: after compaction" {
		t.Errorf("result after compaction = %q", res.Result)
	}
	reqs := srv.MessageRequests()
	if last := reqs[len(reqs)-1]; !last.Contains("FAKE SUMMARY") {
		t.Errorf("request after compaction does not carry the summary")
	}
}

func TestCLIAutoCompaction(t *testing.T) {
	t.Parallel()
	e, srv := cctest.NewFakeEnv(t, fakeapi.Options{})
	id := cctest.NewSessionID()
	res := run(t, e, "-p", "big [[bash: echo @@usage:90000@@]]", "--allowedTools", "Bash(echo:*)",
		"--session-id", id, "--autocompact", "100000")
	if res.Result != "FAKE-DONE: @@usage:90000@@" {
		t.Errorf("first turn result = %q", res.Result)
	}
	res = run(t, e, "--resume", id, "-p", "next", "--autocompact", "100000")
	if res.Result != "FAKE-REPLY to: next" {
		t.Errorf("second turn result = %q", res.Result)
	}
	findSummaryRequest(t, srv)
	transcript, err := os.ReadFile(e.TranscriptPath(id))
	if err != nil || !strings.Contains(string(transcript), `"trigger":"auto"`) {
		t.Errorf("transcript has no auto compact boundary: %v", err)
	}
}

// run runs the CLI with JSON output and fails the test on error.
func run(t *testing.T, e *cctest.Env, args ...string) cctest.Result {
	t.Helper()
	res, err := e.Run(t, append(args, "--output-format", "json")...)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// findSummaryRequest returns the one summarisation request the fake got.
func findSummaryRequest(t *testing.T, srv *fakeapi.Server) fakeapi.Request {
	t.Helper()
	var found []fakeapi.Request
	for _, r := range srv.MessageRequests() {
		if strings.Contains(r.Text(), fakeapi.SummaryMarker) && strings.HasPrefix(r.Reply.Text, "<analysis>") {
			found = append(found, r)
		}
	}
	if len(found) != 1 {
		t.Fatalf("got %d summarisation requests, want 1", len(found))
	}
	return found[0]
}
