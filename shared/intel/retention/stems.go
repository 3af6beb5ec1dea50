package retention

import (
	"strings"
	"unicode"
)

// contentStems returns the content words of text, lower-cased and
// stemmed, each once: the words that carry an instruction's meaning
// once the function words are gone. Identifiers and numbers count as
// words.
func contentStems(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), notWordRune) {
		w = strings.Trim(w, "._-/")
		if negation[w] {
			w = "not" // polarity is content: "never mock" is not "mock"
		} else if len([]rune(w)) < 2 || stop[w] {
			continue
		}
		st := stem(w)
		if !seen[st] {
			seen[st] = true
			out = append(out, st)
		}
	}
	return out
}

// notWordRune splits text into words; dots, slashes, underscores and
// dashes inside a word keep paths and identifiers whole.
func notWordRune(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("._-/", r)
}

// stem strips the commonest English inflections, enough for a passage
// that says "committing" to match "commit".
func stem(w string) string {
	for _, suf := range []string{"ing", "ed", "es", "s"} {
		if len(w) > len(suf)+3 && strings.HasSuffix(w, suf) && !strings.ContainsAny(w, "._/") {
			return strings.TrimSuffix(w, suf)
		}
	}
	return w
}

// negation are the words that turn an instruction around; each counts
// as the one content word "not".
var negation = map[string]bool{"not": true, "no": true, "never": true, "don't": true, "dont": true, "doesn't": true,
	"didn't": true, "shouldn't": true, "mustn't": true, "can't": true, "cannot": true, "won't": true, "avoid": true,
	"without": true, "nothing": true, "none": true, "stop": true}

// stop are the function words and the words of asking and agreeing that
// carry no instruction of their own.
var stop = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a about above after again against all also am an and any are as at be because been
	before being below between both but by can could did do does doing down during each few for from further
	had has have having he her here hers herself him himself his how i if in into is it its itself just let let's lets me
	more most my myself nor now of off on once only or other our ours ourselves out over own same she should so
	some such than that that's the their theirs them themselves then there these they this those through to too under
	until up very was we were what when where which while who whom why will with would you your yours yourself
	yourselves yes yeah yep ok okay please thanks hmm ah oh well just really maybe actually also one thing things
	isn't aren't wasn't weren't haven't hasn't wouldn't i'm i've i'd i'll
	you're you've you'd you'll we're we've we'd we'll it's there's what's let us like get got go going make made sure
	still again way need needs want wants think know see look`) {
		m[w] = true
	}
	return m
}()
