#ifndef STARTER_STRATEGY_H
#define STARTER_STRATEGY_H

#include "protocol.h"

/* The index in bot->legal of the action to send back: the marked function of strategy.c. */
int choose(const struct bot *bot);

#endif
