CREATE TABLE "event_attendance" (
	"event" text NOT NULL,
	"member" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_attendance_event_member_pk" PRIMARY KEY("event","member")
);
--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_event_event_id_fk" FOREIGN KEY ("event") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_member_user_id_fk" FOREIGN KEY ("member") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_attendance_member_idx" ON "event_attendance" USING btree ("member");--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_coordinates_paired" CHECK (("event"."latitude" is null) = ("event"."longitude" is null));