package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/intel/guidance"
	"github.com/session-intelligence/session-intelligence/shared/intel/handoff"
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

const guidanceMark = "# Session Intelligence — compaction guidance"

// seedDrop selects the seed's DROP (shape.safeDrop false).
const seedDrop = "CLAUDE_SHAPE_SAFE_DROP=0"

// workedSession runs a session that reads files in legacy/ first and in
// src/auth/ and src/billing/ afterwards, so that the shape has a cold and
// hot band. With the default safe DROP nothing of so short a session is
// dropped (legacy was touched within the last 30 calls, and no commit
// landed it): the tests that need a DROP band pass seedDrop, the seed's
// DROP by score (compact_drop_test.go checks the safe one).
func workedSession(t *testing.T, extra ...string) *session {
	t.Helper()
	s := newSession(t, extra...)
	s.run(t, workPrompt(t, s, true))
	return s
}

// workPrompt creates the files and returns the prompt that reads them:
// src/auth and src/billing, after legacy/ when withLegacy.
func workPrompt(t *testing.T, s *session, withLegacy bool) string {
	t.Helper()
	var prompt strings.Builder
	prompt.WriteString("work ")
	read := func(rel string) {
		path := filepath.Join(s.env.Project, rel)
		must(t, os.MkdirAll(filepath.Dir(path), 0o755))
		must(t, os.WriteFile(path, []byte("package x\n"), 0o644))
		fmt.Fprintf(&prompt, `[[tool: Read {"file_path":%q}]] `, path)
	}
	for i := 0; i < 3 && withLegacy; i++ {
		read(fmt.Sprintf("legacy/old%d.go", i))
	}
	for i := 0; i < 8; i++ {
		read(fmt.Sprintf("src/auth/a%d.go", i))
		read(fmt.Sprintf("src/billing/b%d.go", i))
	}
	return prompt.String()
}

// summarisation returns the summarisation request that reached the fake.
func summarisation(t *testing.T, api *fakeapi.Server) fakeapi.Request {
	t.Helper()
	for _, r := range api.MessageRequests() {
		if r.Contains(fakeapi.SummaryMarker) {
			return r
		}
	}
	t.Fatal("no summarisation request reached the fake API")
	return fakeapi.Request{}
}

// TestManualCompactGuidance: `/compact keep X` sends the summariser the
// user's words followed by our guidance, whose PRESERVE names the
// directories the session worked in and whose DROP (the seed's) names the
// one it left;
// the compaction is recorded; the next request carries the resume block.
func TestManualCompactGuidance(t *testing.T) {
	t.Parallel()
	s := workedSession(t, seedDrop)
	s.resume(t, "/compact keep X")
	sum := summarisation(t, s.api).Text()
	keep, ours := strings.Index(sum, "keep X"), strings.Index(sum, guidanceMark)
	if keep < 0 || ours < keep {
		t.Fatalf("summariser prompt lacks 'keep X' followed by our guidance (keep %d, ours %d)", keep, ours)
	}
	g := sum[ours:]
	p, d := strings.Index(g, "PRESERVE ("), strings.Index(g, "SAFE TO DROP (")
	if p < 0 || d < p {
		t.Fatalf("guidance lacks PRESERVE followed by SAFE TO DROP:\n%s", g)
	}
	for _, want := range []string{"src/auth", "src/billing"} {
		if !strings.Contains(g[p:d], want) {
			t.Errorf("PRESERVE lacks %s:\n%s", want, g)
		}
	}
	if !strings.Contains(g[d:], "legacy") {
		t.Errorf("SAFE TO DROP lacks legacy:\n%s", g)
	}
	if strings.Contains(g, "MEMORY OFFLOAD") || strings.Contains(g, "write auto-memory") {
		t.Errorf("the summariser, which may call no tool, is asked to write files:\n%s", g)
	}
	entries, err := history.Read(filepath.Join(s.env.Home, ".claude", "logs", "compact-history.jsonl"))
	if err != nil || len(entries) != 1 || entries[0].Trigger != "manual" || entries[0].SID != s.sid {
		t.Fatalf("history = %+v, %v", entries, err)
	}
	s.resume(t, "carry on")
	last := s.api.MessageRequests()[len(s.api.MessageRequests())-1]
	if !last.Contains("SESSION RESUME") || !last.Contains("src/auth") {
		t.Errorf("the request after the compaction lacks the resume block:\n%.2000s", last.Text())
	}
	for _, want := range []string{"Start your next reply with this banner, verbatim", "── session resumed after compaction ──", handoff.ManualTip} {
		if !last.Contains(want) {
			t.Errorf("the resume block lacks %q:\n%.3000s", want, last.Text())
		}
	}
}

