import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type SubmitEvent } from 'react'
import { operatorRoles, type Operator, type OperatorRole } from '#domain/ops/operator'
import { Button } from '../../../components/ui/button'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { ActionFeedback } from '../../components/action-feedback'
import { useRoleLabel } from '../../components/console-layout'
import { useConsoleAction } from '../../lib/use-console-action'
import { inviteOperator, operatorKeys, operatorListQueryOptions, updateOperator } from './operators-api'

/** Admins invite operators, change their role and disable them (their sessions end at once). */
export function OperatorsScreen({ me }: { me: Operator }) {
  const { t } = useLingui()
  const roleLabel = useRoleLabel()
  const { data } = useSuspenseQuery(operatorListQueryOptions)
  const [invite, setInvite] = useState<{ email: string; name: string; role: OperatorRole }>({
    email: '',
    name: '',
    role: 'support',
  })
  const action = useConsoleAction({ refreshes: operatorKeys.all })
  const { isBusy } = action
  const roleOptions = operatorRoles.map((role) => ({ value: role, label: roleLabel(role) }))

  function onInvite(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    void action.run(
      async (actionKey) => {
        await inviteOperator(invite, actionKey)
        setInvite({ email: '', name: '', role: 'support' })
      },
      t`เพิ่มผู้ดูแลแล้ว ให้เข้าสู่ระบบที่ /ops ด้วยอีเมลนี้`,
    )
  }

  return (
    <section aria-labelledby="operators-title" className="space-y-6">
      <h1 id="operators-title" className="text-2xl font-bold">
        <Trans>ผู้ดูแลระบบ</Trans>
      </h1>
      <ActionFeedback error={action.error} notice={action.notice} />
      <ul className="divide-y divide-line rounded-card bg-surface shadow-card">
        {data.data.map((account) => (
          <li key={account.id} className="flex flex-wrap items-center gap-3 p-4">
            <div className="mr-auto">
              <p className="font-semibold">
                {account.name}
                {account.id === me.id ? (
                  <span className="text-ink-muted">
                    {' '}
                    <Trans>(คุณ)</Trans>
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-ink-muted">
                {account.email} · {account.status === 'active' ? <Trans>ใช้งานอยู่</Trans> : <Trans>ถูกปิดการใช้งาน</Trans>} ·{' '}
                {account.isEnrolled ? <Trans>ตั้งค่าแอปยืนยันตัวตนแล้ว</Trans> : <Trans>ยังไม่เคยเข้าสู่ระบบ</Trans>}
              </p>
            </div>
            <SelectField
              label={t`บทบาท`}
              value={account.role}
              options={roleOptions}
              onValueChange={(role) =>
                void action.run((actionKey) => updateOperator(account.id, { role }, actionKey), t`เปลี่ยนบทบาทแล้ว`)
              }
            />
            <Button
              variant={account.status === 'active' ? 'danger' : 'secondary'}
              disabled={isBusy}
              onClick={() =>
                void action.run(
                  (actionKey) =>
                    updateOperator(
                      account.id,
                      { status: account.status === 'active' ? 'disabled' : 'active' },
                      actionKey,
                    ),
                  account.status === 'active' ? t`ปิดการใช้งานแล้ว และออกจากระบบทุกอุปกรณ์` : t`เปิดการใช้งานแล้ว`,
                )
              }
            >
              {account.status === 'active' ? <Trans>ปิดการใช้งาน</Trans> : <Trans>เปิดการใช้งาน</Trans>}
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={onInvite} noValidate className="space-y-4 rounded-card bg-surface p-5 shadow-card">
        <h2 className="text-lg font-semibold">
          <Trans>เพิ่มผู้ดูแล</Trans>
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`อีเมล`}
            type="email"
            value={invite.email}
            onChange={(event) => setInvite({ ...invite, email: event.target.value })}
          />
          <TextField
            label={t`ชื่อ`}
            value={invite.name}
            maxLength={100}
            onChange={(event) => setInvite({ ...invite, name: event.target.value })}
          />
        </div>
        <SelectField
          label={t`บทบาท`}
          value={invite.role}
          options={roleOptions}
          onValueChange={(role) => setInvite({ ...invite, role })}
        />
        <p className="text-sm text-ink-muted">
          <Trans>ผู้ดูแลใหม่เข้าสู่ระบบด้วยรหัสทางอีเมล แล้วตั้งค่าแอปยืนยันตัวตนในครั้งแรก</Trans>
        </p>
        <Button type="submit" disabled={isBusy}>
          <Trans>เพิ่มผู้ดูแล</Trans>
        </Button>
      </form>
    </section>
  )
}
