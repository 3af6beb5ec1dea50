package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"time"
)

// side is one command under measurement and what it has measured.
type side struct {
	args  []string
	env   []string
	times []time.Duration
	cpu   []time.Duration // user + system time of each run
	peak  int64           // KB
}

// measure runs the command warm times untimed, then n times timed.
func (s *side) measure(input []byte, warm, n int) {
	for range warm {
		s.once(input)
	}
	for range n {
		s.timed(input)
	}
}

// timed runs the command once and records its wall and CPU time.
func (s *side) timed(input []byte) (wall, cpu time.Duration) {
	wall, cpu, rss := s.once(input)
	s.times = append(s.times, wall)
	s.cpu = append(s.cpu, cpu)
	s.peak = max(s.peak, rss)
	return wall, cpu
}

// once execs the command and returns its wall time, its CPU time (user
// and system: what a loaded machine changes least) and max RSS (KB).
func (s *side) once(input []byte) (time.Duration, time.Duration, int64) {
	cmd := exec.Command(s.args[0], s.args[1:]...)
	cmd.Stdin = bytes.NewReader(input)
	if len(s.env) > 0 {
		cmd.Env = append(os.Environ(), s.env...)
	}
	start := time.Now()
	if err := cmd.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "benchproc:", err)
		os.Exit(1)
	}
	ps := cmd.ProcessState
	return time.Since(start), ps.UserTime() + ps.SystemTime(), maxRSS(ps)
}

// summary is the one-line result.
func (s *side) summary(name string) string {
	t := slices.Sorted(slices.Values(s.times))
	c := slices.Sorted(slices.Values(s.cpu))
	return fmt.Sprintf("%-40s runs=%d median=%s p90=%s min=%s cpu=%s peakRSS=%.1fMB", name, len(t),
		ms(t[len(t)/2]), ms(t[len(t)*9/10]), ms(t[0]), ms(c[len(c)/2]), float64(s.peak)/1024)
}
