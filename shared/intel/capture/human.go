package capture

import (
	"regexp"
	"strings"
	"sync"
)

// maxInput bounds the text one message contributes: a longer message is
// a document or a paste, and only its start is read for instructions.
const maxInput = 16 << 10

// notTyped are the prefixes of user records Claude Code writes itself:
// local command output, shell escapes, task notifications, interruptions
// and the plan the agent wrote and the user approved. (Blocks that other
// programs wrap around the user's words are cut out instead: injected.)
var notTyped = []string{
	"<local-command-", "<bash-input>", "<bash-stdout>", "<bash-stderr>",
	"<task-notification>", "<user-prompt-submit-hook>", "[Request interrupted", "Caveat: ",
	"Implement the following plan:", "This session is being continued from a previous conversation",
}

// Typed returns the words the human typed in a prompt or user record, ""
// when it holds none: Claude Code's own records are dropped, a slash
// command keeps only its arguments (never its expansion, and nothing of
// /compact, whose words go to the summariser anyway), and pasted
// material (pasted_content blocks, fenced blocks, log and diff lines) is
// cut out.
func Typed(text string) string {
	if len(text) > maxInput {
		text = text[:maxInput]
	}
	t := strings.TrimSpace(text)
	for _, p := range notTyped {
		if strings.HasPrefix(t, p) {
			return ""
		}
	}
	// Each pattern below needs its opening characters: a prompt without
	// them (most) is not worth compiling the patterns for.
	if strings.Contains(t, "<") {
		for _, block := range injected() {
			t = block.ReplaceAllString(t, "\n")
		}
	}
	t = strings.TrimSpace(t)
	if strings.HasPrefix(t, "<command-") {
		name, args := slashCommand(t)
		if name == "" || name == "/compact" || name == "/clear" {
			return ""
		}
		t = args
	}
	if strings.Contains(t, "<pasted_content") {
		t = pasted().ReplaceAllString(t, "\n")
	}
	if strings.Contains(t, "```") {
		t = fenced().ReplaceAllString(t, "\n")
	}
	var keep []string
	for _, line := range strings.Split(t, "\n") {
		if line = strings.TrimSpace(line); line != "" && !logLine(line) {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}

// injected are blocks other programs add to a prompt (IDE and app
// wrappers, reminders): never the user's words, wherever they stand.
var injected = sync.OnceValue(func() []*regexp.Regexp {
	var out []*regexp.Regexp
	for _, tag := range []string{"system_instruction", "system-reminder", "task-notification", "local-command-stdout", "local-command-caveat", "ide_selection", "ide_opened_file"} {
		out = append(out, regexp.MustCompile(`(?s)<`+tag+`[^>]*>.*?(</`+tag+`>|$)`))
	}
	return out
})

// lazyRegexp compiles expr on first use: the hooks that link this package
// but never read a prompt (most PostToolUse calls) do not pay for the
// patterns at start.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

var (
	pasted      = lazyRegexp(`(?s)<pasted_content[^>]*>.*?</pasted_content[^>]*>`)
	fenced      = lazyRegexp("(?s)```.*?(```|$)")
	commandName = lazyRegexp(`<command-name>\s*([^<\s]*)\s*</command-name>`)
	commandArgs = lazyRegexp(`(?s)<command-args>(.*?)</command-args>`)
)

// slashCommand returns a slash command's name and the arguments the user
// typed after it.
func slashCommand(t string) (name, args string) {
	if m := commandName().FindStringSubmatch(t); m != nil {
		name = m[1]
	}
	if m := commandArgs().FindStringSubmatch(t); m != nil {
		args = strings.TrimSpace(m[1])
	}
	return name, args
}

// logLine reports a line that was pasted rather than written: log
// records, stack frames, JSON, diff lines and a terminal's own glyphs.
func logLine(l string) bool {
	switch {
	case stampLead(l[0]) && logStamp().MatchString(l), strings.Contains(l, "|DEBU|"), strings.Contains(l, "|INFO|"),
		strings.Contains(l, "|WARN|"), strings.Contains(l, "|ERRO|"):
		return true
	case strings.HasPrefix(l, "{\""), strings.HasPrefix(l, "[{"), strings.HasPrefix(l, "at "),
		strings.HasPrefix(l, "goroutine "), strings.HasPrefix(l, "panic: "), strings.HasPrefix(l, "Traceback"),
		strings.HasPrefix(l, "File \""), strings.HasPrefix(l, "+ "), strings.HasPrefix(l, "- ") && diffish(l),
		strings.HasPrefix(l, "@@ "), strings.HasPrefix(l, "$ "):
		return true
	}
	r := []rune(l)[0]
	return strings.ContainsRune("⏺⎿❯●✻│├└", r)
}

// stampLead reports whether c can start a [logStamp].
func stampLead(c byte) bool {
	return c == '[' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z'
}

// logStamp is a timestamp at the start of a line.
var logStamp = lazyRegexp(`^(\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d|\[?[A-Z][a-z]{2} +\d{1,2} \d\d:\d\d|\d\d:\d\d:\d\d[.,]\d)`)

// diffish tells a "- " diff line from a "- " list item: list items the
// user writes start with a letter and read as prose.
func diffish(l string) bool {
	rest := strings.TrimSpace(l[2:])
	return strings.ContainsAny(rest, "(){};=") && !strings.Contains(rest, " the ")
}
