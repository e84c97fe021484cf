import type { HelpIllustration, HelpStep } from './help-step.ts'
import type { LocalizedText } from './help-text.ts'

/**
 * The tutorials of /tutorial and /tutorial/detail/{id} (issue 15): how this app works, step by
 * step, for shoppers in Thailand. Thai is the source; the English says the same. Numbers are
 * `{figures}` (help-text.ts), never typed in. `id` is the page's address: keep it when a text
 * changes, so shared links keep working.
 */
export type Tutorial = {
  id: string
  title: LocalizedText
  summary: LocalizedText
  /** The drawing of the tutorial in the list. */
  illustration: HelpIllustration
  steps: readonly HelpStep[]
}

export const tutorials: readonly Tutorial[] = [
  {
    id: 'how-cashback-works',
    title: {
      th: 'เงินคืนทำงานอย่างไร ตั้งแต่กดลิงก์จนเข้ากระเป๋า',
      en: 'How cashback works, from tap to wallet',
    },
    summary: {
      th: 'ตามเงินคืนทีละขั้น: เลือกร้าน ช้อปผ่านลิงก์ของเรา รอร้านค้ายืนยัน แล้วกดรับเข้ากระเป๋าเงิน',
      en: 'Follow your cashback step by step: pick a shop, buy through our link, wait for the shop to confirm, then accept it into your wallet.',
    },
    illustration: 'status-timeline',
    steps: [
      {
        title: { th: 'เลือกร้านค้าพาร์ทเนอร์', en: 'Pick a partner shop' },
        body: {
          th: 'เปิดหน้าร้านค้า ค้นหาชื่อร้านหรือเลือกหมวดหมู่ แล้วดูอัตราเงินคืนของแต่ละร้าน ร้านที่เขียนว่า “เงินคืนสูงสุด” ให้อัตรานั้นกับสินค้าบางประเภท และบางร้านมีเพดานเงินคืนต่อออเดอร์ที่แสดงไว้ใต้อัตรา',
          en: 'Open Merchants, search for a shop or pick a category, and check each shop’s cashback rate. “Up to” means the rate applies to some kinds of products, and some shops cap the cashback per order (shown under the rate).',
        },
        illustration: 'merchant-list',
        link: { screen: '/merchants' },
      },
      {
        title: { th: 'แตะ “ช้อปเลย” แล้ว “ไปที่ร้านค้า”', en: 'Tap “Shop now”, then “Go to the shop”' },
        body: {
          th: 'ต้องเข้าสู่ระบบก่อน แอปจะแสดงเช็กลิสต์สั้นๆ และบอกว่าร้านนี้ใช้เวลากี่วันในการแจ้งยอดซื้อและยืนยัน เมื่อแตะ “ไปที่ร้านค้า” เราจะบันทึกการคลิกของคุณ แล้วพาไปหน้าร้านพร้อมรหัสติดตามที่ผูกกับบัญชีของคุณ',
          en: 'Sign in first. The app shows a short checklist and how many days this shop takes to report and confirm a purchase. When you tap “Go to the shop”, we record your click and send you to the shop with a tracking code tied to your account.',
        },
        illustration: 'shop-now',
      },
      {
        title: { th: 'ช้อปและชำระเงินให้เสร็จ', en: 'Shop and pay' },
        body: {
          th: 'ใส่สินค้าลงตะกร้าหลังกดลิงก์ แล้วชำระเงินให้ครบในเบราว์เซอร์เดียวกัน ไม่ต้องทำอะไรเพิ่ม ร้านค้าจะแจ้งการซื้อกลับมาที่เราเอง',
          en: 'Add items to your cart after tapping our link and pay in full in the same browser. There is nothing else to do: the shop reports the purchase back to us.',
        },
        illustration: 'checkout',
      },
      {
        title: { th: 'ติดตามสถานะในหน้าเงินคืน', en: 'Follow it under Cashback' },
        body: {
          th: 'ภายในจำนวนวันที่ร้านแจ้งไว้ รายการจะขึ้นเป็น “กำลังติดตาม” แล้วเปลี่ยนเป็น “รอดำเนินการ” เมื่อร้านค้าได้รับคำสั่งซื้อ ร้านค้าจะยืนยันหลังพ้นช่วงคืนสินค้า ปกติ {standardWaitFromDays} ถึง {standardWaitToDays} วัน แต่ละรายการบอกวันที่คาดว่าจะได้รับไว้',
          en: 'Within the days the shop states, the purchase appears as “Tracking”, then turns “Pending” once the shop has the order. The shop confirms it after its return window, usually {standardWaitFromDays} to {standardWaitToDays} days; each purchase shows the date to expect.',
        },
        illustration: 'status-timeline',
        link: { screen: '/cashback', tab: 'pending' },
      },
      {
        title: { th: 'แตะ “รับเงินคืน” เข้ากระเป๋า', en: 'Tap “Accept” to move it to your wallet' },
        body: {
          th: 'เมื่อร้านค้ายืนยัน รายการจะย้ายไปแท็บ “อนุมัติแล้ว” และแท็บเงินคืนด้านล่างจะมีตัวเลขบอกจำนวนที่รอกดรับ แตะ “รับเงินคืน” เพื่อเพิ่มยอดเข้ากระเป๋าเงิน จากนั้นเก็บรายการเข้าคลังได้',
          en: 'Once the shop confirms, the purchase moves to the “Approved” tab and the Cashback tab at the bottom shows how many are waiting. Tap “Accept” to add it to your wallet, then archive the purchase if you like.',
        },
        illustration: 'accept-cashback',
        link: { screen: '/cashback', tab: 'approved' },
      },
      {
        title: { th: 'ถอนเงินหรือแลกคะแนน', en: 'Withdraw it or exchange it for points' },
        body: {
          th: 'ยอดในกระเป๋าเงินถอนเข้าบัญชีธนาคาร พร้อมเพย์ หรือทรูมันนี่ วอลเล็ทได้ตั้งแต่ {minWithdrawal} ขึ้นไป หรือแลกเป็นคะแนนก็ได้',
          en: 'Withdraw your wallet balance to a bank account, PromptPay or TrueMoney Wallet from {minWithdrawal}, or exchange it for points.',
        },
        illustration: 'wallet',
        link: { screen: '/wallet' },
      },
    ],
  },
  {
    id: 'missing-cashback',
    title: {
      th: 'ทำไมเงินคืนไม่เข้า และวิธีป้องกัน',
      en: 'Why cashback goes missing, and how to avoid it',
    },
    summary: {
      th: 'สาเหตุที่ร้านค้าไม่บันทึกการซื้อให้เรา และสิ่งที่ควรทำก่อนกดจ่ายเงินทุกครั้ง',
      en: 'What stops a shop from crediting your purchase to us, and what to do before every payment.',
    },
    illustration: 'ad-blocker',
    steps: [
      {
        title: { th: 'ปิดตัวบล็อกโฆษณาก่อนช้อป', en: 'Turn off ad blockers before you shop' },
        body: {
          th: 'ตัวบล็อกโฆษณาและส่วนขยายหรือโหมดที่บล็อกการติดตาม อาจตัดรหัสติดตามออกจากลิงก์ ร้านค้าจึงไม่รู้ว่าคุณมาจากเงินคืน ปิดไว้ก่อนแตะ “ไปที่ร้านค้า” แล้วค่อยเปิดใหม่หลังชำระเงิน',
          en: 'Ad blockers and extensions or browser modes that block tracking can strip the tracking code from our link, so the shop never learns you came from us. Turn them off before tapping “Go to the shop” and back on after you have paid.',
        },
        illustration: 'ad-blocker',
      },
      {
        title: {
          th: 'ไม่กดลิงก์หรือโค้ดจากเว็บอื่นหลังลิงก์ของเรา',
          en: 'Don’t click another site’s link or code after ours',
        },
        body: {
          th: 'ร้านค้าให้เครดิตกับลิงก์สุดท้ายที่คุณกดก่อนซื้อ ถ้าหลังจากกดลิงก์ของเราแล้วไปกดลิงก์หรือโค้ดส่วนลดจากเว็บคูปอง เว็บหรือแอปเงินคืนอื่น หรือส่วนขยายของเบราว์เซอร์ การซื้อนั้นจะถูกนับให้ที่อื่น ใช้ได้เฉพาะโค้ดของร้านค้าเองหรือของแอปเงินคืน',
          en: 'Shops credit the last link you clicked before buying. If, after our link, you click a link or discount code from a coupon site, another cashback site or app, or a browser extension, the purchase is credited to them. Only the shop’s own codes or ours are safe to use.',
        },
        illustration: 'last-click',
      },
      {
        title: { th: 'ซื้อให้จบในเบราว์เซอร์เดียวกัน', en: 'Finish in the same browser, in one go' },
        body: {
          th: 'เริ่มจากลิงก์ของเราแล้วซื้อให้จบในเบราว์เซอร์เดิม ไม่สลับไปแอปของร้านค้า แท็บอื่น หรืออุปกรณ์อื่น ถ้าปิดไปแล้วกลับมาซื้อทีหลัง ให้แตะ “ช้อปเลย” ที่หน้าร้านใหม่อีกครั้งก่อนจ่ายเงิน',
          en: 'Start from our link and finish the purchase in that browser, without switching to the shop’s app, another tab or another device. If you leave and come back later, tap “Shop now” on the shop’s page again before you pay.',
        },
        illustration: 'same-browser',
      },
      {
        title: { th: 'เริ่มตะกร้าใหม่หลังกดลิงก์', en: 'Fill your cart after the click' },
        body: {
          th: 'สินค้าที่อยู่ในตะกร้าตั้งแต่ก่อนกดลิงก์ของเราอาจไม่ได้รับเงินคืน ใส่สินค้าลงตะกร้าหลังจากแตะ “ไปที่ร้านค้า” แล้ว',
          en: 'Items that were already in your cart before you tapped our link may earn nothing. Add them after tapping “Go to the shop”.',
        },
        illustration: 'fresh-cart',
      },
      {
        title: { th: 'ชำระเงินเต็มจำนวน', en: 'Pay in full' },
        body: {
          th: 'การซื้อจะนับเมื่อชำระเงินครบแล้วเท่านั้น คำสั่งซื้อที่ยังไม่จ่าย ยกเลิก หรือคืนสินค้าจะไม่ได้รับเงินคืน ถ้าเลือกเก็บเงินปลายทาง ต้องรับสินค้าและจ่ายเงินให้เรียบร้อย',
          en: 'A purchase only counts once it is fully paid. Unpaid, cancelled or returned orders earn no cashback; with cash on delivery, the order counts once you have received it and paid.',
        },
        illustration: 'full-payment',
      },
      {
        title: { th: 'ถ้ารายการยังไม่ขึ้น ทักแชทหาเรา', en: 'Still not there? Chat with us' },
        body: {
          th: 'รอให้ครบจำนวนวันที่ร้านแจ้งไว้ก่อน ถ้ายังไม่ขึ้นในหน้าเงินคืน ทักแชทหาทีมงานพร้อมเลขคำสั่งซื้อ วันที่ซื้อ และภาพหน้าจอคำสั่งซื้อ เราจะตรวจสอบกับร้านค้าให้',
          en: 'Wait for the days the shop states first. If the purchase is still not under Cashback, chat with our team and send the order number, the date and a screenshot of the order; we will check with the shop.',
        },
        illustration: 'chat',
        link: { screen: 'chat' },
      },
    ],
  },
  {
    id: 'appeal-with-proof',
    title: {
      th: 'อุทธรณ์รายการที่ถูกปฏิเสธด้วยหลักฐาน',
      en: 'Appeal a rejected purchase with proof',
    },
    summary: {
      th: 'ไม่เห็นด้วยกับผล? ส่งรูปหลักฐานได้สูงสุด {maxProofImages} รูป ทีมงานจะตรวจสอบและแจ้งผลที่หน้ารายการ',
      en: 'Disagree with a rejection? Send up to {maxProofImages} pictures as proof; our team reviews them and answers on the purchase’s page.',
    },
    illustration: 'proof-photos',
    steps: [
      {
        title: { th: 'เปิดรายการที่ถูกปฏิเสธ', en: 'Open the rejected purchase' },
        body: {
          th: 'ในหน้าเงินคืน เลือกแท็บ “ถูกปฏิเสธ” แล้วแตะรายการนั้น อ่านเหตุผลที่ร้านค้าหรือทีมงานแจ้งไว้ก่อน บางครั้งคำตอบอยู่ในเหตุผลแล้ว เช่น คืนสินค้าหรือยกเลิกคำสั่งซื้อ',
          en: 'Under Cashback, choose the “Rejected” tab and tap the purchase. Read the reason first: it may already explain it, such as a return or a cancelled order.',
        },
        illustration: 'rejected-purchase',
        link: { screen: '/cashback', tab: 'rejected' },
      },
      {
        title: { th: 'เตรียมรูปหลักฐานที่ชัดเจน', en: 'Get clear pictures ready' },
        body: {
          th: 'ใช้ภาพหน้าจอคำสั่งซื้อที่เห็นเลขคำสั่งซื้อ วันที่ และยอดชำระ ใบเสร็จ หรือหลักฐานการได้รับสินค้า ถ่ายให้ชัด ไม่ตัดส่วนสำคัญออก ส่งได้สูงสุด {maxProofImages} รูปต่อรายการ',
          en: 'Use a screenshot of the order showing its number, date and amount paid, a receipt, or proof of delivery. Keep them sharp and uncropped. You can send up to {maxProofImages} pictures per purchase.',
        },
        illustration: 'proof-photos',
      },
      {
        title: { th: 'ถ่ายหรือเลือกรูป แล้วส่ง', en: 'Take or choose the pictures, then send' },
        body: {
          th: 'แตะ “ถ่ายรูป” หรือ “เลือกรูป” แล้วแตะ “ส่งหลักฐาน” รูปจะถูกย่อขนาดและลบข้อมูลตำแหน่งออกก่อนส่ง ถ้าไม่มีสัญญาณ แอปจะเก็บรูปไว้ในเครื่องและส่งให้เองเมื่อกลับมาออนไลน์',
          en: 'Tap “Take a photo” or “Choose photos”, then “Send proof”. The app makes them smaller and removes their location before sending. With no signal, it keeps them on your phone and sends them once you are back online.',
        },
        illustration: 'proof-review',
      },
      {
        title: { th: 'รอผลการตรวจสอบ', en: 'Wait for the review' },
        body: {
          th: 'ระหว่างนี้รายการจะแสดงว่า “กำลังตรวจสอบหลักฐาน” ถ้าผ่าน รายการจะเปลี่ยนเป็นอนุมัติแล้วและกด “รับเงินคืน” ได้ ถ้าไม่ผ่าน เราจะแจ้งเหตุผลไว้ในหน้ารายการ คุณลบรูปเดิมแล้วส่งรูปใหม่ได้',
          en: 'Meanwhile the purchase shows “Evidence reviewing”. If it is accepted, the purchase becomes approved and you can tap “Accept”. If not, the reason is on the purchase’s page; you can delete the pictures and send new ones.',
        },
        illustration: 'accept-cashback',
      },
    ],
  },
  {
    id: 'withdraw',
    title: {
      th: 'ถอนเงินเข้าธนาคาร พร้อมเพย์ หรือทรูมันนี่',
      en: 'Withdraw to a bank, PromptPay or TrueMoney',
    },
    summary: {
      th: 'ขั้นต่ำ ค่าธรรมเนียม ระยะเวลา และข้อมูลที่ต้องกรอก ก่อนกดยืนยันการถอนเงิน',
      en: 'The minimum, the fee, how long it takes and what to fill in, before you confirm a withdrawal.',
    },
    illustration: 'payout-methods',
    steps: [
      {
        title: { th: 'เช็กว่าถอนได้หรือยัง', en: 'Check you can withdraw' },
        body: {
          th: 'ถอนได้ครั้งละตั้งแต่ {minWithdrawal} และไม่เกินยอดในกระเป๋าเงิน เงินคืนสะสมตั้งแต่สมัครต้องเกิน {minWithdrawal} และต้องไม่มีรายการถอนหรือแลกคะแนนที่ยังดำเนินการอยู่ ถอนได้ทีละรายการ',
          en: 'You can withdraw from {minWithdrawal} up to your wallet balance. The cashback you have collected since joining must be above {minWithdrawal}, and no other withdrawal or points exchange may still be in progress: one at a time.',
        },
        illustration: 'wallet',
        link: { screen: '/wallet' },
      },
      {
        title: { th: 'เลือกช่องทางรับเงิน', en: 'Choose where the money goes' },
        body: {
          th: 'บัญชีธนาคาร (กสิกรไทย กรุงเทพ ไทยพาณิชย์ กรุงศรีอยุธยา) หรือพร้อมเพย์ ได้รับภายใน {bankBusinessDays} วันทำการ ทรูมันนี่ วอลเล็ท ภายใน {trueMoneyBusinessDaysFrom} ถึง {trueMoneyBusinessDaysTo} วันทำการ ถ้าคุณได้รับเงินคืนภายใน 1 วัน จะได้รับเงินภายใน {oneDayMemberPayoutDays} วันทำการทุกช่องทาง',
          en: 'A bank account (KBank, Bangkok Bank, SCB or Krungsri) or PromptPay: within {bankBusinessDays} business days. TrueMoney Wallet: within {trueMoneyBusinessDaysFrom} to {trueMoneyBusinessDaysTo} business days. If you get 1-day cashback, every method pays within {oneDayMemberPayoutDays} business days.',
        },
        illustration: 'payout-methods',
        link: { screen: '/withdrawal' },
      },
      {
        title: { th: 'กรอกข้อมูลให้ตรงกับบัญชี', en: 'Fill in the account exactly' },
        body: {
          th: 'บัญชีธนาคาร: ธนาคาร เลขที่บัญชี 10 หลัก ชื่อบัญชี ชื่อสาขา และเบอร์มือถือหรือเลขบัตรประชาชน พร้อมเพย์: เบอร์มือถือ เลขบัตรประชาชน 13 หลัก หรือเลขอีวอลเล็ท 15 หลัก พร้อมชื่อบัญชี ทรูมันนี่: เบอร์มือถือของวอลเล็ทและชื่อบัญชี',
          en: 'Bank account: the bank, the 10-digit account number, the account name, the branch, and your mobile or national ID number. PromptPay: a mobile number, 13-digit national ID or 15-digit e-wallet ID, with the account name. TrueMoney: the wallet’s mobile number and the account name.',
        },
        illustration: 'withdraw-form',
      },
      {
        title: { th: 'ดูค่าธรรมเนียมแล้วยืนยัน', en: 'Check the fee, then confirm' },
        body: {
          th: 'มีค่าธรรมเนียมระบบ {withdrawalFee} ของยอดที่ถอน แอปแสดงยอดที่จะได้รับจริงก่อนให้ยืนยัน เช่น ถอน {withdrawalExampleAmount} ค่าธรรมเนียม {withdrawalExampleFee} ได้รับ {withdrawalExampleNet} ถ้าเข้าร่วม Special Cashback อยู่ แอปจะเตือนก่อนหากการถอนทำให้ยอดต่ำกว่าระดับ',
          en: 'There is a {withdrawalFee} system fee on the amount you withdraw, and the app shows what you will receive before you confirm: withdraw {withdrawalExampleAmount}, pay {withdrawalExampleFee}, receive {withdrawalExampleNet}. If you are in Special Cashback, the app warns you first when a withdrawal would take your balance below your level.',
        },
        illustration: 'fee-summary',
      },
      {
        title: { th: 'ติดตามวันที่จะได้รับเงิน', en: 'See when the money arrives' },
        body: {
          th: 'หน้าถอนเงินสำเร็จและประวัติการถอนแสดงวันที่คาดว่าจะได้รับเงิน ถ้ายืนยันตอนไม่มีสัญญาณ รายการจะรอในเครื่องและส่งครั้งเดียวเมื่อกลับมาออนไลน์ ถ้าโอนไม่สำเร็จ ยอดที่ถอนและค่าธรรมเนียมจะคืนเข้ากระเป๋าเงิน',
          en: 'The confirmation page and your withdrawal history show the date to expect the money. Confirmed with no signal, the withdrawal waits on your phone and is sent once when you are back online. If a transfer fails, the amount and the fee go back into your wallet.',
        },
        illustration: 'payout-date',
        link: { screen: '/withdrawal' },
      },
      {
        title: { th: 'หรือแลกเป็นคะแนน', en: 'Or exchange it for points' },
        body: {
          th: 'แลกเงินคืนเป็นคะแนนได้ในหน้าถอนเงิน 1 บาท ได้ {pointsPerBaht} คะแนน แลกขั้นต่ำ {minPointsExchange} เป็นบาทเต็ม ไม่มีค่าธรรมเนียม และได้คะแนนทันที',
          en: 'Exchange cashback for points on the withdrawal page: THB 1 gives {pointsPerBaht} points, from {minPointsExchange} in whole baht, with no fee, and the points arrive at once.',
        },
        illustration: 'points',
        link: { screen: '/withdrawal' },
      },
    ],
  },
  {
    id: 'rating-and-one-day-cashback',
    title: {
      th: 'เรตติ้งและเงินคืนภายใน 1 วัน',
      en: 'Your rating and 1-day cashback',
    },
    summary: {
      th: 'เรตติ้ง {oneDayRating} ขึ้นไปได้เงินคืนภายใน 1 วัน แทนการรอ {standardWaitFromDays} ถึง {standardWaitToDays} วัน ดูว่าอะไรทำให้เรตติ้งขึ้นหรือลง',
      en: 'A rating of {oneDayRating} or more gets you cashback in 1 day instead of {standardWaitFromDays} to {standardWaitToDays}. See what moves your rating.',
    },
    illustration: 'rating-gauge',
    steps: [
      {
        title: { th: 'เรตติ้งคืออะไร', en: 'What your rating is' },
        body: {
          th: 'เรตติ้งคือสัดส่วนคำสั่งซื้อที่ร้านค้าอนุมัติ จากคำสั่งซื้อที่ตัดสินแล้วทั้งหมด รายการที่กำลังติดตามหรือรอดำเนินการยังไม่นับ บัญชีใหม่เริ่มที่ 100%',
          en: 'Your rating is the share of your decided purchases that shops approved. Purchases still tracking or pending do not count yet. A new account starts at 100%.',
        },
        illustration: 'rating-gauge',
        link: { screen: '/rating' },
      },
      {
        title: { th: 'อะไรทำให้เรตติ้งขึ้นหรือลง', en: 'What moves it' },
        body: {
          th: 'ขึ้นเมื่อร้านค้าอนุมัติ ลดลงเมื่อคืนสินค้าหรือถูกปฏิเสธ ร้านค้ายกเลิก หรือมีพฤติกรรมผิดเงื่อนไข เช่น ซื้อสินค้าชิ้นเดียวกันเกิน {maxPiecesPerItemPerDay} ชิ้นในวันเดียว การยกเลิกโดยคุณเองไม่ทำให้เรตติ้งลด',
          en: 'It rises when a shop approves a purchase and falls on returns or rejections, cancellations by the shop, and behaviour against the terms, such as more than {maxPiecesPerItemPerDay} pieces of one item in a day. Cancelling an order yourself never lowers it.',
        },
        illustration: 'rating-moves',
      },
      {
        title: { th: 'ถึง {oneDayRating} ได้เงินคืนภายใน 1 วัน', en: 'At {oneDayRating}, cashback in 1 day' },
        body: {
          th: 'เมื่อเรตติ้ง {oneDayRating} ขึ้นไป และมีคำสั่งซื้อที่ตัดสินแล้วอย่างน้อย {minimumDecidedPurchases} รายการ เงินคืนไม่เกิน {maxForRating} ต่อคำสั่งซื้อจะอนุมัติภายใน 1 วันหลังร้านค้าได้รับคำสั่งซื้อ ไม่ต้องรอร้านค้ายืนยัน',
          en: 'With a rating of {oneDayRating} or more and at least {minimumDecidedPurchases} decided purchases, cashback of up to {maxForRating} per order is approved 1 day after the shop receives the order, without waiting for the shop to confirm.',
        },
        illustration: 'one-day',
      },
      {
        title: { th: 'ออเดอร์ใหญ่: ส่งหลักฐานการสั่งซื้อ', en: 'Bigger orders: send a proof of purchase' },
        body: {
          th: 'เงินคืนที่เกิน {maxForRating} แต่ไม่เกิน {maxForProof} ต่อคำสั่งซื้อ ได้ภายใน 1 วันเช่นกันเมื่อคุณส่งรูปใบเสร็จหรือหน้าคำสั่งซื้อที่หน้ารายการ และทีมงานอนุมัติ ถ้าไม่ส่ง รายการนั้นจะรอร้านค้ายืนยันตามปกติ',
          en: 'Cashback above {maxForRating} and up to {maxForProof} per order also comes in 1 day once you send a picture of the receipt or order page from the purchase’s page and our team approves it. Without it, the purchase waits for the shop as usual.',
        },
        illustration: 'proof-photos',
        link: { screen: '/cashback', tab: 'pending' },
      },
      {
        title: { th: 'สิ่งที่ควรรู้', en: 'Good to know' },
        body: {
          th: 'ถ้าร้านค้าปฏิเสธภายหลัง เงินคืนที่รับเข้ากระเป๋าไปแล้วจะถูกหักคืน ยอดในกระเป๋าอาจติดลบและจะหักจากเงินคืนรายการถัดไป สมาชิกที่ได้รับเงินคืนภายใน 1 วันยังได้รับเงินถอนภายใน {oneDayMemberPayoutDays} วันทำการด้วย',
          en: 'If a shop rejects a purchase later, cashback already in your wallet is taken back; your balance can go below zero and is made up from your next cashback. Members with 1-day cashback also get withdrawals within {oneDayMemberPayoutDays} business days.',
        },
        illustration: 'negative-wallet',
      },
    ],
  },
  {
    id: 'promotions-and-referral',
    title: {
      th: 'โปรโมชันและชวนเพื่อน',
      en: 'Promotions and referral',
    },
    summary: {
      th: 'โบนัสสมาชิกใหม่ เงินคืน x2 สัปดาห์แรก Special Cashback สมาชิกพรีเมียม และรางวัลชวนเพื่อน ได้อย่างไรบ้าง',
      en: 'How the new-member bonus, x2 cashback in your first week, Special Cashback, premium membership and the referral reward work.',
    },
    illustration: 'new-user-gift',
    steps: [
      {
        title: { th: 'โบนัสสมาชิกใหม่ {firstBonus}', en: 'The {firstBonus} new-member bonus' },
        body: {
          th: 'ได้ครั้งเดียวต่อคน เมื่อยอดซื้อที่ร้านค้าอนุมัติแล้ว จากคำสั่งซื้อที่กดลิงก์ภายใน {newUserBonusQualifyingDays} วันแรกหลังสมัคร รวมครบ {newUserBonusSpendingThreshold} โบนัสจะเข้ากระเป๋าเงินพร้อมกับการอนุมัตินั้น',
          en: 'Once per person: when the purchases you made through our links in your first {newUserBonusQualifyingDays} days reach {newUserBonusSpendingThreshold} of approved spending, the bonus goes into your wallet with that approval.',
        },
        illustration: 'new-user-gift',
        link: { screen: '/promotions' },
      },
      {
        title: { th: 'เงินคืน x2 ใน {firstWeekDays} วันแรก', en: 'x2 cashback in your first {firstWeekDays} days' },
        body: {
          th: 'คำสั่งซื้อที่กดลิงก์ภายใน {firstWeekDays} วันแรกหลังสมัครได้เงินคืนเพิ่มอีกเท่าตัว ส่วนที่เพิ่มไม่เกิน {firstWeekMaxPerOrder} ต่อคำสั่งซื้อ นับจากเวลาที่กดลิงก์ แม้ร้านค้าจะอนุมัติทีหลัง',
          en: 'Orders you click through in your first {firstWeekDays} days after joining earn their cashback twice, the extra capped at {firstWeekMaxPerOrder} per order. The click decides, even when the shop approves later.',
        },
        illustration: 'double-cashback',
      },
      {
        title: { th: 'Special Cashback: โบนัสเพิ่มตามยอดในกระเป๋า', en: 'Special Cashback: a bonus for your balance' },
        body: {
          th: 'เมื่อยอดในกระเป๋าเงินเกิน {stairLevel1Balance} {stairLevel2Balance} หรือ {stairLevel3Balance} เข้าร่วมรับโบนัสเพิ่ม {stairLevel1Bonus} {stairLevel2Bonus} หรือ {stairLevel3Bonus} ได้นาน {specialCashbackMonths} เดือน เข้าร่วมได้ครั้งเดียว และสิ้นสุดทันทีเมื่อยอดต่ำกว่าระดับที่เลือก โบนัสจ่ายเฉพาะเงินคืนที่อนุมัติระหว่างที่ยังเข้าร่วมอยู่',
          en: 'With a wallet balance above {stairLevel1Balance}, {stairLevel2Balance} or {stairLevel3Balance}, join for an extra {stairLevel1Bonus}, {stairLevel2Bonus} or {stairLevel3Bonus} for {specialCashbackMonths} months. You can join once; it ends as soon as your balance falls below your level, and the bonus is paid on cashback approved while you are in.',
        },
        illustration: 'special-stairs',
        link: { screen: '/promotions' },
      },
      {
        title: { th: 'สมาชิกพรีเมียม', en: 'Premium membership' },
        body: {
          th: 'จ่าย {premiumPrice} จากกระเป๋าเงิน รับเงินคืนเพิ่ม {premiumBonus} นาน {premiumYears} ปี สมัครได้ครั้งเดียว และใช้ร่วมกับ Special Cashback ไม่ได้ คำสั่งซื้อที่กดลิงก์ระหว่างเป็นสมาชิกได้โบนัสแม้ร้านค้าจะอนุมัติหลังหมดอายุ',
          en: 'Pay {premiumPrice} from your wallet for {premiumBonus} extra cashback for {premiumYears} years. You can join once, and not together with Special Cashback. Orders clicked while you are a member keep the bonus even if the shop approves them after it ends.',
        },
        illustration: 'premium',
        link: { screen: '/promotions' },
      },
      {
        title: { th: 'ชวนเพื่อน รับ {referralBonus}', en: 'Refer a friend, get {referralBonus}' },
        body: {
          th: 'ส่งรหัสแนะนำของคุณจากหน้าโปรโมชันให้เพื่อนที่ยังไม่เคยสมัคร เพื่อนต้องใส่รหัสภายใน {referralRedeemHours} ชั่วโมงหลังสมัคร เมื่อยอดซื้อที่ร้านค้ายืนยันของเพื่อนครบ {referralSpendingThreshold} คุณจะได้รับ {referralBonus} เข้ากระเป๋าเงิน',
          en: 'Send your referral code from Promotions to a friend who has not joined yet. They enter it within {referralRedeemHours} hours of signing up, and when their purchases confirmed by shops reach {referralSpendingThreshold}, you get {referralBonus} in your wallet.',
        },
        illustration: 'referral',
        link: { screen: '/promotions' },
      },
    ],
  },
]

/** The tutorial `id` names; without an id, the first one (spec: `/tutorial/detail/{id?}`). */
export function findTutorial(id: string | undefined): Tutorial | undefined {
  return id === undefined ? tutorials[0] : tutorials.find((tutorial) => tutorial.id === id)
}
