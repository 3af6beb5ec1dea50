package line

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// golden compares got with testdata/<name>.golden.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := "testdata/" + name + ".golden"
	if *update {
		must(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// TestFieldsGolden renders every field alone, colour off and on.
func TestFieldsGolden(t *testing.T) {
	f := newFixture(t)
	names := FieldNames()
	slices.Sort(names)
	for _, colors := range []bool{false, true} {
		var b strings.Builder
		for _, name := range names {
			if name == "newline" {
				continue
			}
			fmt.Fprintf(&b, "%-12s %q\n", name, f.render(f.input(425_000), colors, []string{name}, ""))
		}
		golden(t, fmt.Sprintf("fields-color-%v", colors), b.String())
	}
}

// TestPresetsGolden renders every preset with colour on and off.
func TestPresetsGolden(t *testing.T) {
	f := newFixture(t)
	for _, preset := range []string{"minimal", "standard", "verbose", "verbose-cache"} {
		for _, colors := range []bool{false, true} {
			got := f.render(f.input(425_000), colors, nil, preset)
			if colors {
				got = fmt.Sprintf("%q\n", got)
			}
			golden(t, fmt.Sprintf("preset-%s-color-%v", preset, colors), got+"\n")
		}
	}
}
