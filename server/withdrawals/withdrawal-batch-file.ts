import { withdrawalExportColumns } from '#domain/ops/withdrawals'
import type { WithdrawalRecord } from '#server/withdrawals/withdrawal-service'

/**
 * Finance's bank-transfer batch (issue 14): one row per withdrawal to pay, as CSV (RFC 4180:
 * CRLF, fields with a comma, quote or line break quoted, quotes doubled). The file starts with a
 * UTF-8 byte order mark, without which spreadsheet programs misread the Thai account names.
 */

type Column = (typeof withdrawalExportColumns)[number]

/**
 * A shopper typed the names; a spreadsheet would run one that starts like a formula
 * (`=HYPERLINK(…)`), so such a field gets a leading apostrophe, which spreadsheets show as text.
 */
function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

export function quoteCsvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** Satang as baht with 2 decimals and no separators (`12345` → `123.45`). */
export function formatBahtAmount(amount: number): string {
  const sign = amount < 0 ? '-' : ''
  const absolute = Math.abs(amount)
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`
}

function toRow(record: WithdrawalRecord): Record<Column, string> {
  const row: Record<Column, string> = {
    withdrawal_id: record.id,
    method: record.target,
    bank: '',
    bank_code: '',
    branch: '',
    account_number: '',
    promptpay_id: '',
    promptpay_id_kind: '',
    truemoney_mobile: '',
    account_name: '',
    net_amount_thb: formatBahtAmount(record.netAmount),
    requested_at: record.createdAt.toISOString(),
  }
  const details = record.payoutDetails
  if (details === null) return row
  row.account_name = neutralizeFormula(details.accountName)
  switch (details.target) {
    case 'bank':
      return {
        ...row,
        bank: details.bank,
        bank_code: details.bankCode,
        branch: neutralizeFormula(details.branchName),
        account_number: details.accountNumber,
      }
    case 'promptpay':
      return { ...row, promptpay_id: details.promptPayId, promptpay_id_kind: details.promptPayIdKind }
    case 'truemoney':
      return { ...row, truemoney_mobile: details.mobileNumber }
  }
}

export function toWithdrawalBatchCsv(records: readonly WithdrawalRecord[]): string {
  const lines = [
    withdrawalExportColumns.join(','),
    ...records.map((record) => {
      const row = toRow(record)
      return withdrawalExportColumns.map((column) => quoteCsvField(row[column])).join(',')
    }),
  ]
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
