package replay

import "testing"

func adv(call int, tokens int64, delivered bool) Advisory {
	return Advisory{Call: call, Tokens: tokens, Delivered: delivered}
}

func TestWarnings(t *testing.T) {
	r := Report{
		Compactions: []Compaction{
			// In time: the orange advisory came 20k before.
			{Trigger: "auto", AfterCall: 10, PreTokens: 167_000, Before: []Advisory{adv(8, 147_000, true), adv(9, 160_000, true)}},
			// Late: 5k before only; a logged yellow does not count.
			{Trigger: "auto", AfterCall: 20, PreTokens: 167_000, Before: []Advisory{adv(12, 100_000, false), adv(19, 162_000, true)}},
			// Manual, three advisories: over-advised, never "in time".
			{Trigger: "manual", AfterCall: 30, PreTokens: 150_000, Before: []Advisory{adv(21, 137_000, true), adv(22, 140_000, true), adv(23, 157_000, true)}},
		},
		Advisories: []Advisory{adv(8, 0, true), adv(9, 0, true), adv(19, 0, true), adv(21, 0, true), adv(22, 0, true), adv(23, 0, true), adv(40, 0, true), adv(41, 0, false)},
	}
	w := warnings(r.Compactions)
	w.quiet(r, 420)
	// After the last automatic compaction (call 20): 400 calls, and the
	// four advisories delivered there (calls 21, 22, 23, 40), three of
	// them before the manual compaction after call 30.
	want := Warnings{InTime: 1, OverAdvised: 1, QuietCalls: 400, QuietAdvisories: 4, Nuisance: 1, BeforeManual: 3}
	if w != want {
		t.Errorf("warnings = %+v, want %+v", w, want)
	}
	var none Warnings
	none.quiet(Report{Advisories: []Advisory{adv(3, 0, true)}}, 300)
	if none.QuietCalls != 300 || none.Nuisance != 0.33 {
		t.Errorf("a session without compactions = %+v, want 1 in 300 (0.33)", none)
	}
}

func TestSummarizeNuisance(t *testing.T) {
	a := Report{Advisories: []Advisory{adv(3, 0, true)}}
	a.Totals = totals(a, 100)
	a.Totals.Warnings.quiet(a, 100)
	b := Report{Compactions: []Compaction{{Trigger: "auto", AfterCall: 150}}}
	b.Totals = totals(b, 200)
	b.Totals.Warnings.quiet(b, 200)
	got := Summarize([]Report{a, b}).Total.Warnings
	if got.QuietCalls != 150 || got.QuietAdvisories != 1 || got.Nuisance != 0.67 {
		t.Errorf("summed warnings = %+v, want 1 in 150 (0.67)", got)
	}
}