// TestStablePrefixGuidance: with the default stable prefix, compacting the
// same working set twice gives byte-identical guidance although the call
// counts and token figures grew in between; with stablePrefix off the
// figures appear. (A second round of work before the first compaction
// puts legacy out of the last 30 calls both times: the same set.)
func TestStablePrefixGuidance(t *testing.T) {
	t.Parallel()
	s := workedSession(t)
	s.resume(t, workPrompt(t, s, false))
	s.resume(t, "/compact")
	first := guidanceOf(t, lastSummarisation(t, s.api).Text())
	s.resume(t, workPrompt(t, s, false))
	s.resume(t, "/compact")
	second := guidanceOf(t, lastSummarisation(t, s.api).Text())
	if first != second {
		t.Errorf("guidance differs between two compactions of the same working set:\n%s\n---\n%s", first, second)
	}
	s.env.Extra = append(s.env.Extra, "CLAUDE_COMPACT_STABLE_PREFIX=0")
	s.resume(t, "/compact")
	if verbose := guidanceOf(t, lastSummarisation(t, s.api).Text()); !strings.Contains(verbose, " calls)") {
		t.Errorf("with stablePrefix off the guidance lacks call counts:\n%s", verbose)
	}
}

// lastSummarisation returns the latest summarisation request.
func lastSummarisation(t *testing.T, api *fakeapi.Server) fakeapi.Request {
	t.Helper()
	reqs := api.MessageRequests()
	for i := len(reqs) - 1; i >= 0; i-- {
		if reqs[i].Contains(fakeapi.SummaryMarker) {
			return reqs[i]
		}
	}
	t.Fatal("no summarisation request reached the fake API")
	return fakeapi.Request{}
}

// guidanceOf cuts our block out of the summarisation prompt.
func guidanceOf(t *testing.T, prompt string) string {
	t.Helper()
	i := strings.LastIndex(prompt, guidanceMark) // earlier summaries may quote older guidance
	if i < 0 {
		t.Fatal("no guidance in the summariser prompt")
	}
	g := prompt[i:]
	end := strings.Index(g, guidance.End)
	if end < 0 {
		t.Fatal("guidance without its end line")
	}
	return g[:end]
}

// TestAutoCompactGuidanceAndRegret: an automatic compaction (forced with
// a reported usage over the threshold) gets the same guidance with no
// custom instructions; after it, 30 more tool calls close the regret
// window, and a Read of the directory the seed's DROP dropped is stamped
// as hard regret.
func TestAutoCompactGuidanceAndRegret(t *testing.T) {
	t.Parallel()
	s := workedSession(t, seedDrop)
	s.resume(t, "go [[bash: echo @@usage:90000@@]]", "--autocompact", "100000")
	s.resume(t, "next", "--autocompact", "100000")
	g := guidanceOf(t, summarisation(t, s.api).Text())
	if !strings.Contains(g, "PRESERVE") || !strings.Contains(g, "src/auth") {
		t.Fatalf("auto compaction guidance lacks PRESERVE src/auth:\n%s", g)
	}
	var prompt strings.Builder
	fmt.Fprintf(&prompt, `recheck [[tool: Read {"file_path":%q}]] `, filepath.Join(s.env.Project, "legacy", "old0.go"))
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&prompt, "[[bash: echo %d]] ", i)
	}
	s.resume(t, prompt.String(), "--autocompact", "100000")
	entries, _ := history.Read(filepath.Join(s.env.Home, ".claude", "logs", "compact-history.jsonl"))
	if len(entries) != 1 {
		t.Fatalf("history has %d entries", len(entries))
	}
	e := entries[0]
	if e.Trigger != "auto" || !e.WindowClosed || e.RegretHits != 1 || e.RegretCount != 1 || strings.Join(e.RegretDirs, ",") != "legacy" {
		js, _ := json.Marshal(e)
		t.Errorf("history entry after the window: %s", js)
	}
}
