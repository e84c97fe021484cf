CREATE TABLE "dev_outbox_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dev_outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"recipient" text NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dev_outbox_messages_recipient" ON "dev_outbox_messages" USING btree ("recipient","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dev_outbox_messages_recorded" ON "dev_outbox_messages" USING btree ("recorded_at");