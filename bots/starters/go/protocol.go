// The messages of protocol.md that this bot reads and writes, as Go structs for encoding/json.
// Only the fields the strategy uses are declared: encoding/json ignores every other key, as
// the protocol asks. schema-fields.json lists these json tags for the drift test
// (tests/starters): keep it in step when you add a field.

package main

import "encoding/json"

// Envelope is read first from every line, to know which message it is.
type Envelope struct {
	Type string `json:"type"`
}

// Hello is the referee's first message: the game, the table's size and every rule.
type Hello struct {
	Game    string          `json:"game"`
	Players int             `json:"players"`
	Rules   json.RawMessage `json:"rules"` // read as DiceRules or CardsRules
}

// DiceRules holds the dice rules the strategy reads (all of them: docs/rules-dice.md).
type DiceRules struct {
	Goal int `json:"goal"`
}

// CardsRules holds the card rules the strategy reads (all of them: docs/rules-cards.md).
type CardsRules struct {
	MarriageOnFirstLead bool `json:"marriage_on_first_lead"`
}

// GameStart says which seat the bot plays in the game that starts.
type GameStart struct {
	Seat int `json:"seat"`
}

// DiceRequest asks for one decision in a dice game. Legal is kept raw: the chosen action goes
// back unchanged, keys this bot does not know included.
type DiceRequest struct {
	ID    int64             `json:"id"`
	View  DiceView          `json:"view"`
	Legal []json.RawMessage `json:"legal"`
}

// CardsRequest asks for one decision in a card game, as DiceRequest.
type CardsRequest struct {
	ID    int64             `json:"id"`
	View  CardsView         `json:"view"`
	Legal []json.RawMessage `json:"legal"`
}

// Action is one legal action, typed (the fields of both games; the other game's stay zero).
type Action struct {
	Type        string `json:"type"`
	Value       int    `json:"value"`
	Card        string `json:"card"`
	To          *int   `json:"to"`
	Keep        []int  `json:"keep"`
	Marriage    bool   `json:"marriage"`
	AceMarriage bool   `json:"ace_marriage"`
}

// DiceView is what the seat knows of a dice game (docs/rules-dice.md, "The view").
type DiceView struct {
	Scores    []int `json:"scores"`
	TurnTotal int   `json:"turn_total"`
	DiceLeft  int   `json:"dice_left"`
}

// CardsView is what the seat knows of a card game (docs/rules-cards.md, "The view").
type CardsView struct {
	Phase  string     `json:"phase"`
	Hand   []string   `json:"hand"`
	Scores []int      `json:"scores"`
	Trump  *string    `json:"trump"`
	Trick  []SeatCard `json:"trick"`
	Played []string   `json:"played"`
}

// SeatCard is a card played to the trick on the table, and by whom.
type SeatCard struct {
	Seat int    `json:"seat"`
	Card string `json:"card"`
}

// BotHello is the bot's answer to hello. Omit asks the referee to leave the events out of
// every request: this bot reads the view.
type BotHello struct {
	Type     string   `json:"type"`
	Name     string   `json:"name"`
	Protocol int      `json:"protocol"`
	Omit     []string `json:"omit"`
}

// BotAction answers a request: its id, and one of its legal actions as it came.
type BotAction struct {
	Type   string          `json:"type"`
	ID     int64           `json:"id"`
	Action json.RawMessage `json:"action"`
}
