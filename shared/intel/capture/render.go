package capture

import (
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// Quote renders the items keep accepts, one bullet each, quoted and
// cleaned for the model ("  - RULE: "…""), a reply naming the question it
// answered. When they do not all fit in budget runes, the newest are
// chosen; they are listed in the order they were said. It returns ""
// when no item is chosen.
func Quote(items []Item, keep func(Kind) bool, budget int) string {
	var b strings.Builder
	for _, it := range Pick(items, keep, budget) {
		text := strings.ReplaceAll(termtext.Model(it.Text), "\n", "\n    ")
		b.WriteString("  - " + it.Kind.Label() + `: "` + text + `"`)
		if it.About != "" {
			b.WriteString(` (answering: "` + termtext.ModelLine(it.About) + `")`)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Pick chooses the items of the kinds keep accepts (all when keep is
// nil), newest first within budget runes, and returns them in the order
// they were said.
func Pick(items []Item, keep func(Kind) bool, budget int) []Item {
	var chosen []int
	used := 0
	for i := len(items) - 1; i >= 0; i-- {
		if keep != nil && !keep(items[i].Kind) {
			continue
		}
		n := len([]rune(items[i].Text)) + len([]rune(items[i].About)) + 16
		if used+n > budget {
			continue
		}
		used += n
		chosen = append(chosen, i)
	}
	out := make([]Item, 0, len(chosen))
	for i := len(chosen) - 1; i >= 0; i-- {
		out = append(out, items[chosen[i]])
	}
	return out
}
