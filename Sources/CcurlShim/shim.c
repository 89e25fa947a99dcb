// A GET through libcurl (see CcurlShim.h for why not URLSession).
#include "CcurlShim.h"
#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_once_t started = PTHREAD_ONCE_INIT;

// curl_global_init is not thread-safe in every libcurl build: once per process.
static void start(void) {
    curl_global_init(CURL_GLOBAL_DEFAULT);
}

typedef struct {
    unsigned char *bytes;
    size_t length;
    size_t capacity;
    size_t limit;
    int over_limit;
} body_buffer;

static size_t keep(char *data, size_t size, size_t count, void *context) {
    body_buffer *body = context;
    size_t n = size * count;
    if (body->length + n > body->limit) {
        body->over_limit = 1;
        return 0;  // libcurl stops with CURLE_WRITE_ERROR
    }
    if (body->length + n > body->capacity) {
        size_t capacity = body->capacity ? body->capacity : 16384;
        while (capacity < body->length + n) capacity *= 2;
        unsigned char *grown = realloc(body->bytes, capacity);
        if (!grown) return 0;
        body->bytes = grown;
        body->capacity = capacity;
    }
    memcpy(body->bytes + body->length, data, n);
    body->length += n;
    return n;
}

static void set_options(CURL *curl, const char *url, struct curl_slist *lines, long timeout_ms,
                        body_buffer *body, char *error) {
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, lines);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
    // Threads: no SIGALRM for timeouts (the resolver is libcurl's threaded one).
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 5L);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, keep);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, body);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
}

static dbc_outcome outcome(CURLcode code, CURL *curl, body_buffer *body, dbc_answer *answer) {
    if (code == CURLE_OK) {
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &answer->status);
        answer->body = body->bytes;
        answer->length = body->length;
        body->bytes = NULL;
        return dbc_answered;
    }
    if (body->over_limit) return dbc_too_large;
    if (code == CURLE_OPERATION_TIMEDOUT) return dbc_timed_out;
    if (answer->error[0] == 0) {
        strncpy(answer->error, curl_easy_strerror(code), sizeof answer->error - 1);
    }
    return dbc_failed;
}

dbc_outcome dbc_get(const char *url, const char *const *headers, size_t header_count,
                    long timeout_ms, size_t max_bytes, dbc_answer *answer) {
    memset(answer, 0, sizeof *answer);
    pthread_once(&started, start);
    CURL *curl = curl_easy_init();
    if (!curl) {
        strncpy(answer->error, "libcurl could not start", sizeof answer->error - 1);
        return dbc_failed;
    }
    struct curl_slist *lines = NULL;
    for (size_t i = 0; i < header_count; i++) lines = curl_slist_append(lines, headers[i]);
    body_buffer body = { .limit = max_bytes };
    char error[CURL_ERROR_SIZE] = { 0 };
    set_options(curl, url, lines, timeout_ms, &body, error);
    CURLcode code = curl_easy_perform(curl);
    strncpy(answer->error, error, sizeof answer->error - 1);
    dbc_outcome result = outcome(code, curl, &body, answer);
    free(body.bytes);
    curl_slist_free_all(lines);
    curl_easy_cleanup(curl);
    return result;
}

void dbc_free_answer(dbc_answer *answer) {
    free(answer->body);
    answer->body = NULL;
    answer->length = 0;
}
