package usage

import (
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

// ccusageShim is the program npm puts in node_modules/.bin: a shell
// script, and on Windows a batch file beside it.
func ccusageShim() string {
	if runtime.GOOS == "windows" {
		return "ccusage.cmd"
	}
	return "ccusage"
}

// ccusageBin finds the pinned ccusage installed by
// scripts/install-test-deps.sh.
func ccusageBin(t *testing.T) string {
	if bin := os.Getenv("SI_CCUSAGE_BIN"); bin != "" {
		return bin
	}
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		home, _ := os.UserHomeDir()
		cache = filepath.Join(home, ".cache")
	}
	bin := filepath.Join(cache, "session-intelligence", "ccusage-20.0.24", "node_modules", ".bin", ccusageShim())
	if _, err := os.Stat(bin); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("ccusage is not installed at %s; run scripts/install-test-deps.sh", bin)
		}
		t.Skipf("ccusage not installed (%s); run scripts/install-test-deps.sh", bin)
	}
	return bin
}

type ccSession struct {
	Period        string  `json:"period"`
	Input         int64   `json:"inputTokens"`
	Output        int64   `json:"outputTokens"`
	CacheCreation int64   `json:"cacheCreationTokens"`
	CacheRead     int64   `json:"cacheReadTokens"`
	Cost          float64 `json:"totalCost"`
}

// TestMatchesCcusage: on every transcript of the corpus the token sums
// equal `ccusage session --offline --json` exactly and the cost agrees
// within one cent.
func TestMatchesCcusage(t *testing.T) {
	bin := ccusageBin(t)
	// The test corpus (real sessions with compactions) and the
	// transcripts recorded from Claude Code 2.1.332, beside the checkout.
	corpus := refdata.Dir(t, "corpus", "transcripts")
	recorded := refdata.Dir(t, "claude-code", "transcripts")
	files, _ := filepath.Glob(filepath.Join(corpus, "*.jsonl"))
	if len(files) == 0 {
		t.Skip("corpus not available")
	}
	home := t.TempDir()
	project := filepath.Join(home, ".claude", "projects", "-corpus")
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{corpus, recorded} {
		if err := os.CopyFS(project, os.DirFS(src)); err != nil {
			t.Fatalf("copy corpus: %v", err)
		}
	}
	cmd := exec.Command(bin, "session", "--offline", "--json")
	cmd.Env = []string{"HOME=" + home, "CLAUDE_CONFIG_DIR=" + filepath.Join(home, ".claude"), "PATH=" + os.Getenv("PATH"), "NO_COLOR=1"}
	if runtime.GOOS == "windows" {
		// cmd.exe, which runs the .cmd shim, and node need it there.
		cmd.Env = append(cmd.Env, "SystemRoot="+os.Getenv("SystemRoot"))
	}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ccusage: %v", err)
	}
	var cc struct{ Session []ccSession }
	if err := json.Unmarshal(out, &cc); err != nil {
		t.Fatalf("ccusage output: %v\n%s", err, out)
	}
	want := map[string]ccSession{}
	for _, s := range cc.Session {
		want[s.Period] = s
	}
	ours, _ := filepath.Glob(filepath.Join(project, "*.jsonl"))
	rep, err := Build(ours, pricing.Default())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range rep.Sessions {
		// ccusage leaves out a session whose every response counted
		// elsewhere; we list it with zeros.
		w := want[s.SessionID]
		got := [4]int64{s.InputTokens, s.OutputTokens, s.CacheCreation, s.CacheRead}
		exp := [4]int64{w.Input, w.Output, w.CacheCreation, w.CacheRead}
		if got != exp {
			t.Errorf("%s tokens = %v, ccusage %v", s.SessionID, got, exp)
		}
		// ccusage prices a model it does not know at zero; we price it
		// at its family's rate and say so, so compare the listed part.
		if math.Abs(s.CostUSD-s.EstimatedUSD-w.Cost) >= 0.01 {
			t.Errorf("%s cost = %.4f, ccusage %.4f", s.SessionID, s.CostUSD, w.Cost)
		}
		t.Logf("%s: tokens %v, cost %.4f (ccusage %.4f)", s.SessionID, got, s.CostUSD, w.Cost)
	}
}
