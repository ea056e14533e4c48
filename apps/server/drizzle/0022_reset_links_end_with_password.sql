-- A new password ends every password link of the member that has not been used: the links mailed by
-- "Forgot password?" and those staff made (platform/auth/tokens.ts). Each is a better-auth
-- `verification` row whose value is the member's id (its identifier is the token's hash), and so is
-- the mark saying a link came by mail; no other verification row holds a bare member id. Done here,
-- in the transaction that changes the password, whatever changed it (a reset link, Settings, an
-- operator in psql): of two links used at once, one wins and the other finds its row gone.
CREATE FUNCTION "password_changed_end_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %I."verification" WHERE "value" = $1', TG_TABLE_SCHEMA) USING NEW."user_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "password_changed" AFTER UPDATE OF "password" ON "account"
  FOR EACH ROW WHEN (OLD."password" IS DISTINCT FROM NEW."password")
  EXECUTE FUNCTION "password_changed_end_links"();
