/* A random bot in C for the contest server's tests: built from source on the server
 * (bot.toml: build = "gcc -O2 -o bot bot.c"). It reads the referee's messages by hand, no
 * JSON library: the type is the first key, the request's id the second, and the legal
 * actions the last "legal" list of the line; it answers with one of them, copied as is. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *after_key(const char *from, const char *key) {
    const char *at = strstr(from, key);
    if (!at) return NULL;
    at += strlen(key);
    while (*at == ' ' || *at == ':') at++;
    return at;
}

static const char *last_key(const char *line, const char *key) {
    const char *found = NULL, *at = line;
    while ((at = strstr(at, key)) != NULL) { found = at; at++; }
    return found ? after_key(found, key) : NULL;
}

/* The end of the JSON value starting at p (an object, a list, a string or a scalar). */
static const char *value_end(const char *p) {
    int depth = 0, in_string = 0;
    for (; *p; p++) {
        if (in_string) {
            if (*p == '\\' && p[1]) p++;
            else if (*p == '"') in_string = 0;
            continue;
        }
        if (*p == '"') in_string = 1;
        else if (*p == '{' || *p == '[') depth++;
        else if (*p == '}' || *p == ']') { if (depth == 0) return p; depth--; if (depth == 0) return p + 1; }
        else if (*p == ',' && depth == 0) return p;
    }
    return p;
}

int main(void) {
    char *line = NULL;
    size_t size = 0;
    unsigned long state = 12345;
    setvbuf(stdout, NULL, _IOLBF, 0);
    while (getline(&line, &size, stdin) > 0) {
        const char *type = after_key(line, "\"type\"");
        if (!type) continue;
        if (strncmp(type, "\"hello\"", 7) == 0) {
            printf("{\"type\":\"hello\",\"name\":\"cbot\",\"version\":\"1\",\"protocol\":1}\n");
            fprintf(stderr, "cbot-private-stderr-line\n");  /* its owner's to read only */
        } else if (strncmp(type, "\"request\"", 9) == 0) {
            const char *id = after_key(type, "\"id\"");
            const char *legal = last_key(line, "\"legal\"");
            if (!id || !legal || *legal != '[') continue;
            const char *starts[512];
            int count = 0;
            const char *p = legal + 1;
            while (*p && *p != ']' && count < 512) {
                while (*p == ' ' || *p == ',') p++;
                starts[count++] = p;
                p = value_end(p);
            }
            state = state * 6364136223846793005UL + 1442695040888963407UL;
            const char *pick = starts[(state >> 33) % (unsigned long)count];
            const char *end = value_end(pick);
            printf("{\"type\":\"action\",\"id\":%.*s,\"action\":%.*s}\n",
                   (int)(value_end(id) - id), id, (int)(end - pick), pick);
        } else if (strncmp(type, "\"bye\"", 5) == 0) {
            break;
        }
    }
    free(line);
    return 0;
}
