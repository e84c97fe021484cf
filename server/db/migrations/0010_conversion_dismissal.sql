DROP INDEX "conversions_unmatched";--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "dismissed_reason" text;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "dismissed_by" text;--> statement-breakpoint
CREATE INDEX "conversions_unmatched" ON "conversions" USING btree ("received_at") WHERE "conversions"."transaction_id" is null and "conversions"."dismissed_at" is null;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_dismissal" CHECK (("conversions"."dismissed_at" is null) = ("conversions"."dismissed_reason" is null) and ("conversions"."dismissed_at" is null) = ("conversions"."dismissed_by" is null));