// Command benchproc times a whole process from exec to exit: it runs a
// command N times with a fixed stdin and prints the median, p90 and the
// peak resident set size.
//
//	benchproc -n 200 -stdin payload.json -- ./si-post-tool-use
//
// With -ratio and two commands it prints two lines instead: both sides'
// median CPU time and the median of the pairwise CPU ratios B/A (how
// many times the floor, when A is an empty program), then the same of
// wall time.
//
//	benchproc -ratio -n 300 -stdin p.json -label PostToolUse -- ./empty --vs ./si-post-tool-use
//
// With two commands separated by --vs it compares them: the runs
// alternate (A, B, A, B …) so that a machine that gets busier or quieter
// meanwhile affects both alike, each side with its own extra environment
// (-enva, -envb), and it prints both medians and the median of the
// pairwise differences B−A.
//
//	benchproc -n 300 -stdin p.json -enva HOME=/a -envb HOME=/b -- old/si-x --vs new/si-x
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"
)

// envList collects repeated KEY=VALUE flags.
type envList []string

func (e *envList) String() string     { return strings.Join(*e, " ") }
func (e *envList) Set(s string) error { *e = append(*e, s); return nil }

func main() {
	n := flag.Int("n", 100, "runs")
	warm := flag.Int("warm", 3, "untimed warm-up runs")
	stdin := flag.String("stdin", "", "file fed to stdin on every run")
	label := flag.String("label", "", "name printed with the result")
	ratio := flag.Bool("ratio", false, "with --vs: print one line with the CPU ratio B/A")
	var envA, envB envList
	flag.Var(&envA, "enva", "KEY=VALUE added to the first command's environment (repeatable)")
	flag.Var(&envB, "envb", "KEY=VALUE added to the second command's environment (repeatable)")
	flag.Parse()
	a, b := split(flag.Args())
	if len(a) == 0 {
		fmt.Fprintln(os.Stderr, "usage: benchproc [-n N] [-stdin FILE] [-enva K=V] [-envb K=V] -- command args... [--vs command args...]")
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
	name := *label
	if name == "" {
		name = strings.Join(a, " ")
	}
	sideA := side{args: a, env: envA}
	if b == nil {
		sideA.measure(input, *warm, *n)
		fmt.Println(sideA.summary(name))
		return
	}
	sideB := side{args: b, env: envB}
	ra, rb, ratios := alternate(sideA, sideB, input, *warm, *n)
	if *ratio {
		printRatio(name, ra, rb, ratios)
		return
	}
	compare(name, ra, rb, *n)
}

// split cuts args at "--vs" into two commands; b is nil without it.
func split(args []string) (a, b []string) {
	i := slices.Index(args, "--vs")
	if i < 0 {
		return args, nil
	}
	return args[:i], args[i+1:]
}

// alternate runs the two sides A, B, A, B … and returns them with the
// pairwise ratios B/A of CPU time and of wall time.
func alternate(a, b side, input []byte, warm, n int) (side, side, [2][]float64) {
	for range warm {
		a.once(input)
		b.once(input)
	}
	var ratios [2][]float64
	for range n {
		wa, ca := a.timed(input)
		wb, cb := b.timed(input)
		ratios[0] = append(ratios[0], float64(cb)/float64(max(ca, time.Microsecond)))
		ratios[1] = append(ratios[1], float64(wb)/float64(max(wa, time.Microsecond)))
	}
	return a, b, ratios
}

// compare prints both sides and the medians of the pairwise differences.
func compare(name string, a, b side, n int) {
	diffs, cpus := make([]time.Duration, 0, n), make([]time.Duration, 0, n)
	for i := range n {
		diffs = append(diffs, b.times[i]-a.times[i])
		cpus = append(cpus, b.cpu[i]-a.cpu[i])
	}
	slices.Sort(diffs)
	slices.Sort(cpus)
	fmt.Println(a.summary(name + " [A]"))
	fmt.Println(b.summary(name + " [B]"))
	fmt.Printf("%-40s B-A: median of pairwise differences %s (p10 %s, p90 %s); CPU %s (p10 %s, p90 %s)\n", name,
		ms(diffs[n/2]), ms(diffs[n/10]), ms(diffs[n*9/10]), ms(cpus[n/2]), ms(cpus[n/10]), ms(cpus[n*9/10]))
}

// printRatio prints the medians of CPU time and of the pairwise ratios,
// then the same of wall time.
func printRatio(name string, a, b side, ratios [2][]float64) {
	for i, kind := range []string{"CPU", "wall"} {
		r := slices.Sorted(slices.Values(ratios[i]))
		ta, tb := a.cpu, b.cpu
		if i == 1 {
			ta, tb = a.times, b.times
		}
		ta, tb = slices.Sorted(slices.Values(ta)), slices.Sorted(slices.Values(tb))
		n := len(r)
		fmt.Printf("%-38s %-4s %s vs %s  ratio %.2fx (p10 %.2fx, p90 %.2fx)\n", name, kind,
			ms(tb[n/2]), ms(ta[n/2]), r[n/2], r[n/10], r[n*9/10])
		name = ""
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000) }
