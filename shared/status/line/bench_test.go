package line

import "testing"

// BenchmarkRender is one warm redraw of the verbose preset on the golden
// fixture: the transcript and the zones are cached after the first run,
// as they are between two redraws of a real session.
func BenchmarkRender(b *testing.B) {
	f := newFixture(b)
	in := f.input(425_000)
	f.render(in, true, nil, "verbose")
	b.ReportAllocs()
	for b.Loop() {
		f.render(in, true, nil, "verbose")
	}
}

// BenchmarkBadTranscript redraws with a 2 GB transcript of NUL bytes:
// a redraw that read past its budget would take seconds per op here.
func BenchmarkBadTranscript(b *testing.B) {
	f := newFixture(b)
	in := f.input(-1)
	in.TranscriptPath = hugeTranscript(b, f)
	for b.Loop() {
		f.render(in, false, []string{"tokens", "tokenFlow", "compactAge"}, "")
	}
}
