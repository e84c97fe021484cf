CREATE TABLE "withdrawal_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"withdrawal_id" text NOT NULL,
	"status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"target" text NOT NULL,
	"status" text NOT NULL,
	"currency" text DEFAULT 'THB' NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"net_amount" integer NOT NULL,
	"points" integer,
	"destination" jsonb NOT NULL,
	"payout_details" jsonb,
	"expected_by" timestamp with time zone,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processing_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_target" CHECK ("withdrawals"."target" in ('bank', 'promptpay', 'truemoney', 'points')),
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('requested', 'processing', 'paid', 'failed')),
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."amount" > 0 and "withdrawals"."fee" >= 0 and "withdrawals"."net_amount" >= 0 and ("withdrawals"."target" = 'points' or "withdrawals"."net_amount" + "withdrawals"."fee" = "withdrawals"."amount")),
	CONSTRAINT "withdrawals_points" CHECK (("withdrawals"."target" = 'points') = ("withdrawals"."points" is not null)),
	CONSTRAINT "withdrawals_points_without_fee" CHECK ("withdrawals"."target" <> 'points' or ("withdrawals"."fee" = 0 and "withdrawals"."net_amount" = 0)),
	CONSTRAINT "withdrawals_payout_details" CHECK (("withdrawals"."target" = 'points') = ("withdrawals"."payout_details" is null)),
	CONSTRAINT "withdrawals_failure_reason" CHECK (("withdrawals"."status" = 'failed') = ("withdrawals"."failure_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "wallet_ledger_entries" ADD COLUMN "withdrawal_id" text;--> statement-breakpoint
ALTER TABLE "withdrawal_events" ADD CONSTRAINT "withdrawal_events_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawal_events_withdrawal" ON "withdrawal_events" USING btree ("withdrawal_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_buyer" ON "withdrawals" USING btree ("buyer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_one_open" ON "withdrawals" USING btree ("buyer_id") WHERE "withdrawals"."status" in ('requested', 'processing');--> statement-breakpoint
CREATE INDEX "withdrawals_status" ON "withdrawals" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "wallet_ledger_entries" ADD CONSTRAINT "wallet_ledger_entries_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_ledger_entries_withdrawal_kind" ON "wallet_ledger_entries" USING btree ("withdrawal_id","kind") WHERE "wallet_ledger_entries"."withdrawal_id" is not null;--> statement-breakpoint
ALTER TABLE "wallet_ledger_entries" ADD CONSTRAINT "wallet_ledger_entries_withdrawal" CHECK (("wallet_ledger_entries"."kind" in ('withdrawal', 'withdrawal_fee', 'withdrawal_return', 'points_exchange')) = ("wallet_ledger_entries"."withdrawal_id" is not null));