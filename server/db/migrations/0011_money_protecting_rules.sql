ALTER TABLE "cashback_transactions" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "is_one_day_member" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "cashback_transactions_buyer_item" ON "cashback_transactions" USING btree ("buyer_id","merchant_id","sku","order_date") WHERE "cashback_transactions"."sku" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_payout_queue" ON "withdrawals" USING btree ("status","is_one_day_member" DESC NULLS LAST,"created_at","id") WHERE "withdrawals"."status" in ('requested', 'processing');--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD CONSTRAINT "cashback_transactions_cancellation_reason" CHECK ("cashback_transactions"."cancellation_reason" is null or "cashback_transactions"."status" = 'CANCELLED');--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD CONSTRAINT "cashback_transactions_quantity" CHECK ("cashback_transactions"."quantity" is null or "cashback_transactions"."quantity" >= 1);--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_quantity" CHECK ("conversions"."quantity" is null or "conversions"."quantity" >= 1);