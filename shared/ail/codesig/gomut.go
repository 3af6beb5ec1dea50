package codesig

import (
	"go/ast"
	"go/token"
	"strings"
)

// The Go mutation rule. Without type checking (go/ast only: a snippet in
// a chat has no module to type-check against), a function is said to
// change state when its body, or a function literal inside it, does one
// of these to something that outlives the call:
//
//   - assigns (=, op=, ++, --, a range with =) a field (r.count), an
//     element (m[k] is m[]), through a pointer (*p) or a package
//     variable; sends on a channel (ch<-);
//   - calls delete, clear or copy on it (m[]), or a standard function that
//     sorts or fills its first argument (sort.Slice(s.rows, …) is
//     s.rows[]);
//   - calls a standard function that changes the world: files and
//     directories (os.WriteFile, os.Remove, os.Rename, …), the
//     environment (os.Setenv), atomics (atomic.AddInt64, …);
//   - calls a method that always changes its receiver or what it writes
//     to, whatever is done with the result: Write…, Encode, Flush, Sync,
//     Store, Delete, Put, Push, Pop, Insert, Remove, Rename, Commit,
//     Rollback, Exec, Send, Reset, Close (Close only on what the function
//     did not open itself: a field, a parameter, a package variable);
//   - calls a method whose name many types also use for a pure operation
//     that returns a new value (Add, Sub, Mul, Set, Append, Truncate,
//     Update, Merge, Inc, Dec) only when the result is thrown away or is
//     only an error: wg.Add(1) and h.Set(k, v) as statements,
//     err := f.Truncate(0), return f.Truncate(0) in a function that
//     returns only an error. since.Add(d) used as a value is a new
//     time.Time, not a mutation;
//   - calls another method of its own type, declared in the same file,
//     on its own receiver, when that method changes state (s.reset()).
//
// Not counted: writes to a local variable; to a value the function made
// itself (x := T{…}, &T{…}, make, new, var x T) and never rebound, or
// to a direct field of a value receiver or of a parameter passed by
// value (both copies); calls of other functions; Lock and Unlock. Known
// misses, as the rule sees no types: a mutator whose result is kept
// (n := counter.Add(1)), a write through an alias of a made value after
// it was stored elsewhere, and methods of types declared elsewhere under
// names outside the lists.

// mutations lists what a function's body changes, in source order, up
// to MaxMutations.
func (g *goFile) mutations(d *ast.FuncDecl, follow bool) []string {
	sc := g.newScope(d)
	sc.follow = follow
	w := &mutWalker{g: g, sc: sc, errOnly: errorOnly(d.Type), used: map[*ast.CallExpr]bool{}}
	ast.Walk(w, d.Body)
	return w.m.list
}

// mutWalker walks one function body, its literals included.
type mutWalker struct {
	g       *goFile
	sc      *scope
	errOnly bool // the enclosing function returns only an error
	// used marks calls whose result is kept as a value (not thrown away
	// and not only an error).
	used map[*ast.CallExpr]bool
	m    *mutations
}

// Visit implements [ast.Visitor].
func (w *mutWalker) Visit(n ast.Node) ast.Visitor {
	if w.m == nil {
		w.m = &mutations{}
	}
	if len(w.m.list) >= MaxMutations {
		return nil
	}
	switch s := n.(type) {
	case *ast.FuncLit:
		inner := *w
		inner.errOnly = errorOnly(s.Type)
		return &inner
	case *ast.AssignStmt:
		w.assign(s)
	case *ast.RangeStmt:
		if s.Tok == token.ASSIGN {
			w.m.add(w.g.target(w.sc, s.Key))
			w.m.add(w.g.target(w.sc, s.Value))
		}
	case *ast.IncDecStmt:
		w.m.add(w.g.target(w.sc, s.X))
	case *ast.SendStmt:
		if !w.sc.isFresh(s.Chan) {
			w.m.add(w.g.text(s.Chan) + "<-")
		}
		w.markUsed(s.Value, false)
	case *ast.CallExpr:
		for _, a := range s.Args {
			w.markUsed(a, false)
		}
		w.m.add(w.g.call(w.sc, s, !w.used[s]))
	case *ast.ExprStmt, *ast.GoStmt, *ast.DeferStmt:
		return w // the call under it is thrown away: not marked used
	default:
		w.markValues(n)
	}
	return w
}

