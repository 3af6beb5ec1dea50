package autocompact

import (
	"regexp"
	"testing"
)

// The model families as regular expressions, which natively1M and
// knownModel match by hand.
var (
	natively1MRe = regexp.MustCompile(`claude-(opus-(4-[7-9]|[5-9])|sonnet-[5-9]|haiku-(5-5|[6-9])|fable)`)
	knownModelRe = regexp.MustCompile(`claude-(opus|sonnet|haiku|fable)|claude-3`)
)

var modelIDs = []string{
	"", "claude-opus-4-6", "claude-opus-4-7", "claude-opus-4-9-20270101", "claude-opus-5", "claude-opus-4", "claude-opus-",
	"claude-sonnet-4-5", "claude-sonnet-5", "claude-sonnet-9-1", "claude-haiku-4-5", "claude-haiku-5-5", "claude-haiku-5-4",
	"claude-haiku-6", "claude-fable", "claude-fable-2", "claude-3-5-sonnet", "claude-3", "claude-", "claude-claude-opus-5",
	"us.anthropic.claude-opus-4-7-v1:0", "claude-x-claude-sonnet-6", "gpt-4", "claude-opus-4-7[1m]", "claudE-opus-5",
}

func TestModelFamiliesMatchTheirPatterns(t *testing.T) {
	for _, m := range modelIDs {
		if got, want := natively1M(m), natively1MRe.MatchString(m); got != want {
			t.Errorf("natively1M(%q) = %v, want %v", m, got, want)
		}
		if got, want := knownModel(m), knownModelRe.MatchString(m); got != want {
			t.Errorf("knownModel(%q) = %v, want %v", m, got, want)
		}
	}
}

func FuzzModelFamilies(f *testing.F) {
	for _, m := range modelIDs {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, m string) {
		if got, want := natively1M(m), natively1MRe.MatchString(m); got != want {
			t.Errorf("natively1M(%q) = %v, want %v", m, got, want)
		}
		if got, want := knownModel(m), knownModelRe.MatchString(m); got != want {
			t.Errorf("knownModel(%q) = %v, want %v", m, got, want)
		}
	})
}
