// The row-wise write floor of a first pull (sync_bench.py): SQLite copying a pulled board's cards
// and log entries into an empty file of its schema one INSERT a row, each value bound straight from
// the source's column, in one transaction — what any client that writes rows as they arrive pays
// SQLite, with no parsing, checking or network.
//   rowwise_floor PULLED_BOARD EMPTY_BOARD "DROP …;" "CREATE …;"   prints the seconds taken
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void check(int rc, sqlite3 *db, const char *what) {
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        fprintf(stderr, "rowwise_floor: %s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

static void copy(sqlite3 *db, const char *table) {
    char sql[8192];
    sqlite3_stmt *read, *write;
    snprintf(sql, sizeof sql, "SELECT * FROM pulled.%s", table);
    check(sqlite3_prepare_v2(db, sql, -1, &read, 0), db, sql);
    int columns = sqlite3_column_count(read);
    int at = snprintf(sql, sizeof sql, "INSERT INTO main.%s VALUES (?", table);
    for (int i = 1; i < columns; i++) at += snprintf(sql + at, sizeof sql - at, ", ?");
    snprintf(sql + at, sizeof sql - at, ")");
    check(sqlite3_prepare_v2(db, sql, -1, &write, 0), db, sql);
    while (sqlite3_step(read) == SQLITE_ROW) {
        for (int i = 0; i < columns; i++) sqlite3_bind_value(write, i + 1, sqlite3_column_value(read, i));
        check(sqlite3_step(write), db, table);
        sqlite3_reset(write);
    }
    sqlite3_finalize(read);
    sqlite3_finalize(write);
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: rowwise_floor PULLED_BOARD EMPTY_BOARD DROP_SQL BUILD_SQL\n");
        return 2;
    }
    sqlite3 *db;
    check(sqlite3_open(argv[2], &db), db, argv[2]);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    // The pull's own pragmas (BoardDatabase.swift).
    check(sqlite3_exec(db, "PRAGMA cache_size = -65536; PRAGMA synchronous = NORMAL; PRAGMA temp_store = MEMORY", 0, 0, 0), db, "pragmas");
    char attach[4096];
    snprintf(attach, sizeof attach, "ATTACH '%s' AS pulled", argv[1]);
    check(sqlite3_exec(db, attach, 0, 0, 0), db, attach);
    check(sqlite3_exec(db, "BEGIN", 0, 0, 0), db, "BEGIN");
    check(sqlite3_exec(db, argv[3], 0, 0, 0), db, "dropping");
    copy(db, "tasks");
    copy(db, "sync_changes");
    check(sqlite3_exec(db, argv[4], 0, 0, 0), db, "building");
    check(sqlite3_exec(db, "COMMIT", 0, 0, 0), db, "COMMIT");
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("%.6f\n", (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9);
    sqlite3_close(db);
    return 0;
}
