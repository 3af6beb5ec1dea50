package cctest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// shellEnv returns an Env whose "CLI" is /bin/sh, to test Run without
// Claude Code.
func shellEnv(t *testing.T) *Env {
	home := t.TempDir()
	return &Env{Bin: "/bin/sh", Home: home, Project: home, BaseURL: "http://127.0.0.1:9"}
}

func TestRunEnvironmentIsolated(t *testing.T) {
	t.Setenv("CCTEST_CANARY", "leaked")
	t.Setenv("XDG_CONFIG_HOME", "/real/config")
	e := shellEnv(t)
	e.Extra = []string{"EXTRA_ONE=1"}
	res, err := e.Run(t, "-c", "env; pwd")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"HOME=" + e.Home, "ANTHROPIC_API_KEY=sk-test", "ANTHROPIC_BASE_URL=http://127.0.0.1:9",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_TELEMETRY=1", "EXTRA_ONE=1", "\n" + e.Project + "\n"} {
		if !strings.Contains(res.Stdout, want) {
			t.Errorf("child env lacks %q:\n%s", want, res.Stdout)
		}
	}
	for _, leak := range []string{"CCTEST_CANARY", "XDG_CONFIG_HOME"} {
		if strings.Contains(res.Stdout, leak) {
			t.Errorf("child env inherited %s", leak)
		}
	}
}

func TestRunResult(t *testing.T) {
	e := shellEnv(t)
	res, err := e.Run(t, "-c", `echo '{"type":"result","subtype":"success","is_error":false,"num_turns":2,"result":"ok","session_id":"s1","usage":{}}'`)
	if err != nil || res.Type != "result" || res.NumTurns != 2 || res.Result != "ok" || res.SessionID != "s1" || res.JSON["usage"] == nil {
		t.Errorf("Run() = %+v, %v", res, err)
	}
	res, err = e.Run(t, "-c", "echo not json; echo oops >&2; exit 3")
	if err == nil || res.ExitCode != 3 || res.Stderr != "oops\n" || res.Type != "" {
		t.Errorf("Run(exit 3) = %+v, %v", res, err)
	}
	e.Timeout = 300 * time.Millisecond
	start := time.Now()
	_, err = e.Run(t, "-c", "sleep 20")
	if err == nil || !strings.Contains(err.Error(), "timed out") || time.Since(start) > 10*time.Second {
		t.Errorf("Run(sleep) error = %v after %v", err, time.Since(start))
	}
}

func TestSeedInteractive(t *testing.T) {
	e := shellEnv(t)
	path := filepath.Join(e.Home, ".claude.json")
	if err := os.WriteFile(path, []byte(`{"numStartups":3,"projects":{"/other":{"x":1}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := e.SeedInteractive(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	var cfg struct {
		NumStartups int  `json:"numStartups"`
		Onboarded   bool `json:"hasCompletedOnboarding"`
		Keys        struct {
			Approved []string `json:"approved"`
		} `json:"customApiKeyResponses"`
		Projects map[string]map[string]any `json:"projects"`
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		t.Fatal(err)
	}
	if cfg.NumStartups != 3 || !cfg.Onboarded || len(cfg.Keys.Approved) != 1 || cfg.Keys.Approved[0] != APIKey ||
		cfg.Projects[e.Project]["hasTrustDialogAccepted"] != true || cfg.Projects["/other"] == nil {
		t.Errorf("seeded config = %s", data)
	}
}

func TestNewSessionID(t *testing.T) {
	re := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	a, b := NewSessionID(), NewSessionID()
	if !re.MatchString(a) || a == b {
		t.Errorf("NewSessionID() = %q, %q", a, b)
	}
}

func TestTranscriptDir(t *testing.T) {
	e := &Env{Home: "/h", Project: "/tmp/Test_X/001/proj.d"}
	if got, want := e.TranscriptDir(), "/h/.claude/projects/-tmp-Test-X-001-proj-d"; got != want {
		t.Errorf("TranscriptDir() = %q, want %q", got, want)
	}
}
