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
	// From is the fingerprint of the children the summary was built
	// from; when it differs from theirs now, the summary is stale.
	From  string
	Notes int // notes in the topic and below when it was built
	Text  string
}

// Format is the summary's file.
func (s Summary) Format() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "---\ntopic: %s\nbuilt: %s\nfrom: %s\nnotes: %d\n---\n\n%s\n",
		s.Topic, s.Built.UTC().Format(time.RFC3339), s.From, s.Notes, s.Text)
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

// children is what a topic's summary is built from, read once: its
// notes and its subtopics' summaries, and their fingerprint.
type children struct {
	notes []Note
	subs  []Summary
	// missing names subtopics without a summary: the topic waits for them.
	missing     []string
	fingerprint string
}

// readChildren reads topic d's notes and subtopic summaries; subtopics
// holding no note (in c) are left out.
func (n *Notes) readChildren(c catalog, d *topicDir) (children, error) {
	var ch children
	h := sha1.New()
	var buf []byte
	for _, id := range d.Notes {
		var note Note
		var err error
		note, buf, err = n.readNote(notePath(d.Topic, id), d.Topic, buf)
		if err != nil {
			return ch, err
		}
		// What the prompt shows, so that a link alone leaves it current.
		sum := sha1.Sum([]byte(note.Title + "\x00" + note.Confidence + "\x00" + note.Claim))
		fmt.Fprintf(h, "n %s %x\n", id, sum)
		ch.notes = append(ch.notes, note)
	}
	for _, name := range d.Subs {
		sub := d.Topic.Child(name)
		if k, _ := c.count(sub); k == 0 {
			continue
		}
		data, err := n.st.Read(summaryPath(sub))
		if isNotExist(err) {
			ch.missing = append(ch.missing, name)
			continue
		}
		if err != nil {
			return ch, err
		}
		// The text alone: moving a topic rewrites its subtopics' files
		// but leaves their summaries, and so its own, current.
		s := parseSummary(sub, data)
		fmt.Fprintf(h, "t %s %x\n", name, sha1.Sum([]byte(s.Text)))
		ch.subs = append(ch.subs, s)
	}
	ch.fingerprint = hex.EncodeToString(h.Sum(nil))
	return ch, nil
}
