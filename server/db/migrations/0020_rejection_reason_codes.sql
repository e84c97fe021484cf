ALTER TABLE "cashback_transaction_events" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "cashback_transaction_events" ADD CONSTRAINT "cashback_transaction_events_reason_code" CHECK ("cashback_transaction_events"."reason_code" is null or "cashback_transaction_events"."reason_code" in ('item_returned', 'order_cancelled', 'order_not_paid', 'coupon_not_allowed', 'product_not_eligible', 'tracking_lost', 'duplicate_order', 'terms_breached', 'daily_item_limit', 'other'));--> statement-breakpoint
ALTER TABLE "cashback_transactions" ADD CONSTRAINT "cashback_transactions_reason_code" CHECK ("cashback_transactions"."reason_code" is null or "cashback_transactions"."reason_code" in ('item_returned', 'order_cancelled', 'order_not_paid', 'coupon_not_allowed', 'product_not_eligible', 'tracking_lost', 'duplicate_order', 'terms_breached', 'daily_item_limit', 'other'));--> statement-breakpoint
-- Hand-written (issue 20): decisions made before reason codes get one from their words, by the
-- keywords of domain/cashback/rejection-reasons.ts (`rejectionReasonKeywords`, in the same order;
-- `\m` is PostgreSQL's word start, JavaScript's `\b`). A cancellation by the daily item limit is
-- `daily_item_limit`, any other cancellation `order_cancelled`.
CREATE FUNCTION pg_temp.rejection_reason_code_of(words text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN words ~* '\mduplicat|\mdouble order|ซ้ำ' THEN 'duplicate_order'
    WHEN words ~* '\mcoupon|\mvoucher|\mpromo(tion)? ?code|\mdiscount code|คูปอง|โค้ด' THEN 'coupon_not_allowed'
    WHEN words ~* '\mcookie|\mad.?block|\mlast click|\m(another|other) (affiliate|publisher|link)|\mtracking (lost|fail)|\muntracked|\mnot tracked|คุกกี้|ลิงก์อื่น|ติดตามไม่ได้' THEN 'tracking_lost'
    WHEN words ~* '\mnot eligible|\mineligible|\mexclud|\mnot applicable|\mcategory|ไม่ร่วมรายการ|ไม่เข้าร่วม|ยกเว้น|หมวด' THEN 'product_not_eligible'
    WHEN words ~* '\mfraud|\mfake|\minvalid|\mviolat|\mbreach|\mterms|\mabuse|\msuspicious|\mreseller|\mbulk|ทุจริต|ปลอม|ผิดเงื่อนไข|ละเมิด' THEN 'terms_breached'
    WHEN words ~* '\munpaid|\mnot paid|\mnon.?payment|\mpayment (fail|declin)|\mcod\M|\mcash on delivery|\mfailed delivery|\mdelivery fail|\mundeliver|\mnot delivered|ไม่ชำระ|ไม่ได้ชำระ|ปฏิเสธการรับ|เก็บเงินปลายทาง|ส่งไม่สำเร็จ' THEN 'order_not_paid'
    WHEN words ~* '\mreturn|\mrefund|คืนสินค้า|ถูกคืน|ส่งคืน|คืนเงิน' THEN 'item_returned'
    WHEN words ~* '\mcancel|ยกเลิก' THEN 'order_cancelled'
    ELSE 'other'
  END
$$;--> statement-breakpoint
UPDATE "cashback_transactions" SET "reason_code" = CASE
    WHEN "status" = 'REJECTED' THEN pg_temp.rejection_reason_code_of("rejection_reason")
    WHEN "cancellation_reason" IS NOT NULL THEN 'daily_item_limit'
    ELSE 'order_cancelled'
  END
  WHERE "status" IN ('REJECTED', 'CANCELLED') AND "reason_code" IS NULL;--> statement-breakpoint
UPDATE "cashback_transaction_events" SET "reason_code" = CASE
    WHEN "kind" = 'REJECTED' THEN pg_temp.rejection_reason_code_of("rejection_reason")
    WHEN "actor" = 'rule:item-limit' THEN 'daily_item_limit'
    ELSE 'order_cancelled'
  END
  WHERE "kind" IN ('REJECTED', 'CANCELLED') AND "reason_code" IS NULL;--> statement-breakpoint
DROP FUNCTION pg_temp.rejection_reason_code_of(text);
