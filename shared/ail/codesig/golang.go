package codesig

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ail"
)

// goFile is one parsed Go source with what the extraction needs.
type goFile struct {
	fset    *token.FileSet
	src     []byte
	globals map[string]bool // package-level variables
	imports map[string]bool // the names imported packages are called by
	// methods are the file's methods by Type.Name; mutating holds those
	// found to change state.
	methods  map[string]goMethod
	mutating map[string]bool
}

// goMethod is one method declared in the file.
type goMethod struct {
	decl *ast.FuncDecl
	ptr  bool // a pointer receiver
}

// followDepth bounds how many calls deep a method's own mutating
// methods are followed.
const followDepth = 10

// Go extracts the signatures of every function, method and interface
// method of a Go source, in source order, with go/parser. A fragment
// without a package clause (a snippet in a chat) is parsed as if it had
// one.
func Go(file string, src []byte) ([]ail.Sig, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
	if err != nil && !bytes.HasPrefix(bytes.TrimSpace(src), []byte("package ")) {
		src = append([]byte("package snippet\n"), src...)
		f, err = parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
	}
	if err != nil {
		return nil, fmt.Errorf("parse go %s: %w", file, err)
	}
	g := &goFile{fset: fset, src: src, globals: map[string]bool{}, imports: importNames(f),
		methods: map[string]goMethod{}, mutating: map[string]bool{}}
	for _, decl := range f.Decls {
		if d, ok := decl.(*ast.GenDecl); ok && d.Tok == token.VAR {
			g.genDecl(file, d) // package variables, wherever declared
		}
	}
	g.findMutatingMethods(f)
	var out []ail.Sig
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			out = append(out, g.funcSig(file, d))
		case *ast.GenDecl:
			out = append(out, g.genDecl(file, d)...)
		}
	}
	return out, nil
}

// findMutatingMethods works out which of the file's methods change
// state, following calls of the type's own methods on the receiver.
func (g *goFile) findMutatingMethods(f *ast.File) {
	for _, decl := range f.Decls {
		d, ok := decl.(*ast.FuncDecl)
		if !ok || d.Recv == nil || len(d.Recv.List) == 0 || d.Body == nil {
			continue
		}
		_, ptr := d.Recv.List[0].Type.(*ast.StarExpr)
		g.methods[recvType(d.Recv.List[0].Type)+"."+d.Name.Name] = goMethod{decl: d, ptr: ptr}
	}
	for range followDepth {
		changed := false
		for key, m := range g.methods {
			if !g.mutating[key] && len(g.mutations(m.decl, true)) > 0 {
				g.mutating[key], changed = true, true
			}
		}
		if !changed {
			return
		}
	}
}

// importNames are the names a file's imports are used by: the explicit
// name, else the path's last element without a version (yaml.v3, /v5)
// or a go- prefix.
func importNames(f *ast.File) map[string]bool {
	out := map[string]bool{}
	for _, im := range f.Imports {
		if im.Name != nil {
			if n := im.Name.Name; n != "_" && n != "." {
				out[n] = true
			}
			continue
		}
		parts := strings.Split(strings.Trim(im.Path.Value, `"`), "/")
		last := parts[len(parts)-1]
		if len(parts) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
			last = parts[len(parts)-2]
		}
		if i := strings.Index(last, ".v"); i > 0 {
			last = last[:i]
		}
		out[strings.TrimPrefix(last, "go-")] = true
	}
	return out
}

// genDecl records package variables and returns the methods of the
// interfaces a declaration defines.
func (g *goFile) genDecl(file string, d *ast.GenDecl) []ail.Sig {
	var out []ail.Sig
	for _, spec := range d.Specs {
		switch s := spec.(type) {
		case *ast.ValueSpec:
			if d.Tok == token.VAR {
				for _, n := range s.Names {
					g.globals[n.Name] = true
				}
			}
		case *ast.TypeSpec:
			it, ok := s.Type.(*ast.InterfaceType)
			if !ok {
				continue
			}
			for _, m := range it.Methods.List {
				ft, ok := m.Type.(*ast.FuncType)
				if !ok || len(m.Names) == 0 {
					continue // embedded interface or type union
				}
				out = append(out, ail.Sig{File: file, Name: s.Name.Name + "." + m.Names[0].Name,
					Args: g.fields(ft.Params), Ret: g.results(ft.Results)})
			}
		}
	}
	return out
}

// funcSig builds the signature of a function or method.
func (g *goFile) funcSig(file string, d *ast.FuncDecl) ail.Sig {
	name := d.Name.Name
	if d.Recv != nil && len(d.Recv.List) > 0 {
		name = recvType(d.Recv.List[0].Type) + "." + name
	}
	if tp := d.Type.TypeParams; tp != nil && len(tp.List) > 0 {
		name += "[" + strings.Join(g.fields(tp), ",") + "]"
	}
	s := ail.Sig{File: file, Name: name, Args: g.fields(d.Type.Params), Ret: g.results(d.Type.Results)}
	if d.Body != nil {
		s.Mutates = g.mutations(d, true)
	}
	return s
}

// recvType names a receiver's type without pointer or type arguments.
func recvType(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.ParenExpr:
			e = t.X
		case *ast.Ident:
			return t.Name
		default:
			return "?"
		}
	}
}

// fields formats a parameter list as name:type entries; unnamed
// parameters are their type alone.
func (g *goFile) fields(fl *ast.FieldList) []string {
	if fl == nil {
		return nil
	}
	var out []string
	for _, f := range fl.List {
		typ := g.text(f.Type)
		if len(f.Names) == 0 {
			out = append(out, typ)
			continue
		}
		for _, n := range f.Names {
			out = append(out, n.Name+":"+typ)
		}
	}
	return out
}

// results formats a result list: () for none, the bare type for one
// unnamed result, else a parenthesised list.
func (g *goFile) results(fl *ast.FieldList) string {
	rs := g.fields(fl)
	if len(rs) == 1 && len(fl.List[0].Names) == 0 {
		return rs[0]
	}
	return "(" + strings.Join(rs, ",") + ")"
}

// text returns the source of a node with its white space collapsed.
func (g *goFile) text(n ast.Node) string {
	tf := g.fset.File(n.Pos())
	if tf == nil {
		return "?"
	}
	return compact(string(g.src[tf.Offset(n.Pos()):tf.Offset(n.End())]))
}
