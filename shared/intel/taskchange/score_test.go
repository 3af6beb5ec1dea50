package taskchange

import (
	"math"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
)

func defaults() config.TaskChange { return config.Default().TaskChange }

// authWork is a baseline of work on src/auth.
var authWork = Baseline{
	Root:     "/p",
	Task:     "bug-fix — login token refresh fails after idle",
	KeyFiles: []string{"src/auth/login.go", "src/auth/session.go"},
	Files:    []string{"/p/src/auth/token.go", "docs/auth.md"},
}

// long pads a prompt past the conversational guard.
func long(s string) string { return s + strings.Repeat(" and more words here", 7) }

func TestGate(t *testing.T) {
	off := defaults()
	off.Enabled = false
	tests := []struct {
		name, prompt string
		cfg          config.TaskChange
		want         string
	}{
		{"disabled", long("rewrite src/billing/invoice.go"), off, ReasonDisabled},
		{"short", "fix src/a.go", defaults(), ReasonShort},
		{"short after trim", "   fix the thing now      ", defaults(), ReasonShort},
		{"twenty characters", "abcdefghij klmnopqr/s", defaults(), ""},
		{"task notification", "<task-notification>done: src/x/y.go" + strings.Repeat(" x", 80), defaults(), ReasonNotIntent},
		{"local command caveat", "<local-command-caveat>Caveat: the messages below", defaults(), ReasonNotIntent},
		{"local command stdout", "  <local-command-stdout>Compacted src/a/b.go</local-command-stdout>", defaults(), ReasonNotIntent},
		{"local command stderr", "<local-command-stderr>error in src/a/b.go</local-command-stderr>", defaults(), ReasonNotIntent},
		{"command name", "<command-name>/si</command-name> something else", defaults(), ReasonNotIntent},
		{"command message", "<command-message>si</command-message> something else", defaults(), ReasonNotIntent},
		{"command args", "<command-args>set taskChange.enabled</command-args>", defaults(), ReasonNotIntent},
		{"conversational", "ok that looks right, can you also explain why it works?", defaults(), ReasonConversational},
		{"short with a file reference", "now look at src/billing/invoice.go", defaults(), ""},
		{"long without file references", long("write the monthly billing export"), defaults(), ""},
		{"guard length configurable", "write the monthly billing export please", config.TaskChange{Enabled: true, ConversationalMaxLen: 10}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Gate(tt.prompt, tt.cfg); got != tt.want {
				t.Errorf("Gate(%q) = %q, want %q", tt.prompt, got, tt.want)
			}
			if v := Score(tt.prompt, authWork, tt.cfg); tt.want != "" && (v.Reason != tt.want || v.Action != None || v.Scored) {
				t.Errorf("Score(%q) = %+v, want silent with %q", tt.prompt, v, tt.want)
			}
		})
	}
}

// signalCases are prompts scored against baselines, with every signal and area.
var signalCases = []struct {
	name      string
	prompt    string
	base      Baseline
	files     Signal
	keywords  Signal
	score     float64
	action    Action
	area, cur string
}{
	{name: "direct hits", prompt: "continue with src/auth/login.go and src/auth/session.go", base: authWork,
		files: Signal{1, true}, keywords: Signal{0, true}, score: 2.0 / 3, action: None, area: "", cur: "src/auth"},
	{name: "absolute path under the root", prompt: "look again at /p/src/auth/token.go please", base: authWork,
		files: Signal{1, true}, keywords: Signal{0, true}, score: 2.0 / 3, action: None, cur: "src/auth"},
	{name: "basename of a pooled file", prompt: "the bug is in `session.go` for sure", base: authWork,
		files: Signal{1, true}, keywords: Signal{0, true}, score: 2.0 / 3, action: None, cur: "src/auth"},
	{name: "directory holding pooled files", prompt: "refactor everything in src/auth/ today", base: authWork,
		files: Signal{1, true}, keywords: Signal{0, true}, score: 2.0 / 3, action: None, cur: "src/auth"},
	{name: "root hit only", prompt: "add src/auth/oauth.go for the provider", base: authWork,
		files: Signal{0.5, true}, keywords: Signal{0, true}, score: 1.0 / 3, action: Compact, area: "src/auth", cur: "src/auth"},
	{name: "mixed hit, root hit, miss", prompt: "src/auth/login.go src/auth/new.go src/billing/invoice.go", base: authWork,
		files: Signal{0.5, true}, keywords: Signal{0, true}, score: 1.0 / 3, action: Compact, area: "src/auth", cur: "src/auth"},
	{name: "keywords and files combine", prompt: "the login refresh in src/auth/oauth.go", base: authWork,
		files: Signal{0.5, true}, keywords: Signal{2.0 / 8, true}, score: (1 + 2.0/8) / 3, action: Compact, area: "src/auth", cur: "src/auth"},
	{name: "different area", prompt: "build the CSV export in src/billing/invoice.go and src/billing/ledger.go", base: authWork,
		files: Signal{0, true}, keywords: Signal{0, true}, score: 0, action: Clear, area: "src/billing", cur: "src/auth"},
	{name: "keywords alone, same task", prompt: long("the login token refresh fails after idle"), base: Baseline{Task: "login token refresh fails after idle"},
		keywords: Signal{6.0 / 9, true}, score: 6.0 / 9, action: None},
	{name: "keywords alone, different task", prompt: long("write the quarterly revenue dashboard"), base: authWork,
		keywords: Signal{0, true}, score: 0, action: Clear, cur: "src/auth"},
	{name: "files without a task", prompt: "move src/billing/invoice.go", base: Baseline{Files: []string{"src/auth/login.go"}},
		files: Signal{0, true}, score: 0, action: Clear, area: "src/billing", cur: "src/auth"},
	{name: "no pool: file signal absent", prompt: long("edit src/billing/invoice.go"), base: Baseline{},
		action: None},
	{name: "no task and no files mentioned", prompt: long("write the quarterly revenue dashboard"), base: Baseline{Files: []string{"src/auth/login.go"}},
		action: None, cur: "src/auth"},
}

