CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_secret" (
	"id" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"username" text,
	"display_username" text,
	"role" text,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"surname" text,
	"phone" text,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"dob" text,
	"gender" text,
	"marital_status" text,
	"dp" text DEFAULT 'newuser' NOT NULL,
	"matrimony" text,
	CONSTRAINT "user_email_unique" UNIQUE("email"),
	CONSTRAINT "user_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment" (
	"id" text PRIMARY KEY NOT NULL,
	"post" text NOT NULL,
	"creator" text NOT NULL,
	"comment" text NOT NULL,
	"type" text DEFAULT 'comment' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_type_check" CHECK ("comment"."type" in ('comment', 'like'))
);
--> statement-breakpoint
CREATE TABLE "event" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"thumbnail" text,
	"file" text,
	"time" timestamp with time zone NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"host" text NOT NULL,
	"live_stream" boolean DEFAULT false NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_signal" (
	"id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"sender" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_kind_check" CHECK ("file"."kind" in ('profile', 'post', 'event'))
);
--> statement-breakpoint
CREATE TABLE "matrimony_profile" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"dp" text,
	"dob" text NOT NULL,
	"gender" text NOT NULL,
	"description" text NOT NULL,
	"number" text NOT NULL,
	"address" text NOT NULL,
	"education" text NOT NULL,
	"career" text NOT NULL,
	"height" real,
	"weight" real,
	"eye_color" text,
	"hair_color" text,
	"complexion" text,
	"blood_group" text,
	"disability" text,
	"expectation" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matrimony_profile_gender_check" CHECK ("matrimony_profile"."gender" in ('Male', 'Female'))
);
--> statement-breakpoint
CREATE TABLE "profile_request" (
	"id" text PRIMARY KEY NOT NULL,
	"creator" text NOT NULL,
	"profile" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_request_creator_profile_unique" UNIQUE("creator","profile")
);
--> statement-breakpoint
CREATE TABLE "shortlist" (
	"id" text PRIMARY KEY NOT NULL,
	"creator" text NOT NULL,
	"profile" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shortlist_creator_profile_unique" UNIQUE("creator","profile")
);
--> statement-breakpoint
CREATE TABLE "post" (
	"id" text PRIMARY KEY NOT NULL,
	"creator" text NOT NULL,
	"description" text NOT NULL,
	"file" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_status_check" CHECK ("post"."status" in ('approved', 'requested', 'rejected', 'unlisted'))
);
--> statement-breakpoint
CREATE TABLE "post_report" (
	"id" text PRIMARY KEY NOT NULL,
	"post" text NOT NULL,
	"reporter" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution" text,
	CONSTRAINT "post_report_post_reporter_unique" UNIQUE("post","reporter")
);
--> statement-breakpoint
CREATE TABLE "publisher_request" (
	"id" text PRIMARY KEY NOT NULL,
	"creator" text NOT NULL,
	"occupation" text NOT NULL,
	"whatsapp" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publisher_request_status_check" CHECK ("publisher_request"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "push_subscription" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscription_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "surname" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_guj" text NOT NULL,
	"gotra" text DEFAULT '' NOT NULL,
	"pronounce" text DEFAULT '' NOT NULL,
	"gam" text DEFAULT '' NOT NULL,
	"kuldevta" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"user_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surname_submission" (
	"id" text PRIMARY KEY NOT NULL,
	"surname" text NOT NULL,
	"creator" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"gam" text DEFAULT '' NOT NULL,
	"kuldevta" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surname_submission_status_check" CHECK ("surname_submission"."status" in ('pending', 'applied', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_surname_surname_id_fk" FOREIGN KEY ("surname") REFERENCES "public"."surname"("id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_post_post_id_fk" FOREIGN KEY ("post") REFERENCES "public"."post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_signal" ADD CONSTRAINT "event_signal_event_event_id_fk" FOREIGN KEY ("event") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_owner_user_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_request" ADD CONSTRAINT "profile_request_profile_matrimony_profile_id_fk" FOREIGN KEY ("profile") REFERENCES "public"."matrimony_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist" ADD CONSTRAINT "shortlist_profile_matrimony_profile_id_fk" FOREIGN KEY ("profile") REFERENCES "public"."matrimony_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_report" ADD CONSTRAINT "post_report_post_post_id_fk" FOREIGN KEY ("post") REFERENCES "public"."post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surname_submission" ADD CONSTRAINT "surname_submission_surname_surname_id_fk" FOREIGN KEY ("surname") REFERENCES "public"."surname"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_surname_idx" ON "user" USING btree ("surname");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "comment_post_type_id_idx" ON "comment" USING btree ("post","type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "comment_one_like_per_member" ON "comment" USING btree ("post","creator") WHERE "comment"."type" = 'like';--> statement-breakpoint
CREATE INDEX "event_signal_event_id_idx" ON "event_signal" USING btree ("event","id");--> statement-breakpoint
CREATE INDEX "file_owner_idx" ON "file" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "matrimony_profile_status_gender_idx" ON "matrimony_profile" USING btree ("status","gender");--> statement-breakpoint
CREATE INDEX "profile_request_creator_created_idx" ON "profile_request" USING btree ("creator","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profile_request_profile_idx" ON "profile_request" USING btree ("profile");--> statement-breakpoint
CREATE INDEX "shortlist_creator_created_idx" ON "shortlist" USING btree ("creator","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shortlist_profile_idx" ON "shortlist" USING btree ("profile");--> statement-breakpoint
CREATE INDEX "post_status_id_idx" ON "post" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_creator_id_idx" ON "post" USING btree ("creator","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "publisher_request_status_created_idx" ON "publisher_request" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "push_subscription_user_idx" ON "push_subscription" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "surname_submission_status_created_idx" ON "surname_submission" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "surname_submission_creator_idx" ON "surname_submission" USING btree ("creator");