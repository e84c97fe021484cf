CREATE TABLE "notification_preferences" (
	"buyer_id" text PRIMARY KEY NOT NULL,
	"muted_topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_preferences_topics" CHECK ("notification_preferences"."muted_topics" <@ array['cashback_approved', 'cashback_released', 'withdrawal', 'proof_reviewed', 'reminders', 'promotions', 'support']::text[])
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"kind" text NOT NULL,
	"reason_key" text NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"push_status" text DEFAULT 'pending' NOT NULL,
	"push_attempts" integer DEFAULT 0 NOT NULL,
	"push_due_at" timestamp with time zone,
	"push_lease_until" timestamp with time zone,
	"pushed_at" timestamp with time zone,
	CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('cashback_approved', 'cashback_released', 'withdrawal_paid', 'withdrawal_failed', 'proof_approved', 'proof_rejected', 'support_reply', 'cashback_waiting', 'purchase_overdue', 'withdrawal_overdue')),
	CONSTRAINT "notifications_push_status" CHECK ("notifications"."push_status" in ('pending', 'sent', 'skipped', 'failed')),
	CONSTRAINT "notifications_push_due" CHECK (("notifications"."push_status" = 'pending') = ("notifications"."push_due_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"session_token_hash" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_subscriptions_locale" CHECK ("push_subscriptions"."locale" in ('th', 'en'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_token_hash_sessions_token_hash_fk" FOREIGN KEY ("session_token_hash") REFERENCES "public"."sessions"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_reason" ON "notifications" USING btree ("buyer_id","reason_key");--> statement-breakpoint
CREATE INDEX "notifications_buyer_list" ON "notifications" USING btree ("buyer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_push_due" ON "notifications" USING btree ("push_due_at") WHERE "notifications"."push_status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_buyer" ON "push_subscriptions" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_session" ON "push_subscriptions" USING btree ("session_token_hash");