-- Servers keep the surname list's answers in memory (features/surnames/list-cache.ts). Every change to
-- the directory, from a staff decision, a member's signup (the member count), an operator's import or
-- another process, tells every process at once: a realtime message 'surnames.changed' on the channel
-- platform/realtime/index.ts listens on (realtimePgChannel: `<schema>_realtime`, "samaj" for "public").
-- One notice per statement, not per row: an import of a thousand names sends one.
CREATE FUNCTION "surnames_changed_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    (CASE WHEN TG_TABLE_SCHEMA = 'public' THEN 'samaj' ELSE TG_TABLE_SCHEMA END) || '_realtime',
    json_build_object('c', 'surnames.changed', 'm', json_build_object())::text
  );
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "surname_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "surname"
  FOR EACH STATEMENT EXECUTE FUNCTION "surnames_changed_notice"();
