package codesig

import (
	"go/ast"
	"go/token"
	"strings"
)

// scope is what the mutation rule knows of one function's names.
type scope struct {
	recv     string // the receiver's name, "" for a plain function
	recvType string
	ptrRecv  bool
	params   map[string]bool // the parameters and the receiver
	copies   map[string]bool // a value receiver, parameters passed by value
	locals   map[string]bool // declared in the body: :=, var, range, literals' parameters
	fresh    map[string]bool // locals only ever bound to values made in the body
	// follow: calls of the type's own mutating methods count (the
	// second pass, once they are known).
	follow bool
}

// newScope reads the receiver, the parameters and the body's locals.
func (g *goFile) newScope(d *ast.FuncDecl) *scope {
	sc := &scope{params: map[string]bool{}, copies: map[string]bool{}, locals: map[string]bool{}, fresh: map[string]bool{}}
	if d.Recv != nil && len(d.Recv.List) > 0 {
		f := d.Recv.List[0]
		sc.recvType = recvType(f.Type)
		_, sc.ptrRecv = f.Type.(*ast.StarExpr)
		if len(f.Names) > 0 {
			sc.recv = f.Names[0].Name
			sc.params[sc.recv] = true
			sc.copies[sc.recv] = !sc.ptrRecv
		}
	}
	for _, f := range d.Type.Params.List {
		for _, n := range f.Names {
			sc.params[n.Name] = true
			sc.copies[n.Name] = byValue(f.Type)
		}
	}
	if d.Body != nil {
		sc.readLocals(d.Body)
	}
	return sc
}

// byValue reports whether a parameter of type t is a copy whose fields
// the caller does not see: a named type or a struct or array, not a
// pointer, slice, map, channel, function or interface literal.
func byValue(t ast.Expr) bool {
	switch x := t.(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.StructType, *ast.IndexExpr, *ast.IndexListExpr:
		return true
	case *ast.ArrayType:
		return x.Len != nil
	}
	return false
}

// readLocals finds the body's locals and which of them only ever hold a
// value made in the body.
func (sc *scope) readLocals(body *ast.BlockStmt) {
	b := &binder{sc: sc, made: map[string]bool{}, rebound: map[string]bool{}, wraps: map[string][]ast.Expr{}}
	ast.Inspect(body, b.visit)
	b.settle()
}

// binder collects how a body binds its names, for readLocals.
type binder struct {
	sc            *scope
	made, rebound map[string]bool
	wraps         map[string][]ast.Expr // bound to pkg.NewX(args): made when the args are
}

// bind records one binding of name to value (nil: a value not seen,
// such as a range variable's); def is a declaration.
func (b *binder) bind(name string, value ast.Expr, def bool) {
	if name == "_" {
		return
	}
	if def {
		b.sc.locals[name] = true
	}
	switch args, wrap := constructorArgs(value); {
	case value != nil && isMade(value, name):
		b.made[name] = true
	case wrap && b.wraps[name] == nil && !b.made[name]:
		b.wraps[name] = args
	default:
		b.rebound[name] = true
	}
}

// visit binds what one node declares or assigns.
func (b *binder) visit(n ast.Node) bool {
	switch s := n.(type) {
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE && s.Tok != token.ASSIGN {
			return true
		}
		for i, lhs := range s.Lhs {
			if id, ok := lhs.(*ast.Ident); ok {
				b.bind(id.Name, pairOf(s.Rhs, s.Lhs, i), s.Tok == token.DEFINE)
			}
		}
	case *ast.ValueSpec:
		for i, id := range s.Names {
			if len(s.Values) == 0 {
				b.sc.locals[id.Name], b.made[id.Name] = true, true // var x T: the zero value, made here
				continue
			}
			b.bind(id.Name, pairOf(s.Values, s.Names, i), true)
		}
	case *ast.RangeStmt:
		for _, e := range []ast.Expr{s.Key, s.Value} {
			if id, ok := e.(*ast.Ident); ok && s.Tok == token.DEFINE {
				b.bind(id.Name, nil, true)
			}
		}
	case *ast.FuncLit:
		for _, f := range s.Type.Params.List {
			for _, id := range f.Names {
				b.bind(id.Name, nil, true)
			}
		}
	}
	return true
}

// settle marks fresh the names only ever bound to made values, then,
// until nothing changes, those bound only to wrappers of fresh ones.
func (b *binder) settle() {
	sc := b.sc
	for name := range b.made {
		if !b.rebound[name] && !sc.params[name] {
			sc.fresh[name] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for name, args := range b.wraps {
			if !sc.fresh[name] && !b.rebound[name] && !b.made[name] && sc.madeArgs(args) {
				sc.fresh[name], changed = true, true
			}
		}
	}
}

// constructorArgs returns the arguments of a call of a package's New…
// function (gzip.NewWriter(&buf)), which wraps what it is given.
func constructorArgs(e ast.Expr) ([]ast.Expr, bool) {
	c, ok := e.(*ast.CallExpr)
	if !ok {
		return nil, false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || !strings.HasPrefix(sel.Sel.Name, "New") {
		return nil, false
	}
	_, pkg := sel.X.(*ast.Ident)
	return c.Args, pkg && len(c.Args) > 0
}

// madeArgs: every argument is a literal or a made value, and one is made.
func (sc *scope) madeArgs(args []ast.Expr) bool {
	some := false
	for _, a := range args {
		switch id := root(a); {
		case id == nil:
			if _, lit := a.(*ast.BasicLit); !lit {
				return false
			}
		case sc.fresh[id.Name]:
			some = true
		default:
			return false
		}
	}
	return some
}

// pairOf is the value bound to lhs[i], nil when one call returns them all.
func pairOf[T any](values []ast.Expr, lhs []T, i int) ast.Expr {
	if len(values) != len(lhs) {
		return nil
	}
	return values[i]
}

// isMade: T{…}, &T{…}, make(…), new(T), or append(name, …) to the same
// variable.
func isMade(e ast.Expr, name string) bool {
	switch x := e.(type) {
	case *ast.CompositeLit:
		return true
	case *ast.UnaryExpr:
		_, lit := x.X.(*ast.CompositeLit)
		return x.Op == token.AND && lit
	case *ast.CallExpr:
		f, ok := x.Fun.(*ast.Ident)
		if !ok {
			return false
		}
		if f.Name == "append" && len(x.Args) > 0 {
			a, ok := x.Args[0].(*ast.Ident)
			return ok && a.Name == name
		}
		return f.Name == "make" || f.Name == "new"
	}
	return false
}

// root is the variable an expression starts from (r in r.a[i].b), nil
// when it starts from a call or a literal.
func root(e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.SliceExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.TypeAssertExpr:
			e = x.X
		case *ast.UnaryExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// isFresh: e starts from a value the function made itself.
func (sc *scope) isFresh(e ast.Expr) bool {
	id := root(e)
	return id != nil && sc.fresh[id.Name]
}

// local: name is declared in the function (a parameter or a local),
// which hides a package variable or package of that name.
func (sc *scope) local(name string) bool { return sc.locals[name] || sc.params[name] }
