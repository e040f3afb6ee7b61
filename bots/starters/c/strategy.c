/* The strategy: which of the request's legal actions to send. choose() is the one function to
 * change; the rest of this file is the example strategy it calls (the dice: keep every scoring
 * die, stop once the turn total reaches a threshold; the cards: bots/card_bot.py's preferences,
 * simplified). Whatever it returns is one of the legal actions, so every move is legal. */
#include "strategy.h"

#include <string.h>

/* ------------------------------------------------------------------------------ dice -- */

/* With n dice to throw next, stop once the turn total is at least THRESHOLD[n] (the
 * thresholds bots/dice_bot.py works out for the classic rules). */
static const int THRESHOLD[6] = {0, 0, 0, 5, 65, 325};

static int choose_dice(const struct bot *bot) {
    const struct dice_view *view = &bot->dice;
    int best_keep = 0;
    for (int i = 0; i < bot->legal_count; i++) {
        if (bot->legal[i].keep_count > best_keep) best_keep = bot->legal[i].keep_count;
    }
    int dice = view->dice_left - best_keep; /* keeping every scoring die: fewer to throw */
    if (dice <= 0) dice = 5;                /* hot dice: all five come back */
    bool wins = view->scores[bot->seat] + view->turn_total >= bot->goal;
    const char *want = wins || view->turn_total >= THRESHOLD[dice] ? "stop" : "roll";
    int fallback = 0;
    for (int i = 0; i < bot->legal_count; i++) {
        if (bot->legal[i].keep_count != best_keep) continue;
        if (strcmp(bot->legal[i].type, want) == 0) return i;
        fallback = i;
    }
    return fallback; /* "stop" is not offered below the opening: roll */
}

/* ----------------------------------------------------------------------------- cards -- */

static const char RANKS[] = "9JQKTA"; /* low to high; T is the ten */
static const int POINTS[] = {0, 2, 3, 4, 10, 11};

static int rank(const char *card) {
    const char *at = card[0] ? strchr(RANKS, card[0]) : NULL;
    return at ? (int)(at - RANKS) : 0;
}
static int points(const char *card) { return POINTS[rank(card)]; }

static int marriage_value(char suit) {
    switch (suit) {
    case 'S': return 40;
    case 'C': return 60;
    case 'D': return 80;
    default: return 100;
    }
}

static bool holds(const struct cards_view *view, const char *card) {
    for (int i = 0; i < view->hand_count; i++) {
        if (strcmp(view->hand[i], card) == 0) return true;
    }
    return false;
}

static bool was_played(const struct cards_view *view, const char *card) {
    for (int i = 0; i < view->played_count; i++) {
        if (strcmp(view->played[i], card) == 0) return true;
    }
    return false;
}

/* A king or queen whose partner is still in the hand: worth keeping. */
static bool in_marriage(const struct cards_view *view, const char *card) {
    char partner[3] = {card[0] == 'K' ? 'Q' : 'K', card[1], '\0'};
    return (card[0] == 'K' || card[0] == 'Q') && holds(view, partner);
}

/* No card of the suit that could beat it is still out. */
static bool is_master(const struct cards_view *view, const char *card) {
    for (int r = rank(card) + 1; r < 6; r++) {
        char higher[3] = {RANKS[r], card[1], '\0'};
        if (!holds(view, higher) && !was_played(view, higher)) return false;
    }
    return true;
}

/* The points the hand should take as declarer: aces, tens behind them, marriages. */
static int estimate(const struct bot *bot) {
    const struct cards_view *view = &bot->cards;
    int catch_points = bot->players == 2 ? 3 : 6; /* the others' cards a won trick brings */
    bool aces = false;
    for (int i = 0; i < view->hand_count; i++) aces |= view->hand[i][0] == 'A';
    int total = 0;
    for (const char *suit = "SCDH"; *suit; suit++) {
        char ace[3] = {'A', *suit, 0}, ten[3] = {'T', *suit, 0};
        char king[3] = {'K', *suit, 0}, queen[3] = {'Q', *suit, 0};
        if (holds(view, ace)) {
            total += 11 + catch_points;
            if (holds(view, ten)) total += 10 + catch_points;
        }
        if (holds(view, king) && holds(view, queen)) {
            int worth = marriage_value(*suit) + 7;
            total += aces || bot->marriage_on_first_lead ? worth : worth / 2;
        }
    }
    return total;
}

/* How much it hurts to part with a card (give it away, or play it without winning). */
static int cost(const struct cards_view *view, const char *card) {
    int value = 10 * points(card) + rank(card);
    if (in_marriage(view, card)) value += 1000;
    if (is_master(view, card)) value += 200;
    if (card[1] == view->trump) value += 150;
    return value;
}

