ALTER TABLE "event_attendance" ADD COLUMN "reminded_for" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "event_time_idx" ON "event" USING btree ("time");