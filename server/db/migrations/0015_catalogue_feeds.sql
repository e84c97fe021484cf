CREATE TABLE "catalogue_import_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"adapter" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"row_count" integer NOT NULL,
	"rejected_count" integer NOT NULL,
	"changed_count" integer NOT NULL,
	"rejections" jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_rate_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"cashback_kind" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"max_per_order" integer,
	"source" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "website_url" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "deep_link_template" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "logo_source_url" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "delisted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "feed_item_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "regular_price" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mpn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "image_source_url" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "has_english_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "delisted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_rate_changes" ADD CONSTRAINT "merchant_rate_changes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_import_runs_started" ON "catalogue_import_runs" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "merchant_rate_changes_merchant" ON "merchant_rate_changes" USING btree ("merchant_id","changed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_network_external_id" ON "merchants" USING btree ("network","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_feed_item" ON "products" USING btree ("merchant_id","feed_item_id");--> statement-breakpoint
-- The rate history starts with the rate each merchant already has.
INSERT INTO "merchant_rate_changes" ("id", "merchant_id", "cashback_kind", "rate_basis_points", "max_per_order", "source", "changed_at")
SELECT substr(md5('rate:' || "id"), 1, 24), "id", "cashback_kind", "cashback_rate_basis_points", "cashback_max_per_order", 'migration', "created_at" FROM "merchants";
