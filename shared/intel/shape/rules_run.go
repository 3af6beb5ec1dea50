package shape

import (
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/intel/shape/shell"
)

// The rules of git and of the build and test runners.

// gitSpec lists git's flags that take a value in the verbs read here.
var gitSpec = spec{short: "mnFSGObB", long: []string{"--grep", "--author", "--committer", "--since", "--until",
	"--format", "--pretty", "--max-count", "--skip", "--message", "--file", "--date", "--diff-filter"}}

// gitTreeVerbs work on the working tree or its history; without a path
// they work on the whole repository.
var gitTreeVerbs = []string{"status", "diff", "add", "commit", "stash", "checkout", "restore", "reset", "rm", "mv",
	"clean", "log", "show", "blame", "annotate", "grep", "ls-files", "rebase", "merge", "cherry-pick", "switch",
	"revert", "apply", "am", "difftool", "whatchanged", "shortlog", "cat-file"}

// gitRule: -C DIR moves git; paths after -- are operands, so are words
// that are not revisions; git show REV:PATH names PATH; git grep takes a
// pattern first. Failing those, a tree verb works on the repository.
func gitRule(e *emitter, args []word) {
	i := 0
	for ; i < len(args) && strings.HasPrefix(args[i].Text, "-"); i++ {
		switch args[i].Text {
		case "-C":
			if i+1 < len(args) {
				i++
				e.chdir(args[i], wContext)
			}
		case "-c", "--git-dir", "--work-tree", "--namespace":
			i++
		}
	}
	if i >= len(args) {
		return
	}
	verb, items := args[i].Text, parseArgs(args[i+1:], gitSpec)
	if !slices.Contains(gitTreeVerbs, verb) {
		return
	}
	e.addAll(gitOperands(verb, items), wOperand)
	e.here() // a word without -- may be a branch rather than a path
}

// gitOperands picks the path operands of a tree verb.
func gitOperands(verb string, items []item) []word {
	var out []word
	pattern := verb == "grep" && !hasFlag(items, "-e")
	for _, it := range items {
		switch op := it.val; {
		case it.flag != "":
		case it.dashdash:
			out = append(out, op)
		case pattern:
			pattern = false
		case (verb == "show" || verb == "cat-file") && strings.Contains(op.Text, ":"):
			_, p, _ := strings.Cut(op.Text, ":")
			out = append(out, shell.Lit(p))
		case op.Text != "" && !revisionLike(op.Text) && verb != "commit" && verb != "stash":
			out = append(out, op)
		}
	}
	return out
}

// goValueFlags are the go command's flags that take a value.
var goValueFlags = []string{"-run", "-bench", "-benchtime", "-count", "-cpu", "-parallel", "-timeout", "-tags",
	"-o", "-p", "-coverprofile", "-covermode", "-coverpkg", "-cpuprofile", "-memprofile", "-blockprofile",
	"-mutexprofile", "-trace", "-outputdir", "-fuzz", "-fuzztime", "-fuzzminimizetime", "-exec", "-ldflags",
	"-gcflags", "-asmflags", "-mod", "-modfile", "-pkgdir", "-toolexec", "-vet", "-shuffle", "-skip", "-list", "-f"}

// goRule: the package patterns and files of go test/build/vet/run
// (./internal/store/... is internal/store); go run's arguments after the
// program are not its operands, nor is anything after -args.
func goRule(e *emitter, args []word) {
	for len(args) > 1 && args[0].Text == "-C" {
		e.chdir(args[1], wContext)
		args = args[2:]
	}
	if len(args) == 0 || !slices.Contains([]string{"test", "build", "vet", "run", "install", "list", "generate", "fmt", "fix"}, args[0].Text) {
		return
	}
	verb, rest := args[0].Text, args[1:]
	if i := slices.IndexFunc(rest, func(w word) bool { return w.Text == "-args" }); i >= 0 {
		rest = rest[:i]
	}
	for i, op := range operandsOf(parseArgs(rest, spec{long: goValueFlags})) {
		if verb == "run" && i > 0 && !strings.HasSuffix(op.Text, ".go") {
			break
		}
		e.add(op, wOperand)
	}
	e.here()
}

