import { useLingui } from '@lingui/react/macro'
import { Link, useRouterState } from '@tanstack/react-router'
import {
  BookOpen,
  ChevronDown,
  ChevronRight,
  Footprints,
  MessageCircle,
  ReceiptText,
  SearchX,
  type LucideIcon,
} from 'lucide-react'
import { useCallback, useMemo, type ReactNode } from 'react'
import { faqEntries, faqTopics } from '#domain/help/faq'
import { searchFaq } from '#domain/help/faq-search'
import { containsSearchTerm, findSearchTermRanges, normalizeSearchTerm } from '#domain/search-text'
import { buttonClassName } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { SearchField } from '../../../components/ui/search-field'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { useSearchInput } from '../../../lib/use-search-input'
import { useHelpText } from '../use-help-text'
import { ChatLink } from './chat-link'
import { TermsList } from './terms-list'

type ShownFaqEntry = {
  id: string
  topicId: string
  question: string
  answer: string
  otherLanguage: string[]
}

/**
 * /support: the FAQ by topic with a search (a word anywhere in a question or answer, in either
 * language), the way into the chat, the guides, the terms and the ways to reach us. Everything
 * on it is in the app's code, so it reads offline once the app is installed.
 */
export function SupportScreen({
  search,
  onSearchChange,
}: {
  search: string
  onSearchChange: (search: string) => void
}) {
  const { t } = useLingui()
  const help = useHelpText()
  const commitSearch = useCallback((value: string) => onSearchChange(value), [onSearchChange])
  const [searchText, setSearchText] = useSearchInput(search, commitSearch)
  const entries = useMemo<ShownFaqEntry[]>(
    () =>
      faqEntries.map((entry) => ({
        id: entry.id,
        topicId: entry.topicId,
        question: help.show(entry.question),
        answer: help.show(entry.answer),
        otherLanguage: [help.showOther(entry.question), help.showOther(entry.answer)],
      })),
    [help],
  )
  const term = normalizeSearchTerm(searchText)

  return (
    <div className="space-y-6 px-4 pt-5 pb-10">
      <header>
        <h1 className="text-2xl font-bold">{t`ช่วยเหลือ`}</h1>
        <p className="mt-1 text-sm text-ink-muted">
          <ThaiText>{t`ค้นหาคำตอบ อ่านคู่มือ หรือแชทกับทีมงานแอปเงินคืน`}</ThaiText>
        </p>
      </header>

      <ChatCard />

      <section aria-labelledby="faq-title" className="space-y-3">
        <h2 id="faq-title" className="text-lg font-bold">
          {t`คำถามที่พบบ่อย`}
        </h2>
        <SearchField
          label={t`ค้นหาคำถาม`}
          placeholder={t`ค้นหา เช่น ถอนเงิน เรตติ้ง`}
          value={searchText}
          onValueChange={setSearchText}
        />
        {term === '' ? <FaqTopics entries={entries} /> : <FaqResults entries={entries} term={term} text={searchText} />}
      </section>

      <GuideLinks />

      <section
        id="terms"
        aria-labelledby="terms-title"
        className="scroll-mt-16 rounded-card bg-surface p-4 shadow-card"
      >
        <h2 id="terms-title" className="mb-3 text-lg font-bold">
          {t`เงื่อนไขการใช้งาน`}
        </h2>
        <TermsList headingLevel="h3" />
      </section>

      <ContactOptions />
    </div>
  )
}

