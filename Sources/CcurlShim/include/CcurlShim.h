// One HTTP GET through libcurl's easy interface, behind a plain function: Swift cannot call
// curl_easy_setopt (it is variadic). Daybook fetches with libcurl rather than URLSession because
// on Linux URLSession's socket handling crashes the process now and then when a request times out
// or a connection is refused (swift-corelibs-foundation#4791 and its family); a blocking easy
// handle has no event loop to race.
#ifndef DAYBOOK_CURL_SHIM_H
#define DAYBOOK_CURL_SHIM_H

#include <stddef.h>

typedef enum {
    dbc_answered = 0,
    dbc_timed_out = 1,
    dbc_too_large = 2,
    dbc_failed = 3,
} dbc_outcome;

typedef struct {
    /// The HTTP status, when answered.
    long status;
    /// The answer's body (free with dbc_free_answer), when answered.
    unsigned char *body;
    size_t length;
    /// Why it failed, in libcurl's words, when it failed.
    char error[256];
} dbc_answer;

/// GETs `url` (http or https only, following up to five redirects) with the given header lines
/// ("Accept: application/json"), giving up after `timeout_ms` for the whole exchange and when the
/// body grows past `max_bytes`. Safe to call from any thread.
dbc_outcome dbc_get(const char *url, const char *const *headers, size_t header_count,
                    long timeout_ms, size_t max_bytes, dbc_answer *answer);
void dbc_free_answer(dbc_answer *answer);

#endif
