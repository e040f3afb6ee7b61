#ifndef STARTER_STRATEGY_H
#define STARTER_STRATEGY_H

#include "protocol.h"

/* The index in bot->legal of the action to send back: strategy.c, "YOUR STRATEGY HERE". */
int choose(const struct bot *bot);

#endif
