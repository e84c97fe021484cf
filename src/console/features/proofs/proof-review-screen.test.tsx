// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ProofReviewDetail } from '#domain/ops/proofs'
import { ProofReviewScreen } from './proof-review-screen'
import { proofReviewQueryOptions } from './proofs-api'

const transactionId = '0123456789abcdef01234567'

const transaction: ProofReviewDetail['transaction'] = {
  id: transactionId,
  buyerId: 'abcdefabcdefabcdefabcdef',
  merchant: { id: 'm1', nameTh: 'ร้านทดสอบ', nameEn: 'Test shop' },
  clickId: null,
  orderId: 'ORDER-1',
  orderDate: '2026-11-15T03:00:00.000Z',
  currency: 'THB',
  purchaseAmount: 100_000,
  cashbackAmount: 5_000,
  status: 'REJECTED',
  accepted: true,
  archived: false,
  rejectionReason: 'Item returned',
  reasonCode: 'item_returned',
  ratingOutcome: 'returned',
  releasePath: null,
  expectedAt: null,
  createdAt: '2026-11-15T03:00:00.000Z',
  updatedAt: '2026-11-15T03:00:00.000Z',
}

function proof(id: string, width: number, height: number) {
  return {
    id,
    status: 'pending',
    contentType: 'image/jpeg',
    width,
    height,
    byteSize: 1000,
    createdAt: '2026-11-16T03:00:00.000Z',
    reviewedAt: null,
    reviewedBy: null,
    rejectionReasonCode: null,
    rejectionReason: null,
    deletedAt: null,
    imageUrl: `/api/ops/proofs/${id}/picture`,
  }
}

function renderScreen(
  proofs: ProofReviewDetail['proofs'] = [
    proof('aaaaaaaaaaaaaaaaaaaaaaaa', 1200, 1600),
    proof('bbbbbbbbbbbbbbbbbbbbbbbb', 900, 700),
  ],
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  queryClient.setQueryData(proofReviewQueryOptions(transactionId).queryKey, { transaction, proofs, audit: [] })
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <ProofReviewScreen transactionId={transactionId} /> }),
    history: createMemoryHistory(),
  })
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  )
}

describe('ProofReviewScreen', () => {
  beforeAll(() => {
    i18n.loadAndActivate({ locale: 'th', messages: {} })
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows the pictures side by side at their full size, from the console picture address', async () => {
    renderScreen()
    const pictures = await screen.findAllByRole('img')
    expect(pictures.map((picture) => [picture.getAttribute('src'), picture.getAttribute('width')])).toEqual([
      ['/api/ops/proofs/aaaaaaaaaaaaaaaaaaaaaaaa/picture', '1200'],
      ['/api/ops/proofs/bbbbbbbbbbbbbbbbbbbbbbbb/picture', '900'],
    ])
    // Never shrunk to the column: the row scrolls instead.
    for (const picture of pictures) expect(picture.className).toContain('max-w-none')
    expect(screen.getByText('ORDER-1')).toBeTruthy()
  })

  /** Every request the screen sends, answered as the server answers a review. */
  function stubReviews() {
    const sent: Array<{ url: string; method: string; key: string | null; body: unknown }> = []
    const fetchMock = vi.fn(async (request: Request) => {
      sent.push({
        url: request.url,
        method: request.method,
        key: request.headers.get('Idempotency-Key'),
        body: JSON.parse(await request.text()),
      })
      return Response.json({ decided: 2, effect: 'none', transaction, proofs: [] }, { status: 200 })
    })
    vi.stubGlobal('fetch', fetchMock)
    return { sent, fetchMock }
  }

  it('asks for the reason the shopper sees before a rejection, then sends it and the note with an idempotency key', async () => {
    const { sent, fetchMock } = stubReviews()
    renderScreen()
    fireEvent.click(await screen.findByRole('button', { name: 'ไม่ผ่าน' }))
    expect(screen.getByText('เลือกเหตุผลที่ผู้ซื้อเห็นก่อนกดไม่ผ่าน')).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()

    const select = screen.getByLabelText<HTMLSelectElement>('เหตุผลที่ผู้ซื้อเห็น (ไม่ผ่าน)')
    // The closed set, in the operators' words, after the empty choice.
    expect([...select.options].map((option) => option.value)).toEqual([
      '',
      'unreadable',
      'order_details_missing',
      'not_this_purchase',
      'not_an_order',
      'edited',
      'other',
    ])
    fireEvent.change(select, { target: { value: 'unreadable' } })
    fireEvent.change(screen.getByLabelText('เหตุผล'), { target: { value: 'The receipt is blurry' } })
    fireEvent.click(screen.getByRole('button', { name: 'ไม่ผ่าน' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    const [request] = sent
    expect(new URL(request?.url ?? '').pathname).toBe(`/api/ops/proofs/${transactionId}/review`)
    expect(request?.method).toBe('POST')
    expect(request?.key).toMatch(/^[\w-]{16,}$/)
    expect(request?.body).toEqual({ decision: 'reject', reasonCode: 'unreadable', reason: 'The receipt is blurry' })
  })

  it('rejects without a note: the code alone', async () => {
    const { sent, fetchMock } = stubReviews()
    renderScreen()
    fireEvent.change(await screen.findByLabelText('เหตุผลที่ผู้ซื้อเห็น (ไม่ผ่าน)'), { target: { value: 'edited' } })
    fireEvent.click(screen.getByRole('button', { name: 'ไม่ผ่าน' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    expect(sent[0]?.body).toEqual({ decision: 'reject', reasonCode: 'edited' })
  })

  it('approves without a reason code', async () => {
    const { sent, fetchMock } = stubReviews()
    renderScreen()
    fireEvent.click(await screen.findByRole('button', { name: 'อนุมัติ' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    expect(sent[0]?.body).toEqual({ decision: 'approve' })
  })

  it('shows a refused picture with the reason the shopper was shown and the operator’s note', async () => {
    renderScreen([
      {
        ...proof('aaaaaaaaaaaaaaaaaaaaaaaa', 1200, 1600),
        status: 'rejected',
        reviewedAt: '2026-11-16T04:00:00.000Z',
        reviewedBy: 'operator:op_0123456789abcdef',
        rejectionReasonCode: 'not_this_purchase',
        rejectionReason: 'Order 778 is another purchase',
      },
    ])
    expect(await screen.findByText(/คำสั่งซื้อในภาพไม่ใช่รายการนี้ · Order 778 is another purchase/)).toBeTruthy()
    // Nothing waits: no decision to make.
    expect(screen.queryByRole('button', { name: 'ไม่ผ่าน' })).toBeNull()
  })
})
