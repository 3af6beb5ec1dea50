package autocompact

import (
	"regexp"
	"testing"
)

// reactivePattern is the rule reactiveModel implements, as a pattern:
// the reference the scan is checked against.
var reactivePattern = regexp.MustCompile(`claude-(haiku-4-5|sonnet-4(-[05])?|opus-4(-[015])?)($|-\d{8}|[^-0-9a-z])`)

var reactiveSeeds = []string{
	"claude-sonnet-4-5", "claude-sonnet-4-5-20250929", "us.anthropic.claude-sonnet-4-20250514-v1:0",
	"claude-opus-4-1", "claude-haiku-4-5-20251001", "claude-3-5-sonnet-20241022", "claude-opus-4-6",
	"claude-sonnet-4-6", "claude-opus-4-7", "claude-sonnet-4-5[1m]", "gpt-9", "", "claude-", "claude-opus-4",
	"claude-opus-4-", "claude-opus-4-2", "claude-sonnet-4-5-2025092", "claude-sonnet-4-5-2025092x",
	"claude-claude-sonnet-4", "xclaude-opus-4-0@", "claude-opus-45", "claude-opus-4-5é", "claude-haiku-4-5\xff",
	"claude-opus-4-claude-haiku-4-5", "claude-sonnet-4-0-12345678-x", "claude-haiku-4", "claude-haiku-4-5a",
}

func TestReactiveModelMatchesPattern(t *testing.T) {
	for _, m := range reactiveSeeds {
		if got, want := reactiveModel(m), reactivePattern.MatchString(m); got != want {
			t.Errorf("reactiveModel(%q) = %v, the pattern says %v", m, got, want)
		}
	}
}

func FuzzReactiveModel(f *testing.F) {
	for _, m := range reactiveSeeds {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, m string) {
		if got, want := reactiveModel(m), reactivePattern.MatchString(m); got != want {
			t.Errorf("reactiveModel(%q) = %v, the pattern says %v", m, got, want)
		}
	})
}
