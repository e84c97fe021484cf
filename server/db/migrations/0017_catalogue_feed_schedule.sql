CREATE TABLE "catalogue_feeds" (
	"id" text PRIMARY KEY NOT NULL,
	"adapter" text NOT NULL,
	"source" text NOT NULL,
	"merchant_external_id" text,
	"language" text DEFAULT 'th' NOT NULL,
	"every_minutes" integer NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalogue_feeds_every" CHECK ("catalogue_feeds"."every_minutes" between 15 and 10080)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_feeds_target" ON "catalogue_feeds" USING btree ("adapter","source","merchant_external_id","language");--> statement-breakpoint
CREATE INDEX "catalogue_feeds_due" ON "catalogue_feeds" USING btree ("next_run_at");