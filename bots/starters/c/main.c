/* A starter bot in C for both games of protocol.md: one JSON object a line on stdin, one
 * answer a line on stdout (flushed), logging on stderr. The strategy lives in strategy.c.
 *
 * Build: cc -O2 -o bot main.c protocol.c strategy.c -lcjson   (Debian: libcjson-dev)
 * Check: thousand bots check bot.toml */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol.h"
#include "strategy.h"

/* One message, one line, flushed at once: the referee's clock runs until it arrives. */
static void send(cJSON *message) {
    char *line = cJSON_PrintUnformatted(message);
    if (line != NULL) {
        fputs(line, stdout);
        fputc('\n', stdout);
        fflush(stdout);
        free(line);
    }
    cJSON_Delete(message);
}

static void answer_hello(void) {
    cJSON *hello = cJSON_CreateObject();
    cJSON_AddStringToObject(hello, "type", "hello");
    cJSON_AddStringToObject(hello, "name", "starter-c");
    cJSON_AddStringToObject(hello, "version", "1.0");
    cJSON_AddNumberToObject(hello, "protocol", 1);
    /* This bot reads each request's view, so it asks the referee to leave out the events. */
    const char *omit[] = {"events"};
    cJSON_AddItemToObject(hello, "omit", cJSON_CreateStringArray(omit, 1));
    send(hello);
}

static void answer_request(struct bot *bot, const cJSON *request) {
    if (!read_request(bot, request)) {
        fprintf(stderr, "starter-c: a request without legal actions\n");
        return;
    }
    cJSON *answer = cJSON_CreateObject();
    cJSON_AddStringToObject(answer, "type", "action");
    cJSON_AddItemToObject(answer, "id",
                          cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(request, "id"), 1));
    /* The chosen legal action goes back exactly as it came, keys we do not know included. */
    cJSON_AddItemToObject(answer, "action", cJSON_Duplicate(bot->legal[choose(bot)].json, 1));
    send(answer);
}

int main(void) {
    static struct bot bot; /* static: zeroed, and off the stack */
    char *line = NULL;
    size_t capacity = 0;
    while (getline(&line, &capacity, stdin) != -1) {
        cJSON *message = cJSON_Parse(line);
        const cJSON *type = cJSON_GetObjectItemCaseSensitive(message, "type");
        const char *kind = cJSON_IsString(type) ? type->valuestring : "";
        int done = 0;
        if (strcmp(kind, "hello") == 0) {
            read_hello(&bot, message);
            if (bot.game == GAME_UNKNOWN) {
                fprintf(stderr, "starter-c: a game this bot does not know\n");
                done = 1; /* leaving before our hello: the referee records why */
            } else {
                answer_hello();
            }
        } else if (strcmp(kind, "game_start") == 0) {
            read_game_start(&bot, message);
        } else if (strcmp(kind, "request") == 0) {
            answer_request(&bot, message);
        } else if (strcmp(kind, "bye") == 0) {
            done = 1;
        } /* game_end, and any type added later: nothing to answer */
        cJSON_Delete(message);
        if (done) break;
    }
    free(line);
    return 0;
}
