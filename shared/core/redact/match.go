package redact

import (
	"cmp"
	"slices"
)

// match is a byte range of the input to be replaced by the marker of kind.
type match struct {
	start, end int
	kind       Kind
}

// scanner holds one redaction pass: the input, the options and the
// matches found so far (nil until the first, so clean input allocates
// nothing).
type scanner struct {
	b   []byte
	opt Options
	ms  []match

	// Memory that keeps adversarial input (thousands of BEGIN lines or
	// key=key=key...) linear: see pemEnd and valueSpan.
	pemEnd, quote    seeker
	bareFrom, bareTo int // b[bareFrom:bareTo] is a maximal run of value bytes
}

// add records a match after making it JSON-safe. A match glued to an
// existing marker is dropped: what was next to the marker may have made
// the first pass reject it, so taking it now would make a second pass
// differ from the first (see touchesMarker). Private keys are exempt:
// their armour lines delimit them whatever their neighbours.
func (s *scanner) add(start, end int, k Kind) {
	start, end = safeSpan(s.b, start, end)
	if start < end && (k == KindPrivateKey || !touchesMarker(s.b, start, end)) {
		s.ms = append(s.ms, match{start, end, k})
	}
}

// safeSpan shrinks [start, end) so that replacing it cannot break JSON:
// both ends fall between escape sequences and the range holds no
// unescaped quote, so it stays inside one JSON string. Detectors aim for
// this already; the guard makes the guarantee independent of them.
func safeSpan(b []byte, start, end int) (int, int) {
	if p := escapeBefore(b, start); p >= 0 {
		start = max(start, p+escLen(b, p))
	}
	for q := start; q < end; q++ {
		if b[q] == '"' && (q == 0 || !isEscapeStart(b, q-1)) {
			end = q
			break
		}
	}
	if end < len(b) {
		if p := escapeBefore(b, end); p >= 0 && p+escLen(b, p) > end {
			end = p
		}
	}
	return start, end
}

// escapeBefore returns the start of the escape sequence that could cover
// position i (the nearest backslash at most five bytes back, if it starts
// an escape), or -1.
func escapeBefore(b []byte, i int) int {
	for p := i - 1; p >= 0 && p >= i-5; p-- {
		if b[p] == '\\' {
			if isEscapeStart(b, p) {
				return p
			}
			return -1
		}
	}
	return -1
}

// resolve sorts the matches and merges overlapping ones, so that every
// byte any detector flagged is covered exactly once. Of matches with the
// same range, the most specific kind wins.
func resolve(ms []match) []match {
	slices.SortFunc(ms, func(a, b match) int {
		if c := cmp.Compare(a.start, b.start); c != 0 {
			return c
		}
		if c := cmp.Compare(b.end, a.end); c != 0 {
			return c
		}
		return cmp.Compare(rank(a.kind), rank(b.kind))
	})
	out := ms[:0]
	for _, m := range ms {
		if n := len(out); n > 0 && m.start < out[n-1].end {
			out[n-1].end = max(out[n-1].end, m.end)
			continue
		}
		out = append(out, m)
	}
	return out
}

// rank orders kinds from most to least specific, for ties in resolve.
func rank(k Kind) int {
	switch k {
	case KindPrivateKey:
		return 0
	case KindGitHubToken, KindAnthropicKey, KindOpenAIKey, KindAWSAccessKey,
		KindSlackToken, KindSlackWebhook, KindGoogleAPIKey:
		return 1
	case KindJWT:
		return 2
	case KindBearerToken, KindURLPassword, KindAWSSecretKey:
		return 3
	case KindCredential:
		return 4
	}
	return 5
}

// render builds the output: the input with each match replaced by its
// marker. It allocates once, at the final size.
func render(b []byte, ms []match) []byte {
	n := len(b)
	for _, m := range ms {
		n += len("[REDACTED:]") + len(m.kind) - (m.end - m.start)
	}
	out := make([]byte, 0, n)
	last := 0
	for _, m := range ms {
		out = append(out, b[last:m.start]...)
		out = append(out, "[REDACTED:"...)
		out = append(out, m.kind...)
		out = append(out, ']')
		last = m.end
	}
	return append(out, b[last:]...)
}

// count builds the report for resolved matches.
func count(ms []match) Report {
	r := make(Report, 4)
	for _, m := range ms {
		r[m.kind]++
	}
	return r
}
