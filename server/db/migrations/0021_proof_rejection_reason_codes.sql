ALTER TABLE "proofs" DROP CONSTRAINT "proofs_rejection_reason";--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "rejection_reason_code" text;--> statement-breakpoint
ALTER TABLE "proofs" ADD CONSTRAINT "proofs_rejection_reason_code" CHECK ("proofs"."rejection_reason_code" is null or "proofs"."rejection_reason_code" in ('unreadable', 'order_details_missing', 'not_this_purchase', 'not_an_order', 'edited', 'other'));--> statement-breakpoint
ALTER TABLE "proofs" ADD CONSTRAINT "proofs_rejection_reason" CHECK ("proofs"."status" = 'rejected' or ("proofs"."rejection_reason" is null and "proofs"."rejection_reason_code" is null));--> statement-breakpoint
-- Hand-written (proof reason codes): proofs refused before the codes read as `other`, which sends
-- the shopper to the chat. No guess from the operator's words, unlike 0020: those were written
-- for the shopper in any language and a wrong guess could tell an honest shopper their picture
-- looks edited; their words stay as the operator's note.
UPDATE "proofs" SET "rejection_reason_code" = 'other'
  WHERE "status" = 'rejected' AND "rejection_reason_code" IS NULL;
