CREATE TABLE "live_peer" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"member" text NOT NULL,
	"event" text NOT NULL,
	"role" text NOT NULL,
	"process" text NOT NULL,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "live_peer_member_idx" ON "live_peer" USING btree ("member");--> statement-breakpoint
CREATE INDEX "live_peer_process_idx" ON "live_peer" USING btree ("process");--> statement-breakpoint
CREATE INDEX "rate_limit_expire_idx" ON "rate_limit" USING btree ("expire");