/* zuma-judge harness for C submissions (languages/c.rs): compiled after the paste, in the same
 * translation unit. Speaks the worker protocol of src/submission/protocol.rs: JSON-line requests
 * {"id":7,"board":"..","hand":".."} on stdin; on file descriptor 3 first {"ready":true}, then one
 * reply per request, in order, echoing its id: {"id":7,"answer":N}. C has no exceptions: a crash is seen by the judge. Time and memory
 * are measured by the judge, outside this process. Every name here starts with zuma_judge_. */
#include <unistd.h>

int findMinStep(char *board, char *hand);

/* malloc, calloc and realloc of the paste go through these (gcc -Wl,--wrap=...): one that
 * fails under the judge's address-space limit is the memory limit, said the way Rust says it
 * (worker.rs's classify_death reads it as MLE), instead of a SIGSEGV on the NULL later. */
void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);

static void *zuma_judge_check(void *p, size_t size) {
    if (p == NULL && size > 0) {
        char text[96];
        int n = snprintf(text, sizeof text, "memory allocation of %zu bytes failed\n", size);
        if (n > 0) (void)!write(2, text, (size_t)n);
        abort();
    }
    return p;
}

void *__wrap_malloc(size_t size) { return zuma_judge_check(__real_malloc(size), size); }
void *__wrap_calloc(size_t n, size_t size) {
    return zuma_judge_check(__real_calloc(n, size), n * size);
}
void *__wrap_realloc(void *p, size_t size) {
    return zuma_judge_check(__real_realloc(p, size), size);
}

static void zuma_judge_reply(const char *text) {
    size_t len = strlen(text), done = 0;
    while (done < len) {
        ssize_t n = write(3, text + done, len - done);
        if (n <= 0) exit(1);
        done += (size_t)n;
    }
}

/* A fresh, writable copy of the string value of "key" in line (LeetCode passes char *). */
static char *zuma_judge_field(const char *line, const char *key) {
    char open[32];
    snprintf(open, sizeof open, "\"%s\":\"", key);
    const char *start = strstr(line, open);
    size_t len = 0;
    if (start) {
        start += strlen(open);
        const char *end = strchr(start, '"');
        len = end ? (size_t)(end - start) : strlen(start);
    }
    char *out = malloc(len + 1);
    if (!out) exit(1);
    if (len) memcpy(out, start, len);
    out[len] = '\0';
    return out;
}

/* The digits of the request's "id" (a JSON integer, at most 20 digits), or "" when it has none. */
static void zuma_judge_id(const char *line, char out[24]) {
    const char *start = strstr(line, "\"id\":");
    size_t len = 0;
    if (start) {
        start += 5;
        while (len < 20 && start[len] >= '0' && start[len] <= '9') len++;
        memcpy(out, start, len);
    }
    out[len] = '\0';
}

int main(void) {
    static char line[1 << 16];
    zuma_judge_reply("{\"ready\":true}\n");
    while (fgets(line, sizeof line, stdin)) {
        char *board = zuma_judge_field(line, "board");
        char *hand = zuma_judge_field(line, "hand");
        int got = findMinStep(board, hand);
        char id[24], reply[96];
        zuma_judge_id(line, id);
        if (id[0])
            snprintf(reply, sizeof reply, "{\"id\":%s,\"answer\":%d}\n", id, got);
        else
            snprintf(reply, sizeof reply, "{\"answer\":%d}\n", got);
        zuma_judge_reply(reply);
        /* board and hand are not freed: a submission may keep or free them itself. */
    }
    return 0;
}
