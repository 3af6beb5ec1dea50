package notes

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// SummaryChars is the most a topic summary may hold, in characters.
const SummaryChars = 512

// Summary is a topic's TOPIC.md.
type Summary struct {
	Topic Topic
	Built time.Time
	// From is the fingerprint of the topic the summary was built from
	// (see [Notes.fingerprint]); when it differs from the topic's now,
	// the summary is stale.
	From  string
	Notes int // notes in the topic and below when it was built
	Text  string
}

// Format is the summary's file. It does not name its topic (its
// directory does), so that moving a topic moves its summaries byte for
// byte and leaves them current.
func (s Summary) Format() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "---\nbuilt: %s\nfrom: %s\nnotes: %d\n---\n\n%s\n",
		s.Built.UTC().Format(time.RFC3339), s.From, s.Notes, s.Text)
	return b.Bytes()
}

// parseSummary reads a TOPIC.md. A file that cannot be read as one
// (edited by hand) gives an empty fingerprint, so it is rebuilt, and its
// text as the summary.
func parseSummary(t Topic, data []byte) Summary {
	s := Summary{Topic: t}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, max(len(data)+1, 64))
	if !sc.Scan() || strings.TrimSpace(sc.Text()) != "---" {
		s.Text = oneLine(string(data))
		return s
	}
	for sc.Scan() && strings.TrimSpace(sc.Text()) != "---" {
		key, value, _ := strings.Cut(sc.Text(), ":")
		value = strings.TrimSpace(value)
		switch strings.TrimSpace(key) {
		case "built":
			s.Built, _ = time.Parse(time.RFC3339, value)
		case "from":
			s.From = value
		case "notes":
			s.Notes, _ = strconv.Atoi(value)
		}
	}
	var rest strings.Builder
	for sc.Scan() {
		rest.WriteString(sc.Text() + "\n")
	}
	s.Text = oneLine(rest.String())
	return s
}

// readSummary reads topic t's summary; ok is false when it has none.
func (n *Notes) readSummary(t Topic) (Summary, bool, error) {
	data, err := n.st.Read(summaryPath(t))
	if isNotExist(err) {
		return Summary{Topic: t}, false, nil
	}
	if err != nil {
		return Summary{}, false, err
	}
	return parseSummary(t, data), true, nil
}

// fingerprint is what topic t's summary is built from, as the newest
// commit holds it: a hash of every entry of its directory but its own
// summary, where a subtopic's entry is git's hash of everything below it
// (its notes, its subtopics and all their summaries). So a change
// anywhere below t, a note's text, a count, a subtopic added, removed,
// moved or re-summarised, changes t's fingerprint and those of every
// topic above, and nothing else's; a topic moved whole keeps its own.
// A topic no commit holds yet has none ("").
func (n *Notes) fingerprint(t Topic) (string, error) {
	entries, err := n.st.HeadEntries(t.Path())
	if isNotExist(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	h := sha1.New()
	for _, e := range entries {
		kind := "f"
		switch {
		case e.Dir:
			kind = "d"
		case e.Name == SummaryFile:
			continue
		}
		fmt.Fprintf(h, "%s %s %s\n", kind, e.Hash, e.Name)
	}
	return "tree-" + hex.EncodeToString(h.Sum(nil)), nil
}

// summaryOf reads t's summary (ok false when it has none) and whether
// it is stale: missing, or older than t's content.
func (n *Notes) summaryOf(t Topic) (s Summary, ok, stale bool, err error) {
	if s, ok, err = n.readSummary(t); err != nil {
		return s, false, false, err
	}
	fp, err := n.fingerprint(t)
	if err != nil || fp == "" {
		return s, ok, false, err
	}
	return s, ok, !ok || s.From != fp, nil
}

// children is what a topic's summary is built from, read once: its
// notes and its subtopics' summaries.
type children struct {
	notes []Note
	subs  []Summary // Notes: the count below the subtopic now
	// missing names subtopics without a summary: the topic waits for them.
	missing []string
}

// readChildren reads topic d's notes and subtopic summaries; subtopics
// holding no note (in c) are left out.
func (n *Notes) readChildren(c catalog, d *topicDir) (children, error) {
	var ch children
	var buf []byte
	for _, id := range d.Notes {
		var note Note
		var err error
		note, buf, err = n.readNote(notePath(d.Topic, id), d.Topic, buf)
		if err != nil {
			return ch, err
		}
		ch.notes = append(ch.notes, note)
	}
	for _, name := range d.Subs {
		sub := d.Topic.Child(name)
		k, _ := c.count(sub)
		if k == 0 {
			continue
		}
		s, ok, err := n.readSummary(sub)
		if err != nil {
			return ch, err
		}
		if !ok {
			ch.missing = append(ch.missing, name)
			continue
		}
		s.Notes = k
		ch.subs = append(ch.subs, s)
	}
	return ch, nil
}
