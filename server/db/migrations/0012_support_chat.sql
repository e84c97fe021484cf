CREATE TABLE "support_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"message_id" text,
	"position" smallint,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_attachments_content_type" CHECK ("support_attachments"."content_type" in ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "support_attachments_size" CHECK ("support_attachments"."byte_size" > 0 and "support_attachments"."width" > 0 and "support_attachments"."height" > 0),
	CONSTRAINT "support_attachments_position" CHECK (("support_attachments"."message_id" is null) = ("support_attachments"."position" is null))
);
--> statement-breakpoint
CREATE TABLE "support_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"last_sequence" integer DEFAULT 0 NOT NULL,
	"shopper_read_sequence" integer DEFAULT 0 NOT NULL,
	"agent_read_sequence" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"awaiting_answer_since" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_conversations_status" CHECK ("support_conversations"."status" in ('open', 'closed')),
	CONSTRAINT "support_conversations_sequences" CHECK ("support_conversations"."last_sequence" >= 0 and "support_conversations"."shopper_read_sequence" between 0 and "support_conversations"."last_sequence" and "support_conversations"."agent_read_sequence" between 0 and "support_conversations"."last_sequence")
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"sequence" integer NOT NULL,
	"author" text NOT NULL,
	"operator_id" text,
	"text" text NOT NULL,
	"transaction_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_messages_author" CHECK ("support_messages"."author" in ('shopper', 'agent')),
	CONSTRAINT "support_messages_operator" CHECK (("support_messages"."author" = 'agent') = ("support_messages"."operator_id" is not null)),
	CONSTRAINT "support_messages_sequence_positive" CHECK ("support_messages"."sequence" >= 1),
	CONSTRAINT "support_messages_text_length" CHECK (char_length("support_messages"."text") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_message_id_support_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."support_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_transaction_id_cashback_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."cashback_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_attachments_message" ON "support_attachments" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "support_attachments_buyer" ON "support_attachments" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_buyer" ON "support_conversations" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "support_conversations_queue" ON "support_conversations" USING btree ("status","awaiting_answer_since","last_message_at","id");--> statement-breakpoint
CREATE INDEX "support_conversations_updated" ON "support_conversations" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_sequence" ON "support_messages" USING btree ("conversation_id","sequence");--> statement-breakpoint
-- What was said in the support chat stays as it was said: nobody, shopper or agent, edits or deletes a message.
CREATE FUNCTION "refuse_support_message_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'support_messages is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "support_messages_append_only" BEFORE UPDATE OR DELETE ON "support_messages"
	FOR EACH ROW EXECUTE FUNCTION "refuse_support_message_change"();--> statement-breakpoint
CREATE TRIGGER "support_messages_no_truncate" BEFORE TRUNCATE ON "support_messages"
	FOR EACH STATEMENT EXECUTE FUNCTION "refuse_support_message_change"();
