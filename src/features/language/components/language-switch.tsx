import { useLingui } from '@lingui/react/macro'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { Languages } from 'lucide-react'
import { useState } from 'react'
import { pathInLocale } from '#domain/locale'
import { updateBrowserState } from '../../../lib/browser-state'
import { useLocale } from '../../../lib/locale'
import { saveLanguage } from '../api/save-language'

/** Switches between Thai and English, staying on the same page. */
export function LanguageSwitch() {
  const { t } = useLingui()
  const router = useRouter()
  const locale = useLocale()
  const location = useRouterState({ select: (state) => state.location })
  const [isSwitching, setIsSwitching] = useState(false)
  const targetLocale = locale === 'th' ? 'en' : 'th'

  async function switchLanguage() {
    setIsSwitching(true)
    try {
      await saveLanguage(targetLocale)
    } catch (error) {
      // The page still switches; only the remembered choice is lost, and the next switch retries it.
      console.warn('The language choice was not saved', error)
    }
    updateBrowserState({ language: targetLocale })
    await router.navigate({ href: pathInLocale(location.pathname, targetLocale) + location.searchStr })
    setIsSwitching(false)
  }

  const visibleLabel = targetLocale === 'en' ? 'EN' : 'ไทย'
  return (
    <button
      type="button"
      onClick={() => void switchLanguage()}
      disabled={isSwitching}
      // The spoken name starts with what is shown (WCAG 2.5.3), so "EN" can be said to voice control.
      aria-label={`${visibleLabel}, ${targetLocale === 'en' ? t`เปลี่ยนภาษาเป็นภาษาอังกฤษ` : t`เปลี่ยนภาษาเป็นภาษาไทย`}`}
      className="inline-flex min-h-touch min-w-touch items-center justify-center gap-1.5 rounded-full px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 active:bg-brand-100 disabled:opacity-60"
    >
      <Languages aria-hidden="true" className="size-5" />
      <span lang={targetLocale}>{visibleLabel}</span>
    </button>
  )
}