// markValues marks used the calls whose results node n keeps as values:
// conditions, case lists, initial values, results (a lone error result
// of a function returning only an error is not a value) and the operands
// of any other expression.
func (w *mutWalker) markValues(n ast.Node) {
	switch s := n.(type) {
	case *ast.IfStmt:
		w.markUsed(s.Cond, false)
	case *ast.ForStmt:
		w.markUsed(s.Cond, false)
	case *ast.SwitchStmt:
		w.markUsed(s.Tag, false)
	case *ast.CaseClause:
		for _, e := range s.List {
			w.markUsed(e, false)
		}
	case *ast.ValueSpec:
		for _, v := range s.Values {
			w.markUsed(v, false)
		}
	case *ast.ReturnStmt:
		for _, r := range s.Results {
			w.markUsed(r, w.errOnly && len(s.Results) == 1)
		}
	case ast.Expr:
		w.markUsedIn(s)
	}
}

// assign records what an assignment changes and whether the calls on
// its right keep a value.
func (w *mutWalker) assign(s *ast.AssignStmt) {
	if s.Tok != token.DEFINE {
		for _, lhs := range s.Lhs {
			w.m.add(w.g.target(w.sc, lhs))
		}
	}
	errs := true
	for _, lhs := range s.Lhs {
		errs = errs && isErrName(lhs)
	}
	for _, r := range s.Rhs {
		w.markUsed(r, errs)
	}
}

// markUsed marks a call at e (through parentheses) as keeping its value
// unless onlyErr says the value is only an error.
func (w *mutWalker) markUsed(e ast.Expr, onlyErr bool) {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			break
		}
		e = p.X
	}
	if c, ok := e.(*ast.CallExpr); ok && !onlyErr {
		w.used[c] = true
	}
}

// markUsedIn marks the calls directly inside an operand (x + f(), a[f()],
// T{f()}, f().g) as used.
func (w *mutWalker) markUsedIn(e ast.Expr) {
	switch x := e.(type) {
	case *ast.BinaryExpr:
		w.markUsed(x.X, false)
		w.markUsed(x.Y, false)
	case *ast.UnaryExpr:
		w.markUsed(x.X, false)
	case *ast.SelectorExpr:
		w.markUsed(x.X, false)
	case *ast.IndexExpr:
		w.markUsed(x.X, false)
		w.markUsed(x.Index, false)
	case *ast.StarExpr:
		w.markUsed(x.X, false)
	case *ast.KeyValueExpr:
		w.markUsed(x.Value, false)
	case *ast.CompositeLit:
		for _, el := range x.Elts {
			w.markUsed(el, false)
		}
	}
}

// errorOnly reports whether a function type returns exactly one error.
func errorOnly(ft *ast.FuncType) bool {
	if ft.Results == nil || len(ft.Results.List) != 1 || len(ft.Results.List[0].Names) > 1 {
		return false
	}
	id, ok := ft.Results.List[0].Type.(*ast.Ident)
	return ok && id.Name == "error"
}

// isErrName: the blank identifier or a variable named like an error
// (err, werr, closeErr).
func isErrName(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && (id.Name == "_" || strings.HasSuffix(id.Name, "err") || strings.HasSuffix(id.Name, "Err"))
}

// target names what an assignment to e changes, or "" when it changes
// nothing outside the call.
func (g *goFile) target(sc *scope, e ast.Expr) string {
	if e == nil || sc.isFresh(e) {
		return ""
	}
	switch t := e.(type) {
	case *ast.SelectorExpr:
		if id, ok := t.X.(*ast.Ident); ok && sc.copies[id.Name] {
			return "" // a field of a copy
		}
		return g.text(t)
	case *ast.IndexExpr:
		return g.text(t.X) + "[]"
	case *ast.IndexListExpr:
		return g.text(t.X) + "[]"
	case *ast.StarExpr:
		return "*" + g.text(t.X)
	case *ast.ParenExpr:
		return g.target(sc, t.X)
	case *ast.Ident:
		if g.globals[t.Name] && !sc.local(t.Name) {
			return t.Name
		}
	}
	return ""
}
