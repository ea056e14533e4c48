CREATE TABLE "push_once" (
	"key" text PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
