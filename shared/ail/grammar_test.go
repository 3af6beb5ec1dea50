package ail

import (
	"errors"
	"strings"
	"testing"
)

// rule is one row of the grammar table: a document, and the kind and
// line of the error it must give (nil: it must decode).
type rule struct {
	rule, name string
	doc        string
	kind       error
	line       int
}

// in is a document of one line after the header.
func in(line string) string { return Header + "\n" + line + "\n" }

// nested returns n opening brackets, something, and the n closers.
func nested(open, close string, n int) string {
	return strings.Repeat(open, n) + "x" + strings.Repeat(close, n)
}

// grammarRules has valid and invalid cases for every rule of the
// grammar in grammar.go.
var grammarRules = []rule{
	{"header", "alone", "!AILv1\n", nil, 0},
	{"header", "crlf", "!AILv1\r\n@CTX x\r\n", nil, 0},
	{"header", "empty input", "", ErrNoHeader, 1},
	{"header", "other version", "!AILv2\n", ErrNoHeader, 1},
	{"header", "byte order mark", "\uFEFF!AILv1\n", ErrNoHeader, 1},
	{"header", "indented", " !AILv1\n", ErrNoHeader, 1},
	{"header", "comment first", "# c\n!AILv1\n", ErrNoHeader, 1},
	{"header", "section first", "@CTX x\n", ErrNoHeader, 1},
	{"header", "repeated", "!AILv1\n!AILv1\n", ErrRepeatedHeader, 2},
	{"NEWLINE", "header without", "!AILv1", ErrNoNewline, 1},
	{"NEWLINE", "last line without", "!AILv1\n@CTX x", ErrNoNewline, 2},
	{"NEWLINE", "bare CR", "!AILv1\n@CTX a\rb\n", ErrControlChar, 2},
	{"section", "blank line", "!AILv1\n\n@CTX x\n", ErrBlankLine, 2},
	{"section", "white line", in("   "), ErrSpace, 2},
	{"section", "indented", in(" @CTX x"), ErrSpace, 2},
	{"section", "trailing blank", in("@CTX x "), ErrSpace, 2},
	{"section", "prose", in("hello"), ErrNotSection, 2},
	{"section", "unknown tag", in("@FOO x"), ErrUnknownSection, 2},
	{"section", "longer tag", in("@CTXhello"), ErrUnknownSection, 2},
	{"section", "glued tag", in("@NEXT?a"), ErrSpace, 2},
	{"section", "tab after tag", in("@CTX\tx"), ErrSpace, 2},
	{"section", "two spaces after tag", in("@CTX  x"), ErrSpace, 2},
	{"comment", "anything", in("# @NEXT ?x (  trailing  "), nil, 0},
	{"comment", "bare", in("#"), nil, 0},
	{"TEXT_CHAR", "tab inside", in("@CTX a\tb"), nil, 0},
	{"TEXT_CHAR", "invalid UTF-8", in("@CTX \xff"), ErrInvalidUTF8, 2},
	{"TEXT_CHAR", "NUL", in("@CTX a\x00"), ErrControlChar, 2},
	{"TEXT_CHAR", "C1 CSI", in("@CTX a\u009b2J"), ErrControlChar, 2},
	{"TEXT_CHAR", "C1 NEL", in("@CTX a\u0085b"), ErrControlChar, 2},
	{"TEXT_CHAR", "bidi override", in("@CTX if admin \u202E{ } fi"), ErrControlChar, 2},
	{"TEXT_CHAR", "bidi isolate", in("@CTX a\u2066b\u2069"), ErrControlChar, 2},
	{"TEXT_CHAR", "right-to-left mark", in("@CTX a\u200Fb"), ErrControlChar, 2},
	{"TEXT_CHAR", "Arabic letter mark", in("@CTX a\u061Cb"), ErrControlChar, 2},
	{"TEXT_CHAR", "line separator", in("@CTX a\u2028@NEXT ?x"), ErrControlChar, 2},
	{"TEXT_CHAR", "paragraph separator", in("@CTX a\u2029b"), ErrControlChar, 2},
	{"TEXT_CHAR", "in a comment", in("# a\u202Eb"), ErrControlChar, 2},
	{"TEXT_CHAR", "other Unicode", in("@CTX café ✓ 日本 👩\u200D💻 a\u00A0b"), nil, 0},
	{"mem_sec", "empty", in("@MEM"), nil, 0},
	{"mem_sec", "several", in("@MEM $1=recipe_api $2=MinIO $3=src/x.go:12-a"), nil, 0},
	{"mem_sec", "two spaces after tag", in("@MEM  $1=a"), ErrSpace, 2},
	{"mem_sec", "two spaces between", in("@MEM $1=a  $2=b"), ErrSpace, 2},
	{"mem_sec", "no dollar", in("@MEM 1=a"), ErrMemDef, 2},
	{"mem_sec", "no equals", in("@MEM $1"), ErrMemDef, 2},
	{"mem_sec", "letters after number", in("@MEM $1a=x"), ErrMemDef, 2},
	{"mem_sec", "space in value", in("@MEM $1=a b"), ErrMemDef, 2},
	{"mem_sec", "pointer value", in("@MEM $1=x $2=$1"), ErrPointerInIdentifier, 2},
	{"mem_sec", "pointer inside value", in("@MEM $1=x $2=y$1"), ErrPointerInIdentifier, 2},
	{"mem_sec", "duplicate", "!AILv1\n@MEM $1=a\n@MEM $1=b\n", ErrDuplicatePointer, 3},
	{"pointer_id", "six digits", in("@MEM $999999=x"), nil, 0},
	{"pointer_id", "zero", in("@MEM $0=x"), ErrPointerID, 2},
	{"pointer_id", "leading zero", in("@MEM $01=x"), ErrPointerID, 2},
	{"pointer_id", "seven digits", in("@MEM $1234567=x"), ErrPointerID, 2},
	{"pointer_id", "no digits", in("@MEM $x=1"), ErrPointerID, 2},
	{"identifier", "every character class", in("@MEM $1=aZ9_./:-é"), nil, 0},
	{"identifier", "empty value", in("@MEM $1="), ErrIdentifier, 2},
	{"identifier", "equals", in("@MEM $1=a=b"), ErrIdentifier, 2},
	{"identifier", "at sign", in("@MEM $1=@NEXT"), ErrIdentifier, 2},
	{"identifier", "space in @LOG", in("@LOG !bad id(x) -> ^y"), ErrIdentifier, 2},
	{"identifier", "empty in @LOG", in("@LOG !(x) -> ^y"), ErrIdentifier, 2},
	{"identifier", "pointer in @LOG", in("@LOG !retry_$1(x) -> ^y"), ErrPointerInIdentifier, 2},
	{"ctx_sec", "any prose", in("@CTX prose: -> | := $5 (unbalanced [ 'quote"), nil, 0},
	{"ctx_sec", "empty", in("@CTX"), ErrEmpty, 2},
	{"arch_sec", "chain", in("@ARCH $1 := a->b | c:d"), nil, 0},
	{"arch_sec", "empty", in("@ARCH"), ErrEmpty, 2},
	{"log_sec", "source example", in("@LOG !FastAPI_BackgroundTasks(lost_40_jobs) -> ^$3_acks_late"), nil, 0},
	{"log_sec", "arrow in replacement", in("@LOG !a(b) -> ^c -> d"), nil, 0},
	{"log_sec", "arrow without spaces", in("@LOG !a(b)->^c"), ErrLogArrow, 2},
	{"log_sec", "arrow without space after", in("@LOG !a(b) ->^c"), ErrLogArrow, 2},
	{"log_sec", "arrow with two spaces", in("@LOG !a(b)  -> ^c"), ErrLogArrow, 2},
	{"log_sec", "no arrow", in("@LOG !a(b) ^c"), ErrLogArrow, 2},
	{"log_sec", "no bang", in("@LOG a(b) -> ^c"), ErrLog, 2},
	{"log_sec", "no caret", in("@LOG !a(b) -> c"), ErrLog, 2},
	{"log_sec", "no parenthesis", in("@LOG !a"), ErrLog, 2},
	{"log_sec", "empty replacement", in("@LOG !a(b) -> ^"), ErrEmpty, 2},
	{"log_sec", "blank after caret", in("@LOG !a(b) -> ^ c"), ErrSpace, 2},
	{"log_sec", "empty", in("@LOG"), ErrEmpty, 2},
	{"reason", "nested", in("@LOG !x(y (z) [q) -> ^w"), nil, 0},
	{"reason", "64 deep", in("@LOG !x" + nested("(", ")", 64) + " -> ^w"), nil, 0},
	{"reason", "65 deep", in("@LOG !x" + nested("(", ")", 65) + " -> ^w"), ErrNesting, 2},
	{"reason", "empty", in("@LOG !a() -> ^c"), ErrReason, 2},
	{"reason", "unclosed", in("@LOG !a(b -> ^c"), ErrReason, 2},
	{"reason", "padded", in("@LOG !a( b) -> ^c"), ErrSpace, 2},
	{"sig_sec", "source example", in("@SIG $2|~Repo.save(row:dict)->int|mutates(self.rows)"), nil, 0},
	{"sig_sec", "no arguments", in("@SIG a|f()->None"), nil, 0},
	{"sig_sec", "empty", in("@SIG"), ErrEmpty, 2},
	{"file_ref", "none", in("@SIG f(x)->int"), ErrSig, 2},
	{"file_ref", "empty", in("@SIG |f()->int"), ErrSig, 2},
	{"file_ref", "blank inside", in("@SIG a b.py|f()->int"), ErrSpace, 2},
	{"fn_sig", "go generics", in("@SIG a.go|Map[K:comparable,V:interface{ ~int | ~string }](m:map[K]V,f:func(V) bool)->[]K"), nil, 0},
	{"fn_sig", "quoted brackets", in(`@SIG a.py|f(s:str=')',t:str="a,b",u:str='\'')->int | None`), nil, 0},
	{"fn_sig", "no parenthesis", in("@SIG a|f->int"), ErrSig, 2},
	{"fn_sig", "no name", in("@SIG a|(x)->int"), ErrSig, 2},
	{"fn_sig", "blank before arguments", in("@SIG a|f (x)->int"), ErrSpace, 2},
	{"fn_sig", "mismatched bracket", in("@SIG a|f(x:list[int)->int"), ErrUnbalanced, 2},
	{"fn_sig", "unclosed arguments", in("@SIG a|f(x->int"), ErrUnbalanced, 2},
	{"fn_sig", "unterminated string", in("@SIG a|f(s:str='x)->int"), ErrUnbalanced, 2},
	{"fn_sig", "64 deep", in("@SIG a|f(" + nested("[", "]", 63) + ")->int"), nil, 0},
	{"fn_sig", "65 deep", in("@SIG a|f(" + nested("[", "]", 64) + ")->int"), ErrNesting, 2},
	{"fn_sig", "empty argument", in("@SIG a|f(x,)->int"), ErrSigArg, 2},
	{"fn_sig", "blank after comma", in("@SIG a|f(x, y)->int"), ErrSpace, 2},
	{"fn_sig", "no arrow", in("@SIG a|f(x)int"), ErrSig, 2},
	{"fn_sig", "spaced arrow", in("@SIG a|f(x) -> int"), ErrSig, 2},
	{"type_id", "tuple", in("@SIG a.go|f()->([]Row,error)"), nil, 0},
	{"type_id", "empty", in("@SIG a|f(x)->"), ErrSig, 2},
	{"type_id", "unclosed", in("@SIG a|f(x)->list[int"), ErrUnbalanced, 2},
	{"type_id", "stray closer", in("@SIG a|f(x)->int]"), ErrUnbalanced, 2},
	{"type_id", "blank before mutates", in("@SIG a|f(x)->int |mutates(a)"), ErrSpace, 2},
	{"mut_list", "several", in("@SIG a|f()->int|mutates(self.cache[],d['k,v'],global:SEEN)"), nil, 0},
	{"mut_list", "unclosed", in("@SIG a|f()->int|mutates(a,b"), ErrMutates, 2},
	{"mut_list", "empty", in("@SIG a|f()->int|mutates()"), ErrMutates, 2},
	{"mut_list", "empty item", in("@SIG a|f()->int|mutates(a,)"), ErrMutates, 2},
	{"mut_list", "text after", in("@SIG a|f()->int|mutates(a)x"), ErrMutates, 2},
	{"next_sec", "empty", in("@NEXT"), nil, 0},
	{"next_sec", "tasks", in("@NEXT ?per_account_rate_limit(token_bucket) ?$4_replay(attempts=0) ?a?b"), nil, 0},
	{"next_sec", "no question mark", in("@NEXT do_it"), ErrNext, 2},
	{"next_sec", "two spaces", in("@NEXT ?a  ?b"), ErrSpace, 2},
	{"next_sec", "tab", in("@NEXT ?a\t?b"), ErrSpace, 2},
	{"action_expr", "space inside", in("@NEXT ?fix the bug"), ErrNext, 2},
	{"action_expr", "empty", in("@NEXT ? ?b"), ErrNext, 2},
	{"action_expr", "bare question mark", in("@NEXT ?"), ErrNext, 2},
}

// TestGrammarRules decodes every row strictly: valid rows decode and
// their canonical form decodes to the same document; invalid rows give
// an *Error of their kind on their line.
func TestGrammarRules(t *testing.T) {
	for _, r := range grammarRules {
		t.Run(r.rule+"/"+r.name, func(t *testing.T) {
			d, err := ParseString(r.doc, Limits{})
			if r.kind == nil {
				if err != nil {
					t.Fatalf("ParseString(%q) = %v, want success", r.doc, err)
				}
				if again, err := ParseString(d.Format(), Limits{}); err != nil || !sameDoc(d, again) {
					t.Fatalf("canonical form %q: %v", d.Format(), err)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, r.kind) || e.Line != r.line {
				t.Fatalf("ParseString(%q) = %v, want kind %q on line %d", r.doc, err, r.kind, r.line)
			}
			if !strings.Contains(e.Msg, "expected") {
				t.Fatalf("message %q does not say what was expected", e.Msg)
			}
		})
	}
}
