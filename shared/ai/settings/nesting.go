package settings

import "fmt"

// maxNesting bounds how deeply arrays and inline tables may nest in a
// settings file. BurntSushi/toml slows down steeply with deep inline
// tables (a few thousand levels take seconds), and no real ai.toml
// needs more than a handful, so deeper files are refused before they
// reach the decoder.
const maxNesting = 32

// checkNesting scans TOML text for the nesting of [ and { outside
// strings and comments, and refuses a file nested past maxNesting. It
// does not check syntax: the decoder does.
func checkNesting(data []byte) error {
	depth := 0
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '#':
			i = skipTo(data, i, "\n")
		case '"', '\'':
			i = skipString(data, i)
		case '[', '{':
			if depth++; depth > maxNesting {
				return fmt.Errorf("arrays or tables nested deeper than %d levels", maxNesting)
			}
		case ']', '}':
			depth = max(0, depth-1)
		}
	}
	return nil
}

// skipString returns the index of the last byte of the string that
// starts at data[i]: a basic string (double quotes, with escapes), a
// literal one (single quotes), or either kind in its multi-line form
// (three quotes).
func skipString(data []byte, i int) int {
	q := data[i]
	if i+2 < len(data) && data[i+1] == q && data[i+2] == q {
		return skipTo(data, i+3, string([]byte{q, q, q})) + 2
	}
	for j := i + 1; j < len(data); j++ {
		switch {
		case data[j] == '\\' && q == '"':
			j++
		case data[j] == q, data[j] == '\n':
			return j
		}
	}
	return len(data)
}

// skipTo returns the index of the first byte of end at or after from
// (from's own byte included), or len(data)-1 when there is none.
func skipTo(data []byte, from int, end string) int {
	for j := from; j+len(end) <= len(data); j++ {
		if string(data[j:j+len(end)]) == end {
			return j
		}
	}
	return len(data) - 1
}
