// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import englishCatalogText from '../../../../locales/en/messages.po?raw'
import { promotionRefusalCodes, type PromotionProblem } from '../promotion-problems'
import { usePromotionProblemText } from './promotion-messages'

vi.mock('../../../lib/locale', () => ({ useLocale: () => 'th' }))

/** The English catalog as msgid → msgstr (no context), to check the spec's words are kept. */
function readEnglishCatalog(): Map<string, string> {
  const catalog = new Map<string, string>()
  for (const block of englishCatalogText.split('\n\n')) {
    if (block.includes('msgctxt')) continue
    const id = /^msgid "(.*)"$/m.exec(block)?.[1]
    const translation = /^msgstr "(.*)"$/m.exec(block)?.[1]
    if (id && translation !== undefined) catalog.set(id, translation)
  }
  return catalog
}

function wrapper({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>
}

function renderProblemText() {
  return renderHook(() => usePromotionProblemText(defaultFixedRates), { wrapper }).result.current
}

describe('usePromotionProblemText', () => {
  beforeAll(() => {
    // No catalog: the macros fall back to the Thai source text.
    i18n.loadAndActivate({ locale: 'th', messages: {} })
  })

  it('words every refusal the promotion writes answer with, none as the generic failure', () => {
    const problemText = renderProblemText()
    const generic = problemText({ kind: 'unknown' }).title
    for (const code of promotionRefusalCodes) {
      const text = problemText({ kind: 'refused', code })
      expect(text.title, code).not.toBe(generic)
      expect(text.title.length, code).toBeGreaterThan(0)
    }
  })

  it("says 'Join Failed' with the reason for the exclusivity, once-only and price refusals", () => {
    const problemText = renderProblemText()
    for (const code of [
      'not_combinable_with_special_cashback',
      'balance_below_premium_price',
      'special_cashback_already_joined',
      'not_combinable_with_premium',
    ] as const) {
      const text = problemText({ kind: 'refused', code })
      expect(text.title, code).toBe('เข้าร่วมไม่สำเร็จ')
      expect(text.detail, code).toBeTruthy()
    }
  })

  it("uses the server's minimum for the tier amount, and the fixed rates when it sent none", () => {
    const problemText = renderProblemText()
    expect(problemText({ kind: 'refused', code: 'balance_below_tier', minimum: 300_000 }).title).toBe(
      'คุณต้องมีเงินคืนสะสมมากกว่า ฿3,000',
    )
    expect(problemText({ kind: 'refused', code: 'balance_below_tier' }).title).toBe('คุณต้องมีเงินคืนสะสมมากกว่า ฿1,000')
  })

  it("keeps the spec's English words in the English catalog", () => {
    const problemText = renderProblemText()
    const english = readEnglishCatalog()
    const translate = (problem: PromotionProblem) => english.get(problemText(problem).title)
    expect(translate({ kind: 'refused', code: 'premium_already_joined' })).toBe('You already join premium membership.')
    expect(translate({ kind: 'refused', code: 'not_combinable_with_premium' })).toBe('Join Failed')
    expect(translate({ kind: 'refused', code: 'special_cashback_awaiting_approval' })).toBe(
      'Please wait for the approval before processing.',
    )
    expect(english.get('คุณต้องมีเงินคืนสะสมมากกว่า {minimum}')).toBe(
      'You must have accumulated cashback more than {minimum}',
    )
    expect(english.get('ใช้งานไม่ได้บนโปรโตคอล http')).toBe('Not working on http protocol')
    expect(english.get('คุณยังไม่ได้ชวนเพื่อน')).toBe('You have not refer a friend yet.')
  })
})
