package memory

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// match is one grep hit with its place in time.
type match struct {
	lo, size int
	line     string
}

// Grep returns every note and summary whose text matches re, in the
// order of the notes they cover (a summary before the notes inside it),
// notes with their time to the second. Files are scanned as bytes and
// only matching lines are parsed, so a search of every note stays cheap.
func (m *Memory) Grep(re *regexp.Regexp) ([]string, error) {
	var hits []match
	n, err := m.Count()
	if err != nil {
		return nil, err
	}
	var buf []byte
	for first := 0; first < n; first += SegmentNotes {
		path := segmentPath(first)
		buf, err = m.st.ReadInto(path, buf)
		if err != nil {
			return nil, err
		}
		data := buf
		err = scanMatches(data, 2, re, func(i int, line string) error {
			note, err := parseNote(line)
			if err != nil {
				return fmt.Errorf("%s line %d: %w", path, i, err)
			}
			hits = append(hits, match{note.ID, 1, noteLine(note, true)})
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	if err := m.grepFolds(re, &hits, buf); err != nil {
		return nil, err
	}
	slices.SortStableFunc(hits, func(a, b match) int {
		if a.lo != b.lo {
			return a.lo - b.lo
		}
		return b.size - a.size
	})
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.line
	}
	return out, nil
}

// scanMatches calls hit with the number and text of every line of data
// whose text after its first skip fields matches re.
func scanMatches(data []byte, skip int, re *regexp.Regexp, hit func(i int, line string) error) error {
	for i := 1; len(data) > 0; i++ {
		line := data
		if j := bytes.IndexByte(data, '\n'); j >= 0 {
			line, data = data[:j], data[j+1:]
		} else {
			data = nil
		}
		text := line
		for range skip {
			if k := bytes.IndexByte(text, ' '); k >= 0 {
				text = text[k+1:]
			}
		}
		if re.Match(text) {
			if err := hit(i, string(line)); err != nil {
				return err
			}
		}
	}
	return nil
}

// grepFolds adds the summaries whose text matches re.
func (m *Memory) grepFolds(re *regexp.Regexp, hits *[]match, buf []byte) error {
	paths, err := m.foldFiles()
	if err != nil {
		return err
	}
	for _, path := range paths {
		data, err := m.st.ReadInto(path, buf)
		if err != nil {
			return err
		}
		buf = data
		err = scanMatches(data, 3, re, func(i int, line string) error {
			r, err := parseFold(line)
			if err != nil {
				return fmt.Errorf("%s line %d: %w", path, i, err)
			}
			*hits = append(*hits, match{r.Block.Lo, r.Block.Size(), foldLine(r)})
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// foldFiles lists every folds/ file.
func (m *Memory) foldFiles() ([]string, error) {
	dirs, err := m.st.List("folds")
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil // nothing folded yet
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, d := range dirs {
		size, err := strconv.Atoi(strings.TrimSuffix(d, "/"))
		if err != nil || !strings.HasSuffix(d, "/") || size < 2 {
			continue
		}
		files, err := m.st.List("folds/" + strings.TrimSuffix(d, "/"))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			out = append(out, "folds/"+d+f)
		}
	}
	return out, nil
}
