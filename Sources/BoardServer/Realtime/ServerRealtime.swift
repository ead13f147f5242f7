import BoardSync
import Foundation
import PostgresNIO

/// The realtime channel's side in the database (ARCHITECTURE.md §19): where `board server run`
/// serves it, and the tickets that let a device listen. A ticket is fetched by the person's own
/// login through a security-definer function, kept only as its SHA-256, one per watch of a device
/// (a new one replaces the old), and good for an hour; the server process checks it against the table.
public enum ServerRealtime {
    /// How long a ticket is good for; a device fetches a new one when half of it is gone.
    static let ticketMinutes = 60

    /// Migration 10: the advertised address and the tickets.
    static let migration: [String] = [
        """
        CREATE TABLE board.realtime (
            id int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
            address text NOT NULL CHECK (address ~ '^https?://[^[:space:][:cntrl:]]+$' AND length(address) <= 300),
            updated_at timestamptz NOT NULL DEFAULT now()
        )
        """,
        """
        CREATE TABLE board.realtime_tickets (
            owner uuid NOT NULL REFERENCES board.people (owner) ON DELETE CASCADE,
            device text NOT NULL CHECK (length(device) BETWEEN 1 AND 64),
            ticket_hash bytea NOT NULL UNIQUE,
            expires_at timestamptz NOT NULL,
            PRIMARY KEY (owner, device)
        )
        """,
        // Nobody reads either table but the administrator; people go through the functions.
        "ALTER TABLE board.realtime ENABLE ROW LEVEL SECURITY",
        "ALTER TABLE board.realtime_tickets ENABLE ROW LEVEL SECURITY",
        "ALTER TABLE board.realtime_tickets FORCE ROW LEVEL SECURITY",
        "DO $$ BEGIN EXECUTE format('CREATE POLICY tickets_admin ON board.realtime_tickets FOR ALL TO %I USING (true) WITH CHECK (true)', current_user); END $$",
        // 244 random bits (two version-4 UUIDs), given once and kept hashed.
        """
        CREATE FUNCTION board.realtime_ticket(device text) RETURNS TABLE (ticket text, expires_at timestamptz, address text)
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
        DECLARE me uuid := board.current_owner();
                fresh text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
                until timestamptz := now() + interval '\(ticketMinutes) minutes';
        BEGIN
            IF me IS NULL THEN RAISE EXCEPTION 'not a person on this server' USING ERRCODE = 'BRD04'; END IF;
            DELETE FROM board.realtime_tickets t WHERE t.owner = me AND t.expires_at < now();
            INSERT INTO board.realtime_tickets (owner, device, ticket_hash, expires_at)
            VALUES (me, device, sha256(convert_to(fresh, 'UTF8')), until)
            ON CONFLICT ON CONSTRAINT realtime_tickets_pkey DO UPDATE SET ticket_hash = EXCLUDED.ticket_hash, expires_at = EXCLUDED.expires_at;
            RETURN QUERY SELECT fresh, until, (SELECT r.address FROM board.realtime r WHERE r.id = 1);
        END $$
        """,
        // Every ticket of the caller's gone at once: each device must fetch a new one with the login.
        """
        CREATE FUNCTION board.forget_realtime_tickets() RETURNS integer LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog
        AS $$ WITH gone AS (DELETE FROM board.realtime_tickets WHERE owner = board.current_owner() RETURNING 1) SELECT count(*)::int FROM gone $$
        """,
        "REVOKE ALL ON FUNCTION board.realtime_ticket(text), board.forget_realtime_tickets() FROM PUBLIC",
        "GRANT EXECUTE ON FUNCTION board.realtime_ticket(text), board.forget_realtime_tickets() TO board_person",
    ]

    /// Records where devices reach the channel (the administrator's connection).
    static func advertise(_ address: String, _ connection: PostgresConnection) async throws {
        try await connection.query("""
            INSERT INTO board.realtime (id, address) VALUES (1, \(address))
            ON CONFLICT (id) DO UPDATE SET address = EXCLUDED.address, updated_at = now()
            """, logger: ServerConnection.logger)
    }

    /// The channel of the person a ticket is theirs, if it is one the table holds and not expired.
    static func channel(ticket: String, _ connection: PostgresConnection) async throws -> String? {
        let rows = try await connection.query("""
            SELECT p.channel FROM board.realtime_tickets t JOIN board.people p ON p.owner = t.owner
            WHERE t.ticket_hash = sha256(convert_to(\(ticket), 'UTF8')) AND t.expires_at > now()
            """, logger: ServerConnection.logger)
        for try await channel in rows.decode(String.self) { return channel }
        return nil
    }

    /// Which of these tickets are still good (not replaced, revoked or expired).
    static func stillGood(_ tickets: [String], _ connection: PostgresConnection) async throws -> Set<String> {
        guard !tickets.isEmpty else { return [] }
        let rows = try await connection.query("""
            SELECT w.ticket FROM unnest(\(tickets)::text[]) AS w(ticket)
            JOIN board.realtime_tickets t ON t.ticket_hash = sha256(convert_to(w.ticket, 'UTF8')) AND t.expires_at > now()
            """, logger: ServerConnection.logger)
        var good: Set<String> = []
        for try await ticket in rows.decode(String.self) { good.insert(ticket) }
        return good
    }
}