function ChatCard() {
  const { t } = useLingui()
  return (
    <section
      aria-labelledby="chat-title"
      className="rounded-card bg-gradient-to-br from-brand-600 to-brand-800 p-5 text-white shadow-card"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-white/15">
          <MessageCircle aria-hidden="true" className="size-6" />
        </span>
        <div>
          <h2 id="chat-title" className="text-lg font-bold">
            <ThaiText>{t`แชทกับทีมงาน`}</ThaiText>
          </h2>
          <p className="text-sm text-brand-50">
            <ThaiText>{t`เงินคืนไม่เข้า ถอนเงินไม่ได้ หรือบัญชีมีปัญหา ทักมาได้เลย ทีมงานจะตอบในแชท`}</ThaiText>
          </p>
        </div>
      </div>
      <ChatLink className={buttonClassName('secondary', 'mt-4 w-full border-transparent text-brand-700')}>
        <MessageCircle aria-hidden="true" className="size-5" />
        {t`เริ่มแชท`}
      </ChatLink>
    </section>
  )
}

function FaqTopics({ entries }: { entries: ShownFaqEntry[] }) {
  const { show } = useHelpText()
  const hash = useRouterState({ select: (state) => state.location.hash })
  return (
    <div className="space-y-5 pt-1">
      {faqTopics.map((topic) => (
        <section key={topic.id} aria-labelledby={`faq-topic-${topic.id}`}>
          <h3 id={`faq-topic-${topic.id}`} className="mb-2 font-semibold text-brand-700">
            <ThaiText>{show(topic.title)}</ThaiText>
          </h3>
          <div className="divide-y divide-line rounded-card bg-surface px-4 shadow-card">
            {entries
              .filter((entry) => entry.topicId === topic.id)
              .map((entry) => (
                <FaqItem key={entry.id} entry={entry} term="" isOpen={hash === `faq-${entry.id}`} />
              ))}
          </div>
        </section>
      ))}
    </div>
  )
}

function FaqResults({ entries, term, text }: { entries: ShownFaqEntry[]; term: string; text: string }) {
  const { t } = useLingui()
  const { show } = useHelpText()
  const results = useMemo(() => searchFaq(entries, term), [entries, term])
  const topicTitles = useMemo(() => new Map(faqTopics.map((topic) => [topic.id, show(topic.title)] as const)), [show])
  const searched = text.trim()
  const count = results.length
  if (count === 0) {
    return (
      <div className="rounded-card bg-surface shadow-card">
        <EmptyState icon={SearchX} title={t`ไม่พบคำถามที่มีคำว่า “${searched}”`}>
          <p>
            <ThaiText>{t`ลองใช้คำที่สั้นลง หรือถามทีมงานในแชท`}</ThaiText>
          </p>
          <ChatLink className={buttonClassName('primary', 'mt-4')}>
            <MessageCircle aria-hidden="true" className="size-5" />
            <ThaiText>{t`แชทกับทีมงาน`}</ThaiText>
          </ChatLink>
        </EmptyState>
      </div>
    )
  }
  return (
    <div>
      <p role="status" className="mb-2 text-sm text-ink-muted">
        {t`พบ ${count} คำถาม`}
      </p>
      <div className="divide-y divide-line rounded-card bg-surface px-4 shadow-card">
        {results.map((entry) => (
          <FaqItem
            key={entry.id}
            entry={entry}
            term={term}
            topic={topicTitles.get(entry.topicId)}
            // An answer that holds the word opens, so the shopper sees why it was found.
            isOpen={!containsSearchTerm(entry.question, term)}
          />
        ))}
      </div>
    </div>
  )
}

function FaqItem({
  entry,
  term,
  topic,
  isOpen,
}: {
  entry: ShownFaqEntry
  term: string
  topic?: string
  isOpen: boolean
}) {
  return (
    <details id={`faq-${entry.id}`} open={isOpen} className="group scroll-mt-16">
      <summary className="flex min-h-touch cursor-pointer list-none items-center gap-3 py-3 [&::-webkit-details-marker]:hidden">
        <span className="flex-1">
          {topic ? (
            <span className="block text-xs text-brand-700">
              <ThaiText>{topic}</ThaiText>
            </span>
          ) : null}
          <span className="font-medium">
            <Marked text={entry.question} term={term} />
          </span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-ink-muted transition-transform group-open:rotate-180"
        />
      </summary>
      <p className="pb-4 text-sm text-ink-muted">
        <Marked text={entry.answer} term={term} />
      </p>
    </details>
  )
}

