// Package soak sizes the tests that run many writers at once. Their
// worth is the contention (eight processes on one lock), which a smaller
// count keeps; their length is the count. SI_SOAK_EACH sets the count
// per writer where a run cannot afford the full one: the Windows lane,
// where each lock attempt and file operation goes through Wine's one
// server and 1,600 notes take four to five minutes.
package soak

import (
	"os"
	"strconv"
)

// Each is the count per writer: n, or SI_SOAK_EACH when it is a smaller
// positive number.
func Each(n int) int {
	if v, err := strconv.Atoi(os.Getenv("SI_SOAK_EACH")); err == nil && v > 0 && v < n {
		return v
	}
	return n
}
