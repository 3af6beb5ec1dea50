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
	peak  int64 // KB
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

// timed runs the command once and records its wall time.
func (s *side) timed(input []byte) time.Duration {
	d, rss := s.once(input)
	s.times = append(s.times, d)
	s.peak = max(s.peak, rss)
	return d
}

// once execs the command and returns its wall time and max RSS (KB).
func (s *side) once(input []byte) (time.Duration, int64) {
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
	return time.Since(start), maxRSS(cmd.ProcessState)
}

// summary is the one-line result.
func (s *side) summary(name string) string {
	t := slices.Sorted(slices.Values(s.times))
	return fmt.Sprintf("%-40s runs=%d median=%s p90=%s min=%s peakRSS=%.1fMB", name, len(t),
		ms(t[len(t)/2]), ms(t[len(t)*9/10]), ms(t[0]), float64(s.peak)/1024)
}
