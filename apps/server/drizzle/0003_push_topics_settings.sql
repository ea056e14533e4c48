CREATE TABLE "notification_setting" (
	"user_id" text PRIMARY KEY NOT NULL,
	"disabled" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_subscription" ADD COLUMN "language" text DEFAULT 'gu' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscription" ADD COLUMN "topics" text[] DEFAULT '{everyone}'::text[] NOT NULL;