-- Requests made before profile_request_notice existed already told their owner: asking again after
-- a withdrawal must not tell them twice (docs/product/matrimony.md, "Full-profile requests"; a comment only: the SQL is as released).
INSERT INTO "profile_request_notice" ("creator", "profile", "created_at")
SELECT "creator", "profile", "created_at" FROM "profile_request"
ON CONFLICT DO NOTHING;
