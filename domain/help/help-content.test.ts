import { describe, expect, it } from 'vitest'
import { defaultFixedRates } from '../contracts/fixed-rate.ts'
import { locales } from '../locale.ts'
import { faqEntries, faqTopics } from './faq.ts'
import { helpIllustrations, helpScreens } from './help-step.ts'
import { describeHelpFigures, fillHelpText, helpFigureNames, listHelpFigureNames } from './help-text.ts'
import { howtoSteps } from './howto.ts'
import { termsSections } from './terms.ts'
import { findTutorial, tutorials } from './tutorials.ts'

/** Thai letters, vowels, tone marks and digits; not the baht sign ฿ (U+0E3F), which English writes too. */
const thaiLetter = /[\u0e01-\u0e3a\u0e40-\u0e5b]/

/**
 * Every problem of the localized texts found anywhere in `content`: any object with a `th` or an
 * `en` key is a localized text, so a text added in a new field is checked without naming it here.
 */
function findTextProblems(content: unknown, path = 'content'): string[] {
  if (Array.isArray(content)) return content.flatMap((item, index) => findTextProblems(item, `${path}[${index}]`))
  if (typeof content !== 'object' || content === null) return []
  const record = content as Record<string, unknown>
  if (!('th' in record) && !('en' in record)) {
    return Object.entries(record).flatMap(([key, value]) => findTextProblems(value, `${path}.${key}`))
  }
  const problems: string[] = []
  for (const locale of locales) {
    const text = record[locale]
    if (typeof text !== 'string') problems.push(`${path}.${locale} is missing`)
    else if (text.trim() === '') problems.push(`${path}.${locale} is empty`)
    else if (text !== text.trim()) problems.push(`${path}.${locale} starts or ends with spaces`)
  }
  const { th, en } = record
  if (typeof th !== 'string' || typeof en !== 'string' || th.trim() === '' || en.trim() === '') return problems
  // English pasted into the Thai side, or Thai left untranslated on the English side.
  if (!thaiLetter.test(th)) problems.push(`${path}.th has no Thai in it`)
  if (thaiLetter.test(en)) problems.push(`${path}.en has Thai in it`)
  for (const name of [...listHelpFigureNames(th), ...listHelpFigureNames(en)]) {
    if (!(helpFigureNames as readonly string[]).includes(name))
      problems.push(`${path} names an unknown figure {${name}}`)
  }
  const thFigures = [...new Set(listHelpFigureNames(th))].sort()
  const enFigures = [...new Set(listHelpFigureNames(en))].sort()
  if (thFigures.join() !== enFigures.join()) {
    problems.push(`${path}: Thai names {${thFigures.join('}, {')}} but English {${enFigures.join('}, {')}}`)
  }
  for (const [locale, text] of [
    ['th', th],
    ['en', en],
  ] as const) {
    if (/[{}]/.test(fillHelpText(text, describeHelpFigures(defaultFixedRates, locale)))) {
      problems.push(`${path}.${locale} has a brace left after its figures are filled in`)
    }
  }
  return problems
}

const allContent = { faqTopics, faqEntries, tutorials, howtoSteps, termsSections }

