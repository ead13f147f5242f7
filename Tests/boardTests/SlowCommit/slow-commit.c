// Preloaded into a board process (LD_PRELOAD), it sleeps after writing each commit frame to a
// SQLite WAL file, before SQLite publishes the commit in the shared index: the commit is heard
// (inotify) well before any other connection can see it, and nothing is written after. Under load
// the scheduler makes the same gap by chance; here it is 300 ms (SLOW_COMMIT_MS) every time.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int commitFramePending;

static int isWal(int fd) {
    char link[64], path[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t length = readlink(link, path, sizeof path - 1);
    if (length < 4) return 0;
    path[length] = 0;
    return strcmp(path + length - 4, "-wal") == 0;
}

// A WAL frame is a 24-byte header written on its own, then the page. A commit frame's header
// holds the database's size in pages at bytes 4-7; other frames hold zero there.
static void afterWrite(int fd, const void *buffer, size_t count) {
    if (!isWal(fd)) return;
    if (commitFramePending) {
        commitFramePending = 0;
        const char *milliseconds = getenv("SLOW_COMMIT_MS");
        usleep((milliseconds ? atoi(milliseconds) : 300) * 1000);
        return;
    }
    const unsigned char *bytes = buffer;
    if (count == 24 && (bytes[4] | bytes[5] | bytes[6] | bytes[7])) commitFramePending = 1;
}

ssize_t pwrite64(int fd, const void *buffer, size_t count, off_t offset) {
    static ssize_t (*real)(int, const void *, size_t, off_t);
    if (!real) real = dlsym(RTLD_NEXT, "pwrite64");
    ssize_t written = real(fd, buffer, count, offset);
    afterWrite(fd, buffer, count);
    return written;
}

ssize_t pwrite(int fd, const void *buffer, size_t count, off_t offset) {
    static ssize_t (*real)(int, const void *, size_t, off_t);
    if (!real) real = dlsym(RTLD_NEXT, "pwrite");
    ssize_t written = real(fd, buffer, count, offset);
    afterWrite(fd, buffer, count);
    return written;
}
