-- Before launch the only cashback transactions were the demo seed's, without merchants or
-- amounts; they are removed so the new NOT NULL columns can be added, and the demo seed writes
-- complete ones again. Every rating is recomputed from decided purchases: none remain, so 100.
DELETE FROM "cashback_transactions";--> statement-breakpoint
UPDATE "buyers" SET "rating_basis_points" = 10000;--> statement-breakpoint
CREATE TABLE "cashback_transaction_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cashback_transaction_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"rejection_reason" text,
	"is_early_release" boolean DEFAULT false NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clicks" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"product_id" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"network" text NOT NULL,
	"conversion_id" text NOT NULL,
	"click_id" text NOT NULL,
	"order_id" text NOT NULL,
	"network_status" text NOT NULL,
	"sale_amount" integer NOT NULL,
	"payout" integer,
	"currency" text NOT NULL,
	"reason" text,
	"order_time" timestamp with time zone NOT NULL,
	"transaction_id" text,
	"ignored_reason" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"buyer_id" text NOT NULL,
	"key" text NOT NULL,
	"request_fingerprint" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_buyer_id_key_pk" PRIMARY KEY("buyer_id","key")
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"buyer_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'THB' NOT NULL,
	"transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_ledger_entries_amount" CHECK ("wallet_ledger_entries"."amount" <> 0),
	CONSTRAINT "wallet_ledger_entries_kind" CHECK ("wallet_ledger_entries"."kind" in ('cashback_credit', 'cashback_reversal', 'bonus', 'withdrawal', 'withdrawal_fee', 'withdrawal_return', 'points_exchange')),
	CONSTRAINT "wallet_ledger_entries_sign" CHECK (("wallet_ledger_entries"."kind" in ('cashback_credit', 'bonus', 'withdrawal_return')) = ("wallet_ledger_entries"."amount" > 0))
);
--> statement-breakpoint
ALTER TABLE "cashback_transactions" DROP CONSTRAINT "cashback_transactions_buyer_id_buyers_id_fk";
--> statement-breakpoint
ALTER TABLE "buyers" ALTER COLUMN "rating_basis_points" SET DEFAULT 10000;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "click_id" text;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "merchant_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "product_id" text;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "order_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "order_date" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "currency" text DEFAULT 'THB' NOT NULL;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "purchase_amount" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "cashback_amount" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "cashback_components" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "cashback_kind" text NOT NULL;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "cashback_rate_basis_points" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "cashback_max_per_order" integer;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "rating_outcome" text;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "release_path" text;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "expected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "cashback_transaction_events" ADD CONSTRAINT "cashback_transaction_events_transaction_id_cashback_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."cashback_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clicks" ADD CONSTRAINT "clicks_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clicks" ADD CONSTRAINT "clicks_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clicks" ADD CONSTRAINT "clicks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_transaction_id_cashback_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."cashback_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger_entries" ADD CONSTRAINT "wallet_ledger_entries_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger_entries" ADD CONSTRAINT "wallet_ledger_entries_transaction_id_cashback_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."cashback_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashback_transaction_events_transaction" ON "cashback_transaction_events" USING btree ("transaction_id","id");--> statement-breakpoint
CREATE INDEX "clicks_buyer" ON "clicks" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_network_conversion" ON "conversions" USING btree ("network","conversion_id");--> statement-breakpoint
CREATE INDEX "conversions_unmatched" ON "conversions" USING btree ("received_at") WHERE "conversions"."transaction_id" is null;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "wallet_ledger_entries_buyer" ON "wallet_ledger_entries" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_ledger_entries_transaction_kind" ON "wallet_ledger_entries" USING btree ("transaction_id","kind") WHERE "wallet_ledger_entries"."transaction_id" is not null;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD CONSTRAINT "cashback_transactions_click_id_clicks_id_fk" FOREIGN KEY ("click_id") REFERENCES "public"."clicks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD CONSTRAINT "cashback_transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD CONSTRAINT "cashback_transactions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD CONSTRAINT "cashback_transactions_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashback_transactions_click_order" ON "cashback_transactions" USING btree ("click_id","order_id");--> statement-breakpoint
CREATE INDEX "cashback_transactions_release" ON "cashback_transactions" USING btree ("release_at") WHERE "cashback_transactions"."status" = 'PENDING' and "cashback_transactions"."release_at" is not null;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD CONSTRAINT "cashback_transactions_amounts" CHECK ("cashback_transactions"."purchase_amount" >= 0 and "cashback_transactions"."cashback_amount" >= 0);--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD CONSTRAINT "cashback_transactions_rejection_reason" CHECK (("cashback_transactions"."status" = 'REJECTED') = ("cashback_transactions"."rejection_reason" is not null));--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD CONSTRAINT "cashback_transactions_archived_accepted" CHECK (not "cashback_transactions"."archived" or "cashback_transactions"."accepted");--> statement-breakpoint
-- The wallet ledger is append-only: a balance is the sum of its entries, so changing or removing
-- an entry would rewrite history. Corrections are new entries.
CREATE FUNCTION "refuse_ledger_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'wallet_ledger_entries is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "wallet_ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "wallet_ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "refuse_ledger_change"();--> statement-breakpoint
CREATE TRIGGER "wallet_ledger_entries_no_truncate" BEFORE TRUNCATE ON "wallet_ledger_entries"
	FOR EACH STATEMENT EXECUTE FUNCTION "refuse_ledger_change"();