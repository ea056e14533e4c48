CREATE TABLE "profile_request_notice" (
	"creator" text NOT NULL,
	"profile" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_request_notice_pk" PRIMARY KEY("creator","profile")
);
--> statement-breakpoint
ALTER TABLE "profile_request" DROP CONSTRAINT "profile_request_state_check";--> statement-breakpoint
ALTER TABLE "profile_request_notice" ADD CONSTRAINT "profile_request_notice_creator_matrimony_profile_id_fk" FOREIGN KEY ("creator") REFERENCES "public"."matrimony_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_request_notice" ADD CONSTRAINT "profile_request_notice_profile_matrimony_profile_id_fk" FOREIGN KEY ("profile") REFERENCES "public"."matrimony_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_request_notice_profile_idx" ON "profile_request_notice" USING btree ("profile");--> statement-breakpoint
ALTER TABLE "profile_request" ADD CONSTRAINT "profile_request_state_check" CHECK ("profile_request"."state" in ('pending', 'accepted', 'revoked', 'declined'));