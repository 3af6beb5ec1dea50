package history

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/testkit/damage"
)

// TestAppendHealsDamage: whatever the history file has become, the next
// compaction is recorded, and what was there is kept aside unless it
// was only lines a reader skips.
func TestAppendHealsDamage(t *testing.T) {
	for _, k := range damage.Kinds {
		t.Run(string(k), func(t *testing.T) {
			path := Path(t.TempDir())
			damage.Make(t, path, k)
			fsutil.Healed()
			if err := Append(path, Entry{T: 1700000000, SID: "s1", Tokens: 150_000}); err != nil {
				t.Fatalf("Append over %s: %v", k, err)
			}
			entries, err := Read(path)
			if err != nil || len(entries) == 0 || entries[len(entries)-1].SID != "s1" {
				t.Fatalf("Read after = %+v, %v; want the new entry last", entries, err)
			}
			lines := k == damage.Garbage || k == damage.WrongTypes // skipped by readers, kept by writers
			if moved := len(damage.Aside(path)); lines && moved != 0 || !lines && moved != 1 {
				t.Errorf("%d copies moved aside", moved)
			}
			if fi, _ := os.Stat(path); fi.Size() > MaxBytes {
				t.Errorf("history is %d bytes after, over %d", fi.Size(), MaxBytes)
			}
			if k == damage.Huge {
				if len(entries) < 2 {
					t.Errorf("the newest lines of the huge file were not carried on: %d entries", len(entries))
				}
				if _, err := os.Stat(path + ".1"); err != nil {
					t.Errorf("the carried lines beyond the bound should rotate to .1: %v", err)
				}
			}
		})
	}
}

// TestAppendNonFinite: a cost of +Inf or NaN never loses the entry.
func TestAppendNonFinite(t *testing.T) {
	path := Path(t.TempDir())
	q := math.NaN()
	e := Entry{T: 1700000000, SID: "inf", Cost: math.Inf(1), RegretCount: math.NaN(), ContinuationQuality: &q}
	if err := Append(path, e); err != nil {
		t.Fatalf("Append: %v", err)
	}
	entries, err := Read(path)
	if err != nil || len(entries) != 1 || entries[0].Cost != 0 || entries[0].RegretCount != 0 {
		t.Fatalf("Read = %+v, %v; want one entry with the figures 0", entries, err)
	}
	if !math.IsNaN(q) {
		t.Error("the caller's value was changed")
	}
	data, _ := os.ReadFile(path)
	if strings.Contains(string(data), "Inf") || strings.Contains(string(data), "NaN") {
		t.Errorf("file holds %s", data)
	}
}

// TestUpdateOverGarbage: regret stamping finds its entry among lines
// that do not parse, and keeps them.
func TestUpdateOverGarbage(t *testing.T) {
	path := Path(t.TempDir())
	damage.Make(t, path, damage.Garbage)
	if err := Append(path, Entry{T: 5, SID: "a"}); err != nil {
		t.Fatal(err)
	}
	found, err := Update(path, func(e Entry) bool { return e.SID == "a" }, func(e *Entry) { e.WindowClosed = true })
	if err != nil || !found {
		t.Fatalf("Update = %v, %v", found, err)
	}
	entries, _ := Read(path)
	if len(entries) != 1 || !entries[0].WindowClosed {
		t.Errorf("entries = %+v", entries)
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), "garbage") {
		t.Error("the unparsable lines were dropped")
	}
}

func TestBoundRotates(t *testing.T) {
	path := Path(t.TempDir())
	var all []Entry
	for i := range MaxEntries + 20 {
		all = append(all, Entry{T: int64(1000 + i), SID: "s"})
	}
	if err := Append(path, all...); err != nil {
		t.Fatal(err)
	}
	entries, _ := Read(path)
	if len(entries) != MaxEntries || entries[0].T != 1020 {
		t.Errorf("kept %d entries from T %d", len(entries), entries[0].T)
	}
	old, _ := Read(path + ".1")
	if len(old) == 0 {
		t.Error("nothing rotated to .1")
	}
}
