package view

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
)

// ErrBadID: an id that names nothing in the thread.
var ErrBadID = errors.New("bad id")

// outputChars caps one tool output zoom prints.
const outputChars = 20000

// ID is a line of the view: a turn, a run of turns, or one item.
type ID struct {
	Block memory.Block
	// Item is the item's number within the turn, 0 for a whole turn.
	Item int
}

// ParseID reads "17", "#17", "0-15" or "17.3".
func ParseID(s string) (ID, error) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	turn, item, isItem := strings.Cut(s, ".")
	b, err := memory.ParseBlock(turn)
	if err != nil {
		return ID{}, fmt.Errorf("%w %q: want a turn like 17, a run like 0-15 or an item like 17.3", ErrBadID, s)
	}
	if !isItem {
		return ID{Block: b}, nil
	}
	k, err := strconv.Atoi(item)
	if err != nil || k < 1 || b.Size() != 1 {
		return ID{}, fmt.Errorf("%w %q: an item is a turn and its number, like 17.3", ErrBadID, s)
	}
	return ID{Block: b, Item: k}, nil
}

// turnsHeld says which turns agent name's thread holds, for an id past
// them: none yet, one, or a range.
func turnsHeld(name string, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("agent %s has no turns yet (a session attached to it records them: /ai attach %s, or ai agent resume %s)", name, name, name)
	case 1:
		return fmt.Sprintf("agent %s has 1 turn (#0)", name)
	}
	return fmt.Sprintf("agent %s has %d turns (#0 to #%d)", name, n, n-1)
}

// Zoom opens one line: a run's shared line and its two halves; a turn
// whole (its message, summaries, every item and the reply); or one item.
// toolOutput adds what the tools printed.
func Zoom(src Source, id ID, toolOutput bool) (string, error) {
	n := len(src.Thread.Turns)
	if id.Block.Hi > n {
		return "", fmt.Errorf("%w #%s: %s", ErrBadID, id.Block, turnsHeld(src.Thread.Agent.Name, n))
	}
	if id.Block.Size() > 1 {
		head, _ := src.olderLine(id.Block)
		left, right := id.Block.Halves()
		l, _ := src.olderLine(left)
		r, _ := src.olderLine(right)
		return head + "\n" + l + "\n" + r + "\n", nil
	}
	t := src.Thread.Turns[id.Block.Lo]
	c, err := src.Content(t)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if id.Item > 0 {
		if id.Item > len(c.Items) {
			return "", fmt.Errorf("%w #%d.%d: turn #%d has %d items", ErrBadID, t.Index, id.Item, t.Index, len(c.Items))
		}
		writeItem(&b, t.Index, c.Items[id.Item-1], toolOutput)
		return b.String(), nil
	}
	header(&b, t, "")
	fmt.Fprintf(&b, "user: %s\n", strings.TrimSpace(c.Prompt))
	if s, ok := src.lines().Turn(t); ok {
		fmt.Fprintf(&b, "line: %s\n", s.Text)
	}
	if s, ok := src.lines().Work(t); ok {
		fmt.Fprintf(&b, "work: %s\n", s.Text)
	}
	for i, it := range c.Items {
		if i == c.Reply {
			fmt.Fprintf(&b, "reply: %s\n", strings.TrimSpace(it.Text))
			continue
		}
		writeItem(&b, t.Index, it, toolOutput)
	}
	return b.String(), nil
}

func writeItem(b *strings.Builder, turn int, it thread.Item, toolOutput bool) {
	b.WriteString(itemLine(turn, it, true) + "\n")
	if toolOutput && it.Kind == "tool" {
		fmt.Fprintf(b, "output: %s\n", whole(it.Output, outputChars))
	}
}

// Hit is one grep match.
type Hit struct {
	Agent, ID, Text string
}

// Grep searches every summary, message, item and tool output of the
// thread.
func Grep(src Source, re *regexp.Regexp) ([]Hit, error) {
	name := src.Thread.Agent.Name
	var hits []Hit
	add := func(id, text string) {
		if re.MatchString(text) {
			hits = append(hits, Hit{Agent: name, ID: id, Text: excerpt(re, text)})
		}
	}
	for _, t := range src.Thread.Turns {
		c, err := src.Content(t)
		if err != nil {
			return hits, err
		}
		id := strconv.Itoa(t.Index)
		add(id, "user: "+c.Prompt)
		if s, ok := src.lines().Turn(t); ok {
			add(id, "line: "+s.Text)
		}
		if s, ok := src.lines().Work(t); ok {
			add(id, "work: "+s.Text)
		}
		for _, it := range c.Items {
			add(fmt.Sprintf("%d.%d", t.Index, it.N), it.Text+" "+it.Input)
			if it.Output != "" {
				add(fmt.Sprintf("%d.%d", t.Index, it.N), "output: "+it.Output)
			}
		}
	}
	n := len(src.Thread.Turns)
	for size := 2; size <= n; size *= 2 {
		for lo := 0; lo+size <= n; lo += size {
			blk := memory.Block{Lo: lo, Hi: lo + size}
			if s, ok := src.lines().Range(blk); ok && re.MatchString(s.Text) {
				hits = append(hits, Hit{Agent: name, ID: blk.String(), Text: excerpt(re, s.Text)})
			}
		}
	}
	return hits, nil
}

// excerpt is the match with up to 80 characters either side, on one line.
func excerpt(re *regexp.Regexp, text string) string {
	text = strings.Join(strings.Fields(text), " ")
	loc := re.FindStringIndex(text)
	if loc == nil {
		return oneLine(text, 200)
	}
	from, to := max(loc[0]-80, 0), min(loc[1]+80, len(text))
	for from > 0 && !startsRune(text[from]) {
		from--
	}
	for to < len(text) && !startsRune(text[to]) {
		to++
	}
	out := text[from:to]
	if from > 0 {
		out = "…" + out
	}
	if to < len(text) {
		out += "…"
	}
	return out
}

func startsRune(b byte) bool { return b&0xC0 != 0x80 }
