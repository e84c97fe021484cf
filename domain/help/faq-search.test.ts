import { describe, expect, it } from 'vitest'
import { defaultFixedRates } from '../contracts/fixed-rate.ts'
import { faqEntries } from './faq.ts'
import { searchFaq, type SearchableFaqEntry } from './faq-search.ts'
import { describeHelpFigures, fillHelpText } from './help-text.ts'

const entry = (id: string, question: string, answer: string, otherLanguage: string[] = []) => ({
  id,
  question,
  answer,
  otherLanguage,
})

describe('searchFaq', () => {
  const entries = [
    entry('minimum', 'ถอนเงินขั้นต่ำเท่าไร', 'ถอนได้ครั้งละตั้งแต่ ฿100', ['What is the minimum withdrawal?']),
    entry('fee', 'ถอนเงินมีค่าธรรมเนียมไหม', 'มีค่าธรรมเนียมระบบ 10% ของยอดที่ถอน', ['Is there a withdrawal fee?']),
    entry('promptpay', 'ถอนเงินได้ช่องทางไหนบ้าง', 'บัญชีธนาคาร พร้อมเพย์ หรือทรูมันนี่ วอลเล็ท', ['PromptPay or TrueMoney']),
    entry('rating', 'เรตติ้งคำนวณอย่างไร', 'สัดส่วนคำสั่งซื้อที่อนุมัติ', ['How is my rating worked out?']),
  ] satisfies (SearchableFaqEntry & { id: string })[]
  const ids = (search: string) => searchFaq(entries, search).map((found) => found.id)

  it('finds a Thai word in the middle of a question (Thai has no spaces between words)', () => {
    expect(ids('ขั้นต่ำ')).toEqual(['minimum'])
    expect(ids('ค่าธรรมเนียม')).toEqual(['fee'])
    expect(ids('คำนวณ')).toEqual(['rating'])
  })

  it('finds one or two Thai letters, as the catalogue does', () => {
    expect(ids('ต่ำ')).toEqual(['minimum'])
  })

  it('puts questions that contain the search before answers that do', () => {
    expect(ids('ถอน')).toEqual(['minimum', 'fee', 'promptpay'])
    expect(ids('พร้อมเพย์')).toEqual(['promptpay'])
    expect(ids('ยอด')).toEqual(['fee'])
  })

  it('trims the search and ignores the case of English, in the other language too', () => {
    expect(ids('  ขั้นต่ำ  ')).toEqual(['minimum'])
    expect(ids('PROMPTPAY')).toEqual(['promptpay'])
    expect(ids('withdrawal')).toEqual(['minimum', 'fee'])
  })

  it('finds nothing for an empty search or a missing word', () => {
    expect(ids('')).toEqual([])
    expect(ids('   ')).toEqual([])
    expect(ids('ไม่มีคำนี้')).toEqual([])
  })

  it('searches the real FAQ as the page shows it', () => {
    const figures = describeHelpFigures(defaultFixedRates, 'th')
    const shown = faqEntries.map((faq) => ({
      id: faq.id,
      question: fillHelpText(faq.question.th, figures),
      answer: fillHelpText(faq.answer.th, figures),
      otherLanguage: [faq.question.en, faq.answer.en],
    }))
    const found = searchFaq(shown, 'ขั้นต่ำ').map((faq) => faq.id)
    expect(found[0]).toBe('withdraw-minimum')
    // A figure filled into an answer is found too.
    expect(searchFaq(shown, '฿100').map((faq) => faq.id)).toContain('withdraw-minimum')
  })
})
