ALTER TABLE "proofs" DROP CONSTRAINT "proofs_rejection_reason";--> statement-breakpoint
-- Hand-written (proof reason codes, second step): a refusal the release before reason codes wrote
-- during the deploy of 0021 has none; like 0021's, it reads as `other` (the chat). Then the
-- database requires a code on every refusal.
UPDATE "proofs" SET "rejection_reason_code" = 'other'
  WHERE "status" = 'rejected' AND "rejection_reason_code" IS NULL;--> statement-breakpoint
ALTER TABLE "proofs" ADD CONSTRAINT "proofs_rejection_reason" CHECK (case when "proofs"."status" = 'rejected' then "proofs"."rejection_reason_code" is not null else "proofs"."rejection_reason" is null and "proofs"."rejection_reason_code" is null end);
