package notes

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Limits of a note.
const (
	// MaxClaim is the longest claim, in characters.
	MaxClaim = 4000
	// MaxTitle is the longest title, in characters.
	MaxTitle = 120
	// autoTitle is the length of a title made from the claim.
	autoTitle = 80
	// MaxLinks caps the links of one note.
	MaxLinks = 200
)

// Confidences are the values --confidence takes, weakest first.
var Confidences = []string{"guess", "likely", "verified", "disputed"}

// Errors of a note's content.
var (
	ErrEmpty      = errors.New("empty claim")
	ErrTooLong    = errors.New("too long")
	ErrConfidence = errors.New("unknown confidence")
	ErrBadNote    = errors.New("bad note file")
)

// Note is one claim.
type Note struct {
	ID         string
	Topic      Topic
	Title      string
	Confidence string // "" when not given
	Created    time.Time
	Links      []string // ids, sorted
	// ConflictOf names the note this one is the other side of, when a
	// sync found both changed (see ai/notes/full).
	ConflictOf string
	Claim      string
}

// CheckClaim cleans and checks a claim: valid UTF-8, surrounding space
// trimmed, at most [MaxClaim] characters; lines are kept.
func CheckClaim(text string) (string, error) {
	if !utf8.ValidString(text) {
		return "", errors.New("the claim is not valid UTF-8")
	}
	text = strings.TrimSpace(strings.ReplaceAll(text, "\r\n", "\n"))
	if text == "" {
		return "", fmt.Errorf("%w: write the claim as an argument or on stdin", ErrEmpty)
	}
	if n := utf8.RuneCountInString(text); n > MaxClaim {
		return "", fmt.Errorf("claim %w: %d characters, at most %d; one claim per note: split it", ErrTooLong, n, MaxClaim)
	}
	return strings.Map(func(r rune) rune {
		if r != '\n' && unicode.IsControl(r) {
			return ' '
		}
		return r
	}, text), nil
}

// CheckTitle cleans and checks a title; an empty one is made from the
// claim's first sentence.
func CheckTitle(title, claim string) (string, error) {
	if !utf8.ValidString(title) {
		return "", errors.New("the title is not valid UTF-8")
	}
	title = oneLine(title)
	if title == "" {
		return titleOf(claim), nil
	}
	if n := utf8.RuneCountInString(title); n > MaxTitle {
		return "", fmt.Errorf("title %w: %d characters, at most %d", ErrTooLong, n, MaxTitle)
	}
	return title, nil
}

// titleOf is a claim's first sentence (of its first line), without the
// full stop, cut to [autoTitle] characters.
func titleOf(claim string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(claim), "\n")
	if i := strings.Index(first, ". "); i > 0 {
		first = first[:i]
	}
	return clip(strings.TrimSuffix(oneLine(first), "."), autoTitle)
}

// CheckConfidence accepts "" or one of [Confidences].
func CheckConfidence(c string) error {
	if c == "" || slices.Contains(Confidences, c) {
		return nil
	}
	return fmt.Errorf("%w %q: use one of %s", ErrConfidence, clip(c, 40), strings.Join(Confidences, ", "))
}

// Format is the note's file: front matter, a blank line, the claim.
func (n Note) Format() []byte {
	var b bytes.Buffer
	b.WriteString("---\n")
	fmt.Fprintf(&b, "id: %s\n", n.ID)
	fmt.Fprintf(&b, "title: %s\n", strconv.Quote(n.Title))
	if n.Confidence != "" {
		fmt.Fprintf(&b, "confidence: %s\n", n.Confidence)
	}
	fmt.Fprintf(&b, "created: %s\n", n.Created.UTC().Format(time.RFC3339))
	if len(n.Links) > 0 {
		fmt.Fprintf(&b, "links: [%s]\n", strings.Join(n.Links, ", "))
	}
	if n.ConflictOf != "" {
		fmt.Fprintf(&b, "conflict-of: %s\n", n.ConflictOf)
	}
	b.WriteString("---\n\n")
	b.WriteString(n.Claim)
	b.WriteString("\n")
	return b.Bytes()
}

// ParseNote reads a note file; name (its store path) goes into errors.
// Unknown front matter keys are kept out but not refused, so a note a
// person or a newer tool edited still reads.
func ParseNote(name string, data []byte) (Note, error) {
	var n Note
	fail := func(line int, format string, args ...any) (Note, error) {
		return Note{}, fmt.Errorf("%s line %d: %w: %s", name, line, ErrBadNote, fmt.Sprintf(format, args...))
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, max(len(data)+1, 64))
	if !sc.Scan() || strings.TrimSpace(sc.Text()) != "---" {
		return fail(1, "no front matter (want a first line ---)")
	}
	line, closed := 1, false
	for sc.Scan() {
		line++
		text := sc.Text()
		if strings.TrimSpace(text) == "---" {
			closed = true
			break
		}
		if err := n.setField(text); err != nil {
			return fail(line, "%v", err)
		}
	}
	if !closed {
		return fail(line, "the front matter does not end with ---")
	}
	var body strings.Builder
	for sc.Scan() {
		body.WriteString(sc.Text())
		body.WriteByte('\n')
	}
	n.Claim = strings.TrimSpace(body.String())
	if n.ID == "" {
		return fail(1, "no id")
	}
	return n, nil
}

// setField applies one "key: value" line of the front matter.
func (n *Note) setField(line string) error {
	if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
		return nil
	}
	key, value, ok := strings.Cut(line, ":")
	if !ok {
		return fmt.Errorf("want key: value, got %q", clip(line, 60))
	}
	key, value = strings.TrimSpace(key), strings.TrimSpace(value)
	switch key {
	case "id":
		if !ValidID(value) {
			return fmt.Errorf("bad id %q", clip(value, 40))
		}
		n.ID = value
	case "title":
		n.Title = unquote(value)
	case "confidence":
		n.Confidence = unquote(value)
	case "created":
		t, err := time.Parse(time.RFC3339, unquote(value))
		if err != nil {
			return fmt.Errorf("bad created time %q", clip(value, 40))
		}
		n.Created = t
	case "links":
		links, err := parseLinks(value)
		if err != nil {
			return err
		}
		n.Links = links
	case "conflict-of":
		n.ConflictOf = unquote(value)
	}
	return nil
}

// parseLinks reads "[id, id]".
func parseLinks(value string) ([]string, error) {
	inner, open := strings.CutPrefix(value, "[")
	inner, shut := strings.CutSuffix(inner, "]")
	if !open || !shut {
		return nil, fmt.Errorf("bad links %q: want [id, id]", clip(value, 60))
	}
	var out []string
	for _, f := range strings.Split(inner, ",") {
		id := unquote(strings.TrimSpace(f))
		if id == "" {
			continue
		}
		if !ValidID(id) {
			return nil, fmt.Errorf("bad link %q", clip(id, 40))
		}
		out = append(out, id)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// unquote reads a YAML scalar written plain or double-quoted.
func unquote(v string) string {
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		if s, err := strconv.Unquote(v); err == nil {
			return s
		}
	}
	if len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'' {
		return strings.ReplaceAll(v[1:len(v)-1], "''", "'")
	}
	return v
}

// oneLine joins lines and runs of space into single spaces.
func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

// clip shortens s to at most n characters, marking the cut with "…".
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}
