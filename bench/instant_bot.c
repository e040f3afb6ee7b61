/* The compiled instant bot of bench/referee.py (--instant c): what bench/instant_bot.py does,
 * with next to no cost of its own, so that a match against it shows the referee's cost and
 * the pipe's, not a Python bot's parsing. Built by the bench with the system's cc.
 *
 * It reads one message a line, finds the top-level "type", "id" and "legal" with a small JSON
 * scanner (strings and their escapes, nesting) and answers a request with the first legal
 * action, or with --random a seeded random one (its own generator: not the Python bot's
 * choices). --omit view,events: its hello asks the requests to leave those out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *skip_ws(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
    return p;
}

/* The end of the JSON string starting at p (on its opening quote), past the closing quote. */
static const char *skip_string(const char *p) {
    for (p++; *p && *p != '"'; p++)
        if (*p == '\\' && p[1]) p++;
    return *p ? p + 1 : p;
}

/* The end of the JSON value starting at p. */
static const char *skip_value(const char *p) {
    p = skip_ws(p);
    if (*p == '"') return skip_string(p);
    if (*p == '{' || *p == '[') {
        int depth = 0;
        while (*p) {
            if (*p == '"') {
                p = skip_string(p);
                continue;
            }
            if (*p == '{' || *p == '[') depth++;
            else if (*p == '}' || *p == ']') {
                if (--depth == 0) return p + 1;
            }
            p++;
        }
        return p;
    }
    while (*p && *p != ',' && *p != '}' && *p != ']') p++;
    return p;
}

static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;

static unsigned long long next_random(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

int main(int argc, char **argv) {
    int random_choice = 0;
    const char *omit = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--random") == 0) random_choice = 1;
        else if (strcmp(argv[i], "--omit") == 0 && i + 1 < argc) omit = argv[++i];
    }
    char hello[512];
    if (omit != NULL && strlen(omit) < 200) {
        char parts[448] = "";
        const char *p = omit;
        while (*p) {
            const char *comma = strchr(p, ',');
            size_t n = comma ? (size_t)(comma - p) : strlen(p);
            if (n > 0) {
                strcat(parts, parts[0] ? ",\"" : "\"");
                strncat(parts, p, n);
                strcat(parts, "\"");
            }
            p += n + (comma ? 1 : 0);
        }
        snprintf(hello, sizeof hello,
                 "{\"type\":\"hello\",\"name\":\"instant-c\",\"protocol\":1,"
                 "\"omit\":[%s]}\n",
                 parts);
    } else {
        snprintf(hello, sizeof hello,
                 "{\"type\":\"hello\",\"name\":\"instant-c\",\"protocol\":1}\n");
    }
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    char *out = NULL;
    size_t out_capacity = 0;
    while ((length = getline(&line, &capacity, stdin)) > 0) {
        const char *p = skip_ws(line);
        if (*p != '{') continue;
        p++;
        const char *type = NULL, *legal = NULL;
        size_t type_length = 0;
        long long id = -1, game = 0, seat = 0;
        for (;;) {
            p = skip_ws(p);
            if (*p != '"') break;
            const char *key = p + 1;
            const char *key_end = skip_string(p);
            size_t key_length = (size_t)(key_end - key - 1);
            p = skip_ws(key_end);
            if (*p != ':') break;
            p = skip_ws(p + 1);
            const char *value = p;
            p = skip_value(p);
            if (key_length == 4 && memcmp(key, "type", 4) == 0 && *value == '"') {
                type = value + 1;
                type_length = (size_t)(p - value - 2);
            } else if (key_length == 2 && memcmp(key, "id", 2) == 0) {
                id = strtoll(value, NULL, 10);
            } else if (key_length == 5 && memcmp(key, "legal", 5) == 0 && *value == '[') {
                legal = value;
            } else if (key_length == 4 && memcmp(key, "game", 4) == 0) {
                game = strtoll(value, NULL, 10);
            } else if (key_length == 4 && memcmp(key, "seat", 4) == 0) {
                seat = strtoll(value, NULL, 10);
            }
            p = skip_ws(p);
            if (*p == ',') p++;
            else break;
        }
        if (type == NULL) continue;
        if (type_length == 7 && memcmp(type, "request", 7) == 0 && legal != NULL) {
            const char *starts[4096];
            size_t count = 0;
            const char *q = skip_ws(legal + 1);
            while (*q && *q != ']' && count < 4096) {
                starts[count++] = q;
                q = skip_ws(skip_value(q));
                if (*q == ',') q = skip_ws(q + 1);
            }
            if (count == 0) continue;
            size_t pick = random_choice ? (size_t)(next_random() % count) : 0;
            const char *action = starts[pick];
            size_t action_length = (size_t)(skip_value(action) - action);
            size_t need = action_length + 64;
            if (need > out_capacity) {
                out_capacity = need * 2;
                out = realloc(out, out_capacity);
                if (out == NULL) return 1;
            }
            int head =
                snprintf(out, out_capacity, "{\"type\":\"action\",\"id\":%lld,\"action\":", id);
            memcpy(out + head, action, action_length);
            memcpy(out + head + action_length, "}\n", 2);
            fwrite(out, 1, (size_t)head + action_length + 2, stdout);
            fflush(stdout);
        } else if (type_length == 10 && memcmp(type, "game_start", 10) == 0 && random_choice) {
            unsigned long long key = (unsigned long long)game * 1000003ULL;
            rng_state = 0x9E3779B97F4A7C15ULL ^ (key + (unsigned long long)seat + 1);
        } else if (type_length == 5 && memcmp(type, "hello", 5) == 0) {
            fputs(hello, stdout);
            fflush(stdout);
        } else if (type_length == 3 && memcmp(type, "bye", 3) == 0) {
            break;
        }
    }
    free(line);
    free(out);
    return 0;
}
