// A starter bot in Go for both games of protocol.md: one JSON object a line on stdin, one
// answer a line on stdout, logging on stderr. The strategy lives in strategy.go.
//
// Build: go build -o bot .   (standard library only; Debian: apt-get install golang-go)
// Check: thousand bots check ./bot
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// send writes one message as one line. os.Stdout is not buffered in Go: the line leaves at
// once, and the referee's clock stops when it arrives.
func send(message any) error {
	line, err := json.Marshal(message)
	if err != nil {
		return err
	}
	_, err = os.Stdout.Write(append(line, '\n'))
	return err
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "starter-go: "+format+"\n", args...)
}

// answer reads one request, its view typed for the match's game, and sends the chosen legal
// action back unchanged.
func answer(bot *Bot, line []byte) error {
	var id int64
	var legal []json.RawMessage
	if bot.Game == "dice" {
		var request DiceRequest
		if err := json.Unmarshal(line, &request); err != nil {
			return err
		}
		id, legal, bot.Dice = request.ID, request.Legal, request.View
	} else {
		var request CardsRequest
		if err := json.Unmarshal(line, &request); err != nil {
			return err
		}
		id, legal, bot.Cards = request.ID, request.Legal, request.View
	}
	if len(legal) == 0 {
		return nil
	}
	bot.Legal = make([]Action, len(legal))
	for i, raw := range legal {
		if err := json.Unmarshal(raw, &bot.Legal[i]); err != nil {
			return err
		}
	}
	chosen := Choose(bot)
	if chosen < 0 || chosen >= len(legal) {
		chosen = 0
	}
	return send(BotAction{Type: "action", ID: id, Action: legal[chosen]})
}

// hello keeps the game and its rules, and answers; false: a game this bot does not play.
func hello(bot *Bot, line []byte) (bool, error) {
	var message Hello
	if err := json.Unmarshal(line, &message); err != nil {
		return false, err
	}
	var err error
	switch message.Game {
	case "dice":
		err = json.Unmarshal(message.Rules, &bot.DiceRules)
	case "cards":
		err = json.Unmarshal(message.Rules, &bot.CardsRules)
	default:
		logf("a game this bot does not know: %q", message.Game)
		return false, nil // leaving before our hello: the referee records why
	}
	if err != nil {
		return false, err
	}
	bot.Game, bot.Players = message.Game, message.Players
	reply := BotHello{Type: "hello", Name: "starter-go", Protocol: 1, Omit: []string{"events"}}
	return true, send(reply)
}

func run() error {
	input := bufio.NewReaderSize(os.Stdin, 1<<16)
	bot := &Bot{}
	for {
		line, err := input.ReadBytes('\n')
		if err == io.EOF {
			return nil // the referee closed our stdin: the match is over
		}
		if err != nil {
			return err
		}
		var envelope Envelope
		if err := json.Unmarshal(line, &envelope); err != nil {
			logf("a line not understood: %v", err)
			continue
		}
		switch envelope.Type {
		case "hello":
			plays, err := hello(bot, line)
			if err != nil || !plays {
				return err
			}
		case "game_start":
			var start GameStart
			if err := json.Unmarshal(line, &start); err != nil {
				return err
			}
			bot.Seat = start.Seat
		case "request":
			if err := answer(bot, line); err != nil {
				return err
			}
		case "bye":
			return nil
		default: // game_end, and any type added later: nothing to answer
		}
	}
}

func main() {
	if err := run(); err != nil {
		logf("%v", err)
		os.Exit(1)
	}
}
