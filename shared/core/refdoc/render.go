package refdoc

import (
	"regexp"
	"strings"
	"unicode"
)

var (
	linkRE    = regexp.MustCompile(`\[([^\]]*)\]\(([^)\s]+)\)`)
	commentRE = regexp.MustCompile(`^\s*<!--.*-->\s*$`)
	// backRE is a page's link back to the README, which has no place in
	// the binary's help.
	backRE = regexp.MustCompile(`^\[[^\]]*\]\(\.\./README\.md[^)]*\)$`)
)

// Render turns a page into plain text for a terminal: HTML comment lines
// and the link back to the README dropped, links shown by their text (with the help command for another
// page, the address for the web), and every control character but tab
// and newline removed, so that nothing in a page reaches the terminal
// as an escape.
func Render(text, cmd string) string {
	var b strings.Builder
	fence, dropped := false, false
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if strings.HasPrefix(line, "```") {
			fence = !fence
		}
		if !fence && (commentRE.MatchString(line) || backRE.MatchString(line)) {
			dropped = true
			continue
		}
		if line == "" && dropped && strings.HasSuffix(b.String(), "\n\n") {
			continue // the blank line after a dropped one, when one is there already
		}
		dropped = false
		if !fence {
			line = links(line, cmd)
		}
		b.WriteString(clean(line))
		b.WriteByte('\n')
	}
	return b.String()
}

// links rewrites the Markdown links of one line.
func links(line, cmd string) string {
	return linkRE.ReplaceAllStringFunc(line, func(m string) string {
		sub := linkRE.FindStringSubmatch(m)
		text, target := sub[1], sub[2]
		switch {
		case strings.Contains(target, "://"):
			return text + " <" + target + ">"
		case pageOf(target) != "":
			return text + " (" + cmd + " help " + pageOf(target) + ")"
		}
		return text
	})
}

// clean drops control characters, keeping tabs.
func clean(s string) string {
	return strings.Map(func(r rune) rune {
		if r != '\t' && unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
}

// plain is a title or summary on one line: links as their text, no
// code marks, no control characters.
func plain(s string) string {
	s = linkRE.ReplaceAllString(s, "$1")
	return clean(strings.ReplaceAll(s, "`", ""))
}
