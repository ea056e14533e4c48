CREATE TABLE "inbox_item" (
	"id" text PRIMARY KEY NOT NULL,
	"member" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"group_key" text NOT NULL,
	"actors" text[] DEFAULT '{}'::text[] NOT NULL,
	"approved" boolean,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_queue" (
	"name" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_setting" (
	"user_id" text PRIMARY KEY NOT NULL,
	"disabled" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "inbox_item_list_idx" ON "inbox_item" USING btree ("member","last_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_item_unread_idx" ON "inbox_item" USING btree ("member","group_key") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "inbox_item_group_idx" ON "inbox_item" USING btree ("member","group_key","last_at");--> statement-breakpoint
CREATE INDEX "inbox_item_last_at_idx" ON "inbox_item" USING btree ("last_at");