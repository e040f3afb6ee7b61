/* The compiled floor of bench/referee.py: bench/echo_child.py's answer with next to no cost of
 * its own. It reads one line at a time, takes the number after the first "id": (the floor's
 * payload puts it first of the top level) and answers the same line the Python child does.
 * The moonshot compares the referee with this floor: what two processes and a pipe
 * cost when neither side is Python.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char *line = NULL;
    size_t size = 0;
    while (getline(&line, &size, stdin) > 0) {
        const char *id = strstr(line, "\"id\":");
        long value = id ? strtol(id + 5, NULL, 10) : 0;
        printf("{\"type\":\"action\",\"id\":%ld,\"action\":{\"type\":\"stop\"}}\n", value);
        fflush(stdout);
    }
    free(line);
    return 0;
}
