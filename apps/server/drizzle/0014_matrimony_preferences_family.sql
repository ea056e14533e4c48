CREATE TABLE "matrimony_preference" (
	"member" text PRIMARY KEY NOT NULL,
	"age_min" integer,
	"age_max" integer,
	"height_min" real,
	"height_max" real,
	"place" text,
	"education" text,
	"with_photo" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "father_name" text;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "father_occupation" text;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "mother_name" text;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "brothers_married" integer;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "brothers_unmarried" integer;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "sisters_married" integer;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "sisters_unmarried" integer;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "mosal" text;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "birth_time" text;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "birth_place" text;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "rashi" text;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "manglik" text;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "diet" text;--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD COLUMN "income" text;--> statement-breakpoint
ALTER TABLE "matrimony_preference" ADD CONSTRAINT "matrimony_preference_member_matrimony_profile_id_fk" FOREIGN KEY ("member") REFERENCES "public"."matrimony_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shortlist_profile_created_idx" ON "shortlist" USING btree ("profile","created_at","creator");--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD CONSTRAINT "matrimony_profile_rashi_check" CHECK ("matrimony_profile"."rashi" in ('mesh', 'vrushabh', 'mithun', 'kark', 'sinh', 'kanya', 'tula', 'vrushchik', 'dhan', 'makar', 'kumbh', 'meen'));--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD CONSTRAINT "matrimony_profile_manglik_check" CHECK ("matrimony_profile"."manglik" in ('no', 'yes', 'partial'));--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD CONSTRAINT "matrimony_profile_diet_check" CHECK ("matrimony_profile"."diet" in ('vegetarian', 'jain', 'eggetarian', 'non_vegetarian'));--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD CONSTRAINT "matrimony_profile_income_check" CHECK ("matrimony_profile"."income" in ('below_3_lakh', '3_to_5_lakh', '5_to_10_lakh', '10_to_20_lakh', '20_to_50_lakh', 'above_50_lakh'));--> statement-breakpoint
ALTER TABLE "matrimony_profile" ADD CONSTRAINT "matrimony_profile_siblings_check" CHECK ("matrimony_profile"."brothers_married" between 0 and 20 and "matrimony_profile"."brothers_unmarried" between 0 and 20 and "matrimony_profile"."sisters_married" between 0 and 20 and "matrimony_profile"."sisters_unmarried" between 0 and 20);