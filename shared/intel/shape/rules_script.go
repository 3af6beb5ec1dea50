package shape

import (
	"slices"
	"strings"
)

// The rules of interpreters and of the commands that run other commands.

// pytestRule: test paths, without their ::test suffix.
func pytestRule(e *emitter, args []word) {
	items := parseArgs(args, spec{short: "kmpncorW", long: []string{"--rootdir", "--maxfail", "--deselect", "--ignore", "--junitxml", "--cov"}})
	for _, op := range operandsOf(items) {
		op.Text, _, _ = strings.Cut(op.Text, "::")
		if op.Cut > len(op.Text) {
			op.Cut = -1
		}
		e.add(op, wOperand)
	}
	e.here()
}

// pythonRule: the script is the operand (python SCRIPT.py), python -m
// pytest is pytest, python -c CODE names nothing.
func pythonRule(e *emitter, args []word) {
	for i := 0; i < len(args); i++ {
		switch t := args[i].Text; {
		case t == "-c":
			return
		case t == "-m":
			if i+1 < len(args) && args[i+1].Text == "pytest" {
				pytestRule(e, args[i+2:])
			}
			return
		case t == "-W" || t == "-X":
			i++
		case strings.HasPrefix(t, "-"):
		default:
			e.add(args[i], wOperand)
			addPathLike(e, args[i+1:])
			return
		}
	}
}

// scriptRule (node, ruby, perl, deno…): the first operand is the script
// unless -e gave code; deno's verb comes first.
func scriptRule(e *emitter, args []word) {
	items := parseArgs(args, spec{})
	if hasFlag(items, "-e", "--eval", "-p", "--print") {
		return
	}
	ops := operandsOf(items)
	if len(ops) > 0 && slices.Contains([]string{"run", "test", "check", "fmt", "lint", "task"}, ops[0].Text) && !pathLike(ops[0].Text) {
		ops = ops[1:]
	}
	if len(ops) > 0 && ops[0].Text != "-" {
		e.add(ops[0], wOperand)
		addPathLike(e, ops[1:])
	}
}

// shellRule: bash -c SCRIPT is parsed in turn; bash FILE runs FILE.
func shellRule(e *emitter, args []word) {
	items := parseArgs(args, spec{short: "o"})
	ops := operandsOf(items)
	if len(ops) == 0 {
		return
	}
	if hasFlag(items, "-c") {
		e.script(ops[0])
		return
	}
	if ops[0].Text != "-" {
		e.add(ops[0], wOperand)
	}
}

// mixRule: mix test PATH[:LINE]; other tasks work on the project.
func mixRule(e *emitter, args []word) {
	ops := operandsOf(parseArgs(args, spec{}))
	if len(ops) > 0 && (ops[0].Text == "test" || ops[0].Text == "format") {
		for _, op := range ops[1:] {
			if i := strings.LastIndexByte(op.Text, ':'); i > 0 && op.Literal() {
				op.Text = op.Text[:i]
			}
			e.add(op, wOperand)
		}
	}
	e.here()
}

// miseRule: mise -C DIR moves it; a task's arguments after -- may be
// paths (mise run test -- ./cmd/x/...); a task works on the project.
func miseRule(e *emitter, args []word) {
	items := parseArgs(args, spec{short: "CEj", long: []string{"--cd", "--env", "--jobs"}})
	for _, dir := range flagValues(items, "-C", "--cd") {
		e.chdir(dir, wContext)
	}
	for _, it := range items {
		if it.dashdash && pathLike(it.val.Text) {
			e.add(it.val, wOperand)
		}
	}
	e.here()
}

// addPathLike adds the path-like words, as a program's arguments.
func addPathLike(e *emitter, args []word) {
	for _, a := range args {
		if pathLike(a.Text) {
			e.add(a, wArg)
		}
	}
}

// prefixSpec reports whether name runs the command that follows its own
// flags (sudo, env, time…), and which of those flags take a value.
func prefixSpec(name string) (spec, bool) {
	switch name {
	case "sudo":
		return spec{short: "ugCDhprTt"}, true
	case "env":
		return spec{short: "uCS"}, true
	case "time":
		return spec{short: "fo"}, true
	case "nice", "ionice":
		return spec{short: "nc"}, true
	case "timeout":
		return spec{short: "sk"}, true
	case "xargs":
		return spec{short: "IdEeLlnPsa"}, true
	case "watch":
		return spec{short: "n"}, true
	case "nohup", "command", "builtin", "exec", "caffeinate", "stdbuf", "unbuffer", "noglob", "doas":
		return spec{}, true
	}
	return spec{}, false
}

// stripPrefixes drops sudo, env, time, timeout and the like, their flags,
// env's VAR=value words and timeout's duration, and the runners of uv
// run, poetry run and bundle exec, leaving the command they run.
func stripPrefixes(args []word) []word {
	for n := 0; len(args) > 0 && n < 8; n++ {
		name := commandName(args[0])
		if runner(args) {
			args = args[2:]
			continue
		}
		s, ok := prefixSpec(name)
		if !ok {
			return args
		}
		args = skipFlags(args[1:], s)
		for name == "env" && len(args) > 0 && strings.Contains(args[0].Text, "=") {
			args = args[1:]
		}
		if name == "timeout" && len(args) > 0 {
			args = args[1:]
		}
	}
	return args
}

// runner reports whether args start with a runner that names the command
// to run next: uv run, poetry run, pipenv run, bundle exec.
func runner(args []word) bool {
	if len(args) < 3 {
		return false
	}
	switch verb := args[1].Text; commandName(args[0]) {
	case "uv", "poetry", "pipenv", "pdm", "hatch":
		return verb == "run"
	case "bundle":
		return verb == "exec"
	}
	return false
}

// skipFlags drops the leading flags of args and the values they take.
func skipFlags(args []word, s spec) []word {
	for len(args) > 0 {
		t := args[0].Text
		if t == "--" {
			return args[1:]
		}
		if len(t) < 2 || t[0] != '-' {
			return args
		}
		if _, i := shortCluster(args, 0, s.short); !strings.HasPrefix(t, "--") && i > 0 {
			args = args[1:]
		}
		args = args[1:]
	}
	return args
}
