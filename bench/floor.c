/*
 * The file system's floor for a site: recreates a site's folders and files (same paths, same
 * sizes, filler bytes) in a new folder, with nothing else to do, on as many threads as asked.
 * bench.py times it beside Daybook, Hugo and cmark to show how much of a full build is the
 * kernel's cost of making tens of thousands of folders and files on this disk.
 *
 * Usage: floor THREADS DESTINATION MANIFEST
 * The manifest has one line per item, parents before children: "d PATH" for a folder,
 * "f SIZE PATH" for a file. Paths are relative and use '/'.
 *
 * Work is shared out by the first two components of each path (a year and month, `search/r`),
 * after the folders of those first two levels are made; each group is made by one thread.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct item { char kind; long size; char *path; };
struct group { size_t first, count; };

static struct item *items;
static size_t item_count;
static struct group *groups;
static size_t group_count;
static atomic_size_t next_group;
static int root;
static char filler[1 << 16];

static void fail(const char *what, const char *path) {
    fprintf(stderr, "floor: %s %s: %s\n", what, path, strerror(errno));
    exit(1);
}

static void make(const struct item *item) {
    if (item->kind == 'd') {
        if (mkdirat(root, item->path, 0755) != 0 && errno != EEXIST) fail("mkdir", item->path);
        return;
    }
    int fd = openat(root, item->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) fail("create", item->path);
    for (long left = item->size; left > 0;) {
        ssize_t n = write(fd, filler, left < (long)sizeof filler ? (size_t)left : sizeof filler);
        if (n <= 0) fail("write", item->path);
        left -= n;
    }
    close(fd);
}

static void *worker(void *unused) {
    (void)unused;
    for (;;) {
        size_t g = atomic_fetch_add(&next_group, 1);
        if (g >= group_count) return NULL;
        for (size_t i = 0; i < groups[g].count; i++) make(&items[groups[g].first + i]);
    }
}

/* The length of the first two components of `path` ("2024/05" of "2024/05/01/x"). */
static size_t prefix_length(const char *path) {
    const char *slash = strchr(path, '/');
    if (!slash) return 0;
    slash = strchr(slash + 1, '/');
    return slash ? (size_t)(slash - path) : 0;
}

static int by_group(const void *a, const void *b) {
    const struct item *x = a, *y = b;
    size_t lx = prefix_length(x->path), ly = prefix_length(y->path);
    int order = strncmp(x->path, y->path, lx < ly ? lx : ly);
    if (order != 0) return order;
    if (lx != ly) return lx < ly ? -1 : 1;
    /* Within a group, folders before files, shorter folders first. */
    if (x->kind != y->kind) return x->kind == 'd' ? -1 : 1;
    size_t sx = strlen(x->path), sy = strlen(y->path);
    if (sx != sy) return sx < sy ? -1 : 1;
    return strcmp(x->path, y->path);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: floor THREADS DESTINATION MANIFEST\n");
        return 2;
    }
    int threads = atoi(argv[1]);
    if (threads < 1 || threads > 64) threads = 1;
    FILE *manifest = fopen(argv[3], "r");
    if (!manifest) fail("open", argv[3]);
    size_t capacity = 1024;
    items = malloc(capacity * sizeof *items);
    char *line = NULL;
    size_t length = 0;
    while (getline(&line, &length, manifest) > 0) {
        line[strcspn(line, "\n")] = 0;
        if (item_count == capacity) items = realloc(items, (capacity *= 2) * sizeof *items);
        struct item *item = &items[item_count++];
        item->kind = line[0];
        if (item->kind == 'd') {
            item->size = 0;
            item->path = strdup(line + 2);
        } else {
            char *end;
            item->size = strtol(line + 2, &end, 10);
            item->path = strdup(end + 1);
        }
    }
    fclose(manifest);
    memset(filler, 'x', sizeof filler);
    if (mkdir(argv[2], 0755) != 0) fail("mkdir", argv[2]);
    root = open(argv[2], O_RDONLY | O_DIRECTORY);
    if (root < 0) fail("open", argv[2]);

    /* Folders of the first two levels, and files at those levels, first, in manifest order. */
    size_t rest = 0;
    for (size_t i = 0; i < item_count; i++) {
        if (prefix_length(items[i].path) == 0) {
            make(&items[i]);
        } else {
            items[rest++] = items[i];
        }
    }
    qsort(items, rest, sizeof *items, by_group);
    groups = malloc((rest + 1) * sizeof *groups);
    for (size_t i = 0; i < rest; i++) {
        size_t l = prefix_length(items[i].path);
        if (group_count == 0 || prefix_length(items[groups[group_count - 1].first].path) != l ||
            strncmp(items[groups[group_count - 1].first].path, items[i].path, l) != 0) {
            groups[group_count++] = (struct group){ i, 0 };
        }
        groups[group_count - 1].count++;
    }
    pthread_t workers[64];
    for (int t = 0; t < threads; t++) pthread_create(&workers[t], NULL, worker, NULL);
    for (int t = 0; t < threads; t++) pthread_join(workers[t], NULL);
    return 0;
}
