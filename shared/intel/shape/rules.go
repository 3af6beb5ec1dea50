package shape

import (
	"slices"
	"strings"
)

// This file holds the rules that say, for the commands sessions run most,
// which words are the paths the command works on and which are patterns,
// scripts, flag values or messages. A command without a rule has every
// path-like word considered (genericRule).

// rule adds the candidates of one command; args follow the command name.
type rule func(e *emitter, args []word)

// ruleFor returns the rule of a command name. It is a switch rather than
// a map so that the hook pays nothing to set it up.
func ruleFor(name string) rule {
	if r := textToolRule(name); r != nil {
		return r
	}
	switch name {
	case "cd", "pushd":
		return cdRule
	case "find":
		return findRule
	case "chmod", "chown", "chgrp":
		return func(e *emitter, args []word) { filesRule(e, parseArgs(args, spec{}), 1, spec{}) }
	case "git":
		return gitRule
	case "go":
		return goRule
	case "make", "gmake":
		return makeRule
	case "cargo":
		return cargoRule
	case "npm", "pnpm", "yarn", "bun":
		return pkgRule
	case "npx", "bunx", "pnpx":
		return func(e *emitter, args []word) { toolRule(e, args, true) }
	case "pytest", "py.test":
		return pytestRule
	case "python", "python3", "python2", "pypy3":
		return pythonRule
	case "bash", "sh", "zsh", "dash", "ksh":
		return shellRule
	case "node", "ruby", "perl", "php", "tsx", "ts-node", "deno", "Rscript", "lua":
		return scriptRule
	case "mix":
		return mixRule
	case "mise":
		return miseRule
	case "test", "[", "[[":
		return testRule
	case "curl", "wget":
		return outputRule
	}
	if strings.HasPrefix(name, "python3.") {
		return pythonRule
	}
	if s, ok := fileCommands(name); ok {
		return func(e *emitter, args []word) { filesRule(e, parseArgs(args, s), 0, s) }
	}
	if pathless(name) {
		return func(*emitter, []word) {}
	}
	if projectTool(name) {
		return func(e *emitter, args []word) { toolRule(e, args, false) }
	}
	return genericRule
}

// textToolRule is the rule of a search or text tool, whose first
// operand (or an option's value) is a pattern or a script, not a path;
// nil for any other command.
func textToolRule(name string) rule {
	switch name {
	case "grep", "egrep", "fgrep", "zgrep":
		return grepRule(spec{short: "efmABCdD", long: []string{"--regexp", "--file", "--include", "--exclude", "--exclude-dir", "--max-count", "--context"}})
	case "rg", "ag", "ack":
		return grepRule(spec{short: "efgtTmABCjMrE", long: []string{"--regexp", "--file", "--glob", "--iglob", "--type", "--type-not", "--replace", "--max-count", "--context", "--max-depth", "--sort", "--ignore-file"}})
	case "sed", "gsed":
		return scriptFirst(spec{short: "efl", files: []string{"-f"}}, "-e", "-f")
	case "awk", "gawk", "mawk", "nawk":
		return scriptFirst(spec{short: "Fvf", files: []string{"-f"}}, "-f")
	case "jq", "yq", "gojq":
		return scriptFirst(spec{short: "fL", long: []string{"--from-file", "--indent"}, files: []string{"-f", "--from-file"}}, "-f", "--from-file")
	}
	return nil
}

// fileCommands are the commands whose every operand is a file or a
// directory they read or change, with the flags that take a value.
func fileCommands(name string) (spec, bool) {
	switch name {
	case "ls", "exa", "eza":
		return spec{short: "Iw", here: true}, true
	case "tree":
		return spec{short: "LPIo", here: true}, true
	case "du":
		return spec{short: "dtB", here: true}, true
	case "head", "tail":
		return spec{short: "nc"}, true
	case "sort":
		return spec{short: "ktoST", files: []string{"-o"}}, true
	case "cut":
		return spec{short: "dfcb"}, true
	case "tar":
		return spec{short: "fCT", files: []string{"-f", "-C"}}, true
	case "unzip":
		return spec{short: "dx", files: []string{"-d"}}, true
	case "cp", "mv", "ln", "install":
		return spec{short: "tSm", files: []string{"-t"}}, true
	case "cat", "tac", "nl", "less", "more", "bat", "wc", "file", "stat", "strings", "od", "xxd", "hexdump",
		"md5sum", "sha1sum", "sha256sum", "shasum", "realpath", "readlink", "source", ".", "vim", "vi", "nvim",
		"nano", "code", "open", "subl", "touch", "rm", "rmdir", "mkdir", "diff", "cmp", "uniq", "tee", "column",
		"shellcheck", "gofmt", "goimports", "dos2unix", "iconv", "base64", "gzip", "gunzip", "zcat", "jsonlint":
		return spec{}, true
	}
	return spec{}, false
}

