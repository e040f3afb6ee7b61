// What the bot knows, and the function that picks its move (strategy.cpp).
#pragma once

#include <cstddef>
#include <vector>

#include "protocol.hpp"

struct Bot {
    Hello hello;               // the game, the players, the rules
    DiceRules dice_rules;
    CardsRules cards_rules;
    int seat = 0;              // this game's seat (from game_start)
    DiceView dice;             // the latest view, when the game is dice
    CardsView cards;           // the latest view, when the game is cards
    std::vector<Action> legal; // the actions of the current request
};

// The index in bot.legal of the action to send back: the marked function of strategy.cpp.
std::size_t choose(const Bot& bot);
