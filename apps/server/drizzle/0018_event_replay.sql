ALTER TABLE "event" ADD COLUMN "record_replay" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "replay_key" text;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "replay_bytes" bigint;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "replay_seconds" double precision;