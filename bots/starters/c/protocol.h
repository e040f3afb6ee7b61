/* The messages of protocol.md that this bot reads, as C structs, filled from cJSON by
 * protocol.c. Only the fields the strategy uses are kept; the rest of each message is ignored,
 * as the protocol asks. schema-fields.json lists these fields for the drift test. */
#ifndef STARTER_PROTOCOL_H
#define STARTER_PROTOCOL_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#define MAX_SEATS 4
#define MAX_CARDS 32
#define MAX_LEGAL 256

enum game { GAME_UNKNOWN, GAME_DICE, GAME_CARDS };

/* One legal action, typed. The original JSON object is kept too: it is sent back unchanged. */
struct action {
    char type[16];        /* dice: roll, stop; cards: bid, pass, give, play, ... */
    int value;            /* bid, blind_bid, contract */
    char card[3];         /* give, discard, play: "AH" */
    int to;               /* give: the seat that receives the card */
    int keep_count;       /* dice with set_aside "choose": how many dice the action keeps */
    bool marriage;        /* play: lead a marriage */
    bool ace_marriage;    /* play: the four aces */
    const cJSON *json;    /* the action as the referee sent it */
};

struct dice_view {
    int scores[MAX_SEATS];
    int turn_total;
    int dice_left;
};

struct trick_card {
    int seat;
    char card[3];
};

struct cards_view {
    char phase[16];
    char hand[MAX_CARDS][3];
    int hand_count;
    int scores[MAX_SEATS];
    char trump;           /* 'S', 'C', 'D', 'H', or 0: none yet */
    struct trick_card trick[MAX_SEATS];
    int trick_count;
    char played[MAX_CARDS][3];
    int played_count;
    int declarer;         /* -1: none yet */
    int contract;         /* 0: none yet */
};

/* Everything the bot knows: kept from hello and game_start, refreshed by every request. */
struct bot {
    enum game game;
    int players;
    int goal;             /* dice: the score that wins */
    bool marriage_on_first_lead;
    int seat;
    struct dice_view dice;
    struct cards_view cards;
    struct action legal[MAX_LEGAL];
    int legal_count;
};

void read_hello(struct bot *bot, const cJSON *hello);
void read_game_start(struct bot *bot, const cJSON *start);
/* Fills the view and the legal actions of a request; false when it has no legal action. */
bool read_request(struct bot *bot, const cJSON *request);

#endif
