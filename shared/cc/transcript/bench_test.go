package transcript

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/synth"
)

// bigTranscript writes a 48 MB synthetic transcript once per benchmark.
func bigTranscript(b *testing.B) string {
	b.Helper()
	path := filepath.Join(b.TempDir(), "big.jsonl")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := synth.Write(f, synth.Options{Bytes: 48 << 20, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkScanCold measures a first read of a 48 MB transcript.
func BenchmarkScanCold(b *testing.B) {
	path := bigTranscript(b)
	fi, _ := os.Stat(path)
	b.SetBytes(fi.Size())
	b.ResetTimer()
	for b.Loop() {
		if _, err := Scan(path, ""); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScanWarm measures a re-read with the cache and no new bytes.
func BenchmarkScanWarm(b *testing.B) {
	path := bigTranscript(b)
	cache := b.TempDir()
	if _, err := Scan(path, cache); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Scan(path, cache); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScanIncremental measures what a hook pays on a warm cache when
// one tool round (an assistant response in two records and its tool
// result, about 4 KB) was appended since the last call.
func BenchmarkScanIncremental(b *testing.B) {
	path := bigTranscript(b)
	cache := b.TempDir()
	if _, err := Scan(path, cache); err != nil {
		b.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var round bytes.Buffer
	if _, err := synth.Write(&round, synth.Options{Bytes: 4 << 10, Seed: 9}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := f.Write(round.Bytes()); err != nil {
			b.Fatal(err)
		}
		if _, err := Scan(path, cache); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScanSparseGiant measures one call on a 2 GB sparse file
// without a newline: Budget bytes read, the giant line skipped.
func BenchmarkScanSparseGiant(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.jsonl")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	if err := f.Truncate(2 << 30); err != nil {
		b.Skipf("sparse file: %v", err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(Budget)
	for b.Loop() {
		if _, err := Scan(path, b.TempDir()); err != nil {
			b.Fatal(err)
		}
	}
}
