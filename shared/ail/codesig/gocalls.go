package codesig

import (
	"go/ast"
	"strings"
)

// goAlways are methods that change their receiver or what they write to,
// whatever is done with their result.
var goAlways = setOf("Write", "WriteString", "WriteByte", "WriteRune", "WriteAt", "WriteTo", "WriteHeader",
	"WriteFile", "ReadFrom", "Encode", "Flush", "Sync", "Store", "LoadOrStore", "LoadAndDelete", "Swap",
	"CompareAndSwap", "Delete", "Put", "Push", "PushBack", "PushFront", "Pop", "Enqueue", "Dequeue", "Insert",
	"Remove", "RemoveAll", "Rename", "Mkdir", "MkdirAll", "Chmod", "Symlink", "Commit", "Rollback", "Exec",
	"ExecContext", "Send", "Publish", "Reset", "Clear", "Close")

// goIfDiscarded are methods that mutate on some types and return a new
// value on others (time.Time.Add, big.Int.Add returns its receiver too):
// they count only when the result is thrown away or is only an error.
var goIfDiscarded = setOf("Add", "Sub", "Mul", "Set", "Append", "Truncate", "Update", "Merge", "Inc", "Dec")

// goWorld are standard functions that change files, the environment or
// shared memory; atomic's Store…, Add…, Swap…, CompareAndSwap…, And… and
// Or… count by prefix.
var goWorld = setOf("os.WriteFile", "os.Remove", "os.RemoveAll", "os.Rename", "os.Mkdir", "os.MkdirAll",
	"os.MkdirTemp", "os.CreateTemp", "os.Create", "os.Chmod", "os.Chown", "os.Lchown", "os.Chtimes", "os.Symlink",
	"os.Link", "os.Truncate", "os.Setenv", "os.Unsetenv", "os.Clearenv", "os.Chdir",
	"ioutil.WriteFile", "ioutil.TempFile", "ioutil.TempDir")

// goFirstArg are standard functions that reorder or fill their first
// argument in place.
var goFirstArg = setOf("sort.Sort", "sort.Stable", "sort.Slice", "sort.SliceStable", "sort.Strings", "sort.Ints",
	"sort.Float64s", "slices.Sort", "slices.SortFunc", "slices.SortStableFunc", "slices.Reverse", "maps.Copy",
	"maps.DeleteFunc")

// goStd names the standard packages a snippet without imports may call.
var goStd = setOf("os", "ioutil", "atomic", "sort", "slices", "maps", "filepath", "strings", "bytes", "fmt",
	"time", "json", "io", "http", "sync", "errors", "strconv", "math", "log", "context")

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// call names what a call changes, "" for nothing; discarded is true when
// its result is thrown away (or is only an error).
func (g *goFile) call(sc *scope, c *ast.CallExpr, discarded bool) string {
	switch f := c.Fun.(type) {
	case *ast.Ident:
		if (f.Name == "delete" || f.Name == "clear" || f.Name == "copy") && len(c.Args) > 0 && !sc.local(f.Name) {
			return g.argTarget(sc, c.Args[0])
		}
	case *ast.SelectorExpr:
		if pkg, ok := f.X.(*ast.Ident); ok && g.isPackage(sc, pkg.Name) {
			return g.pkgCall(sc, pkg.Name+"."+f.Sel.Name, c)
		}
		return g.methodCall(sc, f, discarded)
	}
	return ""
}

// argTarget names the variable a call changes in place: its elements.
func (g *goFile) argTarget(sc *scope, arg ast.Expr) string {
	if sc.isFresh(arg) {
		return ""
	}
	if u, ok := arg.(*ast.UnaryExpr); ok {
		arg = u.X
	}
	return g.text(arg) + "[]"
}

// pkgCall names a package function's change: the world's, or its first
// argument's.
func (g *goFile) pkgCall(sc *scope, name string, c *ast.CallExpr) string {
	short := name[strings.LastIndexByte(name, '.')+1:]
	switch {
	case goFirstArg[name] && len(c.Args) > 0:
		return g.argTarget(sc, c.Args[0])
	case goWorld[name], short == "WriteFile", strings.HasPrefix(name, "atomic.") && atomicWrite(short):
		return name
	}
	return ""
}

func atomicWrite(f string) bool {
	for _, p := range []string{"Store", "Add", "Swap", "CompareAndSwap", "And", "Or"} {
		if strings.HasPrefix(f, p) {
			return true
		}
	}
	return false
}

// methodCall names a mutating method call: recv.Name, or the method
// alone when the receiver is a call chain.
func (g *goFile) methodCall(sc *scope, f *ast.SelectorExpr, discarded bool) string {
	name := f.Sel.Name
	if sc.isFresh(f.X) || g.wrapsMade(sc, f.X) {
		return ""
	}
	id := root(f.X)
	switch {
	case sc.follow && id != nil && id.Name == sc.recv && f.X == ast.Expr(id) && g.ownMutator(sc, name):
	case name == "Close" && id != nil && sc.locals[id.Name]:
		return "" // closing what the function opened
	case goAlways[name]:
	case goIfDiscarded[name] && discarded:
	default:
		return ""
	}
	recv := g.text(f.X)
	if strings.ContainsAny(recv, "()") {
		return name // a call chain: the method name says enough
	}
	return recv + "." + name
}

// wrapsMade: a chain like json.NewEncoder(&buf).Encode writes only to
// values the function made.
func (g *goFile) wrapsMade(sc *scope, x ast.Expr) bool {
	args, ok := constructorArgs(x)
	return ok && sc.madeArgs(args)
}

// ownMutator: the file declares a method name of the function's own type
// that changes state, callable here with the same effect (a value
// receiver's changes are its copy's).
func (g *goFile) ownMutator(sc *scope, name string) bool {
	m, ok := g.methods[sc.recvType+"."+name]
	return ok && g.mutating[sc.recvType+"."+name] && (sc.ptrRecv || !m.ptr)
}

// isPackage: name is an imported package (or, in a snippet without
// imports, a standard one) not hidden by a local of that name.
func (g *goFile) isPackage(sc *scope, name string) bool {
	if sc.local(name) || g.globals[name] {
		return false
	}
	if len(g.imports) > 0 {
		return g.imports[name]
	}
	return goStd[name]
}
