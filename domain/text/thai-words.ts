/**
 * Words a Thai reader sees as one that the browser's line breaker (ICU's Thai dictionary, the same
 * one `Intl.Segmenter` uses) splits into smaller dictionary words, so a line could end in the middle
 * of them: "ทรู|มันนี่", "กระเป๋า|เงิน", "ร้าน|ค้า", "พาร์|ทเนอร์" (issue 20). The app's own name,
 * the payout brands and banks, loanwords, and the compounds its texts use most. Longest first, so a
 * longer word wins over one it contains.
 */
export const unbreakableThaiWords = [
  'กรุงศรีอยุธยา',
  'ค่าธรรมเนียม',
  'บัตรประชาชน',
  'กระเป๋าเงิน',
  'ไทยพาณิชย์',
  'พาร์ทเนอร์',
  'หน้าจอหลัก',
  'คำสั่งซื้อ',
  'แจ้งเตือน',
  'รายละเอียด',
  'ทรูมันนี่',
  'พร้อมเพย์',
  'กสิกรไทย',
  'วันทำการ',
  'เรตติ้ง',
  'หลักฐาน',
  'เงินคืน',
  'ร้านค้า',
  'ทีมงาน',
].sort((first, second) => second.length - first.length)

const unbreakableWordPattern = new RegExp(`(${unbreakableThaiWords.join('|')})`)

/**
 * `text` in parts, each listed word a part of its own (`isWhole`), for a renderer that keeps those
 * parts on one line. Text with no listed word is one part.
 */
export function splitAtUnbreakableWords(text: string): { text: string; isWhole: boolean }[] {
  return text
    .split(unbreakableWordPattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, isWhole: unbreakableThaiWords.includes(part) }))
}
