CREATE TABLE "buyer_status_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buyer_status_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"buyer_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyers" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"phone" text,
	"first_name" text,
	"last_name" text,
	"age" integer,
	"gender" text,
	"birth_date" date,
	"phone_or_id_number" text,
	"rating_basis_points" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"suspended_reason" text,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyers_identifier" CHECK ("buyers"."email" is not null or "buyers"."phone" is not null),
	CONSTRAINT "buyers_rating" CHECK ("buyers"."rating_basis_points" between 0 and 10000),
	CONSTRAINT "buyers_status" CHECK ("buyers"."status" in ('active', 'suspended')),
	CONSTRAINT "buyers_gender" CHECK ("buyers"."gender" in ('male', 'female', 'others', 'unspecified'))
);
--> statement-breakpoint
CREATE TABLE "cashback_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"status" text NOT NULL,
	"accepted" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashback_transactions_status" CHECK ("cashback_transactions"."status" in ('TRACKING', 'PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "sign_in_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"identifier" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "buyer_status_events" ADD CONSTRAINT "buyer_status_events_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD CONSTRAINT "cashback_transactions_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyer_status_events_buyer" ON "buyer_status_events" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "buyers_email" ON "buyers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "buyers_phone" ON "buyers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "cashback_transactions_buyer" ON "cashback_transactions" USING btree ("buyer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cashback_transactions_buyer_status" ON "cashback_transactions" USING btree ("buyer_id","status","accepted");--> statement-breakpoint
CREATE INDEX "sessions_buyer" ON "sessions" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "sessions_expires" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_codes_identifier" ON "sign_in_codes" USING btree ("identifier","created_at" DESC NULLS LAST);