describe('help content', () => {
  it('has every text in Thai and English, none empty, with the same known figures', () => {
    expect(findTextProblems(allContent)).toEqual([])
  })

  it('is checked for what typecheck cannot see', () => {
    const broken = {
      entries: [
        { question: { th: 'ถอนเงินขั้นต่ำเท่าไร', en: '' } },
        { question: { th: '   ', en: 'What is the minimum?' } },
        { question: { th: 'ถอนขั้นต่ำ {minWithdrawal}', en: 'Minimum {minWithdrawl}' } },
        { question: { th: 'Minimum withdrawal', en: 'ถอนขั้นต่ำ' } },
        { question: { th: 'ถอนขั้นต่ำ' } },
      ],
    }
    expect(findTextProblems(broken)).toEqual([
      'content.entries[0].question.en is empty',
      'content.entries[1].question.th is empty',
      'content.entries[2].question names an unknown figure {minWithdrawl}',
      'content.entries[2].question: Thai names {minWithdrawal} but English {minWithdrawl}',
      'content.entries[2].question.en has a brace left after its figures are filled in',
      'content.entries[3].question.th has no Thai in it',
      'content.entries[3].question.en has Thai in it',
      'content.entries[4].question.en is missing',
    ])
  })

  it('groups every FAQ entry under a topic, and every topic has entries', () => {
    const topicIds = faqTopics.map((topic) => topic.id)
    for (const entry of faqEntries) expect(topicIds).toContain(entry.topicId)
    for (const topicId of topicIds) expect(faqEntries.some((entry) => entry.topicId === topicId)).toBe(true)
  })

  it('gives every topic, entry, tutorial and terms section a unique address', () => {
    for (const ids of [
      faqTopics.map((topic) => topic.id),
      faqEntries.map((entry) => entry.id),
      tutorials.map((tutorial) => tutorial.id),
      termsSections.map((section) => section.id),
    ]) {
      expect(new Set(ids).size).toBe(ids.length)
      for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    }
  })

  it('has the tutorials issue 15 asks for, each with steps, drawings and real screens', () => {
    expect(tutorials.map((tutorial) => tutorial.id)).toEqual([
      'how-cashback-works',
      'missing-cashback',
      'appeal-with-proof',
      'withdraw',
      'rating-and-one-day-cashback',
      'promotions-and-referral',
    ])
    for (const tutorial of tutorials) {
      expect(tutorial.steps.length).toBeGreaterThanOrEqual(3)
      expect(helpIllustrations).toContain(tutorial.illustration)
      for (const step of [...tutorial.steps, ...howtoSteps]) {
        expect(helpIllustrations).toContain(step.illustration)
        if (step.link) expect([...helpScreens, 'chat']).toContain(step.link.screen)
      }
    }
  })

  it('finds a tutorial by id, and the first one without an id', () => {
    expect(findTutorial(undefined)).toBe(tutorials[0])
    expect(findTutorial('withdraw')?.id).toBe('withdraw')
    expect(findTutorial('no-such-tutorial')).toBeUndefined()
  })
})

describe('help figures', () => {
  it('are the rules’ own numbers and the operator’s settings, in each language', () => {
    const thai = describeHelpFigures(defaultFixedRates, 'th')
    expect(thai.minimumAge).toBe('18')
    expect(thai.maxPiecesPerItemPerDay).toBe('5')
    expect(thai.maxProofImages).toBe('5')
    expect(thai.oneDayRating).toBe('95%')
    expect(thai.withdrawalFee).toBe('10%')
    expect(thai.minWithdrawal).toBe('฿100')
    expect(thai.withdrawalExampleAmount).toBe('฿1,000')
    expect(thai.withdrawalExampleFee).toBe('฿100')
    expect(thai.withdrawalExampleNet).toBe('฿900')
    expect(thai.stairLevel3Bonus).toBe('40%')
    expect(thai.premiumYears).toBe('2')
    expect(thai.firstWeekDays).toBe('7')

    const changed = describeHelpFigures({ ...defaultFixedRates, minWithdrawal: 25_000, withdrawalFee: 500 }, 'en')
    expect(changed.minWithdrawal).toBe('THB\u00a0250')
    expect(changed.withdrawalFee).toBe('5%')
    expect(changed.withdrawalExampleNet).toBe('THB\u00a0950')
  })

  it('fill a text, leaving what is not a figure alone', () => {
    const figures = describeHelpFigures(defaultFixedRates, 'th')
    expect(fillHelpText('ถอนขั้นต่ำ {minWithdrawal} ค่าธรรมเนียม {withdrawalFee}', figures)).toBe(
      'ถอนขั้นต่ำ ฿100 ค่าธรรมเนียม 10%',
    )
    expect(fillHelpText('{unknown} and {}', figures)).toBe('{unknown} and {}')
  })
})