// pathless are commands that name no path of the project: output, waits,
// process and remote tools (gh and curl talk to servers; bd, the issue
// tracker, keeps its own store).
func pathless(name string) bool {
	switch name {
	case "echo", "printf", "true", "false", ":", "sleep", "exit", "return", "export", "unset", "set", "read",
		"wait", "kill", "pkill", "ps", "which", "type", "alias", "date", "pwd", "whoami", "id", "uname", "clear",
		"history", "jobs", "seq", "yes", "basename", "dirname", "tr", "expr", "eval", "gh",
		"ssh", "docker", "kubectl", "brew", "apt", "apt-get", "pip", "pip3", "bd", "claude", "osascript", "say":
		return true
	}
	return false
}

// projectTool are linters, type checkers and test runners that take path
// operands and, without any, work on the whole project.
func projectTool(name string) bool {
	switch name {
	case "golangci-lint", "staticcheck", "eslint", "prettier", "tsc", "ruff", "black", "mypy", "pylint",
		"flake8", "rubocop", "rspec", "vitest", "jest", "mocha", "phpunit", "shfmt", "biome", "next", "turbo",
		"nx", "gotestsum", "air", "just", "task", "terraform", "tofu":
		return true
	}
	return false
}

// genericRule considers every path-like operand and flag value.
func genericRule(e *emitter, args []word) {
	for _, it := range parseArgs(args, spec{}) {
		if it.flag == "" || it.val.Text != "" {
			if pathLike(it.val.Text) {
				e.add(it.val, wArg)
			}
		}
	}
}

// filesRule adds the operands (after the first skip) and the file-valued
// flags; with neither, a listing command works in its directory.
func filesRule(e *emitter, items []item, skip int, s spec) {
	ops := operandsOf(items)
	ops = ops[min(skip, len(ops)):]
	e.addAll(ops, wOperand)
	files := flagValues(items, s.files...)
	e.addAll(files, wOperand)
	if len(ops)+len(files) == 0 && s.here {
		e.here()
	}
}

// cdRule keeps where cd went, in case nothing else is named.
func cdRule(e *emitter, args []word) {
	for _, op := range operandsOf(parseArgs(args, spec{})) {
		e.add(op, wContext)
		return
	}
}

// findRule: the starting points come before the first expression word
// (-name, (, !); the -name and -path values are patterns.
func findRule(e *emitter, args []word) {
	n := 0
	for _, a := range args {
		if t := a.Text; strings.HasPrefix(t, "-") || t == "(" || t == "!" || t == "\\(" {
			break
		}
		e.add(a, wOperand)
		n++
	}
	if n == 0 {
		e.here()
	}
}

// grepRule: the first operand is the pattern unless -e or -f gave one;
// the rest are files or directories. rg without a path searches its
// directory, grep -r too.
func grepRule(s spec) rule {
	return func(e *emitter, args []word) {
		items := parseArgs(args, s)
		ops := operandsOf(items)
		if !hasFlag(items, "-e", "-f", "--regexp", "--file") && len(ops) > 0 {
			ops = ops[1:]
		}
		e.addAll(ops, wOperand)
		e.addAll(flagValues(items, "-f", "--file"), wArg)
		if len(ops) == 0 {
			e.here()
		}
	}
}

// scriptFirst: the first operand is a script (sed, awk, jq) unless one of
// the script flags gave it; the rest are files. An empty operand is the
// empty backup suffix BSD sed -i takes.
func scriptFirst(s spec, scriptFlags ...string) rule {
	return func(e *emitter, args []word) {
		items := parseArgs(args, s)
		var ops []word
		for _, op := range operandsOf(items) {
			if op.Text != "" && !(op.Literal() && strings.Contains(op.Text, "=") && !strings.Contains(op.Text, "/")) {
				ops = append(ops, op)
			}
		}
		if !hasFlag(items, scriptFlags...) && len(ops) > 0 {
			ops = ops[1:]
		}
		e.addAll(ops, wOperand)
		e.addAll(flagValues(items, s.files...), wArg)
	}
}

// fileTests are the unary tests of test and [ that take a path.
var fileTests = []string{"-e", "-f", "-d", "-r", "-w", "-x", "-s", "-L", "-h"}

// testRule: in test and [, the word after a file test (-f, -d, -e…) is a
// path; other words are when they look like one.
func testRule(e *emitter, args []word) {
	for i, a := range args {
		switch {
		case i > 0 && slices.Contains(fileTests, args[i-1].Text):
			e.add(a, wOperand)
		case a.Text != "]" && a.Text != "]]" && pathLike(a.Text):
			e.add(a, wArg)
		}
	}
}

// outputRule: curl and wget name URLs, and the file they write with -o.
func outputRule(e *emitter, args []word) {
	items := parseArgs(args, spec{short: "oOdHXuAeFTw", long: []string{"--output", "--output-document", "--data", "--header", "--request", "--user"}})
	e.addAll(flagValues(items, "-o", "--output", "-O", "--output-document"), wArg)
}
