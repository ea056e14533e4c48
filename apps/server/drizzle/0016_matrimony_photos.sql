ALTER TABLE "matrimony_profile" ADD COLUMN "more_photos" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "photo_visibility" text DEFAULT 'listed' NOT NULL;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD CONSTRAINT "matrimony_profile_photo_visibility_check" CHECK ("matrimony_profile"."photo_visibility" in ('listed', 'accepted'));--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD CONSTRAINT "matrimony_profile_more_photos_check" CHECK (cardinality("matrimony_profile"."more_photos") <= 3);