package notes

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/store/git"
	"github.com/session-intelligence/session-intelligence/shared/ai/summarise"
)

// Summariser writes one summary for a prompt; [summarise.Claude] is the
// real one.
type Summariser interface {
	Summarise(ctx context.Context, prompt string) (string, error)
}

// maxPasses bounds one Build: notes filed while it runs make topics stale
// again, and the next background run picks them up.
const maxPasses = 4

// Stale returns the topics whose summary is missing or older than their
// content (see [Notes.fingerprint]), deepest first: the order they are
// built in. A change below a topic makes it and every topic above it
// stale.
func (n *Notes) Stale() ([]Topic, error) {
	c, err := n.scan()
	if err != nil {
		return nil, err
	}
	var out []Topic
	for _, d := range buildOrder(c) {
		_, _, stale, err := n.summaryOf(d.Topic)
		if err != nil {
			return nil, err
		}
		if stale {
			out = append(out, d.Topic)
		}
	}
	return out, nil
}

// buildOrder is every topic holding a note, deepest first, so that a
// topic is built after its subtopics.
func buildOrder(c catalog) []*topicDir {
	var out []*topicDir
	for _, d := range c {
		if k, _ := c.count(d.Topic); len(d.Topic) > 0 && k > 0 {
			out = append(out, d)
		}
	}
	slices.SortFunc(out, func(a, b *topicDir) int {
		if len(a.Topic) != len(b.Topic) {
			return len(b.Topic) - len(a.Topic)
		}
		return strings.Compare(a.Topic.Path(), b.Topic.Path())
	})
	return out
}

// Build writes every stale summary, subtopics before their topic, one
// commit each, until none is left or one fails. A failed summary changes
// nothing and is tried again by the next run. It returns how many it
// built; logf reports each one.
func (n *Notes) Build(ctx context.Context, sum Summariser, logf func(string, ...any)) (int, error) {
	built := 0
	for range maxPasses {
		c, err := n.scan()
		if err != nil {
			return built, err
		}
		pass, raced := 0, false
		for _, d := range buildOrder(c) {
			if err := ctx.Err(); err != nil {
				return built, err
			}
			got, err := n.buildTopic(ctx, sum, c, d)
			switch {
			case err != nil:
				return built, err
			case got == topicBuilt:
				pass++
				logf("summarised %s", d.Topic)
			case got == topicRaced:
				raced = true
				logf("summarise %s: it changed while its summary was written; writing it again", d.Topic)
			}
		}
		if built += pass; pass == 0 && !raced {
			break
		}
	}
	return built, nil
}

// outcome is what buildTopic did.
type outcome int

const (
	topicLeft  outcome = iota // current, or waiting for a subtopic
	topicBuilt                // a new summary
	topicRaced                // the topic changed while its summary was written
)

// buildTopic builds d's summary when it is stale and its subtopics all
// have one.
func (n *Notes) buildTopic(ctx context.Context, sum Summariser, c catalog, d *topicDir) (outcome, error) {
	// The fingerprint is taken before the content is read, and checked
	// again before the summary is stored: a change landing in between
	// stores nothing, so no summary says what was removed or corrected.
	fp, err := n.fingerprint(d.Topic)
	if err != nil || fp == "" {
		return topicLeft, err
	}
	cur, ok, err := n.readSummary(d.Topic)
	if err != nil || ok && cur.From == fp {
		return topicLeft, err
	}
	ch, err := n.readChildren(c, d)
	if err != nil || len(ch.missing) > 0 {
		return topicLeft, err
	}
	text, err := sum.Summarise(ctx, topicPrompt(d.Topic, ch))
	if err != nil {
		return topicLeft, fmt.Errorf("summarise %s: %w", d.Topic, err)
	}
	text = summarise.OneLine(text, SummaryChars)
	if text == "" {
		return topicLeft, fmt.Errorf("summarise %s: the summariser answered nothing", d.Topic)
	}
	count, _ := c.count(d.Topic)
	s := Summary{Topic: d.Topic, Built: n.now(), From: fp, Notes: count, Text: text}
	got := topicBuilt
	hash, err := n.st.Update(func(tx *git.Tx) (string, error) {
		// The topic may have been moved away, or changed, while the
		// model wrote; a changed one is built again by the next pass.
		if names, err := tx.List(d.Topic.Path()); err != nil || !hasNote(names) && !hasDir(names) {
			got = topicLeft
			return "", nil
		}
		if now, err := n.fingerprint(d.Topic); err != nil || now != fp {
			got = topicRaced
			return "", err
		}
		tx.Write(summaryPath(d.Topic), s.Format())
		return fmt.Sprintf("Summarise %s", d.Topic), nil
	})
	switch {
	case err != nil:
		return topicLeft, err
	case got == topicBuilt && hash == "":
		return topicLeft, nil // the very file it has
	}
	return got, nil
}

func hasNote(names []string) bool {
	return slices.ContainsFunc(names, func(s string) bool { _, ok := idOfFile(s); return ok })
}

func hasDir(names []string) bool {
	return slices.ContainsFunc(names, func(s string) bool { return strings.HasSuffix(s, "/") })
}
