package settingsjson

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// deepDoc nests n arrays inside one member of the root object, so the
// document is n+1 levels deep.
func deepDoc(n int) string {
	return `{"a":` + strings.Repeat("[", n) + strings.Repeat("]", n) + "}"
}

// TestDepthCap: every entry point refuses a document deeper than
// MaxDepth with ErrTooDeep; 200,000 levels would overflow nothing now,
// but they must not even be walked (BenchmarkDepthCap times the
// refusal).
func TestDepthCap(t *testing.T) {
	huge := []byte(deepDoc(200_000))
	tests := []struct {
		name string
		run  func([]byte) error
	}{
		{"Validate", func(d []byte) error { return Validate("settings.json", d) }},
		{"Set", func(d []byte) error { _, err := Set(d, 1, "k"); return err }},
		{"Delete", func(d []byte) error { _, err := Delete(d, "a"); return err }},
		{"Read", func(d []byte) error {
			path := filepath.Join(t.TempDir(), "settings.json")
			if err := os.WriteFile(path, d, 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := Read(path)
			return err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.run(huge)
			if !errors.Is(err, ErrTooDeep) {
				t.Fatalf("%s(200,000 levels) = %v, want ErrTooDeep", tt.name, err)
			}
			if !strings.Contains(err.Error(), "nested deeper than 512 levels") {
				t.Errorf("error %q does not say what the limit is", err)
			}
		})
	}
	if _, ok := Get(huge, "a"); ok {
		t.Error("Get on a too deep document reported a value")
	}
}

// BenchmarkDepthCap refuses a document of 200,000 levels: a refusal
// that walked them would show here as milliseconds per op.
func BenchmarkDepthCap(b *testing.B) {
	huge := []byte(deepDoc(200_000))
	for b.Loop() {
		if err := Validate("settings.json", huge); !errors.Is(err, ErrTooDeep) {
			b.Fatal(err)
		}
	}
}

func TestDepthCapBoundary(t *testing.T) {
	tests := []struct {
		name  string
		depth int // levels, the root object included
		ok    bool
	}{
		{"at the cap", MaxDepth, true},
		{"one over", MaxDepth + 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Validate("", []byte(deepDoc(tt.depth-1)))
			if (err == nil) != tt.ok || !tt.ok && !errors.Is(err, ErrTooDeep) {
				t.Errorf("Validate(%d levels) = %v, want ok %v", tt.depth, err, tt.ok)
			}
		})
	}
}

// TestSetRefusesDeepValue: the new value is checked by the scanner
// before any decoder compares it, and the edited document must still be
// within the cap.
func TestSetRefusesDeepValue(t *testing.T) {
	deep := strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1)
	atCap := strings.Repeat("[", MaxDepth-1) + strings.Repeat("]", MaxDepth-1)
	tests := []struct {
		name  string
		value any
		path  []string
	}{
		{"raw value too deep", json.RawMessage(deep), []string{"k"}},
		{"verbatim value too deep", Verbatim(deep), []string{"k"}},
		{"fits alone, not under the path", json.RawMessage(atCap), []string{"x", "k"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Set([]byte(`{"a":1}`), tt.value, tt.path...); !errors.Is(err, ErrTooDeep) {
				t.Errorf("Set = %v, want ErrTooDeep", err)
			}
		})
	}
}

func TestSizeCap(t *testing.T) {
	doc := []byte(`{"a":"` + strings.Repeat("x", MaxSize) + `"}`)
	err := Validate("settings.json", doc)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Validate(%d bytes) = %v, want ErrTooLarge", len(doc), err)
	}
	if want := "settings.json: refused: document is"; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %q does not start with %q", err, want)
	}
}
