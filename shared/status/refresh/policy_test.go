package refresh

import (
	"testing"
	"time"
)

var (
	t0     = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	policy = Policy{Interval: 180 * time.Second, MaxBackoff: 30 * time.Minute, MaxRetryAfter: time.Hour}
)

func TestBackoff(t *testing.T) {
	tests := []struct {
		failures int
		want     time.Duration
	}{
		{0, 180 * time.Second},
		{1, 180 * time.Second},
		{2, 360 * time.Second},
		{3, 720 * time.Second},
		{4, 1440 * time.Second},
		{5, 30 * time.Minute}, // 2880 s capped
		{60, 30 * time.Minute},
		{1 << 30, 30 * time.Minute}, // no overflow
	}
	for _, tt := range tests {
		if got := policy.Backoff(tt.failures); got != tt.want {
			t.Errorf("Backoff(%d) = %v, want %v", tt.failures, got, tt.want)
		}
	}
}

func TestDue(t *testing.T) {
	tests := []struct {
		name string
		s    State
		now  time.Time
		want bool
	}{
		{"never attempted", State{}, t0, true},
		{"attempt 179 s ago", State{AttemptAt: t0.Add(-179 * time.Second)}, t0, false},
		{"attempt 180 s ago", State{AttemptAt: t0.Add(-180 * time.Second)}, t0, true},
		{"interval passed, backoff not", State{AttemptAt: t0.Add(-5 * time.Minute), NextAttemptAt: t0.Add(time.Second)}, t0, false},
		{"both passed", State{AttemptAt: t0.Add(-5 * time.Minute), NextAttemptAt: t0}, t0, true},
		{"next passed, interval not", State{AttemptAt: t0.Add(-time.Minute), NextAttemptAt: t0.Add(-time.Second)}, t0, false},
		{"attempt from a clock far ahead", State{AttemptAt: t0.Add(48 * time.Hour)}, t0, true},
		{"next from a clock far ahead", State{AttemptAt: t0.Add(-time.Hour), NextAttemptAt: t0.Add(48 * time.Hour)}, t0, true},
		{"retry-after within the cap is obeyed", State{AttemptAt: t0.Add(-time.Hour), NextAttemptAt: t0.Add(50 * time.Minute)}, t0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := policy.Due(tt.s, tt.now); got != tt.want {
				t.Errorf("Due(%+v) = %v, want %v", tt.s, got, tt.want)
			}
		})
	}
}

func TestPending(t *testing.T) {
	tests := []struct {
		name string
		s    State
		want bool
	}{
		{"nothing", State{}, false},
		{"just marked", State{AttemptAt: t0}, true},
		{"marked 59 s ago", State{AttemptAt: t0.Add(-59 * time.Second)}, true},
		{"marked 61 s ago", State{AttemptAt: t0.Add(-61 * time.Second)}, false},
		{"marked then done", State{AttemptAt: t0, DoneAt: t0}, false},
		{"done earlier, marked again", State{AttemptAt: t0, DoneAt: t0.Add(-time.Hour)}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.s.Pending(t0); got != tt.want {
				t.Errorf("Pending(%+v) = %v, want %v", tt.s, got, tt.want)
			}
		})
	}
}

func TestTransitions(t *testing.T) {
	tests := []struct {
		name       string
		failures   int
		ok         bool
		retryAfter time.Duration
		wantFail   int
		wantNext   time.Duration // from t0; 0 means zero time
	}{
		{"first failure", 0, false, 0, 1, 180 * time.Second},
		{"third failure", 2, false, 0, 3, 720 * time.Second},
		{"capped", 9, false, 0, 10, 30 * time.Minute},
		{"retry-after wins", 0, false, 600 * time.Second, 1, 600 * time.Second},
		{"short retry-after replaces backoff", 4, false, 10 * time.Second, 5, 10 * time.Second},
		{"huge retry-after capped", 0, false, 24 * time.Hour, 1, time.Hour},
		{"success clears", 7, true, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := State{Failures: tt.failures}
			s.Mark(policy, t0)
			if want := t0.Add(policy.Backoff(tt.failures + 1)); !s.NextAttemptAt.Equal(want) {
				t.Errorf("after Mark next = %v, want %v (pessimistic)", s.NextAttemptAt, want)
			}
			if tt.ok {
				s.Succeed(t0)
			} else {
				s.Fail(policy, t0, tt.retryAfter)
			}
			var want time.Time
			if tt.wantNext != 0 {
				want = t0.Add(tt.wantNext)
			}
			if s.Failures != tt.wantFail || !s.NextAttemptAt.Equal(want) || !s.DoneAt.Equal(t0) {
				t.Errorf("state = %+v, want failures %d next %v done %v", s, tt.wantFail, want, t0)
			}
			if policy.Due(s, t0.Add(time.Second)) {
				t.Error("due one second after an attempt")
			}
		})
	}
}
