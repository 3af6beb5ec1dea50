package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

// TestPaceAndWholeCostInTUI: a subscriber's session (OAuth; the fake API
// sends the rate-limit headers a subscription gets, 60% of the 5-hour
// window an hour in, 31% of the week three days in) runs a subagent. The
// real CLI passes the limits to the status line, which draws the pace
// forecast; the session cost on screen is si usage's figure for the main
// transcript and the subagent's, and Claude Code's own
// cost.total_cost_usd in 2.1.332 includes the subagent too.
func TestPaceAndWholeCostInTUI(t *testing.T) {
	t.Parallel()
	now := time.Now()
	env, _ := cctest.NewFakeEnv(t, fakeapi.Options{Headers: func() map[string]string {
		return map[string]string{
			"anthropic-ratelimit-unified-status":         "allowed",
			"anthropic-ratelimit-unified-5h-utilization": "0.60",
			"anthropic-ratelimit-unified-5h-reset":       fmt.Sprint(now.Add(4 * time.Hour).Unix()),
			"anthropic-ratelimit-unified-5h-status":      "allowed",
			"anthropic-ratelimit-unified-7d-utilization": "0.31",
			"anthropic-ratelimit-unified-7d-reset":       fmt.Sprint(now.Add(4 * 24 * time.Hour).Unix()),
			"anthropic-ratelimit-unified-7d-status":      "allowed",
		}
	}})
	env.Extra = append(env.Extra, "ANTHROPIC_API_KEY=", "CLAUDE_CODE_OAUTH_TOKEN=sk-ant-oat01-fake", "NO_COLOR=1",
		"CLAUDE_STATUSLINE_FIELDS=pace,cost", "TZ=UTC")
	s := &session{env: env, sid: cctest.NewSessionID(), args: []string{"--plugin-dir", cctest.PluginDir(t), "--model", "claude-sonnet-4-5"}}
	settings := filepath.Join(env.Home, ".claude", "settings.json")
	must(t, os.MkdirAll(filepath.Dir(settings), 0o700))
	must(t, os.WriteFile(settings, []byte(`{"statusLine":{"type":"command","command":"cat > \"$HOME/stdin.json\""}}`+"\n"), 0o600))
	s.run(t, "hello") // SessionStart wires our status line in front of that one
	must(t, env.SeedInteractive())
	tui := env.StartTUI(t, 200, 50, append(s.args, "--allowedTools", "Agent,Bash")...)
	prompt := `go [[tool: Agent {"description":"probe","prompt":"subagent work @@usage:40000@@","subagent_type":"general-purpose"}]]`
	if err := tui.Submit(prompt, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := tui.WaitFor("Agent(", 10*time.Second); err != nil {
		must(t, tui.SendKeys("Enter")) // the TUI sometimes swallows the first Enter while starting
	}
	if _, err := tui.WaitFor("finished", 60*time.Second); err != nil {
		t.Fatal(err)
	}
	subs, _ := filepath.Glob(filepath.Join(env.TranscriptDir(), "*", "subagents", "agent-*.jsonl"))
	if len(subs) != 1 {
		t.Fatalf("subagent transcripts: %v", subs)
	}
	main := strings.TrimSuffix(filepath.Dir(filepath.Dir(subs[0])), string(filepath.Separator)) + ".jsonl"
	// The agent runs in the background: the main conversation's own
	// follow-up request may still be on its way when it finishes, so
	// si usage is asked again until its figure and the screen agree.
	var usage usageFigure
	var screen string
	err := fmt.Errorf("no figure yet")
	for deadline := time.Now().Add(40 * time.Second); err != nil && time.Now().Before(deadline); {
		usage = siUsage(t, env.Home, main)
		screen, err = tui.WaitFor(usage.text, 5*time.Second)
	}
	if err != nil {
		t.Fatalf("the status line never showed si usage's cost %s: %v", usage.text, err)
	}
	if !regexp.MustCompile(`pace 5h:cap ~\d\d:\d\d wk:~7[12]%`).MatchString(screen) {
		t.Errorf("no pace forecast on screen:\n%s", screen)
	}
	checkUsagePaceJSON(t, env.Home, main)
	var sent struct {
		Cost struct {
			Total float64 `json:"total_cost_usd"`
		} `json:"cost"`
	}
	must(t, json.Unmarshal([]byte(readFile(t, filepath.Join(env.Home, "stdin.json"))), &sent))
	if math.Abs(sent.Cost.Total-usage.usd) > 0.005 || usage.usd-usage.mainUSD < 0.1 {
		t.Errorf("Claude Code's total_cost_usd %.4f, si usage %.4f (main transcript alone %.4f): the subagent's 40k tokens (~$0.12) should be in both",
			sent.Cost.Total, usage.usd, usage.mainUSD)
	}
}

type usageFigure struct {
	text         string
	usd, mainUSD float64
}

// siUsage runs the built si usage on the main transcript, with its
// subagents, and alone (its subagents folder hidden for a moment).
func siUsage(t *testing.T, home, main string) usageFigure {
	t.Helper()
	run := func() (float64, string) {
		cmd := exec.Command(cctest.Bin(t, "si"), "usage", main)
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("si usage: %v\n%s", err, out)
		}
		var rep struct {
			Sessions []struct {
				Cost float64 `json:"cost_usd"`
			} `json:"sessions"`
		}
		cmd = exec.Command(cctest.Bin(t, "si"), "usage", "--json", main)
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
		js, err := cmd.Output()
		must(t, err)
		must(t, json.Unmarshal(js, &rep))
		m := regexp.MustCompile(`\s(~?\$[0-9.]+)\s+\d+\s*\n`).FindStringSubmatch(string(out))
		if m == nil || len(rep.Sessions) != 1 {
			t.Fatalf("si usage printed no cost:\n%s", out)
		}
		return rep.Sessions[0].Cost, m[1]
	}
	var f usageFigure
	f.usd, f.text = run()
	dir := strings.TrimSuffix(main, ".jsonl")
	must(t, os.Rename(dir, dir+".hidden"))
	f.mainUSD, _ = run()
	must(t, os.Rename(dir+".hidden", dir))
	return f
}

// checkUsagePaceJSON: si usage --json forecasts what the screen shows,
// from the limits Claude Code sent the status line: the 5-hour window
// at its cap, the week (31% used a few days in) on pace.
func checkUsagePaceJSON(t *testing.T, home, main string) {
	t.Helper()
	cmd := exec.Command(cctest.Bin(t, "si"), "usage", "--json", main)
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
	js, err := cmd.Output()
	must(t, err)
	var rep struct {
		Pace struct {
			Basis   string `json:"basis"`
			Windows []struct {
				Name  string  `json:"name"`
				State string  `json:"state"`
				Used  float64 `json:"used_pct"`
				CapAt string  `json:"cap_at"`
			} `json:"windows"`
		} `json:"pace"`
	}
	must(t, json.Unmarshal(js, &rep))
	w := rep.Pace.Windows
	if rep.Pace.Basis != "status_line" || len(w) != 2 || w[0].Name != "5-hour" || w[0].State != "cap" || w[0].Used != 60 || w[0].CapAt == "" ||
		w[1].Name != "weekly" || w[1].State != "on_pace" || w[1].Used != 31 {
		t.Errorf("si usage --json pace:\n%s", js)
	}
}
