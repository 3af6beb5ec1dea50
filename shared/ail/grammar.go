package ail

// This file and the section checkers enforce the AILv1 grammar. The
// source's EBNF is the contract:
//
//	ail_document = "!AILv1" , NEWLINE , { section } ;
//	section      = mem_sec | ctx_sec | arch_sec | log_sec | sig_sec | next_sec ;
//	mem_sec      = "@MEM" , { " " , pointer_id , "=" , identifier } , NEWLINE ;
//	ctx_sec      = "@CTX" , " " , expr_chain , NEWLINE ;
//	arch_sec     = "@ARCH" , " " , expr_chain , NEWLINE ;
//	log_sec      = "@LOG" , " " , "!" , identifier , "(" , reason , ")" , " -> " , "^" , expr , NEWLINE ;
//	sig_sec      = "@SIG" , " " , file_ref , "|" , [ "~" ] , fn_sig , "->" , type_id , [ "|mutates(" , mut_list , ")" ] , NEWLINE ;
//	next_sec     = "@NEXT" , { " ?" , action_expr } , NEWLINE ;
//	expr_chain   = expr , { ( "->" | "|" | ":=" ) , expr } ;
//	pointer_id   = "$" , DIGIT , { DIGIT } ;
//	identifier   = ( LETTER | DIGIT | "_" | "." | "/" | ":" | "-" )+ ;
//
// The source leaves some productions undefined; these are ours, chosen
// to accept every example of the source and everything the encoder
// writes, and nothing that could read two ways:
//
//	NEWLINE     = LF | CR LF ;
//	TEXT_CHAR   = any Unicode character but the controls U+0000–U+001F,
//	              U+007F and U+0080–U+009F, the bidi controls U+061C,
//	              U+200E, U+200F, U+202A–U+202E and U+2066–U+2069, and
//	              U+2028 and U+2029; TAB is allowed ;
//	WHITE       = a TEXT_CHAR for which unicode.IsSpace holds ;
//	LETTER      = a Unicode letter ; DIGIT = "0"…"9" ;
//	comment     = "#" , { TEXT_CHAR } , NEWLINE ;   (any line after the header)
//	expr        = TEXT_CHAR , { TEXT_CHAR } , neither starting nor ending
//	              with WHITE ;
//	              An expr may itself contain "->", "|" and ":=", so every
//	              expr_chain is also one expr: the decoder checks a chain
//	              as one expr and keeps the operators as text. That is
//	              what lets any prose line round-trip as @CTX.
//	reason      = TEXT_CHAR+ in which "(" and ")" balance, nested at most
//	              MaxNesting deep counting the enclosing pair, neither
//	              starting nor ending with WHITE ; it ends at the ")" that
//	              closes the "(" after the identifier. Quotes and other
//	              brackets are plain characters here.
//	file_ref    = ( TEXT_CHAR - WHITE - "|" )+ ;
//	fn_sig      = fn_name , "(" , [ item , { "," , item } ] , ")" ;
//	fn_name     = ( NAME_CHAR | "[" , balanced , "]" )+ ;
//	NAME_CHAR   = TEXT_CHAR - WHITE - ( ) [ ] { } | , ' " ` ;
//	type_id     = balanced text, not empty, neither starting nor ending
//	              with WHITE, holding no "|mutates(" outside brackets ;
//	mut_list    = item , { "," , item } ;
//	item        = balanced text without a "," outside brackets, not
//	              empty, neither starting nor ending with WHITE ;
//	balanced    = TEXT_CHARs in which ( [ { are closed by the matching
//	              ) ] }, nested at most MaxNesting deep, and ' " `
//	              open a string literal that ends at the next same quote
//	              (a backslash escapes the next character inside ' and ");
//	              brackets, commas and "|" inside a literal do not count ;
//	action_expr = ( TEXT_CHAR - WHITE )+ ;
//
// Where the decoder is narrower than the EBNF, on purpose: pointer_id is
// at most six digits without a leading zero and not $0, so that every
// pointer has one spelling ($01 and $1 cannot both exist) and ids stay
// small. Comments are the source's prose rule, not in its EBNF.

import (
	"unicode"
	"unicode/utf8"
)

// isIdentRune reports whether r may appear in an identifier.
func isIdentRune(r rune) bool {
	switch {
	case r == '_' || r == '.' || r == '/' || r == ':' || r == '-':
		return true
	case '0' <= r && r <= '9':
		return true
	}
	return unicode.IsLetter(r)
}

// isDigit reports whether c is an ASCII digit.
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isPointerAt reports whether s[i:] starts with $ and a digit.
func isPointerAt(s string, i int) bool {
	return i+1 < len(s) && s[i] == '$' && isDigit(s[i+1])
}

// pointerText returns the $ and digits at s[i].
func pointerText(s string, i int) string {
	end := i + 1
	for end < len(s) && isDigit(s[end]) {
		end++
	}
	return s[i:end]
}

// identEnd returns the index after the identifier that starts at s[i]
// (i itself when there is none). With pointers, $N runs inside it are
// taken as part of it, for lenient decoding to expand later.
func identEnd(s string, i int, pointers bool) int {
	for i < len(s) {
		if pointers && isPointerAt(s, i) {
			i += 2
			for i < len(s) && isDigit(s[i]) {
				i++
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !isIdentRune(r) {
			return i
		}
		i += size
	}
	return i
}

// isWhite reports whether r is white space.
func isWhite(r rune) bool { return unicode.IsSpace(r) }

// padded reports whether s starts or ends with white space.
func padded(s string) bool {
	if s == "" {
		return false
	}
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	return isWhite(first) || isWhite(last)
}

// whiteAt returns the index of the first white space in s, or -1.
func whiteAt(s string) int {
	for i, r := range s {
		if isWhite(r) {
			return i
		}
	}
	return -1
}

// checkExpr checks an expr: not empty, not padded with white space.
func checkExpr(what, s string) error {
	switch {
	case s == "":
		return faultf(ErrEmpty, "expected %s, found the end of the line", what)
	case padded(s):
		return faultf(ErrSpace, "expected %s without white space around it, found %s", what, excerpt(s))
	}
	return nil
}
