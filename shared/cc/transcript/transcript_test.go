package transcript

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/testkit/synth"
)

// asst is an assistant record line.
func asst(id, req, model string, in, out, write, read int64, extra string) string {
	return fmt.Sprintf(`{"type":"assistant","requestId":%q,"timestamp":"2026-11-01T10:00:00Z","message":{"id":%q,"model":%q,"content":[{"type":"tool_use","id":"toolu_%s","name":"Bash","input":{}}],"usage":{"input_tokens":%d,"output_tokens":%d,"cache_creation_input_tokens":%d,"cache_read_input_tokens":%d}}%s}`,
		req, id, model, id, in, out, write, read, extra)
}

func write(t *testing.T, lines ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func appendTo(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

func TestDedupeAndContext(t *testing.T) {
	path := write(t,
		`{"type":"user","timestamp":"2026-11-01T09:59:00Z","message":{"role":"user","content":"hi"}}`,
		asst("m1", "r1", "claude-opus-4-6", 10, 5, 100, 1000, ""),
		asst("m1", "r1", "claude-opus-4-6", 10, 50, 100, 1000, ""), // same response, more output: replaces
		asst("m2", "r2", "claude-opus-4-6", 20, 7, 0, 2000, `,"isSidechain":true`),
		asst("m3", "r3", "<synthetic>", 99, 99, 99, 99, ""),
		asst("m4", "r4", "claude-sonnet-4-5", 1, 2, 3, 4, `,"version":"2.1.332"`),
		asst("m4", "r4", "claude-sonnet-4-5", 1, 1, 3, 4, ""), // smaller: ignored
	)
	s, err := Scan(path, "")
	if err != nil {
		t.Fatal(err)
	}
	want := pricing.Usage{Input: 31, Output: 59, CacheWrite: 103, CacheRead: 3004}
	if s.Totals != want {
		t.Errorf("Totals = %+v, want %+v", s.Totals, want)
	}
	if s.Responses != 3 {
		t.Errorf("Responses = %d, want 3", s.Responses)
	}
	if tok, ok := s.ContextTokens(); !ok || tok != 1+3+4 {
		t.Errorf("ContextTokens = %d %v, want 8 (latest main-chain response)", tok, ok)
	}
	if got := s.ModelNames(); strings.Join(got, ",") != "claude-opus-4-6,claude-sonnet-4-5" {
		t.Errorf("models = %v", got)
	}
	if !s.HasToolUse("toolu_m4") || s.HasToolUse("toolu_zz") {
		t.Errorf("HasToolUse wrong: %v", s.ToolUses)
	}
	if s.First.Format("15:04") != "09:59" {
		t.Errorf("First = %v, want the first record's timestamp", s.First)
	}
	if s.Version != "2.1.332" {
		t.Errorf("Version = %q, want the latest main-chain response's", s.Version)
	}
	if s.Peak != 10+100+1000 {
		t.Errorf("Peak = %d, want 1110 (the largest main-chain context, not the subagent's, not a synthetic record's)", s.Peak)
	}
}

// TestPeakSurvivesCompaction: the largest context stays known after a
// compaction, and a later scan that resumes from the cache keeps it.
func TestPeakSurvivesCompaction(t *testing.T) {
	path := write(t,
		asst("m1", "r1", "claude-opus-4-6", 10, 5, 0, 246000, ""),
		`{"type":"system","subtype":"compact_boundary","timestamp":"2026-11-01T11:00:00Z","compactMetadata":{"trigger":"auto","preTokens":246010,"postTokens":2690}}`,
	)
	cache := t.TempDir()
	if s, err := Scan(path, cache); err != nil || s.Peak != 246010 {
		t.Fatalf("Peak = %d (%v), want 246010", s.Peak, err)
	}
	appendTo(t, path, asst("m2", "r2", "claude-opus-4-6", 3, 4, 5000, 2000, "")+"\n")
	if s, err := Scan(path, cache); err != nil || s.Peak != 246010 {
		t.Errorf("after a resumed scan Peak = %d (%v), want 246010", s.Peak, err)
	}
}

func TestCompactBoundary(t *testing.T) {
	path := write(t,
		asst("m1", "r1", "claude-opus-4-6", 10, 5, 0, 150000, ""),
		`{"type":"system","subtype":"compact_boundary","timestamp":"2026-11-01T11:00:00Z","compactMetadata":{"trigger":"auto","preTokens":150010,"postTokens":2690}}`,
	)
	s, err := Scan(path, "")
	if err != nil {
		t.Fatal(err)
	}
	if tok, ok := s.ContextTokens(); !ok || tok != 2690 {
		t.Errorf("after a compaction ContextTokens = %d, want postTokens 2690", tok)
	}
	if c, ok := s.LastCompact(); !ok || c.Trigger != "auto" || c.PreTokens != 150010 {
		t.Errorf("LastCompact = %+v", c)
	}
	if len(s.SinceCompact) != 0 {
		t.Errorf("SinceCompact not reset: %v", s.SinceCompact)
	}
	appendTo(t, path, asst("m2", "r2", "claude-opus-4-6", 3, 4, 5000, 2000, "")+"\n")
	s, _ = Scan(path, "")
	if tok, _ := s.ContextTokens(); tok != 7003 {
		t.Errorf("after the next response ContextTokens = %d, want 7003", tok)
	}
	if s.CostSinceCompact(pricing.Default()) >= s.Cost(pricing.Default()) {
		t.Error("cost since compact should be below the session cost")
	}
}

func TestIncremental(t *testing.T) {
	cache := t.TempDir()
	path := write(t, asst("m1", "r1", "claude-opus-4-6", 10, 5, 0, 100, ""))
	if _, err := Scan(path, cache); err != nil {
		t.Fatal(err)
	}
	// A partial line (still being written) is not consumed.
	partial := asst("m2", "r2", "claude-opus-4-6", 20, 5, 0, 200, "")
	appendTo(t, path, partial[:40])
	s, _ := Scan(path, cache)
	if s.Responses != 1 {
		t.Fatalf("partial line counted: %d responses", s.Responses)
	}
	appendTo(t, path, partial[40:]+"\n"+asst("m1", "r1", "claude-opus-4-6", 10, 50, 0, 100, "")+"\n")
	s, _ = Scan(path, cache)
	if s.Responses != 2 || s.Totals.Output != 55 {
		t.Errorf("after completion: %d responses, output %d; want 2 and 55 (m1 grew)", s.Responses, s.Totals.Output)
	}
	fi, _ := os.Stat(path)
	if s.Offset != fi.Size() {
		t.Errorf("Offset = %d, want %d", s.Offset, fi.Size())
	}
}

func TestRewrittenTranscriptStartsOver(t *testing.T) {
	cache := t.TempDir()
	path := write(t, asst("m1", "r1", "claude-opus-4-6", 10, 5, 0, 100, ""), asst("m2", "r2", "claude-opus-4-6", 10, 5, 0, 100, ""))
	if _, err := Scan(path, cache); err != nil {
		t.Fatal(err)
	}
	// Truncate and rewrite in place (same inode, different content).
	if err := os.WriteFile(path, []byte(asst("m9", "r9", "claude-opus-4-6", 1, 1, 0, 1, "")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s, _ := Scan(path, cache)
	if s.Responses != 1 || s.Totals.Input != 1 {
		t.Errorf("rewritten file: %d responses, input %d; want a fresh count", s.Responses, s.Totals.Input)
	}
}

func TestCorruptCacheIsRebuilt(t *testing.T) {
	cache := t.TempDir()
	path := write(t, asst("m1", "r1", "claude-opus-4-6", 10, 5, 0, 100, ""))
	if _, err := Scan(path, cache); err != nil {
		t.Fatal(err)
	}
	cp, _ := cachePaths(cache, path)
	data, _ := os.ReadFile(cp)
	data[len(data)/2] ^= 0xff
	if err := os.WriteFile(cp, data, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Scan(path, cache)
	if err != nil || s.Responses != 1 || s.Totals.Input != 10 {
		t.Errorf("corrupt cache: %v, %+v", err, s.Totals)
	}
}

func TestScanErrors(t *testing.T) {
	if _, err := Scan(filepath.Join(t.TempDir(), "missing.jsonl"), ""); err == nil {
		t.Error("missing transcript: no error")
	}
	if _, err := Scan(t.TempDir(), ""); err == nil {
		t.Error("directory as transcript: no error")
	}
}

func TestOversizedLineSkipped(t *testing.T) {
	huge := `{"type":"user","message":{"content":"` + strings.Repeat("x", MaxLine+10) + `"}}`
	path := write(t, asst("m1", "r1", "claude-opus-4-6", 10, 5, 0, 100, ""), huge, asst("m2", "r2", "claude-opus-4-6", 1, 1, 0, 1, ""))
	s, err := Scan(path, "")
	if err != nil || s.Responses != 2 {
		t.Errorf("oversized line: %v, %d responses, want 2", err, s.Responses)
	}
}

func TestSyntheticMatchesSummary(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	f, _ := os.Create(path)
	sum, err := synth.Write(f, synth.Options{Bytes: 2 << 20, Seed: 7, CompactEvery: 300})
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	s, err := Scan(path, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	got := [5]int64{int64(s.Responses), s.Totals.Input, s.Totals.Output, s.Totals.CacheCreation(), s.Totals.CacheRead}
	want := [5]int64{int64(sum.Responses), sum.Input, sum.Output, sum.Creation, sum.Read}
	if got != want || s.CompactCount != sum.Compacts {
		t.Errorf("synthetic transcript: got %v compacts %d, want %v compacts %d", got, s.CompactCount, want, sum.Compacts)
	}
}
