package capture

import (
	"strings"
)

// This file decides which of the user's words are kept. The rule is
// linguistic, not fitted to any project: a sentence is kept when it says
// how the work must be done from now on (a rule), corrects the agent (a
// correction), or picks among alternatives (a decision). Requests that
// only ask for the next step ("commit this", "push it", "continue"),
// questions and acknowledgements are not kept. Feedback typed when
// rejecting a tool use is a correction by definition (the user stopped
// the agent and said how to go on), and an answer to the agent's question
// a decision.

// Limits of one message's contribution.
const (
	maxWhole    = 400 // a message up to this long is kept whole
	maxSentence = 400 // a longer one keeps its matching sentences, each at most this long
	minWords    = 2   // "never commit", "use pnpm"; one word carries no instruction
)

// Found is one instruction found in a message.
type Found struct {
	Kind Kind
	Text string
}

// Classify finds the instructions in the words a human typed. A message
// up to maxWhole characters yields at most one item, the whole message; a
// longer one yields its matching sentences.
func Classify(typed string, src Source) []Found {
	typed = strings.TrimSpace(typed)
	if typed == "" {
		return nil
	}
	switch src {
	case Rejection:
		if words(typed) < 2 {
			return nil
		}
		return []Found{{Correction, clip(typed)}}
	case Answer:
		return []Found{{Decision, clip(typed)}}
	}
	sentences := split(typed)
	if numberedAnswers().MatchString(typed) {
		return []Found{{Decision, clip(typed)}}
	}
	if len([]rune(typed)) <= maxWhole {
		best, ok := Kind(""), false
		for _, s := range sentences {
			if k, hit := kindOf(s); hit && (!ok || rank(k) > rank(best)) {
				best, ok = k, true
			}
		}
		if !ok {
			return nil
		}
		return []Found{{best, typed}}
	}
	var out []Found
	for _, s := range sentences {
		if k, hit := kindOf(s); hit {
			out = append(out, Found{k, clip(s)})
		}
	}
	return out
}

// rank orders the kinds when one message shows several: a correction
// says the most about what went wrong, a decision the least.
func rank(k Kind) int {
	switch k {
	case Correction:
		return 3
	case Rule:
		return 2
	}
	return 1
}

// kindOf classifies one sentence.
func kindOf(sentence string) (Kind, bool) {
	s := normal(sentence)
	if words(s) < minWords {
		return "", false
	}
	question := strings.HasSuffix(strings.TrimRight(s, " )\"'"), "?")
	core := fillers().ReplaceAllString(s, "")
	switch {
	case correctionCue().MatchString(s), correctionLead().MatchString(core) && !question:
		return Correction, true
	case preference().MatchString(s):
		return Rule, true // a preference stands even when a question follows it
	case question:
		return "", false
	case ruleCue().MatchString(s), ruleLead().MatchString(core), modal().MatchString(core) && words(core) >= 5, statesFact(core):
		return Rule, true
	case decisionCue().MatchString(s):
		return Decision, true
	}
	return "", false
}

