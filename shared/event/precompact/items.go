package precompact

import (
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/intel/sessionctx"
)

// realItems lists the bullet items of a section that are not filler.
func realItems(lines []string) []string {
	var out []string
	for _, l := range lines {
		item := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(l, "- "), "* "))
		if strings.HasPrefix(l, "<!--") || sessionctx.Placeholder(item) {
			continue
		}
		out = append(out, item)
	}
	return out
}
