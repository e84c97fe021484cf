CREATE TABLE "catalogue_pictures" (
	"source_url" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"content_hash" text,
	"widths" integer[],
	"width" integer,
	"height" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "catalogue_pictures_status" CHECK ("catalogue_pictures"."status" in ('pending', 'ready', 'failed')),
	CONSTRAINT "catalogue_pictures_source_url" CHECK (octet_length("catalogue_pictures"."source_url") <= 2048),
	CONSTRAINT "catalogue_pictures_due" CHECK (("catalogue_pictures"."status" = 'pending') = ("catalogue_pictures"."next_attempt_at" is not null)),
	CONSTRAINT "catalogue_pictures_made" CHECK (("catalogue_pictures"."status" = 'ready') = ("catalogue_pictures"."content_hash" is not null and "catalogue_pictures"."widths" is not null and "catalogue_pictures"."width" is not null and "catalogue_pictures"."height" is not null))
);
--> statement-breakpoint
CREATE INDEX "catalogue_pictures_due" ON "catalogue_pictures" USING btree ("next_attempt_at") WHERE "catalogue_pictures"."status" = 'pending';