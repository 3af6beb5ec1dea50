package ail

import (
	"strings"
)

// This file checks the bodies of @LOG and @NEXT lines and the prose
// sections against the grammar in grammar.go; sig.go checks @SIG.

// Rejection is one @LOG entry: what was tried, why it failed and what
// replaced it.
type Rejection struct {
	Tried, Reason, Instead string
}

// logArrow is what the grammar puts between a @LOG reason and "^".
const logArrow = " -> "

// String formats r as the body of a @LOG line.
func (r Rejection) String() string {
	return "!" + r.Tried + "(" + r.Reason + ")" + logArrow + "^" + r.Instead
}

// ParseLog parses the body of a @LOG line, strictly:
// !identifier(reason) -> ^expr.
func ParseLog(body string) (Rejection, error) { return parseLog(body, false) }

// parseLog is [ParseLog]; with pointers, $N may stand inside the
// identifier, for lenient decoding to expand once every @MEM is known.
func parseLog(body string, pointers bool) (Rejection, error) {
	rest, ok := strings.CutPrefix(body, "!")
	if !ok {
		return Rejection{}, faultf(ErrLog, `expected "!" and the rejected approach, found %s`, quote(body))
	}
	open := identEnd(rest, 0, pointers)
	switch {
	case isPointerAt(rest, open):
		return Rejection{}, faultf(ErrPointerInIdentifier, `expected an identifier after "!", found the pointer %s in it: an identifier cannot hold a pointer`, excerpt(pointerText(rest, open)))
	case open == 0:
		return Rejection{}, faultf(ErrIdentifier, `expected an identifier after "!", found %s`, quote(rest))
	case open == len(rest):
		return Rejection{}, faultf(ErrLog, `expected "(" and the reason after %s, found the end of the line`, excerpt(rest))
	case rest[open] != '(':
		return Rejection{}, faultf(ErrIdentifier, `expected "(" after the identifier %s, found %s`, excerpt(rest[:open]), quote(rest[open:]))
	}
	end, err := parenEnd(rest, open)
	if err != nil {
		return Rejection{}, err
	}
	if end < 0 {
		return Rejection{}, faultf(ErrReason, `expected ")" to close the reason, found the end of the line`)
	}
	r := Rejection{Tried: rest[:open], Reason: rest[open+1 : end-1]}
	if err := checkReason(r.Reason); err != nil {
		return Rejection{}, err
	}
	after, ok := strings.CutPrefix(rest[end:], logArrow)
	if !ok {
		return Rejection{}, faultf(ErrLogArrow, `expected %q after the reason, found %s`, logArrow, shown(rest[end:]))
	}
	if r.Instead, ok = strings.CutPrefix(after, "^"); !ok {
		return Rejection{}, faultf(ErrLog, `expected "^" and the replacement after %q, found %s`, logArrow, quote(after))
	}
	return r, checkExpr(`the replacement after "^"`, r.Instead)
}

// checkReason checks the text between the parentheses of a @LOG line.
func checkReason(s string) error {
	switch {
	case s == "":
		return faultf(ErrReason, `expected a reason inside "()", found nothing`)
	case padded(s):
		return faultf(ErrSpace, "expected the reason without white space around it, found %s", excerpt(s))
	}
	return nil
}

// ParseNext parses the body of a @NEXT line into its tasks: "?a ?b",
// each task free of white space, one space between them.
func ParseNext(body string) ([]string, error) {
	var tasks []string
	if err := eachTask(body, func(t string) { tasks = append(tasks, t) }); err != nil {
		return nil, err
	}
	return tasks, nil
}

// eachTask calls fn with every task of a @NEXT body as [ParseNext]
// reads it, stopping at the first problem.
func eachTask(body string, fn func(task string)) error {
	n := 0
	for rest := body; rest != ""; n++ {
		task, ok := strings.CutPrefix(rest, "?")
		if !ok {
			return faultf(ErrNext, `expected "?" and a task, found %s`, excerpt(rest))
		}
		end := whiteAt(task)
		if end < 0 {
			end = len(task)
		}
		if end == 0 {
			return faultf(ErrNext, `expected task %d after "?", found %s`, n+1, quote(task))
		}
		fn(task[:end])
		if rest = task[end:]; rest == "" {
			break
		}
		if err := nextGap(rest); err != nil {
			return err
		}
		rest = rest[1:]
	}
	return nil
}

// nextGap checks what follows a task: exactly " ?".
func nextGap(rest string) error {
	if strings.HasPrefix(rest, " ?") {
		return nil
	}
	after := strings.TrimLeftFunc(rest, isWhite)
	if rest[0] != ' ' || len(rest)-len(after) > 1 || after == "" {
		return faultf(ErrSpace, `expected one space between tasks, found %s`, shown(rest))
	}
	return faultf(ErrNext, `expected " ?" before the next task, found %s (a task has no white space)`, excerpt(rest))
}

// checkBody validates the body of a line of kind k; @MEM is the
// decoder's, since it defines pointers. pointers is parseLog's.
func checkBody(k Kind, body string, pointers bool) error {
	if body == "" {
		switch k {
		case KindNext:
			return nil
		case KindLog:
			return faultf(ErrEmpty, `expected " !tried(reason) -> ^instead" after @LOG, found the end of the line`)
		case KindSig:
			return faultf(ErrEmpty, `expected " file|name(args)->type" after @SIG, found the end of the line`)
		}
		return faultf(ErrEmpty, `expected " " and an expression after %s, found the end of the line`, k)
	}
	var err error
	switch k {
	case KindCtx, KindArch:
		err = checkExpr("an expression", body)
	case KindLog:
		_, err = parseLog(body, pointers)
	case KindSig:
		_, err = parseSig(body, false)
	case KindNext:
		err = eachTask(body, func(string) {})
	default:
		err = faultf(ErrUnknownSection, "%s is not a line section", k)
	}
	return err
}