var (
	// fillers are the acknowledgements a sentence may open with.
	fillers = lazyRegexp(`^((ok|okay|yes|yeah|yep|sure|hmm+|ah|so|and|also|well|right|great|good|cool|perfect|thanks|please|alright|i think|i guess|but|then|now|first|oh|maybe|perhaps)[,.!:;-]*\s+)+`)

	// correctionCue anywhere in a sentence: the user says the agent did,
	// said or assumed something it should not have.
	correctionCue = lazyRegexp(`\b(i (did not|didn't|didnt|never) (say|ask|tell|want|mean)|that's not what|that is not what|not what i (asked|said|meant|wanted)|why (did|didn't|didnt|would) you|why don't you just|you (should have|shouldn't have|should not have|were supposed to|forgot to|missed|broke|ignored)|you still did not|you still didn't|i (would have|had) expected|that's wrong|this is wrong|that is wrong|is not correct|isn't correct|wasn't supposed to)\b`)

	// correctionLead opens a sentence that corrects the agent.
	correctionLead = lazyRegexp(`^((no|nope|nah|wrong|wait|actually|undo)[,.! ]|stop (doing|that|it|using|adding|changing|making|touching|running|editing|writing|trying)\b|(revert that|don't do that|do not do that|not like that)\b)`)

	// preference states what the user likes or wants done, and holds even
	// when the sentence goes on to ask for suggestions.
	preference = lazyRegexp(`\b(i (don't|dont|do not) like|i prefer|i'd prefer|i would prefer|i'd rather|i would rather|i rather)\b`)

	// ruleCue marks a standing instruction anywhere in a sentence.
	ruleCue = lazyRegexp(`\b((you|we|please) (should |must |will )?(always|never)|(always|never) (use|run|do|write|commit|push|add|put|keep|call|check|ask|create|make|include|leave|touch|mock|delete|remove|change|edit|modify|merge|rebase|force|skip|rely|assume|hardcode|install|update)|from now on|going forward|by running|in (the )?future|from here on|every time|each time|whenever|at all times|no more|any ?more|instead of|rather than|make sure|be sure to|remember to|don't ever|do not ever|i prefer|i'd prefer|i would prefer|i'd rather|i would rather|i rather|i want you to|i don't want|i do not want|i dont want|i like that|i don't like|i dont like)\b`)

	// ruleLead opens an imperative that says how to work.
	ruleLead = lazyRegexp(`^(do not|don't|dont|never|always|avoid|only|stick to|stick with|prefer|use \S+ (for|when|instead|rather|not|only|everywhere|throughout)|use \S+$|keep (the|all|it|them|this|that|using|backward|backwards|to)|ensure|please don't|please do not|we (don't|do not|dont|never) (need|want|use|do|commit|push|touch|change))\b`)

	// modal is a statement of how something must be.
	modal = lazyRegexp(`^(you|we|it|this|that|they|each \S+|every \S+|all|everything|(the )?tests?|(the )?code) (\S+ )?(must|mustn't|must not|should|shouldn't|should not|need to|needs to|have to|has to|shall|want to|wants to)\b`)

	// decisionCue picks among alternatives or fixes a choice.
	decisionCue = lazyRegexp(`\b(go with|going with|option [a-z0-9]\b|let's (go with|use|keep|stick|rename|skip|drop|remove|abandon|roll back|rollback|revert|not|set|have|tackle \d|split|do (it|this|that|them) (as|in|separately)|do the \S+ first)|lets (go with|use|keep|rename|skip|not|set|have)|skip (\d+|#\d+|the )|we'll (use|go|keep)|we will (use|go|keep)|decided|for now|let's do both|do the rest|the (correct|right|proper|best|better|cleaner) (fix|approach|way|solution|option) (is|would be) to|(i|we) (think (i|we) )?(want|need|would like) (this|it|that|them) (rather|instead|to be|implemented|done|as|in)\b)\b|^(yes|yeah|yep|ok|okay)[,.]? (revert|go ahead and|use|keep|skip|do \S+ and)\b`)
)

// personalFact is a fact about the user or the project stated as such
// ("my github user is khaong", "our main branch is develop"); opinions
// phrased the same way ("my concern is …") are not facts to keep.
var (
	personalFact = lazyRegexp(`^(my|our) ([\w./-]+ ){1,3}(is|are) \S`)
	opinionWord  = lazyRegexp(`^(my|our) (\w+ )?(concern|question|point|issue|problem|guess|understanding|idea|thought|worry|feeling|expectation|assumption|suggestion|goal|plan|hope|fear|take|view|opinion|bad|mistake)s?\b`)
)

func statesFact(core string) bool {
	return personalFact().MatchString(core) && !opinionWord().MatchString(core)
}

// numberedAnswers is a reply that answers the agent's numbered
// questions: a list whose items open with yes or no.
var numberedAnswers = lazyRegexp(`(?mi)^\s*\d+[.)]\s*(yes|no)\b`)

// split cuts text into sentences at line ends and sentence punctuation.
func split(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		start := 0
		for i := 0; i < len(line); i++ {
			c := line[i]
			if (c == '.' || c == '!' || c == '?' || c == ';') && (i+1 == len(line) || line[i+1] == ' ') {
				if s := strings.TrimSpace(line[start : i+1]); s != "" {
					out = append(out, s)
				}
				start = i + 1
			}
		}
		if s := strings.TrimSpace(line[start:]); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func words(s string) int { return len(strings.Fields(s)) }

// clip bounds a kept text to maxSentence runes, marking the cut.
func clip(s string) string {
	if r := []rune(s); len(r) > maxSentence {
		return string(r[:maxSentence]) + "…"
	}
	return s
}
