CREATE TABLE "matrimony_block" (
	"blocker" text NOT NULL,
	"blocked" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matrimony_block_pk" PRIMARY KEY("blocker","blocked")
);
--> statement-breakpoint
CREATE TABLE "matrimony_match" (
	"member" text NOT NULL,
	"other" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matrimony_match_pk" PRIMARY KEY("member","other")
);
--> statement-breakpoint
CREATE TABLE "matrimony_not_interested" (
	"member" text NOT NULL,
	"profile" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matrimony_not_interested_pk" PRIMARY KEY("member","profile")
);
--> statement-breakpoint
CREATE TABLE "matrimony_report" (
	"id" text PRIMARY KEY NOT NULL,
	"reporter" text NOT NULL,
	"profile" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matrimony_report_status_check" CHECK ("matrimony_report"."status" in ('open', 'dismissed', 'actioned'))
);
--> statement-breakpoint
ALTER TABLE "file" DROP CONSTRAINT "file_kind_check";--> statement-breakpoint
DROP INDEX "matrimony_profile_status_gender_idx";--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "gotra_filter" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "ban_reason" text;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profile_request" ADD COLUMN "state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_request" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matrimony_block" ADD CONSTRAINT "matrimony_block_blocker_matrimony_profile_id_fk" FOREIGN KEY ("blocker") REFERENCES "public"."matrimony_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matrimony_block" ADD CONSTRAINT "matrimony_block_blocked_matrimony_profile_id_fk" FOREIGN KEY ("blocked") REFERENCES "public"."matrimony_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matrimony_match" ADD CONSTRAINT "matrimony_match_member_matrimony_profile_id_fk" FOREIGN KEY ("member") REFERENCES "public"."matrimony_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matrimony_match" ADD CONSTRAINT "matrimony_match_other_matrimony_profile_id_fk" FOREIGN KEY ("other") REFERENCES "public"."matrimony_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matrimony_not_interested" ADD CONSTRAINT "matrimony_not_interested_member_matrimony_profile_id_fk" FOREIGN KEY ("member") REFERENCES "public"."matrimony_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matrimony_not_interested" ADD CONSTRAINT "matrimony_not_interested_profile_matrimony_profile_id_fk" FOREIGN KEY ("profile") REFERENCES "public"."matrimony_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matrimony_report" ADD CONSTRAINT "matrimony_report_reporter_matrimony_profile_id_fk" FOREIGN KEY ("reporter") REFERENCES "public"."matrimony_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matrimony_report" ADD CONSTRAINT "matrimony_report_profile_matrimony_profile_id_fk" FOREIGN KEY ("profile") REFERENCES "public"."matrimony_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matrimony_block_blocked_idx" ON "matrimony_block" USING btree ("blocked");--> statement-breakpoint
CREATE INDEX "matrimony_match_member_created_idx" ON "matrimony_match" USING btree ("member","created_at","other");--> statement-breakpoint
CREATE INDEX "matrimony_not_interested_profile_idx" ON "matrimony_not_interested" USING btree ("profile");--> statement-breakpoint
CREATE INDEX "matrimony_report_status_created_idx" ON "matrimony_report" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "matrimony_report_profile_status_idx" ON "matrimony_report" USING btree ("profile","status");--> statement-breakpoint
CREATE INDEX "matrimony_report_reporter_idx" ON "matrimony_report" USING btree ("reporter");--> statement-breakpoint
CREATE INDEX "matrimony_profile_listing_idx" ON "matrimony_profile" USING btree ("status","gender","created_at","id");--> statement-breakpoint
CREATE INDEX "matrimony_profile_status_created_idx" ON "matrimony_profile" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "profile_request_profile_created_idx" ON "profile_request" USING btree ("profile","created_at","creator");--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_kind_check" CHECK ("file"."kind" in ('profile', 'post', 'event', 'slide', 'matrimony'));--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD CONSTRAINT "matrimony_profile_status_check" CHECK ("matrimony_profile"."status" in ('requested', 'active', 'banned', 'inactive'));--> statement-breakpoint
ALTER TABLE "profile_request" ADD CONSTRAINT "profile_request_state_check" CHECK ("profile_request"."state" in ('pending', 'accepted', 'revoked'));