/* Whether `card` beats `best`, the card now winning the trick. */
static bool beats(const char *card, const char *best, char trump) {
    if (card[1] == best[1]) return rank(card) > rank(best);
    return card[1] == trump;
}

static int cheapest(const struct bot *bot, const char *type) {
    int found = -1;
    for (int i = 0; i < bot->legal_count; i++) {
        const struct action *a = &bot->legal[i];
        if (strcmp(a->type, type) != 0 || a->marriage || a->ace_marriage) continue;
        if (found < 0 || cost(&bot->cards, a->card) < cost(&bot->cards, bot->legal[found].card)) {
            found = i;
        }
    }
    return found;
}

static int choose_play(const struct bot *bot) {
    const struct cards_view *view = &bot->cards;
    if (view->trick_count == 0) { /* we lead: aces' marriage, a marriage, a sure winner */
        int best = -1;
        for (int i = 0; i < bot->legal_count; i++) {
            const struct action *a = &bot->legal[i];
            if (a->ace_marriage) return i;
            if (a->marriage && (best < 0 || marriage_value(a->card[1]) >
                                                marriage_value(bot->legal[best].card[1]))) {
                best = i;
            }
        }
        if (best >= 0) return best;
        for (int i = 0; i < bot->legal_count; i++) {
            const char *card = bot->legal[i].card;
            if (!bot->legal[i].marriage && is_master(view, card) && !in_marriage(view, card)) {
                return i;
            }
        }
        return cheapest(bot, "play");
    }
    const char *best = view->trick[0].card; /* we follow: win cheaply, or throw the cheapest */
    for (int i = 1; i < view->trick_count; i++) {
        if (beats(view->trick[i].card, best, view->trump)) best = view->trick[i].card;
    }
    bool last = view->trick_count == (bot->players == 2 ? 1 : 2);
    int winner = -1;
    for (int i = 0; i < bot->legal_count; i++) {
        const char *card = bot->legal[i].card;
        if (!beats(card, best, view->trump) || !(last || is_master(view, card))) continue;
        if (winner < 0 || rank(card) < rank(bot->legal[winner].card)) winner = i;
    }
    return winner >= 0 ? winner : cheapest(bot, "play");
}

static int choose_cards(const struct bot *bot) {
    const struct cards_view *view = &bot->cards;
    int strength = estimate(bot);
    int smallest_bid = -1, pass = -1, lowest = -1, safe = -1, give = -1;
    for (int i = 0; i < bot->legal_count; i++) {
        const struct action *a = &bot->legal[i];
        if (strcmp(a->type, "look") == 0 || strcmp(a->type, "redeal") == 0) {
            if (strcmp(view->phase, "bidding") == 0) return i; /* look first; a poor hand */
        } else if (strcmp(a->type, "pass") == 0) {
            pass = i;
        } else if (strcmp(a->type, "bid") == 0) {
            if (smallest_bid < 0 || a->value < bot->legal[smallest_bid].value) smallest_bid = i;
        } else if (strcmp(a->type, "contract") == 0) {
            if (lowest < 0 || a->value < bot->legal[lowest].value) lowest = i;
            if (a->value <= strength - 10 && (safe < 0 || a->value > bot->legal[safe].value)) {
                safe = i;
            }
        } else if (strcmp(a->type, "give") == 0 || strcmp(a->type, "discard") == 0) {
            const struct action *g = give >= 0 ? &bot->legal[give] : NULL;
            int here = cost(view, a->card), there = g ? cost(view, g->card) : 0;
            /* the cheapest card, to the opponent with the lower score */
            if (!g || here < there ||
                (here == there && a->to >= 0 && view->scores[a->to] < view->scores[g->to])) {
                give = i;
            }
        }
    }
    if (strcmp(view->phase, "bidding") == 0) {
        if (smallest_bid >= 0 && bot->legal[smallest_bid].value <= strength + 15) {
            return smallest_bid; /* the smallest raise the hand (and the talon) covers */
        }
        return pass >= 0 ? pass : 0;
    }
    if (strcmp(view->phase, "contract") == 0) return safe >= 0 ? safe : lowest;
    if (strcmp(view->phase, "talon") == 0 && give >= 0) return give;
    if (strcmp(view->phase, "play") == 0) return choose_play(bot);
    return 0; /* anything else (2 players: which talon to take) */
}

/* ------------------------------------------------------------- YOUR STRATEGY HERE -- */

/* The index of the legal action to send back: bot->legal[0 .. legal_count - 1]. The view of
 * the game is in bot->dice or bot->cards; your seat is bot->seat. */
int choose(const struct bot *bot) {
    if (bot->legal_count == 1) return 0; /* a forced move: still answered */
    int chosen = bot->game == GAME_DICE ? choose_dice(bot) : choose_cards(bot);
    return chosen >= 0 && chosen < bot->legal_count ? chosen : 0;
}
