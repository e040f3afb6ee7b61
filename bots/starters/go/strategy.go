// The strategy: which of the request's legal actions to send. Choose at the end is the one
// function to change; the rest is the example strategy it calls (the dice: keep every scoring
// die, stop once the turn total reaches a threshold; the cards: bots/card_bot.py's
// preferences, simplified). It returns an index into the legal actions, so every move is legal.

package main

import "strings"

// Bot is everything the bot knows: kept from hello and game_start, refreshed by every request.
type Bot struct {
	Game       string // "dice" or "cards"
	Players    int
	DiceRules  DiceRules
	CardsRules CardsRules
	Seat       int
	Dice       DiceView  // the latest view, in a dice game
	Cards      CardsView // the latest view, in a card game
	Legal      []Action  // the request's legal actions, in its order
}

// ---------------------------------------------------------------------------------- dice --

// threshold[n]: with n dice to throw next, stop once the turn total is at least this (the
// thresholds bots/dice_bot.py works out for the classic rules).
var threshold = [6]int{0, 0, 0, 5, 65, 325}

func chooseDice(bot *Bot) int {
	view := bot.Dice
	bestKeep := 0
	for _, action := range bot.Legal {
		bestKeep = max(bestKeep, len(action.Keep))
	}
	dice := view.DiceLeft - bestKeep // keep every scoring die
	if dice <= 0 || dice > 5 {
		dice = 5 // hot dice: all five come back
	}
	score := 0
	if bot.Seat < len(view.Scores) {
		score = view.Scores[bot.Seat]
	}
	want := "roll"
	if score+view.TurnTotal >= bot.DiceRules.Goal || view.TurnTotal >= threshold[dice] {
		want = "stop"
	}
	fallback := 0
	for i, action := range bot.Legal {
		if len(action.Keep) != bestKeep {
			continue
		}
		if action.Type == want {
			return i
		}
		fallback = i
	}
	return fallback // "stop" is not offered below the opening: roll
}

// --------------------------------------------------------------------------------- cards --

const ranks = "9JQKTA" // low to high; T is the ten

var points = [6]int{0, 2, 3, 4, 10, 11}

func rank(card string) int {
	if card == "" {
		return 0
	}
	return max(strings.IndexByte(ranks, card[0]), 0)
}

func suit(card string) byte {
	if len(card) != 2 {
		return '?'
	}
	return card[1]
}

func marriageValue(suit byte) int {
	switch suit {
	case 'S':
		return 40
	case 'C':
		return 60
	case 'D':
		return 80
	}
	return 100
}

func holds(cards []string, rank byte, suit byte) bool {
	for _, card := range cards {
		if card == string([]byte{rank, suit}) {
			return true
		}
	}
	return false
}

// inMarriage: a king or queen whose partner is still in the hand, worth keeping.
func inMarriage(view *CardsView, card string) bool {
	switch {
	case strings.HasPrefix(card, "K"):
		return holds(view.Hand, 'Q', suit(card))
	case strings.HasPrefix(card, "Q"):
		return holds(view.Hand, 'K', suit(card))
	}
	return false
}

// isMaster: no card of the suit that could beat it is still out.
func isMaster(view *CardsView, card string) bool {
	for _, higher := range []byte(ranks[rank(card)+1:]) {
		if !holds(view.Hand, higher, suit(card)) && !holds(view.Played, higher, suit(card)) {
			return false
		}
	}
	return true
}

func isTrump(view *CardsView, card string) bool {
	return view.Trump != nil && *view.Trump != "" && (*view.Trump)[0] == suit(card)
}

// estimate is the points the hand should take as declarer: aces, tens behind them, marriages.
func estimate(bot *Bot) int {
	hand := bot.Cards.Hand
	catch := 6 // the others' cards a won trick brings in
	if bot.Players == 2 {
		catch = 3
	}
	aces := false
	for _, card := range hand {
		aces = aces || strings.HasPrefix(card, "A")
	}
	total := 0
	for _, s := range []byte("SCDH") {
		if holds(hand, 'A', s) {
			total += 11 + catch
			if holds(hand, 'T', s) {
				total += 10 + catch
			}
		}
		if holds(hand, 'K', s) && holds(hand, 'Q', s) {
			worth := marriageValue(s) + 7
			if !aces && !bot.CardsRules.MarriageOnFirstLead {
				worth /= 2 // to declare it we must first win a lead
			}
			total += worth
		}
	}
	return total
}

// cost is how much it hurts to part with a card (give it away, or play it without winning).
func cost(view *CardsView, card string) int {
	value := 10*points[rank(card)] + rank(card)
	if inMarriage(view, card) {
		value += 1000
	}
	if isMaster(view, card) {
		value += 200
	}
	if isTrump(view, card) {
		value += 150
	}
	return value
}

