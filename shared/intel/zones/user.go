package zones

import "github.com/session-intelligence/session-intelligence/shared/core/config"

// Override puts the borders the configuration sets (those not at their
// default, [config.Zones.Custom]) over s, the set learned or placed for
// the session: setting one zone moves that zone only. A border of s that
// would then break yellow < orange < red moves too, to keep s's gap from
// the border it must follow (or precede); [Set.Moved] names it. With all
// three set the result is exactly the user's.
func (s Set) Override(z config.Zones) Set {
	user := [3]bool{}
	user[0], user[1], user[2] = z.Custom()
	if user == [3]bool{} {
		return s
	}
	base := [3]int64{s.Yellow, s.Orange, s.Red}
	got := base
	for i, v := range [3]int64{z.Yellow, z.Orange, z.Red} {
		if user[i] {
			got[i] = v
		}
	}
	var moved [3]bool
	for i := 1; i < 3; i++ { // upwards: a border after a user's one
		if !user[i] && got[i] <= got[i-1] {
			got[i], moved[i] = got[i-1]+max(base[i]-base[i-1], 1), true
		}
	}
	for i := 1; i >= 0; i-- { // downwards: a border before a user's one
		if !user[i] && got[i] >= got[i+1] {
			got[i], moved[i] = max(got[i+1]-max(base[i+1]-base[i], 1), 1), true
		}
	}
	out := s
	out.Yellow, out.Orange, out.Red = got[0], got[1], got[2]
	out.User, out.Moved = names3(user), names3(moved)
	if user == [3]bool{true, true, true} {
		out.Source, out.Adaptive, out.Samples = FromUser, false, 0
	}
	return out
}

// names3 names the zones (yellow, orange, red) flagged in f.
func names3(f [3]bool) []string {
	var out []string
	for i, on := range f {
		if on {
			out = append(out, Zone(i+1).String())
		}
	}
	return out
}

// PastPoint names the borders at or past the compaction point: warnings
// there never come, since Claude Code compacts first.
func (s Set) PastPoint() []string {
	if s.Compact <= 0 {
		return nil
	}
	var out []string
	for i, b := range [3]int64{s.Yellow, s.Orange, s.Red} {
		if b >= s.Compact {
			out = append(out, Zone(i+1).String())
		}
	}
	return out
}