func TestScoreSignals(t *testing.T) {
	for _, tt := range signalCases {
		t.Run(tt.name, func(t *testing.T) {
			v := Score(tt.prompt, tt.base, defaults())
			if !near(v.Files, tt.files) || !near(v.Keywords, tt.keywords) {
				t.Errorf("signals = files %+v keywords %+v, want %+v %+v", v.Files, v.Keywords, tt.files, tt.keywords)
			}
			if math.Abs(v.Score-tt.score) > 1e-9 || v.Action != tt.action {
				t.Errorf("score, action = %.4f %q, want %.4f %q (%s)", v.Score, v.Action, tt.score, tt.action, v.Reason)
			}
			if v.Area != tt.area || v.Current != tt.cur {
				t.Errorf("areas = %q vs %q, want %q vs %q", v.Area, v.Current, tt.area, tt.cur)
			}
			if wantScored := tt.files.OK || tt.keywords.OK; v.Scored != wantScored || !wantScored && v.Reason != ReasonNoSignal {
				t.Errorf("scored = %v (%s), want %v", v.Scored, v.Reason, wantScored)
			}
		})
	}
}

func near(a, b Signal) bool { return a.OK == b.OK && math.Abs(a.Value-b.Value) < 1e-9 }

func TestDecideThresholds(t *testing.T) {
	cfg := defaults()
	tests := []struct {
		score     float64
		action    Action
		ambiguous bool
	}{
		{1, None, false},
		{0.5, None, false},
		{0.4999, Compact, true},
		{0.3, Compact, true},
		{0.2, Compact, false}, // at the lower threshold: /compact, but not disputed
		{0.1999, Clear, false},
		{0, Clear, false},
	}
	for _, tt := range tests {
		if a, _ := decide(tt.score, cfg); a != tt.action {
			t.Errorf("decide(%v) = %q, want %q", tt.score, a, tt.action)
		}
		if got := Ambiguous(tt.score, cfg); got != tt.ambiguous {
			t.Errorf("Ambiguous(%v) = %v, want %v", tt.score, got, tt.ambiguous)
		}
	}
	strict := cfg
	strict.SameDomainScore, strict.DifferentDomainScore = 0.7, 0.4
	if a, _ := decide(0.6, strict); a != Compact {
		t.Errorf("decide(0.6) with thresholds 0.7/0.4 = %q, want /compact", a)
	}
	if a, _ := decide(0.3, strict); a != Clear {
		t.Errorf("decide(0.3) with thresholds 0.7/0.4 = %q, want /clear", a)
	}
}

func TestScoreStopWordsDoNotCount(t *testing.T) {
	base := Baseline{Task: "we should do this for the login and the session"}
	v := Score(long("what would you do about this, and how should we do it in the billing"), base, defaults())
	if !v.Keywords.OK || v.Keywords.Value != 0 {
		t.Errorf("keywords = %+v, want 0: shared words are all stop words", v.Keywords)
	}
}

func TestMostCommon(t *testing.T) {
	if got := mostCommon([]string{"b", "a", "b", "", "a", "c"}); got != "b" {
		t.Errorf("mostCommon tie = %q, want the first seen", got)
	}
	if got := mostCommon([]string{"c", "a", "a"}); got != "a" {
		t.Errorf("mostCommon = %q, want the most frequent", got)
	}
	if got := mostCommon([]string{"", ""}); got != "" {
		t.Errorf("mostCommon of blanks = %q", got)
	}
}

func TestScoreReadsOnlyTheHead(t *testing.T) {
	pasted := "Look at this log from src/billing/invoice.go:\n" + strings.Repeat("é line of output\n", MaxScored/10) + "src/auth/login.go"
	v := Score(pasted, authWork, defaults())
	if len(v.Mentions) != 1 || v.Mentions[0] != "src/billing/invoice.go" {
		t.Errorf("mentions = %q, want only the one in the first %d bytes", v.Mentions, MaxScored)
	}
	if got := head("aé", 2); got != "a" {
		t.Errorf("head cut inside a rune: %q", got)
	}
}
