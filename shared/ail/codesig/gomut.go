package codesig

import (
	"go/ast"
	"go/token"
	"strings"
)

// goMutators are methods that change their receiver or the world:
// writers, maps and sync types, files, transactions, containers.
var goMutators = map[string]bool{
	"Write": true, "WriteString": true, "WriteByte": true, "WriteRune": true, "WriteAt": true, "WriteTo": true,
	"WriteFile": true, "Encode": true, "Flush": true, "Sync": true, "Truncate": true,
	"Set": true, "Store": true, "Delete": true, "LoadOrStore": true, "LoadAndDelete": true, "Swap": true,
	"CompareAndSwap": true, "Add": true, "Put": true, "Push": true, "Pop": true, "Insert": true, "Remove": true,
	"RemoveAll": true, "Rename": true, "Mkdir": true, "MkdirAll": true, "Chmod": true, "Symlink": true,
	"Commit": true, "Rollback": true, "Exec": true, "ExecContext": true, "Reset": true,
}

// mutations lists what a function body changes, in source order, up to
// MaxMutations: fields and elements it assigns (r.rows, m[]), package
// variables, pointers written through (*p), map deletes and calls of
// mutating methods (f.Write, os.WriteFile).
func (g *goFile) mutations(body *ast.BlockStmt) []string {
	var m mutations
	ast.Inspect(body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			if s.Tok != token.DEFINE {
				for _, lhs := range s.Lhs {
					m.add(g.target(lhs))
				}
			}
		case *ast.IncDecStmt:
			m.add(g.target(s.X))
		case *ast.CallExpr:
			m.add(g.call(s))
		}
		return len(m.list) < MaxMutations
	})
	return m.list
}

// target names what an assignment to e changes, or "" for a local.
func (g *goFile) target(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.SelectorExpr:
		return g.text(t)
	case *ast.IndexExpr:
		return g.text(t.X) + "[]"
	case *ast.StarExpr:
		return "*" + g.text(t.X)
	case *ast.ParenExpr:
		return g.target(t.X)
	case *ast.Ident:
		if g.globals[t.Name] {
			return t.Name
		}
	}
	return ""
}

// call names a mutating call: delete(m, k) and clear(m) change m, a
// method in goMutators changes its receiver or the world.
func (g *goFile) call(c *ast.CallExpr) string {
	switch f := c.Fun.(type) {
	case *ast.Ident:
		if (f.Name == "delete" || f.Name == "clear") && len(c.Args) > 0 {
			return g.text(c.Args[0]) + "[]"
		}
	case *ast.SelectorExpr:
		if !goMutators[f.Sel.Name] {
			return ""
		}
		recv := g.text(f.X)
		if strings.ContainsAny(recv, "()") {
			return f.Sel.Name // a call chain: the method name says enough
		}
		return recv + "." + f.Sel.Name
	}
	return ""
}
