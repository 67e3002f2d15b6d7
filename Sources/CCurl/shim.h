// libcurl's setopt and getinfo are variadic, which Swift cannot call: one typed
// wrapper per kind of argument.
#include <curl/curl.h>

typedef size_t (*trawl_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*trawl_curl_progress_callback)(
    void *context, curl_off_t downloadTotal, curl_off_t downloaded, curl_off_t uploadTotal, curl_off_t uploaded);

static inline CURLcode trawl_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode trawl_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode trawl_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode trawl_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode trawl_curl_set_data_callback(CURL *handle, CURLoption option, trawl_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}
static inline CURLcode trawl_curl_set_progress_callback(CURL *handle, trawl_curl_progress_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}
static inline CURLcode trawl_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode trawl_curl_get_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

// One share handle for a whole run: its easy handles use one connection cache, one DNS
// cache and one store of TLS sessions, so a connection opened by one transfer is reused
// by the next to that host, whichever thread and easy handle it runs on. libcurl asks for
// a lock around each shared part; here one mutex per part.
#include <pthread.h>
#include <stdlib.h>

typedef struct trawl_curl_share {
    CURLSH *share;
    pthread_mutex_t locks[CURL_LOCK_DATA_LAST];
} trawl_curl_share;

static inline void trawl_curl_share_lock(CURL *handle, curl_lock_data data, curl_lock_access access, void *user) {
    (void)handle;
    (void)access;
    pthread_mutex_lock(&((trawl_curl_share *)user)->locks[data]);
}
static inline void trawl_curl_share_unlock(CURL *handle, curl_lock_data data, void *user) {
    (void)handle;
    pthread_mutex_unlock(&((trawl_curl_share *)user)->locks[data]);
}
static inline trawl_curl_share *trawl_curl_share_new(void) {
    trawl_curl_share *shared = calloc(1, sizeof(trawl_curl_share));
    if (shared == NULL) return NULL;
    shared->share = curl_share_init();
    if (shared->share == NULL) {
        free(shared);
        return NULL;
    }
    for (int index = 0; index < CURL_LOCK_DATA_LAST; index++) pthread_mutex_init(&shared->locks[index], NULL);
    curl_share_setopt(shared->share, CURLSHOPT_LOCKFUNC, trawl_curl_share_lock);
    curl_share_setopt(shared->share, CURLSHOPT_UNLOCKFUNC, trawl_curl_share_unlock);
    curl_share_setopt(shared->share, CURLSHOPT_USERDATA, shared);
    curl_share_setopt(shared->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_CONNECT);
    curl_share_setopt(shared->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_DNS);
    curl_share_setopt(shared->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_SSL_SESSION);
    return shared;
}
// Only once no easy handle uses it any more (they are cleaned up first).
static inline void trawl_curl_share_free(trawl_curl_share *shared) {
    if (shared == NULL) return;
    curl_share_cleanup(shared->share);
    for (int index = 0; index < CURL_LOCK_DATA_LAST; index++) pthread_mutex_destroy(&shared->locks[index]);
    free(shared);
}
static inline CURLcode trawl_curl_use_share(CURL *handle, trawl_curl_share *shared) {
    return curl_easy_setopt(handle, CURLOPT_SHARE, shared == NULL ? NULL : shared->share);
}

// The multi interface: one event loop for every transfer (TransferLoop).
static inline CURLMcode trawl_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}
// The next finished transfer, if any: its easy handle and result (CURLMsg's `data` is a
// union, read here rather than in Swift). 1 when one was found.
static inline int trawl_curl_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result) {
    int left = 0;
    CURLMsg *message;
    while ((message = curl_multi_info_read(multi, &left)) != NULL) {
        if (message->msg == CURLMSG_DONE) {
            *easy = message->easy_handle;
            *result = message->data.result;
            return 1;
        }
    }
    return 0;
}
