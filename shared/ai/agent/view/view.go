package view

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
	"github.com/session-intelligence/session-intelligence/shared/ai/settings"
)

// wordForWord caps a message or reply the view prints whole; zoom prints
// it all.
const wordForWord = 8000

// inputChars caps a tool call's input on the view's item lines.
const inputChars = 300

// Source is what a view is built from.
type Source struct {
	Thread *thread.Thread
	Sums   map[string]thread.Summary
	// Content reads a turn back (thread.Agent.Content).
	Content func(thread.Turn) (thread.Content, error)
	// Project names the project in the view's first line; "" leaves it
	// out.
	Project string
}

func (s Source) lines() Lines { return Lines{Turns: s.Thread.Turns, Sums: s.Sums} }

// View is a rendered view and what it lacks.
type View struct {
	Text string
	// Missing counts the entries shown without their summary.
	Missing int
}

// Render builds the thread's view as [agent.view] says.
func Render(src Source, v settings.AgentView) (View, error) {
	th := src.Thread
	name := th.Agent.Name
	title := name
	if src.Project != "" {
		title += " in project " + src.Project
	}
	var b strings.Builder
	n := len(th.Turns)
	if n == 0 {
		fmt.Fprintf(&b, "# agent %s: no turns yet. A session joins it with /ai attach %s or ai agent resume %s.\n", title, name, name)
		return View{Text: b.String()}, nil
	}
	fmt.Fprintf(&b, "# agent %s: %s in %s, oldest first; older turns share lines (#FIRST-LAST). Open a line: ai agent zoom -a %s ID (--tool-output adds tool output). Search: ai agent grep -a %s REGEX\n",
		title, count(n, "turn"), count(len(th.Sessions), "session"), name, name)
	l := NewLayout(n, v)
	out := View{}
	for _, blk := range l.Older {
		line, ok := src.olderLine(blk)
		if !ok {
			out.Missing++
		}
		b.WriteString(line + "\n")
	}
	for i := l.Recent.Lo; i < l.Recent.Hi; i++ {
		missing, err := src.recent(&b, th.Turns[i])
		if err != nil {
			return out, err
		}
		out.Missing += missing
	}
	for i := l.Latest.Lo; i < l.Latest.Hi; i++ {
		if err := src.latest(&b, th.Turns[i]); err != nil {
			return out, err
		}
	}
	if out.Missing > 0 {
		what := fmt.Sprintf("%d entries are", out.Missing)
		if out.Missing == 1 {
			what = "1 entry is"
		}
		fmt.Fprintf(&b, "# %s not summarised yet; ai agent build -a %s writes them\n", what, name)
	}
	out.Text = b.String()
	return out, nil
}

// olderLine is one older entry: a turn's line or a shared line, or a
// stand-in while its summary is not written.
func (s Source) olderLine(blk memory.Block) (string, bool) {
	turns := s.Thread.Turns
	dates := dateRange(turns[blk.Lo].At, turns[blk.Hi-1].At)
	if sum, ok := s.lines().Range(blk); ok {
		return fmt.Sprintf("#%s %s %s", blk, dates, sum.Text), true
	}
	if blk.Size() == 1 {
		return fmt.Sprintf("#%s %s user: %s (not summarised yet)", blk, dates, oneLine(turns[blk.Lo].Prompt, 300)), false
	}
	return fmt.Sprintf("#%s %s (%d turns, not summarised yet: ai agent zoom -a %s %s)", blk, dates, blk.Size(), s.Thread.Agent.Name, blk), false
}

// recent prints a turn's message and final reply whole and its work
// summarised.
func (s Source) recent(b *strings.Builder, t thread.Turn) (int, error) {
	c, err := s.Content(t)
	if err != nil {
		return 0, err
	}
	header(b, t, "")
	fmt.Fprintf(b, "user: %s\n", whole(c.Prompt, wordForWord))
	missing := 0
	switch work, ok := s.lines().Work(t); {
	case len(c.Work()) == 0:
		b.WriteString("work: (none: answered directly)\n")
	case ok:
		fmt.Fprintf(b, "work: %s\n", work.Text)
	default:
		fmt.Fprintf(b, "work: (%d steps, not summarised yet: ai agent zoom -a %s %d)\n", len(c.Work()), s.Thread.Agent.Name, t.Index)
		missing = 1
	}
	reply(b, c)
	return missing, nil
}

// latest prints a turn with every item.
func (s Source) latest(b *strings.Builder, t thread.Turn) error {
	c, err := s.Content(t)
	if err != nil {
		return err
	}
	header(b, t, " (latest)")
	fmt.Fprintf(b, "user: %s\n", whole(c.Prompt, wordForWord))
	for _, it := range c.Work() {
		b.WriteString(itemLine(t.Index, it, false) + "\n")
	}
	reply(b, c)
	return nil
}

func header(b *strings.Builder, t thread.Turn, tag string) {
	fmt.Fprintf(b, "## #%d %s session %s%s\n", t.Index, t.At.UTC().Format("2006-01-02 15:04"), short(t.Session), tag)
}

func reply(b *strings.Builder, c thread.Content) {
	if r := c.FinalReply(); r != "" {
		fmt.Fprintf(b, "reply: %s\n", whole(r, wordForWord))
		return
	}
	b.WriteString("reply: (none yet)\n")
}

// itemLine is one step: "#17.3 text" or "#17.4 Bash {input}".
func itemLine(turn int, it thread.Item, full bool) string {
	id := fmt.Sprintf("#%d.%d", turn, it.N)
	if it.Kind == "text" {
		if full {
			return id + " " + it.Text
		}
		return id + " " + whole(it.Text, wordForWord)
	}
	input := it.Input
	if !full {
		input = oneLine(input, inputChars)
	}
	line := fmt.Sprintf("%s %s %s", id, it.Text, input)
	if it.IsError {
		line += " (failed)"
	}
	return line
}

func short(sid string) string { return sid[:min(8, len(sid))] }

func dateRange(first, last time.Time) string {
	a, b := first.UTC().Format(time.DateOnly), last.UTC().Format(time.DateOnly)
	if a == b {
		return a
	}
	return a + ".." + b
}

// whole keeps text as written, cut past limit characters.
func whole(text string, limit int) string {
	text = strings.TrimSpace(text)
	if utf8.RuneCountInString(text) <= limit {
		return text
	}
	return string([]rune(text)[:limit]) + " […cut; zoom prints it whole]"
}

// oneLine joins text's lines and cuts it to limit characters.
func oneLine(text string, limit int) string {
	s := strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	return string([]rune(s)[:limit-1]) + "…"
}

// count is "1 turn", "2 turns".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