// beats: whether card beats best, the card now winning the trick.
func beats(view *CardsView, card, best string) bool {
	if suit(card) == suit(best) {
		return rank(card) > rank(best)
	}
	return isTrump(view, card)
}

func plain(action Action, kind string) bool {
	return action.Type == kind && !action.Marriage && !action.AceMarriage
}

// least is the index of the plain legal action of kind that is least by less, or -1.
func least(bot *Bot, kind string, less func(a, b Action) bool) int {
	found := -1
	for i, action := range bot.Legal {
		if plain(action, kind) && (found < 0 || less(action, bot.Legal[found])) {
			found = i
		}
	}
	return found
}

func find(bot *Bot, kind string) int {
	for i, action := range bot.Legal {
		if action.Type == kind {
			return i
		}
	}
	return -1
}

// firstOf is the first of the indexes that is not -1 (an action that was found), else 0.
func firstOf(found ...int) int {
	for _, i := range found {
		if i >= 0 {
			return i
		}
	}
	return 0
}

func choosePlay(bot *Bot) int {
	view := &bot.Cards
	cheaper := func(a, b Action) bool { return cost(view, a.Card) < cost(view, b.Card) }
	if len(view.Trick) == 0 {
		// We lead: the aces' marriage, the best marriage, a sure winner, else the cheapest.
		marriage, sure := -1, -1
		for i, action := range bot.Legal {
			switch {
			case action.AceMarriage:
				return i
			case action.Marriage:
				if marriage < 0 || marriageValue(suit(action.Card)) >
					marriageValue(suit(bot.Legal[marriage].Card)) {
					marriage = i
				}
			case sure < 0 && plain(action, "play") && isMaster(view, action.Card) &&
				!inMarriage(view, action.Card):
				sure = i
			}
		}
		return firstOf(marriage, sure, least(bot, "play", cheaper))
	}
	// We follow: win as cheaply as we can with a card nobody behind can beat, else throw.
	best := view.Trick[0].Card
	for _, played := range view.Trick[1:] {
		if beats(view, played.Card, best) {
			best = played.Card
		}
	}
	last := len(view.Trick) == 2 || (bot.Players == 2 && len(view.Trick) == 1)
	winner := -1
	for i, action := range bot.Legal {
		if beats(view, action.Card, best) && (last || isMaster(view, action.Card)) &&
			(winner < 0 || rank(action.Card) < rank(bot.Legal[winner].Card)) {
			winner = i
		}
	}
	return firstOf(winner, least(bot, "play", cheaper))
}

func chooseCards(bot *Bot) int {
	view := &bot.Cards
	strength := estimate(bot)
	lower := func(a, b Action) bool { return a.Value < b.Value }
	switch view.Phase {
	case "bidding": // look at the hand first; a poor hand: redeal; else the smallest raise
		bid := least(bot, "bid", lower)
		if bid >= 0 && bot.Legal[bid].Value > strength+15 {
			bid = -1
		}
		return firstOf(find(bot, "look"), find(bot, "redeal"), bid, find(bot, "pass"))
	case "contract": // the highest contract the hand covers with a margin, else the lowest
		covered := least(bot, "contract", func(a, b Action) bool {
			return a.Value <= strength-10 && (b.Value > strength-10 || a.Value > b.Value)
		})
		if covered >= 0 && bot.Legal[covered].Value <= strength-10 {
			return covered
		}
		return firstOf(least(bot, "contract", lower))
	case "talon": // the cheapest card, to the opponent with the lower score
		behind := func(a Action) int {
			if a.To != nil && *a.To < len(view.Scores) {
				return view.Scores[*a.To]
			}
			return 0
		}
		cheaper := func(a, b Action) bool {
			ca, cb := cost(view, a.Card), cost(view, b.Card)
			return ca < cb || (ca == cb && behind(a) < behind(b))
		}
		return firstOf(least(bot, "discard", cheaper), least(bot, "give", cheaper))
	case "play":
		return choosePlay(bot)
	}
	return 0 // anything else (2 players: which talon to take)
}

func max(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// ---------------------------------------------------------------------- YOUR STRATEGY HERE --

// Choose returns the index in bot.Legal of the action to send back. The game's view is
// bot.Dice or bot.Cards, your seat bot.Seat.
func Choose(bot *Bot) int {
	if len(bot.Legal) == 1 {
		return 0 // a forced move: still answered
	}
	if bot.Game == "dice" {
		return chooseDice(bot)
	}
	return chooseCards(bot)
}
