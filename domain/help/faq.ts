import type { LocalizedText } from './help-text.ts'

/**
 * The FAQ of /support, grouped by topic (issue 15). The operator console imports `faqEntries`
 * for its agents' canned answers: keep the export's name and shape. Texts name their numbers as
 * `{figures}`: fill them with `fillHelpText(text, describeHelpFigures(rates, locale))`
 * (help-text.ts) before showing or sending one. `id`s are anchors (`/support#faq-<id>`): keep them
 * when a text changes.
 */
export type FaqTopic = { id: string; title: LocalizedText }
export type FaqEntry = { id: string; topicId: string; question: LocalizedText; answer: LocalizedText }

export const faqTopics: readonly FaqTopic[] = [
  { id: 'earning', title: { th: 'การรับเงินคืน', en: 'Earning cashback' } },
  { id: 'missing', title: { th: 'เงินคืนไม่เข้าหรือถูกปฏิเสธ', en: 'Missing or rejected cashback' } },
  { id: 'rating', title: { th: 'เรตติ้งและเงินคืนภายใน 1 วัน', en: 'Rating and 1-day cashback' } },
  { id: 'withdrawal', title: { th: 'ถอนเงินและแลกคะแนน', en: 'Withdrawals and points' } },
  { id: 'promotions', title: { th: 'โปรโมชันและชวนเพื่อน', en: 'Promotions and referral' } },
  { id: 'account', title: { th: 'บัญชีและการใช้งาน', en: 'Your account and the app' } },
]