/** `text` with each occurrence of the search marked. */
function Marked({ text, term }: { text: string; term: string }) {
  const ranges = findSearchTermRanges(text, term)
  if (ranges.length === 0) return <ThaiText>{text}</ThaiText>
  const parts: ReactNode[] = []
  let position = 0
  for (const [start, end] of ranges) {
    if (start > position) parts.push(<ThaiText key={position}>{text.slice(position, start)}</ThaiText>)
    parts.push(
      <mark key={start} className="rounded-sm bg-cashback-100 text-ink">
        <ThaiText>{text.slice(start, end)}</ThaiText>
      </mark>,
    )
    position = end
  }
  if (position < text.length) parts.push(<ThaiText key={position}>{text.slice(position)}</ThaiText>)
  return parts
}

function GuideLinks() {
  const { t } = useLingui()
  const locale = useLocale()
  const params = { locale: toLocaleParam(locale) }
  return (
    <nav aria-label={t`คู่มือ`} className="divide-y divide-line rounded-card bg-surface px-4 shadow-card">
      <Link to="/{-$locale}/howto" params={params} className="flex min-h-touch items-center gap-3 py-3">
        <RowIcon icon={Footprints} />
        <span className="flex-1">
          <span className="block font-semibold">
            <ThaiText>{t`รับเงินคืนใน 3 ขั้นตอน`}</ThaiText>
          </span>
          <span className="block text-sm text-ink-muted">{t`สรุปสั้นๆ สำหรับคนเพิ่งเริ่ม`}</span>
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
      </Link>
      <Link to="/{-$locale}/tutorial" params={params} className="flex min-h-touch items-center gap-3 py-3">
        <RowIcon icon={BookOpen} />
        <span className="flex-1">
          <span className="block font-semibold">{t`คู่มือการใช้งาน`}</span>
          <span className="block text-sm text-ink-muted">{t`ทีละขั้นพร้อมภาพ ตั้งแต่ช้อปจนถอนเงิน`}</span>
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
      </Link>
    </nav>
  )
}

function RowIcon({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
      <Icon aria-hidden="true" className="size-5" />
    </span>
  )
}

function ContactOptions() {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <section aria-labelledby="contact-title" className="space-y-3">
      <h2 id="contact-title" className="text-lg font-bold">
        {t`ช่องทางติดต่อ`}
      </h2>
      <ul className="divide-y divide-line rounded-card bg-surface px-4 shadow-card">
        <li>
          <ChatLink className="flex min-h-touch items-center gap-3 py-3">
            <RowIcon icon={MessageCircle} />
            <span className="flex-1">
              <span className="block font-semibold">
                <ThaiText>{t`แชทกับทีมงาน`}</ThaiText>
              </span>
              <span className="block text-sm text-ink-muted">{t`สำหรับสมาชิกที่เข้าสู่ระบบ ใช้ได้แม้บัญชีถูกระงับ`}</span>
            </span>
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
          </ChatLink>
        </li>
        <li>
          <Link
            to="/{-$locale}/cashback"
            params={{ locale: toLocaleParam(locale) }}
            className="flex min-h-touch items-center gap-3 py-3"
          >
            <RowIcon icon={ReceiptText} />
            <span className="flex-1">
              <span className="block font-semibold">
                <ThaiText>{t`เรื่องรายการเงินคืน`}</ThaiText>
              </span>
              <span className="block text-sm text-ink-muted">
                <ThaiText>{t`เปิดรายการในหน้าเงินคืน ดูเหตุผล วันที่คาดว่าจะได้รับ และส่งหลักฐานได้ที่หน้านั้น`}</ThaiText>
              </span>
            </span>
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
          </Link>
        </li>
      </ul>
    </section>
  )
}
