/* protocol.md's messages, read from cJSON into the structs of protocol.h. Every key is read
 * through field() so that schema-fields.json can list them; a key that is missing or of
 * another type leaves the fallback, and keys this bot does not know are ignored. */
#include "protocol.h"

#include <string.h>

static const cJSON *field(const cJSON *object, const char *name) {
    return cJSON_GetObjectItemCaseSensitive(object, name);
}

static int field_int(const cJSON *object, const char *name, int fallback) {
    const cJSON *item = field(object, name);
    return cJSON_IsNumber(item) ? item->valueint : fallback;
}

static bool field_bool(const cJSON *object, const char *name) {
    return cJSON_IsTrue(field(object, name));
}

/* Copies a string field into `out` (cut to fit); "" when missing. */
static void field_text(const cJSON *object, const char *name, char *out, size_t size) {
    const cJSON *item = field(object, name);
    out[0] = '\0';
    if (cJSON_IsString(item) && item->valuestring != NULL) {
        strncpy(out, item->valuestring, size - 1);
        out[size - 1] = '\0';
    }
}

static void read_ints(const cJSON *array, int *out, int capacity) {
    int i = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, array) {
        if (i >= capacity) break;
        out[i++] = cJSON_IsNumber(item) ? item->valueint : 0;
    }
}

static int read_cards(const cJSON *array, char (*out)[3], int capacity) {
    int count = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, array) {
        if (count >= capacity) break;
        if (cJSON_IsString(item) && strlen(item->valuestring) == 2) {
            memcpy(out[count++], item->valuestring, 3);
        }
    }
    return count;
}

void read_hello(struct bot *bot, const cJSON *hello) {
    char game[16];
    field_text(hello, "game", game, sizeof game);
    bot->game = strcmp(game, "dice") == 0    ? GAME_DICE
                : strcmp(game, "cards") == 0 ? GAME_CARDS
                                             : GAME_UNKNOWN;
    bot->players = field_int(hello, "players", 2);
    const cJSON *rules = field(hello, "rules");
    bot->goal = field_int(rules, "goal", 1000);
    bot->marriage_on_first_lead = field_bool(rules, "marriage_on_first_lead");
}

void read_game_start(struct bot *bot, const cJSON *start) {
    bot->seat = field_int(start, "seat", 0);
}

static void read_dice_view(struct dice_view *view, const cJSON *json) {
    memset(view, 0, sizeof *view);
    read_ints(field(json, "scores"), view->scores, MAX_SEATS);
    view->turn_total = field_int(json, "turn_total", 0);
    view->dice_left = field_int(json, "dice_left", 0);
}

static void read_cards_view(struct cards_view *view, const cJSON *json) {
    memset(view, 0, sizeof *view);
    field_text(json, "phase", view->phase, sizeof view->phase);
    view->hand_count = read_cards(field(json, "hand"), view->hand, MAX_CARDS);
    read_ints(field(json, "scores"), view->scores, MAX_SEATS);
    char trump[2];
    field_text(json, "trump", trump, sizeof trump);
    view->trump = trump[0];
    const cJSON *play;
    cJSON_ArrayForEach(play, field(json, "trick")) {
        if (view->trick_count >= MAX_SEATS) break;
        struct trick_card *entry = &view->trick[view->trick_count++];
        entry->seat = field_int(play, "seat", 0);
        field_text(play, "card", entry->card, sizeof entry->card);
    }
    view->played_count = read_cards(field(json, "played"), view->played, MAX_CARDS);
    view->declarer = field_int(json, "declarer", -1);
    view->contract = field_int(json, "contract", 0);
}

static void read_action(struct action *action, const cJSON *json) {
    memset(action, 0, sizeof *action);
    action->json = json;
    field_text(json, "type", action->type, sizeof action->type);
    action->value = field_int(json, "value", 0);
    field_text(json, "card", action->card, sizeof action->card);
    action->to = field_int(json, "to", -1);
    action->keep_count = cJSON_GetArraySize(field(json, "keep"));
    action->marriage = field_bool(json, "marriage");
    action->ace_marriage = field_bool(json, "ace_marriage");
}

bool read_request(struct bot *bot, const cJSON *request) {
    const cJSON *view = field(request, "view");
    if (bot->game == GAME_DICE) read_dice_view(&bot->dice, view);
    if (bot->game == GAME_CARDS) read_cards_view(&bot->cards, view);
    bot->legal_count = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, field(request, "legal")) {
        if (bot->legal_count >= MAX_LEGAL) break;
        if (cJSON_IsObject(item)) read_action(&bot->legal[bot->legal_count++], item);
    }
    return bot->legal_count > 0;
}