export const faqEntries: readonly FaqEntry[] = [
  // Earning cashback
  {
    id: 'what-is-cashback',
    topicId: 'earning',
    question: { th: 'เงินคืนคืออะไร ได้มาจากไหน', en: 'What is cashback, and where does it come from?' },
    answer: {
      th: 'ร้านค้าพาร์ทเนอร์จ่ายค่าแนะนำให้เราเมื่อคุณซื้อผ่านลิงก์ของแอปเงินคืน เราแบ่งส่วนนั้นคืนให้คุณเป็นเงินคืน คุณจ่ายราคาเดิม ไม่มีค่าใช้จ่ายเพิ่ม',
      en: 'Partner shops pay us a referral fee when you buy through a NgernKhuen link, and we pass a share of it back to you as cashback. You pay the normal price, nothing more.',
    },
  },
  {
    id: 'how-much',
    topicId: 'earning',
    question: { th: 'เงินคืนคำนวณอย่างไร', en: 'How is my cashback worked out?' },
    answer: {
      th: 'คิดจากอัตราเงินคืนของร้าน ณ ตอนที่บันทึกการซื้อ คูณยอดซื้อที่ร้านค้าแจ้งมา ถ้าร้านมีเพดานต่อออเดอร์ เงินคืนจะไม่เกินเพดานนั้น ร้านที่เขียนว่า “เงินคืนสูงสุด” ให้อัตรานั้นกับสินค้าบางประเภทเท่านั้น',
      en: 'It is the shop’s cashback rate when the purchase was recorded, applied to the amount the shop reports. If the shop caps cashback per order, you get at most the cap. “Up to” means the rate applies to some kinds of products only.',
    },
  },
  {
    id: 'how-long',
    topicId: 'earning',
    question: { th: 'นานแค่ไหนกว่าจะได้เงินคืน', en: 'How long until I get my cashback?' },
    answer: {
      th: 'การซื้อจะขึ้นในแอปภายในจำนวนวันที่ร้านแจ้งไว้ แล้วร้านค้ายืนยันหลังพ้นช่วงคืนสินค้า ปกติ {standardWaitFromDays} ถึง {standardWaitToDays} วัน ถ้าเรตติ้งของคุณ {oneDayRating} ขึ้นไป เงินคืนจะอนุมัติภายใน 1 วันหลังร้านค้าได้รับคำสั่งซื้อ',
      en: 'The purchase shows up within the days the shop states, and the shop confirms it after its return window, usually {standardWaitFromDays} to {standardWaitToDays} days. With a rating of {oneDayRating} or more, cashback is approved 1 day after the shop receives the order.',
    },
  },
  {
    id: 'statuses',
    topicId: 'earning',
    question: {
      th: 'สถานะ “กำลังติดตาม” “รอดำเนินการ” และ “อนุมัติแล้ว” ต่างกันอย่างไร',
      en: 'What do “Tracking”, “Pending” and “Approved” mean?',
    },
    answer: {
      th: 'กำลังติดตาม: เราบันทึกการซื้อจากลิงก์ของคุณแล้ว รอดำเนินการ: ร้านค้าได้รับคำสั่งซื้อแล้ว รอยืนยัน อนุมัติแล้ว: ร้านค้ายืนยันแล้ว แตะ “รับเงินคืน” เพื่อโอนเข้ากระเป๋าเงิน แต่ละรายการบอกวันที่คาดว่าจะถึงขั้นถัดไปไว้',
      en: 'Tracking: we have recorded the purchase from your link. Pending: the shop has the order and has yet to confirm it. Approved: the shop confirmed it; tap “Accept” to move it into your wallet. Each purchase shows when to expect its next step.',
    },
  },
  {
    id: 'accept',
    topicId: 'earning',
    question: { th: 'ทำไมต้องกด “รับเงินคืน” เอง', en: 'Why do I have to tap “Accept”?' },
    answer: {
      th: 'เงินคืนที่อนุมัติแล้วจะเข้ากระเป๋าเมื่อคุณแตะ “รับเงินคืน” ที่รายการ เพื่อให้คุณเห็นทุกยอดที่เข้ามา ตัวเลขบนแท็บเงินคืนด้านล่างบอกจำนวนที่รอกดรับ หลังรับแล้วเก็บรายการเข้าคลังได้',
      en: 'Approved cashback goes into your wallet when you tap “Accept” on the purchase, so you see every amount that comes in. The number on the Cashback tab at the bottom counts what is waiting. After accepting, you can archive the purchase.',
    },
  },
  {
    id: 'overdue',
    topicId: 'earning',
    question: {
      th: 'เลยวันที่คาดไว้แล้วแต่ยังไม่อนุมัติ ทำอย่างไรดี',
      en: 'The expected date has passed and nothing happened. What now?',
    },
    answer: {
      th: 'วันที่คาดไว้มาจากระยะเวลาที่ร้านค้าแจ้ง บางร้านยืนยันช้ากว่านั้น ถ้าเลยกำหนดแล้วไม่มีความคืบหน้า ทักแชทหาทีมงานและบอกรายการนั้นมา เราจะตามกับร้านค้าให้',
      en: 'The date comes from the wait the shop states, and some shops confirm later than that. If it has passed with no progress, chat with our team about that purchase and we will follow it up with the shop.',
    },
  },
  // Missing or rejected cashback
  {
    id: 'not-showing',
    topicId: 'missing',
    question: { th: 'ซื้อแล้วแต่รายการไม่ขึ้นในหน้าเงินคืน', en: 'I bought something but it is not under Cashback' },
    answer: {
      th: 'รอให้ครบจำนวนวันที่ร้านแจ้งไว้ในหน้าร้านก่อน ถ้ายังไม่ขึ้น ทักแชทหาทีมงานพร้อมเลขคำสั่งซื้อ วันที่ซื้อ และภาพหน้าจอคำสั่งซื้อ เราจะตรวจสอบกับร้านค้าให้',
      en: 'Wait for the days stated on the shop’s page first. If it is still missing, chat with our team and send the order number, the date and a screenshot of the order; we will check with the shop.',
    },
  },
  {
    id: 'why-missing',
    topicId: 'missing',
    question: { th: 'อะไรทำให้เงินคืนไม่ถูกบันทึก', en: 'What stops cashback from being tracked?' },
    answer: {
      th: 'สาเหตุที่พบบ่อย: ตัวบล็อกโฆษณาหรือส่วนขยายที่บล็อกการติดตาม กดลิงก์หรือโค้ดจากเว็บคูปองหรือเว็บเงินคืนอื่นหลังลิงก์ของเรา สลับแอป แท็บ หรืออุปกรณ์ก่อนจ่ายเงิน มีสินค้าในตะกร้าอยู่ก่อนกดลิงก์ และคำสั่งซื้อที่ยังไม่ได้ชำระเงินครบ',
      en: 'The usual causes: an ad blocker or an extension that blocks tracking; clicking a link or code from a coupon or other cashback site after ours; switching app, tab or device before paying; items already in the cart before the click; and orders not fully paid.',
    },
  },
  {
    id: 'coupon-codes',
    topicId: 'missing',
    question: { th: 'ใช้โค้ดส่วนลดได้ไหม', en: 'Can I use discount codes?' },
    answer: {
      th: 'ได้ ถ้าเป็นโค้ดของร้านค้าเองหรือของแอปเงินคืน โค้ดจากเว็บคูปองหรือเว็บเงินคืนอื่นจะทำให้ร้านค้านับการซื้อนั้นให้เว็บอื่นแทน',
      en: 'Yes, the shop’s own codes or ours. A code from a coupon site or another cashback site makes the shop credit the purchase to that site instead.',
    },
  },
  {
    id: 'why-rejected',
    topicId: 'missing',
    question: { th: 'ทำไมรายการถูกปฏิเสธหรือยกเลิก', en: 'Why was my purchase rejected or cancelled?' },
    answer: {
      th: 'ร้านค้าปฏิเสธเมื่อมีการคืนสินค้า ยกเลิก ไม่ชำระเงิน หรือการซื้อไม่ตรงเงื่อนไขของร้าน เหตุผลแสดงอยู่ที่หน้ารายการ ส่วนการซื้อสินค้าชิ้นเดียวกันเกิน {maxPiecesPerItemPerDay} ชิ้นในวันเดียว ระบบจะยกเลิกเงินคืนของรายการที่ทำให้เกิน',
      en: 'Shops reject purchases that were returned, cancelled, left unpaid or outside their terms; the reason is on the purchase’s page. Buying more than {maxPiecesPerItemPerDay} pieces of one item in a day cancels the cashback of the purchase that goes past it.',
    },
  },
  {
    id: 'appeal',
    topicId: 'missing',
    question: { th: 'อุทธรณ์รายการที่ถูกปฏิเสธได้อย่างไร', en: 'How do I appeal a rejection?' },
    answer: {
      th: 'เปิดรายการในแท็บ “ถูกปฏิเสธ” แล้วส่งรูปหลักฐานได้สูงสุด {maxProofImages} รูป เช่น หน้าคำสั่งซื้อที่เห็นเลขคำสั่งซื้อและยอดชำระ ใบเสร็จ หรือหลักฐานการได้รับสินค้า ทีมงานจะตรวจสอบและแจ้งผลที่หน้านั้น ถ้าไม่ผ่าน ลบรูปเดิมแล้วส่งใหม่ได้',
      en: 'Open the purchase under the “Rejected” tab and send up to {maxProofImages} pictures, such as the order page showing its number and amount, a receipt or proof of delivery. Our team reviews them and answers on that page; if they are not accepted, delete them and send new ones.',
    },
  },
  {
    id: 'negative-balance',
    topicId: 'missing',
    question: { th: 'ทำไมยอดในกระเป๋าเงินติดลบ', en: 'Why is my wallet balance below zero?' },
    answer: {
      th: 'ถ้าร้านค้าปฏิเสธการซื้อหลังจากคุณรับเงินคืนเข้ากระเป๋าแล้ว ยอดนั้นจะถูกหักคืน ซึ่งเกิดได้กับเงินคืนภายใน 1 วันที่จ่ายก่อนร้านค้ายืนยัน ยอดติดลบจะหักจากเงินคืนรายการถัดไป',
      en: 'If a shop rejects a purchase after you accepted its cashback, the amount is taken back. It can happen with 1-day cashback, which is paid before the shop confirms. The negative balance is made up from your next cashback.',
    },
  },
  // Rating and 1-day cashback
  {
    id: 'rating',
    topicId: 'rating',
    question: { th: 'เรตติ้งคำนวณอย่างไร', en: 'How is my rating worked out?' },
    answer: {
      th: 'เรตติ้งคือสัดส่วนคำสั่งซื้อที่ร้านค้าอนุมัติ จากคำสั่งซื้อที่ตัดสินแล้วทั้งหมด ลดลงเมื่อคืนสินค้าหรือถูกปฏิเสธ ร้านค้ายกเลิก หรือมีพฤติกรรมผิดเงื่อนไข บัญชีใหม่เริ่มที่ 100%',
      en: 'It is the share of your decided purchases that shops approved. Returns or rejections, cancellations by the shop and behaviour against the terms lower it. A new account starts at 100%.',
    },
  },
  {
    id: 'one-day',
    topicId: 'rating',
    question: { th: 'ทำอย่างไรให้ได้เงินคืนภายใน 1 วัน', en: 'How do I get 1-day cashback?' },
    answer: {
      th: 'มีเรตติ้ง {oneDayRating} ขึ้นไป และมีคำสั่งซื้อที่ตัดสินแล้วอย่างน้อย {minimumDecidedPurchases} รายการ จากนั้นเงินคืนไม่เกิน {maxForRating} ต่อคำสั่งซื้อจะอนุมัติภายใน 1 วันหลังร้านค้าได้รับคำสั่งซื้อ ไม่ต้องรอร้านค้ายืนยัน',
      en: 'Keep a rating of {oneDayRating} or more with at least {minimumDecidedPurchases} decided purchases. Cashback of up to {maxForRating} per order is then approved 1 day after the shop receives the order, without waiting for the shop to confirm.',
    },
  },
  {
    id: 'one-day-proof',
    topicId: 'rating',
    question: {
      th: 'ทำไมบางรายการขอให้ส่งหลักฐานเพื่อรับภายใน 1 วัน',
      en: 'Why does a purchase ask me for proof to get 1-day cashback?',
    },
    answer: {
      th: 'เงินคืนที่เกิน {maxForRating} แต่ไม่เกิน {maxForProof} ต่อคำสั่งซื้อ ต้องมีหลักฐานการสั่งซื้อ ส่งรูปใบเสร็จหรือหน้าคำสั่งซื้อที่หน้ารายการ เมื่อทีมงานอนุมัติจะได้รับภายใน 1 วัน ถ้าไม่ส่ง รายการนั้นจะรอร้านค้ายืนยันตามปกติ',
      en: 'Cashback above {maxForRating} and up to {maxForProof} per order needs a proof of purchase. Send a picture of the receipt or order page from the purchase’s page; once our team approves it, the cashback comes in 1 day. Without it, the purchase waits for the shop as usual.',
    },
  },
  {
    id: 'own-cancellation',
    topicId: 'rating',
    question: { th: 'ยกเลิกคำสั่งซื้อเองแล้วเรตติ้งจะลดไหม', en: 'Does cancelling an order myself lower my rating?' },
    answer: {
      th: 'ไม่ลด การยกเลิกโดยคุณเอง และการยกเลิกที่ไม่รู้ว่าใครเป็นผู้ยกเลิก จะไม่นับในเรตติ้ง แต่การยกเลิกบ่อยๆ อาจทำให้ทีมงานตรวจสอบบัญชี',
      en: 'No. Your own cancellations, and cancellations when we do not know who cancelled, are not counted. Frequent cancellations may still lead our team to review the account.',
    },
  },
  // Withdrawals and points
  {
    id: 'withdraw-methods',
    topicId: 'withdrawal',
    question: { th: 'ถอนเงินได้ช่องทางไหนบ้าง', en: 'Where can I withdraw to?' },
    answer: {
      th: 'บัญชีธนาคารกสิกรไทย กรุงเทพ ไทยพาณิชย์ หรือกรุงศรีอยุธยา พร้อมเพย์ (เบอร์มือถือ เลขบัตรประชาชน หรือเลขอีวอลเล็ท) และทรูมันนี่ วอลเล็ท หรือแลกเป็นคะแนนก็ได้',
      en: 'A KBank, Bangkok Bank, SCB or Krungsri account, PromptPay (mobile number, national ID or e-wallet ID) or TrueMoney Wallet. You can also exchange cashback for points.',
    },
  },
  {
    id: 'withdraw-minimum',
    topicId: 'withdrawal',
    question: { th: 'ถอนเงินขั้นต่ำเท่าไร', en: 'What is the minimum withdrawal?' },
    answer: {
      th: 'ถอนได้ครั้งละตั้งแต่ {minWithdrawal} และเงินคืนสะสมตั้งแต่สมัครต้องเกิน {minWithdrawal} แลกคะแนนขั้นต่ำ {minPointsExchange}',
      en: '{minWithdrawal} per withdrawal, and the cashback you have collected since joining must be above {minWithdrawal}. Points exchanges start at {minPointsExchange}.',
    },
  },
  {
    id: 'withdraw-fee',
    topicId: 'withdrawal',
    question: { th: 'ถอนเงินมีค่าธรรมเนียมไหม', en: 'Is there a withdrawal fee?' },
    answer: {
      th: 'มีค่าธรรมเนียมระบบ {withdrawalFee} ของยอดที่ถอน แอปแสดงยอดที่จะได้รับก่อนให้ยืนยัน เช่น ถอน {withdrawalExampleAmount} ได้รับ {withdrawalExampleNet} การแลกคะแนนไม่มีค่าธรรมเนียม',
      en: 'Yes, a {withdrawalFee} system fee on the amount withdrawn, and the app shows what you will receive before you confirm: withdraw {withdrawalExampleAmount}, receive {withdrawalExampleNet}. Exchanging for points is free.',
    },
  },
  {
    id: 'withdraw-time',
    topicId: 'withdrawal',
    question: { th: 'ถอนแล้วกี่วันเงินเข้า', en: 'How long does a withdrawal take?' },
    answer: {
      th: 'บัญชีธนาคารและพร้อมเพย์ภายใน {bankBusinessDays} วันทำการ ทรูมันนี่ วอลเล็ทภายใน {trueMoneyBusinessDaysFrom} ถึง {trueMoneyBusinessDaysTo} วันทำการ สมาชิกที่ได้รับเงินคืนภายใน 1 วันได้รับภายใน {oneDayMemberPayoutDays} วันทำการทุกช่องทาง วันที่คาดว่าจะได้รับแสดงในประวัติการถอน',
      en: 'Bank accounts and PromptPay within {bankBusinessDays} business days, TrueMoney Wallet within {trueMoneyBusinessDaysFrom} to {trueMoneyBusinessDaysTo}. Members with 1-day cashback are paid within {oneDayMemberPayoutDays} business days on every method. Your withdrawal history shows the expected date.',
    },
  },
  {
    id: 'withdraw-refused',
    topicId: 'withdrawal',
    question: { th: 'ทำไมถอนเงินไม่ได้', en: 'Why can’t I withdraw?' },
    answer: {
      th: 'ตรวจว่ายอดที่ถอนไม่ต่ำกว่า {minWithdrawal} และไม่เกินยอดในกระเป๋า เงินคืนสะสมเกิน {minWithdrawal} แล้ว และไม่มีรายการถอนหรือแลกคะแนนที่ยังดำเนินการอยู่ บัญชีที่ถูกระงับถอนเงินไม่ได้ ทักแชทหาทีมงานได้',
      en: 'Check that the amount is at least {minWithdrawal} and no more than your balance, that your collected cashback is above {minWithdrawal}, and that no other withdrawal or exchange is in progress. A suspended account cannot withdraw; chat with our team.',
    },
  },
  {
    id: 'withdraw-offline',
    topicId: 'withdrawal',
    question: { th: 'ถอนเงินตอนไม่มีสัญญาณได้ไหม', en: 'Can I withdraw with no signal?' },
    answer: {
      th: 'ได้ รายการจะรออยู่ในเครื่อง แถบด้านบนบอกจำนวนที่รอส่ง และแอปจะส่งครั้งเดียวเมื่อกลับมาออนไลน์ ไม่มีการถอนซ้ำ',
      en: 'Yes. The withdrawal waits on your phone, the top bar counts what is waiting, and the app sends it once when you are back online, never twice.',
    },
  },
  {
    id: 'points',
    topicId: 'withdrawal',
    question: { th: 'แลกเงินคืนเป็นคะแนนอย่างไร', en: 'How do I exchange cashback for points?' },
    answer: {
      th: 'ในหน้าถอนเงิน เลือกแลกคะแนน 1 บาท ได้ {pointsPerBaht} คะแนน ขั้นต่ำ {minPointsExchange} เป็นบาทเต็ม ไม่มีค่าธรรมเนียม และได้คะแนนทันที',
      en: 'On the withdrawal page, choose the points exchange: THB 1 gives {pointsPerBaht} points, from {minPointsExchange} in whole baht, with no fee, and the points arrive at once.',
    },
  },
  // Promotions and referral
  {
    id: 'new-member-bonus',
    topicId: 'promotions',
    question: { th: 'จะได้โบนัสสมาชิกใหม่เมื่อไร', en: 'When do I get the new-member bonus?' },
    answer: {
      th: 'เมื่อยอดซื้อที่ร้านค้าอนุมัติแล้ว จากคำสั่งซื้อที่กดลิงก์ภายใน {newUserBonusQualifyingDays} วันแรกหลังสมัคร รวมครบ {newUserBonusSpendingThreshold} คุณจะได้ {firstBonus} เข้ากระเป๋าเงิน ได้ครั้งเดียวต่อคน',
      en: 'When purchases you clicked through in your first {newUserBonusQualifyingDays} days reach {newUserBonusSpendingThreshold} of approved spending, {firstBonus} goes into your wallet. Once per person.',
    },
  },
  {
    id: 'first-week',
    topicId: 'promotions',
    question: { th: 'เงินคืน x2 สัปดาห์แรกคืออะไร', en: 'What is x2 cashback in the first week?' },
    answer: {
      th: 'คำสั่งซื้อที่กดลิงก์ภายใน {firstWeekDays} วันแรกหลังสมัครได้เงินคืนเพิ่มอีกเท่าตัว ส่วนที่เพิ่มไม่เกิน {firstWeekMaxPerOrder} ต่อคำสั่งซื้อ ได้แม้ร้านค้าจะอนุมัติหลังพ้นสัปดาห์แรก',
      en: 'Orders clicked through in your first {firstWeekDays} days earn their cashback twice, the extra capped at {firstWeekMaxPerOrder} per order, even when the shop approves after that week.',
    },
  },
  {
    id: 'special-cashback',
    topicId: 'promotions',
    question: { th: 'Special Cashback ทำงานอย่างไร', en: 'How does Special Cashback work?' },
    answer: {
      th: 'เมื่อยอดในกระเป๋าเงินเกิน {stairLevel1Balance} {stairLevel2Balance} หรือ {stairLevel3Balance} เข้าร่วมรับเงินคืนเพิ่ม {stairLevel1Bonus} {stairLevel2Bonus} หรือ {stairLevel3Bonus} ได้นาน {specialCashbackMonths} เดือน เข้าร่วมได้ครั้งเดียว สิ้นสุดทันทีเมื่อยอดต่ำกว่าระดับ และใช้ร่วมกับสมาชิกพรีเมียมไม่ได้',
      en: 'With a wallet balance above {stairLevel1Balance}, {stairLevel2Balance} or {stairLevel3Balance}, join for an extra {stairLevel1Bonus}, {stairLevel2Bonus} or {stairLevel3Bonus} cashback for {specialCashbackMonths} months. You can join once; it ends as soon as your balance falls below your level, and it cannot be combined with premium membership.',
    },
  },
  {
    id: 'premium',
    topicId: 'promotions',
    question: { th: 'สมาชิกพรีเมียมได้อะไร', en: 'What does premium membership give me?' },
    answer: {
      th: 'จ่าย {premiumPrice} จากกระเป๋าเงิน รับเงินคืนเพิ่ม {premiumBonus} นาน {premiumYears} ปี สมัครได้ครั้งเดียว และใช้ร่วมกับ Special Cashback ไม่ได้',
      en: 'For {premiumPrice} paid from your wallet, you get {premiumBonus} extra cashback for {premiumYears} years. You can join once, and not together with Special Cashback.',
    },
  },
  {
    id: 'referral',
    topicId: 'promotions',
    question: { th: 'ชวนเพื่อนได้อะไร', en: 'What do I get for referring a friend?' },
    answer: {
      th: 'ส่งรหัสแนะนำจากหน้าโปรโมชันให้เพื่อนที่ยังไม่เคยสมัคร เพื่อนต้องใส่รหัสภายใน {referralRedeemHours} ชั่วโมงหลังสมัคร เมื่อยอดซื้อที่ร้านค้ายืนยันของเพื่อนครบ {referralSpendingThreshold} คุณได้ {referralBonus}',
      en: 'Send your referral code from Promotions to a friend who has not joined. They enter it within {referralRedeemHours} hours of signing up, and when their confirmed purchases reach {referralSpendingThreshold}, you get {referralBonus}.',
    },
  },
  // Your account and the app
  {
    id: 'sign-in',
    topicId: 'account',
    question: { th: 'เข้าสู่ระบบอย่างไร ไม่ได้รับรหัส', en: 'How do I sign in? My code did not arrive' },
    answer: {
      th: 'ใส่อีเมลหรือเบอร์มือถือ เราจะส่งรหัส 6 หลักที่ใช้ได้ 10 นาที ถ้าไม่ได้รับ ตรวจโฟลเดอร์อีเมลขยะหรือข้อความ SMS แล้วแตะ “ส่งรหัสอีกครั้ง” เมื่อครบเวลา ไม่มีรหัสผ่านให้จำ',
      en: 'Enter your email or mobile number and we send a 6-digit code that works for 10 minutes. If it does not arrive, check your spam folder or text messages, then tap “Send the code again” when the timer allows. There is no password to remember.',
    },
  },
  {
    id: 'suspended',
    topicId: 'account',
    question: { th: 'ทำไมบัญชีถูกระงับ', en: 'Why was my account suspended?' },
    answer: {
      th: 'บัญชีอาจถูกระงับเมื่อยอดในกระเป๋าติดลบเป็นเวลานาน ยกเลิกคำสั่งซื้อบ่อย หรือมีการทุจริต ทีมงานตรวจสอบทุกครั้งก่อนระงับ ถ้าคิดว่าเป็นความผิดพลาด ทักแชทหาเราได้ แม้บัญชีจะถูกระงับ',
      en: 'An account may be suspended when its wallet stays below zero for a long time, when it cancels orders often, or for fraud. Our team reviews every case first. If you think it is a mistake, chat with us: the chat works even while suspended.',
    },
  },
  {
    id: 'what-we-track',
    topicId: 'account',
    question: { th: 'เงินคืนเก็บข้อมูลอะไรของฉันบ้าง', en: 'What does NgernKhuen track about me?' },
    answer: {
      th: 'เราบันทึกการคลิกลิงก์ของเราและข้อมูลการซื้อที่ร้านค้าแจ้งกลับมา เช่น ยอดซื้อและสถานะ เพื่อคำนวณเงินคืน เราไม่แทรกอะไรลงในหน้าร้านค้า และไม่เปลี่ยนลิงก์ที่คุณเปิดจากที่อื่น',
      en: 'We record clicks on our links and what shops report back about the purchase, such as the amount and its status, to work out your cashback. We never inject anything into a shop’s pages or change links you open elsewhere.',
    },
  },
  {
    id: 'offline',
    topicId: 'account',
    question: { th: 'ใช้แอปตอนไม่มีสัญญาณได้ไหม', en: 'Does the app work with no signal?' },
    answer: {
      th: 'ได้บางส่วน หน้าที่เคยเปิดแล้ว รวมถึงหน้าช่วยเหลือนี้ เปิดดูได้แม้ออฟไลน์ การถอนเงินและรูปหลักฐานที่ส่งตอนไม่มีสัญญาณจะรอในเครื่องและส่งเองเมื่อกลับมาออนไลน์',
      en: 'Partly. Pages you have opened before, this help page included, open offline. Withdrawals and proof pictures sent with no signal wait on your phone and go out by themselves once you are back online.',
    },
  },
  {
    id: 'change-details',
    topicId: 'account',
    question: { th: 'เปลี่ยนอีเมล เบอร์มือถือ หรือภาษาได้ที่ไหน', en: 'Where do I change my email, mobile number or language?' },
    answer: {
      th: 'ในหน้าฉัน แตะ “แก้ไขข้อมูลส่วนตัว” อีเมลหรือเบอร์ใหม่ต้องยืนยันด้วยรหัสที่ส่งไปก่อนจึงจะใช้ได้ ส่วนภาษาเปลี่ยนได้จากปุ่มภาษาที่แถบด้านบน',
      en: 'Under Me, tap “Edit profile”. A new email or number only takes effect once you confirm it with the code we send there. Switch the language with the language button in the top bar.',
    },
  },
]
