package shape

import (
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
)

// MinStale is the stale-token estimate below which it is not mentioned.
const MinStale = 20_000

// Diagnosis is the one-line summary used in advisories:
// "shifted src/auth → src/billing · ~82k stale in tests/browser · hot: src/billing".
func (a *Analysis) Diagnosis() string {
	if a == nil {
		return ""
	}
	var parts []string
	if a.Shift != nil && len(a.Shift.From) > 0 && len(a.Shift.To) > 0 {
		parts = append(parts, "shifted "+strings.Join(a.Shift.From, ", ")+" → "+strings.Join(a.Shift.To, ", "))
	}
	if a.StaleTokens >= MinStale && len(a.Cold) > 0 {
		parts = append(parts, "~"+humanize.Tokens(a.StaleTokens)+" stale in "+strings.Join(names(a.Cold, 3), ", "))
	}
	if len(a.Hot) > 0 {
		parts = append(parts, "hot: "+strings.Join(names(a.Hot, 3), ", "))
	}
	return strings.Join(parts, " · ")
}

func names(roots []Root, n int) []string {
	out := make([]string, 0, n)
	for _, r := range roots[:min(n, len(roots))] {
		out = append(out, r.Name)
	}
	return out
}
