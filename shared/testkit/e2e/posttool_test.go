package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const advisoryMark = "[StrategicCompact]"

// TestAdvisoryReachesModelOnce: a session whose reported usage crosses
// orange gets the grounded advisory in its next API request, once, and
// the next tool call in the same zone does not repeat it.
func TestAdvisoryReachesModelOnce(t *testing.T) {
	t.Parallel()
	s := newSession(t, "COMPACT_THRESHOLD=1")
	res := s.run(t, "work [[bash: echo @@usage:310000@@]] [[bash: echo two]] [[bash: echo three]]")
	if !strings.HasPrefix(res.Result, "FAKE-DONE") {
		t.Fatalf("session did not finish normally: %q", res.Result)
	}
	reqs := s.api.MessageRequests()
	if len(reqs) != 4 {
		t.Fatalf("want 4 model requests, got %d", len(reqs))
	}
	for i, r := range reqs[:2] {
		if r.Contains(advisoryMark) {
			t.Errorf("request %d carries the advisory before the usage crossed orange", i+1)
		}
	}
	for i, r := range reqs[2:] {
		if n := strings.Count(r.Text(), advisoryMark); n != 1 {
			t.Errorf("request %d: advisory appears %d times, want exactly 1", i+3, n)
		}
	}
	text := reqs[2].Text()
	for _, want := range []string{"PostToolUse:Bash hook additional context", "Drift zone", "~310k tokens", "CLAUDE_COMPACT_AUTOBLOCK=0"} {
		if !strings.Contains(text, want) {
			t.Errorf("advisory request lacks %q", want)
		}
	}
	var st struct {
		Calls      int    `json:"calls"`
		Zone       string `json:"zone"`
		Advisories int    `json:"advisories"`
	}
	if err := json.Unmarshal([]byte(readFile(t, filepath.Join(s.stateDir(), "state.json"))), &st); err != nil {
		t.Fatal(err)
	}
	if st.Calls != 3 || st.Zone != "orange" || st.Advisories != 1 {
		t.Errorf("state = %+v, want 3 calls, zone orange, 1 advisory", st)
	}
}

// TestAutoblockOffSilencesAdvisory: CLAUDE_COMPACT_AUTOBLOCK=0 keeps the
// advisory away from the model.
func TestAutoblockOffSilencesAdvisory(t *testing.T) {
	t.Parallel()
	s := newSession(t, "COMPACT_THRESHOLD=1", "CLAUDE_COMPACT_AUTOBLOCK=0")
	s.run(t, "work [[bash: echo @@usage:450000@@]] [[bash: echo two]]")
	for i, r := range s.api.MessageRequests() {
		if r.Contains(advisoryMark) {
			t.Errorf("request %d carries the advisory although autoblock is off", i+1)
		}
	}
}

// TestShapeLogAndArchive: tool calls on files land in the shape log, and
// a large response is archived with its secret redacted and can be
// replayed with `si expand`.
func TestShapeLogAndArchive(t *testing.T) {
	t.Parallel()
	s := newSession(t)
	dir := filepath.Join(s.env.Project, "src", "auth")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	secret := "ghp_" + strings.Repeat("Ab1", 12)
	body := strings.Repeat("func handler() error { return nil }\n", 200) + "token := \"" + secret + "\"\n"
	big := filepath.Join(dir, "login.go")
	if err := os.WriteFile(big, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	s.run(t, `read [[tool: Read {"file_path":"`+big+`"}]] [[bash: git commit --allow-empty -m x || true]]`)

	shapeLog := readFile(t, filepath.Join(s.stateDir(), "shape.jsonl"))
	if !strings.Contains(shapeLog, `"root":"src/auth","file":"src/auth/login.go"`) {
		t.Errorf("shape log lacks the Read entry:\n%s", shapeLog)
	}
	if !strings.Contains(shapeLog, `"event":"commit"`) {
		t.Errorf("shape log lacks the commit phase event:\n%s", shapeLog)
	}
	ids := s.api.MessageRequests()[0].ToolUseID
	rec := readFile(t, filepath.Join(s.stateDir(), "archive", ids+".json"))
	if strings.Contains(rec, secret) || !strings.Contains(rec, "[REDACTED:github-token]") {
		t.Errorf("archive holds the secret unredacted")
	}
	info, err := os.Stat(filepath.Join(s.stateDir(), "archive", ids+".json"))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("archive file mode = %v, want 0600", info.Mode().Perm())
	}
	out := siExpand(t, s, ids)
	if !strings.Contains(out, "func handler() error") || !strings.Contains(out, "tool=Read") {
		t.Errorf("si expand output:\n%.300s", out)
	}
}
