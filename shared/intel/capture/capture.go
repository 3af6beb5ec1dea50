// Package capture keeps the user's own words that must outlive a
// compaction: standing rules ("never commit", "use pnpm"), corrections of
// the agent ("no, don't mock the database") and decisions that constrain
// later work ("go with option B"), each verbatim, with the id of the
// record it came from.
//
// Only what the human typed counts: prompts (UserPromptSubmit, or user
// records in a transcript), messages queued while the agent worked,
// feedback typed when rejecting a tool use, and answers to the agent's
// questions. Tool output, hook output, system reminders, slash-command
// expansions, plans the agent wrote and pasted logs never do. Capture is
// precise rather than greedy: a one-off request ("commit this", "can you
// look at X?") is not kept unless it says how the work must be done. See
// classify.go for the rule and the corpus figures behind it.
//
// Everything kept is redacted first and bounded: a session keeps at most
// [MaxItems] items, corrections and the newest first.
package capture

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Kind is what a captured item is.
type Kind string

// The kinds, in the order the guidance lists them.
const (
	Rule       Kind = "rule"       // a standing instruction: how the work must be done
	Correction Kind = "correction" // the user corrected what the agent did or was about to do
	Decision   Kind = "decision"   // a choice that constrains later work
)

// Source is where the words arrived.
type Source string

// The sources of the user's words.
const (
	Prompt    Source = "prompt"    // a prompt the user submitted
	Queued    Source = "queued"    // a message typed while the agent worked
	Rejection Source = "rejection" // feedback typed when rejecting a tool use
	Answer    Source = "answer"    // an answer to the agent's question
)

// Item is one captured instruction.
type Item struct {
	Kind   Kind   `json:"kind"`
	Text   string `json:"text"`             // verbatim (redacted, bounded)
	UUID   string `json:"uuid,omitempty"`   // the transcript record it came from; "" when it has none
	Prompt string `json:"prompt,omitempty"` // the prompt id, for items captured live
	Source Source `json:"source"`
	About  string `json:"about,omitempty"` // for an answer: the question it answered
	T      int64  `json:"t,omitempty"`     // unix seconds when captured
}

// Key identifies an item by its words, so the same instruction captured
// live and again from the transcript is kept once.
func (it Item) Key() string {
	sum := sha256.Sum256([]byte(normal(it.Text)))
	return hex.EncodeToString(sum[:8])
}

// Label is how the guidance and the restore name an item's kind.
func (k Kind) Label() string {
	switch k {
	case Correction:
		return "CORRECTION"
	case Decision:
		return "DECISION"
	}
	return "RULE"
}

// normal folds text for comparison: lower case, one space between
// words, typographic quotes and dashes as ASCII.
func normal(s string) string {
	s = strings.ToLower(s)
	s = quoteFolder.Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

var quoteFolder = strings.NewReplacer("\u2018", "'", "\u2019", "'", "\u201c", `"`, "\u201d", `"`, "\u2013", "-", "\u2014", "-", "\u2026", "...")
