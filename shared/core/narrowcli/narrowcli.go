// Package narrowcli parses a kong command line with a grammar cut down
// to the commands it names.
//
// Kong builds its model of a grammar by reflecting over every command
// and flag in it, and for the whole of `ai` or `si` that costs a fresh
// process milliseconds (as much as filing a note). So a command line is
// parsed first with a grammar of the commands it names alone (`ai notes add` sees
// neither `ai memory` nor `ai notes zoom`); only when that parse fails or
// asks for help (or exits in any other way) is the whole grammar built
// and the line parsed again, so every message and help text is still the
// whole grammar's. A parse the narrow grammar accepts, the whole one
// accepts the same way: a level is narrowed only when all it holds is
// commands, without methods, names or aliases that could change what the
// words mean.
package narrowcli

import (
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/alecthomas/kong"
)

// Grammar returns a pointer to a new struct holding only the commands of
// root (a command-line struct type) that args name, or nil when the
// first argument names none.
func Grammar(root reflect.Type, args []string) any {
	t := narrowed(root, args)
	if t == root {
		return nil
	}
	return reflect.New(t).Interface()
}

// narrowed returns t with only the command field args[0] names, itself
// narrowed by the rest of args; t as it is when it is not a level of
// commands alone or args name none of them.
func narrowed(t reflect.Type, args []string) reflect.Type {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") || t.Kind() != reflect.Struct ||
		t.NumMethod() > 0 || reflect.PointerTo(t).NumMethod() > 0 {
		return t
	}
	var pick reflect.StructField
	for i := range t.NumField() {
		f := t.Field(i)
		_, isCmd := f.Tag.Lookup("cmd")
		if !isCmd || !f.IsExported() || f.Tag.Get("name") != "" || f.Tag.Get("aliases") != "" {
			return t
		}
		if strings.ToLower(f.Name) == args[0] {
			pick = f
		}
	}
	if pick.Name == "" {
		return t
	}
	sub := narrowed(pick.Type, args[1:])
	return reflect.StructOf([]reflect.StructField{{Name: pick.Name, Type: sub, Tag: pick.Tag}})
}

// Parse parses args with the narrow grammar of root, silently; nil means
// the whole grammar must parse them.
func Parse(root reflect.Type, name string, args []string) *kong.Context {
	grammar := Grammar(root, args)
	if grammar == nil {
		return nil
	}
	exited := false
	parser, err := kong.New(grammar, kong.Name(name), kong.Writers(io.Discard, io.Discard),
		kong.Exit(func(int) { exited = true }))
	if err != nil {
		return nil
	}
	ctx, err := parser.Parse(args)
	if err != nil || exited {
		return nil
	}
	return ctx
}

// Same checks that the narrow grammar of root takes args exactly as the
// whole grammar does: the same command, the same values. Tests of each
// command line call it on the lines they care about.
func Same(root reflect.Type, name string, args []string) error {
	narrow := Parse(root, name, args)
	if narrow == nil {
		return fmt.Errorf("%q: the narrow grammar did not take it", args)
	}
	parser, err := kong.New(reflect.New(root).Interface(), kong.Name(name), kong.Writers(io.Discard, io.Discard))
	if err != nil {
		return err
	}
	whole, err := parser.Parse(args)
	if err != nil {
		return fmt.Errorf("%q: the whole grammar refused it: %w", args, err)
	}
	if narrow.Command() != whole.Command() {
		return fmt.Errorf("%q: narrow runs %q, whole %q", args, narrow.Command(), whole.Command())
	}
	got, want := narrow.Selected().Target.Interface(), whole.Selected().Target.Interface()
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("%q: narrow parse gave\n%#v\nwhole gave\n%#v", args, got, want)
	}
	return nil
}
