-- Promotions (issue 12, docs/decisions/013): memberships, awards, referral codes and redemptions;
-- every `bonus` entry now names the award it pays and a premium payment its membership, so each
-- is paid once by a unique index. No `bonus` entry was written before this migration.
CREATE TABLE "promotion_awards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_awards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"buyer_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"friend_buyer_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promotion_awards_kind" CHECK ("promotion_awards"."kind" in ('new_user_bonus', 'referral_bonus')),
	CONSTRAINT "promotion_awards_amount" CHECK ("promotion_awards"."amount" > 0),
	CONSTRAINT "promotion_awards_friend" CHECK (("promotion_awards"."kind" = 'referral_bonus') = ("promotion_awards"."friend_buyer_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "promotion_memberships" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"kind" text NOT NULL,
	"level" integer,
	"joined_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"price" integer NOT NULL,
	CONSTRAINT "promotion_memberships_kind" CHECK ("promotion_memberships"."kind" in ('premium', 'special_cashback')),
	CONSTRAINT "promotion_memberships_level" CHECK (("promotion_memberships"."kind" = 'special_cashback') = ("promotion_memberships"."level" is not null) and ("promotion_memberships"."level" is null or "promotion_memberships"."level" between 1 and 3)),
	CONSTRAINT "promotion_memberships_end" CHECK (("promotion_memberships"."ended_at" is null) = ("promotion_memberships"."end_reason" is null)),
	CONSTRAINT "promotion_memberships_price" CHECK ("promotion_memberships"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"buyer_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_redemptions" (
	"friend_buyer_id" text PRIMARY KEY NOT NULL,
	"referrer_buyer_id" text NOT NULL,
	"code" text NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_redemptions_not_own" CHECK ("referral_redemptions"."friend_buyer_id" <> "referral_redemptions"."referrer_buyer_id")
);
--> statement-breakpoint
ALTER TABLE "wallet_ledger_entries" DROP CONSTRAINT "wallet_ledger_entries_kind";--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "forfeited_cashback_components" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_ledger_entries" ADD COLUMN "award_id" integer;--> statement-breakpoint
ALTER TABLE "wallet_ledger_entries" ADD COLUMN "membership_id" text;--> statement-breakpoint
ALTER TABLE "promotion_awards" ADD CONSTRAINT "promotion_awards_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_awards" ADD CONSTRAINT "promotion_awards_transaction_id_cashback_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."cashback_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_awards" ADD CONSTRAINT "promotion_awards_friend_buyer_id_buyers_id_fk" FOREIGN KEY ("friend_buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_memberships" ADD CONSTRAINT "promotion_memberships_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_redemptions" ADD CONSTRAINT "referral_redemptions_friend_buyer_id_buyers_id_fk" FOREIGN KEY ("friend_buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_redemptions" ADD CONSTRAINT "referral_redemptions_referrer_buyer_id_buyers_id_fk" FOREIGN KEY ("referrer_buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_awards_new_user" ON "promotion_awards" USING btree ("buyer_id") WHERE "promotion_awards"."kind" = 'new_user_bonus';--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_awards_referral" ON "promotion_awards" USING btree ("friend_buyer_id") WHERE "promotion_awards"."kind" = 'referral_bonus';--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_memberships_buyer_kind" ON "promotion_memberships" USING btree ("buyer_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code" ON "referral_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "referral_redemptions_referrer" ON "referral_redemptions" USING btree ("referrer_buyer_id","redeemed_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "wallet_ledger_entries" ADD CONSTRAINT "wallet_ledger_entries_award_id_promotion_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."promotion_awards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger_entries" ADD CONSTRAINT "wallet_ledger_entries_membership_id_promotion_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."promotion_memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_ledger_entries_award" ON "wallet_ledger_entries" USING btree ("award_id") WHERE "wallet_ledger_entries"."award_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_ledger_entries_membership" ON "wallet_ledger_entries" USING btree ("membership_id") WHERE "wallet_ledger_entries"."membership_id" is not null;--> statement-breakpoint
ALTER TABLE "wallet_ledger_entries" ADD CONSTRAINT "wallet_ledger_entries_award" CHECK (("wallet_ledger_entries"."kind" = 'bonus') = ("wallet_ledger_entries"."award_id" is not null));--> statement-breakpoint
ALTER TABLE "wallet_ledger_entries" ADD CONSTRAINT "wallet_ledger_entries_membership" CHECK (("wallet_ledger_entries"."kind" = 'premium_membership') = ("wallet_ledger_entries"."membership_id" is not null));--> statement-breakpoint
ALTER TABLE "wallet_ledger_entries" ADD CONSTRAINT "wallet_ledger_entries_kind" CHECK ("wallet_ledger_entries"."kind" in ('cashback_credit', 'cashback_reversal', 'cashback_reinstatement', 'bonus', 'withdrawal', 'withdrawal_fee', 'withdrawal_return', 'points_exchange', 'premium_membership'));--> statement-breakpoint
-- "Once per person" looks accounts up by a confirmed identifier or a payout account
-- (server/promotions/same-person.ts; the expressions must stay identical to its SQL).
CREATE INDEX "identifier_changes_confirmed_key" ON "identifier_changes" (("kind" || ':' || "identifier")) WHERE "confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_payout_key" ON "withdrawals" ((case "payout_details"->>'target'
  when 'bank' then 'bank:' || ("payout_details"->>'bankCode') || ':' || ("payout_details"->>'accountNumber')
  when 'promptpay' then (case "payout_details"->>'promptPayIdKind' when 'mobile' then 'phone:' when 'national_id' then 'id:' else 'promptpay:' end) || ("payout_details"->>'promptPayId')
  when 'truemoney' then 'phone:' || ("payout_details"->>'mobileNumber')
end)) WHERE "payout_details" is not null;
