CREATE TABLE "event_stream_request" (
	"event" text NOT NULL,
	"member" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_stream_request_event_member_pk" PRIMARY KEY("event","member")
);
--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "event_stream_request" ADD CONSTRAINT "event_stream_request_event_event_id_fk" FOREIGN KEY ("event") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_stream_request" ADD CONSTRAINT "event_stream_request_member_user_id_fk" FOREIGN KEY ("member") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_stream_request_member_idx" ON "event_stream_request" USING btree ("member");--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;