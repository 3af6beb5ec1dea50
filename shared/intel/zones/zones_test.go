package zones

import (
	"reflect"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
)

func TestOf(t *testing.T) {
	s := Set{Yellow: 200_000, Orange: 300_000, Red: 400_000}
	tests := []struct {
		tokens int64
		want   Zone
	}{
		{0, Green},
		{-5, Green},
		{199_999, Green},
		{200_000, Yellow},
		{299_999, Yellow},
		{300_000, Orange},
		{399_999, Orange},
		{400_000, Red},
		{5_000_000, Red},
	}
	for _, tt := range tests {
		t.Run(tt.want.String(), func(t *testing.T) {
			if got := s.Of(tt.tokens); got != tt.want {
				t.Errorf("Of(%d) = %v, want %v", tt.tokens, got, tt.want)
			}
		})
	}
}

func TestStatic(t *testing.T) {
	d := config.Default().Statusline.Zones
	defaults := Set{Yellow: d.Yellow, Orange: d.Orange, Red: d.Red, Source: FromDefault}
	if defaults.Yellow <= 0 || defaults.Yellow >= defaults.Orange || defaults.Orange >= defaults.Red {
		t.Fatalf("default zones %+v are not ascending", defaults)
	}
	tests := []struct {
		name string
		in   config.Zones
		want Set
	}{
		{"valid", config.Zones{Yellow: 100_000, Orange: 150_000, Red: 180_000}, Set{Yellow: 100_000, Orange: 150_000, Red: 180_000, Source: FromDefault}},
		{"set by the user", config.Zones{Yellow: 100_000, Orange: 150_000, Red: 180_000, UserSet: true}, Set{Yellow: 100_000, Orange: 150_000, Red: 180_000, Source: FromUser}},
		{"zero", config.Zones{}, defaults},
		{"yellow not positive", config.Zones{Yellow: 0, Orange: 2, Red: 3}, defaults},
		{"orange below yellow", config.Zones{Yellow: 300_000, Orange: 200_000, Red: 400_000}, defaults},
		{"red equals orange", config.Zones{Yellow: 100_000, Orange: 200_000, Red: 200_000}, defaults},
		{"yellow equals orange", config.Zones{Yellow: 200_000, Orange: 200_000, Red: 400_000}, defaults},
		{"typo in red", config.Zones{Yellow: 200_000, Orange: 300_000, Red: 40_000}, defaults},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Static(tt.in); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Static(%+v) = %+v, want %+v", tt.in, got, tt.want)
			}
		})
	}
}

func TestNames(t *testing.T) {
	tests := []struct {
		z     Zone
		name  string
		title string
	}{
		{Green, "green", "Free zone"},
		{Yellow, "yellow", "Caution zone"},
		{Orange, "orange", "Drift zone"},
		{Red, "red", "High-risk zone"},
		{Zone(-1), "green", "Free zone"},
		{Zone(9), "green", "Free zone"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.z.String(); got != tt.name {
				t.Errorf("Zone(%d).String() = %q, want %q", tt.z, got, tt.name)
			}
			if got := tt.z.Title(); got != tt.title {
				t.Errorf("Zone(%d).Title() = %q, want %q", tt.z, got, tt.title)
			}
		})
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		s    string
		want Zone
	}{
		{"green", Green},
		{"yellow", Yellow},
		{"orange", Orange},
		{"red", Red},
		{"", Green},
		{"Red", Green}, // names are lower case
		{"purple", Green},
	}
	for _, tt := range tests {
		t.Run(tt.s, func(t *testing.T) {
			if got := Parse(tt.s); got != tt.want {
				t.Errorf("Parse(%q) = %v, want %v", tt.s, got, tt.want)
			}
		})
	}
	for z := Green; z <= Red; z++ {
		if got := Parse(z.String()); got != z {
			t.Errorf("Parse(%v.String()) = %v", z, got)
		}
	}
}
