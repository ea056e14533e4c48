ALTER TABLE "post" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing posts start from their rows.
UPDATE "post" SET
  "like_count" = (SELECT count(*) FROM "comment" c WHERE c."post" = "post"."id" AND c."type" = 'like'),
  "comment_count" = (SELECT count(*) FROM "comment" c WHERE c."post" = "post"."id" AND c."type" = 'comment');--> statement-breakpoint
-- Every insert and delete of a like or comment moves its post's counter in the same transaction, whatever
-- path made it (a like, a comment, a member's account deletion). The row lock on the post serialises
-- concurrent likes, so the counter always equals the rows.
CREATE FUNCTION "post_counts_follow_comments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "post" SET
      "like_count" = "like_count" + (NEW."type" = 'like')::int,
      "comment_count" = "comment_count" + (NEW."type" = 'comment')::int
    WHERE "id" = NEW."post";
    RETURN NEW;
  END IF;
  UPDATE "post" SET
    "like_count" = "like_count" - (OLD."type" = 'like')::int,
    "comment_count" = "comment_count" - (OLD."type" = 'comment')::int
  WHERE "id" = OLD."post";
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "comment_counts" AFTER INSERT OR DELETE ON "comment"
  FOR EACH ROW EXECUTE FUNCTION "post_counts_follow_comments"();
