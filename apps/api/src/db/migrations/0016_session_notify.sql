-- Each API instance keeps the sessions it looked up for up to 2 s (SessionCache). When a
-- session is deleted (logout, 'Encerrar sessão', a password change ending the others, expiry
-- purge, a deleted account) or a user's row changes, every instance is told, with the user's
-- id, and drops what it kept of that user at once. One notification per user and statement.
CREATE FUNCTION "notify_sessions_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', "user_id"::text) FROM (SELECT DISTINCT "user_id" FROM "ended") AS "changed";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_deleted_notify" AFTER DELETE ON "sessions"
  REFERENCING OLD TABLE AS "ended" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_deleted"();
--> statement-breakpoint
CREATE FUNCTION "notify_users_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', "id"::text) FROM "changed";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_changed_notify" AFTER UPDATE ON "users"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_users_changed"();