// makeRule: make -C DIR works on DIR; -f names the makefile; targets that
// look like paths may be files.
func makeRule(e *emitter, args []word) {
	for _, it := range parseArgs(args, spec{short: "CfIoW", long: []string{"--directory", "--file", "--makefile"}}) {
		switch it.flag {
		case "-C", "--directory":
			e.chdir(it.val, wOperand)
		case "-f", "--file", "--makefile":
			e.add(it.val, wOperand)
		case "":
			if pathLike(it.val.Text) {
				e.add(it.val, wArg)
			}
		}
	}
	e.here()
}

// cargoRule: --manifest-path is a path; -p CRATE is looked for as a
// directory of that name, at the top or under crates/ (the usual
// workspace layouts); without either, cargo works on the workspace.
func cargoRule(e *emitter, args []word) {
	items := parseArgs(args, spec{short: "pjF", long: []string{"--package", "--manifest-path", "--features",
		"--jobs", "--target", "--bin", "--example", "--test", "--bench", "--target-dir", "--profile"}})
	e.addAll(flagValues(items, "--manifest-path"), wOperand)
	for _, name := range flagValues(items, "-p", "--package") {
		if name.Literal() && !strings.Contains(name.Text, "/") {
			e.add(name, wArg)
			e.add(shell.Lit("crates/"+name.Text), wArg)
		}
	}
	e.here()
}

// pkgVerbsWithoutPaths are package-manager verbs whose operands are
// package names.
var pkgVerbsWithoutPaths = []string{"install", "i", "add", "remove", "rm", "uninstall", "update", "up", "ci",
	"link", "publish", "pack", "info", "view", "outdated", "audit", "login", "whoami", "init", "create"}

// pkgRule (npm, pnpm, yarn, bun): --prefix, -C, --dir and --cwd move it;
// after the verb (and the script or tool a run or exec names) path-like
// words and everything after -- are operands (npm test -- src/x.test.ts,
// bun test path); without any it works on its package.
func pkgRule(e *emitter, args []word) {
	items := parseArgs(args, spec{short: "CFw", long: []string{"--prefix", "--dir", "--cwd", "--filter", "--workspace"}})
	for _, it := range items {
		switch it.flag {
		case "-C", "--prefix", "--dir", "--cwd":
			e.chdir(it.val, wContext)
		case "-F", "--filter", "-w", "--workspace":
			if pathLike(it.val.Text) {
				e.add(it.val, wOperand)
			}
		}
	}
	ops := operandsOf(items)
	if len(ops) > 0 && slices.Contains(pkgVerbsWithoutPaths, ops[0].Text) {
		return
	}
	if len(ops) > 1 && slices.Contains([]string{"run", "run-script", "exec", "x", "dlx"}, ops[0].Text) && !pathLike(ops[1].Text) {
		ops = ops[1:]
	}
	addRunnerOperands(e, items, ops)
	e.here()
}

// addRunnerOperands adds the path-like operands of a runner and the words
// after --.
func addRunnerOperands(e *emitter, items []item, ops []word) {
	for _, op := range ops {
		if pathLike(op.Text) {
			e.add(op, wOperand)
		}
	}
	for _, it := range items {
		if it.dashdash && !strings.HasPrefix(it.val.Text, "-") && !pathLike(it.val.Text) {
			e.add(it.val, wOperand) // npm test -- Makefile-like names
		}
	}
}

// toolRule is a linter or test runner (eslint, tsc, vitest; npx TOOL when
// skipTool): path-like operands and flag values, else the project.
func toolRule(e *emitter, args []word, skipTool bool) {
	items := parseArgs(args, spec{})
	ops := operandsOf(items)
	if skipTool && len(ops) > 0 {
		ops = ops[1:]
	}
	addRunnerOperands(e, items, ops)
	for _, it := range items {
		if it.flag != "" && pathLike(it.val.Text) {
			e.add(it.val, wArg)
		}
	}
	e.here()
}
