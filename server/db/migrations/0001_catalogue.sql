-- Trigram indexes make substring search fast in Thai (no spaces between words) and English.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" text PRIMARY KEY NOT NULL,
	"name_th" text NOT NULL,
	"name_en" text NOT NULL,
	"description_th" text NOT NULL,
	"description_en" text NOT NULL,
	"category_label" text NOT NULL,
	"category_id" text NOT NULL,
	"cashback_kind" text NOT NULL,
	"cashback_rate_basis_points" integer NOT NULL,
	"cashback_max_per_order" integer,
	"tracking_days" integer NOT NULL,
	"confirmation_days" integer NOT NULL,
	"terms_th" jsonb NOT NULL,
	"terms_en" jsonb NOT NULL,
	"top_rank" integer,
	"popularity" integer DEFAULT 0 NOT NULL,
	"shop_url" text NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_cashback_kind" CHECK ("merchants"."cashback_kind" in ('up-to', 'flat')),
	CONSTRAINT "merchants_rate" CHECK ("merchants"."cashback_rate_basis_points" between 0 and 10000),
	CONSTRAINT "merchants_flat_has_cap" CHECK ("merchants"."cashback_kind" <> 'flat' or "merchants"."cashback_max_per_order" is not null)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"name_th" text NOT NULL,
	"name_en" text NOT NULL,
	"price" integer NOT NULL,
	"estimated_cashback" integer NOT NULL,
	"net_price" integer NOT NULL,
	"category_id" text NOT NULL,
	"comparison_key" text NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price" CHECK ("products"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_top_rank" ON "merchants" USING btree ("top_rank");--> statement-breakpoint
CREATE INDEX "merchants_popular" ON "merchants" USING btree ("top_rank","popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "merchants_cashback" ON "merchants" USING btree ("cashback_rate_basis_points" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "merchants_newest" ON "merchants" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "merchants_name_th" ON "merchants" USING btree ("name_th","id");--> statement-breakpoint
CREATE INDEX "merchants_name_en" ON "merchants" USING btree (lower("name_en"),"id");--> statement-breakpoint
CREATE INDEX "merchants_category" ON "merchants" USING btree ("category_id","top_rank","popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "merchants_search_trigram" ON "merchants" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_name_th_prefix" ON "merchants" USING btree ("name_th" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "merchants_name_en_prefix" ON "merchants" USING btree (lower("name_en") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_merchant" ON "products" USING btree ("merchant_id","popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_comparison" ON "products" USING btree ("comparison_key","net_price","id");--> statement-breakpoint
CREATE INDEX "products_popular" ON "products" USING btree ("popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_cashback" ON "products" USING btree ("estimated_cashback" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_newest" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_price" ON "products" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "products_name_th" ON "products" USING btree ("name_th","id");--> statement-breakpoint
CREATE INDEX "products_name_en" ON "products" USING btree (lower("name_en"),"id");--> statement-breakpoint
CREATE INDEX "products_category" ON "products" USING btree ("category_id","popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_search_trigram" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_th_prefix" ON "products" USING btree ("name_th" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_name_en_prefix" ON "products" USING btree (lower("name_en") text_pattern_ops);