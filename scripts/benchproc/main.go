// Command benchproc times a whole process from exec to exit: it runs a
// command N times with a fixed stdin and prints the median, p90 and the
// peak resident set size.
//
//	benchproc -n 200 -stdin payload.json -- ./si-post-tool-use
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
)

func main() {
	n := flag.Int("n", 100, "runs")
	warm := flag.Int("warm", 3, "untimed warm-up runs")
	stdin := flag.String("stdin", "", "file fed to stdin on every run")
	label := flag.String("label", "", "name printed with the result")
	flag.Parse()
	args := flag.Args()
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: benchproc [-n N] [-stdin FILE] -- command args...")
		os.Exit(2)
	}
	var input []byte
	if *stdin != "" {
		var err error
		if input, err = os.ReadFile(*stdin); err != nil {
			fmt.Fprintln(os.Stderr, "benchproc:", err)
			os.Exit(1)
		}
	}
	for i := 0; i < *warm; i++ {
		run(args, input)
	}
	times := make([]time.Duration, 0, *n)
	var peak int64
	for i := 0; i < *n; i++ {
		d, rss := run(args, input)
		times = append(times, d)
		peak = max(peak, rss)
	}
	slices.Sort(times)
	name := *label
	if name == "" {
		name = strings.Join(args, " ")
	}
	fmt.Printf("%-40s runs=%d median=%s p90=%s min=%s peakRSS=%.1fMB\n", name, *n,
		ms(times[len(times)/2]), ms(times[len(times)*9/10]), ms(times[0]), float64(peak)/1024)
}

// run execs the command once and returns its wall time and max RSS (KB).
func run(args []string, input []byte) (time.Duration, int64) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin = bytes.NewReader(input)
	start := time.Now()
	if err := cmd.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "benchproc:", err)
		os.Exit(1)
	}
	d := time.Since(start)
	var rss int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss
	}
	return d, rss
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000) }
