package line

import "strings"

// ANSI styles. One colour carries the one signal (context pressure);
// everything else is dim.
const (
	reset  = "\x1b[0m"
	dim    = "\x1b[2m"
	green  = "\x1b[32m"
	yellow = "\x1b[33m"
	orange = "\x1b[38;5;208m"
	red    = "\x1b[31m"
	sepCol = "\x1b[38;5;237m"
)

// cell is one rendered field: its text and its style ("" means dim). A
// raw cell carries its own colours (several dots) and is not wrapped.
type cell struct {
	text  string
	style string
	raw   bool
}

// painter applies styles, or nothing when colours are off.
type painter struct{ on bool }

func (p painter) paint(text, style string) string {
	if !p.on || text == "" {
		return text
	}
	if style == "" {
		style = dim
	}
	return style + text + reset
}

// truncateMiddle shortens s to n runes keeping both ends.
func truncateMiddle(s string, n int) string {
	r := []rune(s)
	if n <= 1 || len(r) <= n {
		return s
	}
	head := (n - 1) / 2
	tail := n - 1 - head
	return string(r[:head]) + "…" + string(r[len(r)-tail:])
}

// truncateEnd shortens s to n runes with an ellipsis at the end.
func truncateEnd(s string, n int) string {
	r := []rune(s)
	if n <= 1 || len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
