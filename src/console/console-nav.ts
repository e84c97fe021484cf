import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { LucideIcon } from 'lucide-react'
import {
  ArrowLeftRight,
  Banknote,
  FileImage,
  LayoutDashboard,
  MessagesSquare,
  ScrollText,
  Settings,
  ShieldAlert,
  Unlink,
  UserCog,
  Users,
} from 'lucide-react'
import type { OperatorRole } from '#domain/ops/operator'

/**
 * The console's sections, in the order of the side bar. A section shows only to the roles that
 * may use it (an admin sees all); the server checks the role again on every request.
 */
export type ConsoleSection = {
  to:
    | '/'
    | '/buyers'
    | '/support'
    | '/review'
    | '/transactions'
    | '/conversions'
    | '/proofs'
    | '/withdrawals'
    | '/settings'
    | '/operators'
    | '/audit'
  label: MessageDescriptor
  icon: LucideIcon
  roles: readonly OperatorRole[]
}

export const consoleSections: readonly ConsoleSection[] = [
  { to: '/', label: msg`วันนี้`, icon: LayoutDashboard, roles: ['support', 'finance'] },
  { to: '/support', label: msg`แชตกับลูกค้า`, icon: MessagesSquare, roles: ['support'] },
  { to: '/buyers', label: msg`ผู้ซื้อ`, icon: Users, roles: ['support'] },
  { to: '/review', label: msg`ต้องตรวจสอบ`, icon: ShieldAlert, roles: ['support'] },
  { to: '/transactions', label: msg`รายการซื้อ`, icon: ArrowLeftRight, roles: ['support'] },
  { to: '/conversions', label: msg`คอนเวอร์ชันที่จับคู่ไม่ได้`, icon: Unlink, roles: ['support'] },
  { to: '/proofs', label: msg`หลักฐานรอตรวจ`, icon: FileImage, roles: ['support'] },
  { to: '/withdrawals', label: msg`ถอนเงิน`, icon: Banknote, roles: ['finance'] },
  { to: '/settings', label: msg`ตั้งค่า`, icon: Settings, roles: ['finance'] },
  { to: '/operators', label: msg`ผู้ดูแล`, icon: UserCog, roles: ['admin'] },
  { to: '/audit', label: msg`บันทึกการทำงาน`, icon: ScrollText, roles: ['support', 'finance'] },
]
