package taskchange

import (
	"strings"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
)

// Action is what a verdict suggests to the user.
type Action string

// The three outcomes of [Score].
const (
	None    Action = ""         // stay silent
	Compact Action = "/compact" // a related but different task: keep the current one in a summary
	Clear   Action = "/clear"   // a different task: a fresh start is cheaper
)

// Reasons a verdict gives for its action (logged, never shown).
const (
	ReasonDisabled       = "disabled"
	ReasonShort          = "short prompt"
	ReasonNotIntent      = "not user intent"
	ReasonConversational = "conversational"
	ReasonNoSignal       = "no signal"
	ReasonSame           = "same domain"
	ReasonAmbiguous      = "ambiguous"
	ReasonDifferent      = "different domain"
)

// Weights of the two signals in the combined score.
const (
	fileWeight    = 2.0
	keywordWeight = 1.0
	rootHitCredit = 0.5 // a mention in the same area but not the same file
)

// MinPromptLen is the shortest prompt (after trimming) that is scored.
const MinPromptLen = 20

// MaxScored is how much of a prompt is scored: a pasted log or file
// beyond it says nothing more about the task and would only cost time.
const MaxScored = 32 << 10

// notIntent are prefixes of prompts Claude Code submits itself: background
// task completions and slash-command artefacts.
var notIntent = []string{
	"<task-notification>", "<local-command-caveat>", "<local-command-stdout>",
	"<local-command-stderr>", "<command-name>", "<command-message>", "<command-args>",
}

// Signal is one signal's value; OK is false when it is absent (neutral).
type Signal struct {
	Value float64 `json:"value"`
	OK    bool    `json:"ok"`
}

// Verdict is the outcome of scoring one prompt.
type Verdict struct {
	Action   Action
	Reason   string   // one of the Reason constants
	Score    float64  // combined same-domain score in [0, 1]; set when Scored
	Scored   bool     // at least one signal was present
	Files    Signal   // file overlap against the pooled baseline
	Keywords Signal   // keyword Jaccard against the current task
	Mentions []string // the prompt's file references, normalised
	Area     string   // where the prompt points (area of its unmatched files)
	Current  string   // where the current work is (the baseline's main area)
}

// Gate applies the cheap checks that need nothing but the prompt and
// returns the reason to stay silent, or "" when the prompt is to be
// scored: the detector is off, the prompt is short, it is not the user's
// own words, or it is conversation (short, no file references).
func Gate(prompt string, cfg config.TaskChange) string {
	p := strings.TrimSpace(prompt)
	switch {
	case !cfg.Enabled:
		return ReasonDisabled
	case utf8.RuneCountInString(p) < MinPromptLen:
		return ReasonShort
	}
	for _, prefix := range notIntent {
		if strings.HasPrefix(p, prefix) {
			return ReasonNotIntent
		}
	}
	if utf8.RuneCountInString(p) < cfg.ConversationalMaxLen && len(Mentions(p)) == 0 {
		return ReasonConversational
	}
	return ""
}

// Score rates how much prompt belongs to the current work described by
// base and decides what to suggest. It is pure. The file signal (weight
// 2) credits each file the prompt names with 1 when it is in the pooled
// baseline and 0.5 when only its area is; the keyword signal (weight 1)
// is the Jaccard index of the prompt's keywords and the current task's.
// An absent signal is neutral; with neither the verdict is silent.
func Score(prompt string, base Baseline, cfg config.TaskChange) Verdict {
	v := Verdict{}
	if v.Reason = Gate(prompt, cfg); v.Reason != "" {
		return v
	}
	prompt = head(prompt, MaxScored)
	pool := base.pool()
	for _, m := range Mentions(prompt) {
		if n := Normalize(m, base.Root); n != "" {
			v.Mentions = append(v.Mentions, n)
		}
	}
	v.Files, v.Area = pool.overlap(v.Mentions)
	v.Current = base.Area()
	v.Keywords.Value, v.Keywords.OK = Jaccard(Keywords(base.Task), Keywords(prompt))
	total, weight := 0.0, 0.0
	if v.Files.OK {
		total, weight = total+fileWeight*v.Files.Value, weight+fileWeight
	}
	if v.Keywords.OK {
		total, weight = total+keywordWeight*v.Keywords.Value, weight+keywordWeight
	}
	if weight == 0 {
		v.Reason = ReasonNoSignal
		return v
	}
	v.Score, v.Scored = total/weight, true
	v.Action, v.Reason = decide(v.Score, cfg)
	return v
}

// head returns at most n bytes of s, cut on a rune boundary.
func head(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// decide maps a score to an action with the configured thresholds.
func decide(score float64, cfg config.TaskChange) (Action, string) {
	switch {
	case score >= cfg.SameDomainScore:
		return None, ReasonSame
	case score < cfg.DifferentDomainScore:
		return Clear, ReasonDifferent
	}
	return Compact, ReasonAmbiguous
}

// Ambiguous reports whether a score lies strictly between the thresholds,
// the only band where the model tie-breaker may be asked.
func Ambiguous(score float64, cfg config.TaskChange) bool {
	return score > cfg.DifferentDomainScore && score < cfg.SameDomainScore
}

// mostCommon returns the most frequent non-empty string (ties: the one
// that reached the count first), "" when there is none.
func mostCommon(items []string) string {
	counts := map[string]int{}
	best := ""
	for _, it := range items {
		if it == "" {
			continue
		}
		counts[it]++
		if counts[it] > counts[best] {
			best = it
		}
	}
	return best
}
