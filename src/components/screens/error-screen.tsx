import { useLingui } from '@lingui/react/macro'
import { SearchParamError, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { TriangleAlert } from 'lucide-react'
import { Component, useEffect, type ReactNode } from 'react'
import { isChunkLoadError, reloadForChunkError } from '../../lib/chunk-reload'
import { Button } from '../ui/button'
import { NotFoundScreen } from './not-found-screen'
import { StatusScreen } from '../ui/status-screen'

/**
 * A route failed to load or render. Invalid search params are a link that does not exist (spec
 * section 8: 'This page could not be found'). A missing page chunk (a new deploy) reloads the page;
 * other errors offer a retry, and retry by themselves when the device comes back online.
 */
export function ErrorScreen(props: ErrorComponentProps) {
  if (props.error instanceof SearchParamError) return <NotFoundScreen />
  return <LoadErrorScreen {...props} />
}

function LoadErrorScreen({ error, reset }: ErrorComponentProps) {
  const { t } = useLingui()
  const router = useRouter()
  const isChunkError = isChunkLoadError(error)

  useEffect(() => {
    if (isChunkError) reloadForChunkError()
  }, [isChunkError])

  useEffect(() => {
    function retryWhenOnline() {
      reset()
      void router.invalidate()
    }
    window.addEventListener('online', retryWhenOnline)
    return () => window.removeEventListener('online', retryWhenOnline)
  }, [reset, router])

  return (
    <ErrorPageBoundary>
      <StatusScreen
        icon={TriangleAlert}
        tone="danger"
        title={t`ขออภัย เกิดข้อผิดพลาด`}
        actions={
          <Button
            onClick={() => {
              reset()
              void router.invalidate()
            }}
          >
            {t`ลองอีกครั้ง`}
          </Button>
        }
      >
        <p>
          {navigator.onLine
            ? t`ไม่สามารถแสดงหน้านี้ได้ในขณะนี้ กรุณาลองอีกครั้ง`
            : t`ไม่มีการเชื่อมต่ออินเทอร์เน็ต หน้านี้จะโหลดใหม่เมื่อกลับมาออนไลน์`}
        </p>
      </StatusScreen>
    </ErrorPageBoundary>
  )
}

function ErrorPageFailure() {
  const { t } = useLingui()
  return (
    <section role="alert" className="px-6 py-16 text-center">
      <p className="text-lg font-semibold">{t`เกิดข้อผิดพลาดขณะแสดงหน้าแจ้งข้อผิดพลาด`}</p>
      {/* A plain link: a full page load home is the one way out that does not rely on the router. */}
      <a href="/" className="mt-4 inline-flex min-h-touch items-center font-semibold text-brand-700 underline">
        {t`กลับหน้าแรก`}
      </a>
    </section>
  )
}

/** Spec section 8: when the error page itself fails, say so and link home. */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false }

  static getDerivedStateFromError() {
    return { hasFailed: true }
  }

  override render() {
    return this.state.hasFailed ? <ErrorPageFailure /> : this.props.children
  }
}
