import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Search } from 'lucide-react'
import { useState, type SubmitEvent } from 'react'
import { Button, ButtonLink } from '../../../components/ui/button'
import { useBuyerStatusLabel } from '../../lib/console-labels'
import { buyerPageSize, buyerSearchQueryOptions } from './buyers-api'

/** Search buyers by email, phone, id or name; a result opens the buyer's page. */
export function BuyersScreen({ q, offset }: { q: string; offset: number }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const statusLabel = useBuyerStatusLabel()
  const [text, setText] = useState(q)
  const { data } = useSuspenseQuery(buyerSearchQueryOptions({ q, offset }))
  const total = data.total

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    void navigate({ to: '/buyers', search: { q: text.trim(), offset: 0 } })
  }

  return (
    <section aria-labelledby="buyers-title" className="space-y-5">
      <h1 id="buyers-title" className="text-2xl font-bold">
        <Trans>ผู้ซื้อ</Trans>
      </h1>
      <form role="search" onSubmit={onSubmit} className="flex gap-2">
        <label htmlFor="buyer-search" className="sr-only">
          <Trans>ค้นหาผู้ซื้อ</Trans>
        </label>
        <input
          id="buyer-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t`อีเมล เบอร์โทร รหัส หรือชื่อ`}
          className="h-12 w-full max-w-xl rounded-xl border border-line bg-surface px-4 focus:border-brand-500 focus:outline-none"
        />
        <Button type="submit">
          <Search aria-hidden="true" className="size-4" />
          <Trans>ค้นหา</Trans>
        </Button>
      </form>
      <p className="text-sm text-ink-muted">
        <Trans>พบ {total} คน</Trans>
      </p>
      <table className="w-full overflow-hidden rounded-card bg-surface text-left text-sm shadow-card">
        <thead className="bg-canvas text-ink-muted">
          <tr>
            <th className="p-3">
              <Trans>ชื่อ</Trans>
            </th>
            <th className="p-3">
              <Trans>อีเมล</Trans>
            </th>
            <th className="p-3">
              <Trans>เบอร์โทร</Trans>
            </th>
            <th className="p-3">
              <Trans>คะแนน</Trans>
            </th>
            <th className="p-3">
              <Trans>สถานะ</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.data.map((buyer) => (
            <tr key={buyer.id} className="border-t border-line">
              <td className="p-3">
                <Link
                  to="/buyers/$buyerId"
                  params={{ buyerId: buyer.id }}
                  className="font-medium text-brand-700 underline"
                >
                  {[buyer.firstName, buyer.lastName].filter((part) => part !== null).join(' ') || buyer.id}
                </Link>
              </td>
              <td className="p-3">{buyer.email ?? '–'}</td>
              <td className="p-3">{buyer.phone ?? '–'}</td>
              <td className="p-3 tabular-nums">{buyer.rating}%</td>
              <td className="p-3">{statusLabel(buyer.status)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav aria-label={t`หน้า`} className="flex gap-2">
        {offset > 0 ? (
          <ButtonLink variant="secondary" to="/buyers" search={{ q, offset: Math.max(0, offset - buyerPageSize) }}>
            <Trans>ก่อนหน้า</Trans>
          </ButtonLink>
        ) : null}
        {offset + buyerPageSize < data.total ? (
          <ButtonLink variant="secondary" to="/buyers" search={{ q, offset: offset + buyerPageSize }}>
            <Trans>ถัดไป</Trans>
          </ButtonLink>
        ) : null}
      </nav>
    </section>
  )
}
