package transcript

import (
	"strings"
	"testing"
)

// TestBudgetCatchUp: a transcript larger than the per-call budget is read
// over several calls; meanwhile the context size comes from the tail.
func TestBudgetCatchUp(t *testing.T) {
	defer func(b int64) { testOnlyBudget = b }(testOnlyBudget)
	testOnlyBudget = 1000
	var lines []string
	for i := range 10 {
		lines = append(lines, asst(string(rune('a'+i)), "r", "claude-opus-4-6", int64(100+i), 1, 0, 0, ""))
	}
	path := write(t, lines...)
	cache := t.TempDir()
	calls := 0
	for {
		s, err := Scan(path, cache)
		if err != nil {
			t.Fatal(err)
		}
		calls++
		if tok, ok := s.ContextTokens(); !ok || tok != 109 {
			t.Fatalf("call %d: ContextTokens = %d %v, want the tail's 109", calls, tok, ok)
		}
		if !s.Behind {
			if s.Responses != 10 {
				t.Errorf("caught up with %d responses, want 10", s.Responses)
			}
			break
		}
		if calls > 20 {
			t.Fatal("never caught up")
		}
	}
	if calls < 3 {
		t.Errorf("caught up in %d calls; the budget was not applied", calls)
	}
}

// TestOversizedLineAcrossCalls: an unterminated line longer than MaxLine
// is skipped over several calls without being re-read.
func TestOversizedLineAcrossCalls(t *testing.T) {
	defer func(b int64) { testOnlyBudget = b }(testOnlyBudget)
	testOnlyBudget = MaxLine + 4<<20 // the budget always exceeds MaxLine
	path := write(t, asst("m1", "r1", "claude-opus-4-6", 10, 1, 0, 0, ""))
	appendTo(t, path, `{"type":"user","message":"`+strings.Repeat("x", 2*MaxLine+(10<<20)))
	cache := t.TempDir()
	var last int64
	for i := 0; i < 5; i++ {
		s, err := Scan(path, cache)
		if err != nil {
			t.Fatal(err)
		}
		if s.Offset <= last && s.Behind {
			t.Fatalf("call %d made no progress (offset %d)", i, s.Offset)
		}
		last = s.Offset
	}
	appendTo(t, path, "\"}\n"+asst("m2", "r2", "claude-opus-4-6", 20, 1, 0, 0, "")+"\n")
	for i := 0; i < 5; i++ {
		s, _ := Scan(path, cache)
		if !s.Behind {
			if s.Responses != 2 {
				t.Errorf("after the oversized line: %d responses, want 2", s.Responses)
			}
			return
		}
	}
	t.Error("never caught up")
}
