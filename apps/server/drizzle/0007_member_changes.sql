-- Servers keep a member's session briefly in memory (platform/auth/session-cache.ts). Every change to a
-- member or a session, from a route, a job, an operator command or another process, tells every process
-- at once: a realtime message 'auth.member-changed' with the member's id, on the channel
-- platform/realtime/index.ts listens on (realtimePgChannel: `<schema>_realtime`, "samaj" for "public").
CREATE FUNCTION "member_changed_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member text;
BEGIN
  -- One statement per table: PL/pgSQL plans a field reference only when it runs it.
  IF TG_TABLE_NAME = 'user' THEN
    member := OLD."id";
  ELSE
    member := OLD."user_id";
  END IF;
  PERFORM pg_notify(
    (CASE WHEN TG_TABLE_SCHEMA = 'public' THEN 'samaj' ELSE TG_TABLE_SCHEMA END) || '_realtime',
    json_build_object('c', 'auth.member-changed', 'm', json_build_object('user', member))::text
  );
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "user_changed" AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION "member_changed_notice"();--> statement-breakpoint
CREATE TRIGGER "session_changed" AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION "member_changed_notice"();
