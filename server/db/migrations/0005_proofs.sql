CREATE TABLE "proofs" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"rejection_reason" text,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "proofs_status" CHECK ("proofs"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "proofs_content_type" CHECK ("proofs"."content_type" in ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "proofs_size" CHECK ("proofs"."byte_size" > 0 and "proofs"."width" > 0 and "proofs"."height" > 0),
	CONSTRAINT "proofs_rejection_reason" CHECK (("proofs"."status" = 'rejected') = ("proofs"."rejection_reason" is not null)),
	CONSTRAINT "proofs_approved_kept" CHECK ("proofs"."status" <> 'approved' or "proofs"."deleted_at" is null)
);
--> statement-breakpoint
ALTER TABLE "wallet_ledger_entries" DROP CONSTRAINT "wallet_ledger_entries_kind";--> statement-breakpoint
ALTER TABLE "wallet_ledger_entries" DROP CONSTRAINT "wallet_ledger_entries_sign";--> statement-breakpoint
ALTER TABLE "cashback_transaction_events" ADD COLUMN "is_appeal_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "appeal_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proofs" ADD CONSTRAINT "proofs_transaction_id_cashback_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."cashback_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proofs" ADD CONSTRAINT "proofs_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proofs_transaction" ON "proofs" USING btree ("transaction_id","created_at","id");--> statement-breakpoint
CREATE INDEX "proofs_pending" ON "proofs" USING btree ("created_at") WHERE "proofs"."status" = 'pending' and "proofs"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "wallet_ledger_entries" ADD CONSTRAINT "wallet_ledger_entries_kind" CHECK ("wallet_ledger_entries"."kind" in ('cashback_credit', 'cashback_reversal', 'cashback_reinstatement', 'bonus', 'withdrawal', 'withdrawal_fee', 'withdrawal_return', 'points_exchange'));--> statement-breakpoint
ALTER TABLE "wallet_ledger_entries" ADD CONSTRAINT "wallet_ledger_entries_sign" CHECK (("wallet_ledger_entries"."kind" in ('cashback_credit', 'cashback_reinstatement', 'bonus', 'withdrawal_return')) = ("wallet_ledger_entries"."amount" > 0));