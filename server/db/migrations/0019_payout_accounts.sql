CREATE TABLE "payout_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"target" text NOT NULL,
	"details" jsonb NOT NULL,
	"usable_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "payout_accounts_target" CHECK ("payout_accounts"."target" in ('bank', 'promptpay', 'truemoney')),
	CONSTRAINT "payout_accounts_details_target" CHECK ("payout_accounts"."details"->>'target' = "payout_accounts"."target"),
	CONSTRAINT "payout_accounts_usable_after_saved" CHECK ("payout_accounts"."usable_from" >= "payout_accounts"."created_at")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_current" ON "payout_accounts" USING btree ("buyer_id","target") WHERE "payout_accounts"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "payout_accounts_buyer" ON "payout_accounts" USING btree ("buyer_id","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('cashback_approved', 'cashback_released', 'withdrawal_paid', 'withdrawal_failed', 'payout_account_changed', 'proof_approved', 'proof_rejected', 'support_reply', 'cashback_waiting', 'purchase_overdue', 'withdrawal_overdue', 'special_cashback_at_risk', 'special_cashback_ended'));--> statement-breakpoint
-- Hand-written (docs/decisions/024): a shopper who withdrew before accounts were saved keeps the
-- account of their latest withdrawal per payout target as their saved one, usable since that
-- withdrawal. They need not retype it, and it counts as their first account, so a later change
-- waits 72 hours like anyone else's.
INSERT INTO "payout_accounts" ("id", "buyer_id", "target", "details", "usable_from", "created_at")
SELECT DISTINCT ON ("buyer_id", "target")
	substr(md5(random()::text || "id"), 1, 24), "buyer_id", "target", "payout_details", "created_at", "created_at"
FROM "withdrawals"
WHERE "payout_details" IS NOT NULL
ORDER BY "buyer_id", "target", "created_at" DESC, "id" DESC;
