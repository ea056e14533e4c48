ALTER TABLE "event" ADD COLUMN "live_until" timestamp with time zone;--> statement-breakpoint
-- An event live before leases existed: its host has one lease's time (20 s) to renew it.
UPDATE "event" SET "live_until" = now() + interval '20 seconds' WHERE "live";
