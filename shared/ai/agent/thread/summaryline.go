package thread

import "github.com/session-intelligence/session-intelligence/shared/core/jsonx"

// decodeSummary reads one summary line. The lines are this package's own,
// but a file on disk can be torn or corrupted, so they go through jsonx
// like every other untrusted input.
func decodeSummary(line []byte) (Summary, error) {
	var s Summary
	err := jsonx.Unmarshal(line, &s)
	return s, err
}
