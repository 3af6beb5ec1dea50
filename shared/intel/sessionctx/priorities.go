package sessionctx

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
)

// priorityHeading matches the headings under which open work is listed.
var priorityHeading = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^(follow-?ups?|open (threads|questions)|next[ -]?(steps?|session|up|priorit(y|ies))|pending|upcoming|to-?do)\b`)
})

// listItem matches a bullet or numbered line and captures its text.
var listItem = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s*(?:[-*+]|\d+[.)])\s+(.*)$`)
})

// maxItem bounds an item's length; longer lines are prose, not items.
const maxItem = 200

// OpenItems returns the unresolved list items under follow-up style
// headings of any level (Follow-ups, Next steps, TODO, …). Items struck
// through (~~…~~), ticked (✅, ✓, [x]) or starting with DONE are resolved.
func OpenItems(data []byte) []string {
	if len(data) > MaxFile {
		data = data[:MaxFile]
	}
	var out []string
	seen := map[string]bool{}
	in := false
	for _, raw := range bytes.Split(data, []byte("\n")) {
		line := strings.TrimRight(string(raw), " \t\r")
		if h := strings.TrimLeft(line, "#"); h != line && strings.HasPrefix(h, " ") {
			in = priorityHeading().MatchString(strings.TrimSpace(h))
			continue
		}
		m := listItem().FindStringSubmatch(line)
		if !in || m == nil {
			continue
		}
		item := strings.TrimSpace(m[1])
		if item == "" || len(item) > maxItem || resolved(item) || seen[item] {
			continue
		}
		seen[item] = true
		out = append(out, item)
	}
	return out
}

func resolved(item string) bool {
	low := strings.ToLower(item)
	return strings.HasPrefix(item, "~~") || strings.Contains(item, "✅") || strings.Contains(item, "✓") ||
		strings.HasPrefix(low, "[x]") || strings.HasPrefix(item, "DONE") || Placeholder(item)
}
