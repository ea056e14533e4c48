CREATE TABLE "slide" (
	"position" integer PRIMARY KEY NOT NULL,
	"image" text,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"link" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "slide_position_check" CHECK ("slide"."position" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "file" DROP CONSTRAINT "file_kind_check";--> statement-breakpoint
ALTER TABLE "slide" ADD CONSTRAINT "slide_image_file_id_fk" FOREIGN KEY ("image") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_kind_check" CHECK ("file"."kind" in ('profile', 'post', 'event', 'slide'));