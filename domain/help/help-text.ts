import { maxPiecesPerItemPerDay } from '../cashback/item-limit.ts'
import { minimumDecidedPurchasesForOneDay, standardCashbackWaitDays } from '../cashback/rating.ts'
import type { FixedRates } from '../contracts/fixed-rate.ts'
import { profileMinimumAge } from '../contracts/profile.ts'
import { maxProofImages } from '../contracts/proof.ts'
import type { Locale } from '../locale.ts'
import { formatThb, type Satang } from '../money.ts'
import {
  firstWeekHours,
  newUserBonusQualifyingDays,
  premiumMonths,
  referralRedeemHours,
  specialCashbackMonths,
} from '../promotions/promotion-settings.ts'
import { formatBasisPoints } from '../rates.ts'
import {
  computeWithdrawalFee,
  oneDayMemberPayoutBusinessDays,
  withdrawalBusinessDays,
} from '../wallet/withdrawal-rules.ts'

/**
 * The help pages' content (FAQ, tutorials, how-to, terms) is written in both languages side by
 * side, in versioned files an operator can edit (domain/help/*.ts); help-content.test.ts fails
 * when a text is missing or empty in either language.
 */
export type LocalizedText = { th: string; en: string }

/**
 * The figures a help text may name as `{name}`. A number in a help text is never typed in: it is
 * the rule's own constant or the operator's current fixed-rate setting (GET /utils/fixed-rate/thb),
 * so the help pages say what the app does even after an operator changes a setting. Use
 * `fillHelpText` to put them in (the console's canned answers too).
 */
export const helpFigureNames = [
  // Terms
  'minimumAge',
  'maxPiecesPerItemPerDay',
  // Cashback and proofs
  'standardWaitFromDays',
  'standardWaitToDays',
  'maxProofImages',
  // Rating and 1-day cashback
  'oneDayRating',
  'minimumDecidedPurchases',
  'maxForRating',
  'maxForProof',
  // Withdrawals and points
  'minWithdrawal',
  'withdrawalFee',
  'withdrawalExampleAmount',
  'withdrawalExampleFee',
  'withdrawalExampleNet',
  'bankBusinessDays',
  'trueMoneyBusinessDaysFrom',
  'trueMoneyBusinessDaysTo',
  'oneDayMemberPayoutDays',
  'pointsPerBaht',
  'minPointsExchange',
  // Promotions and referral
  'firstBonus',
  'newUserBonusSpendingThreshold',
  'newUserBonusQualifyingDays',
  'firstWeekDays',
  'firstWeekMaxPerOrder',
  'stairLevel1Bonus',
  'stairLevel1Balance',
  'stairLevel2Bonus',
  'stairLevel2Balance',
  'stairLevel3Bonus',
  'stairLevel3Balance',
  'specialCashbackMonths',
  'premiumBonus',
  'premiumPrice',
  'premiumYears',
  'referralBonus',
  'referralSpendingThreshold',
  'referralRedeemHours',
] as const
export type HelpFigureName = (typeof helpFigureNames)[number]
export type HelpFigures = Readonly<Record<HelpFigureName, string>>

/** The withdrawal the fee is shown on: ฿1,000, a round amount above any sensible minimum. */
const withdrawalExampleAmount: Satang = 100_000

/** Every figure, written for `locale` (money as `฿1,000`, rates as `20%`). */
export function describeHelpFigures(rates: FixedRates, locale: Locale): HelpFigures {
  const baht = (amount: Satang) => formatThb(amount, locale)
  const percent = (basisPoints: number) => formatBasisPoints(basisPoints, locale)
  const exampleFee = computeWithdrawalFee('bank', withdrawalExampleAmount, rates)
  return {
    minimumAge: String(profileMinimumAge),
    maxPiecesPerItemPerDay: String(maxPiecesPerItemPerDay),
    standardWaitFromDays: String(standardCashbackWaitDays.from),
    standardWaitToDays: String(standardCashbackWaitDays.to),
    maxProofImages: String(maxProofImages),
    oneDayRating: `${rates.rating}%`,
    minimumDecidedPurchases: String(minimumDecidedPurchasesForOneDay),
    maxForRating: baht(rates.maxForRating),
    maxForProof: baht(rates.maxForProof),
    minWithdrawal: baht(rates.minWithdrawal),
    withdrawalFee: percent(rates.withdrawalFee),
    withdrawalExampleAmount: baht(withdrawalExampleAmount),
    withdrawalExampleFee: baht(exampleFee),
    withdrawalExampleNet: baht(withdrawalExampleAmount - exampleFee),
    bankBusinessDays: String(withdrawalBusinessDays.bank.to),
    trueMoneyBusinessDaysFrom: String(withdrawalBusinessDays.truemoney.from),
    trueMoneyBusinessDaysTo: String(withdrawalBusinessDays.truemoney.to),
    oneDayMemberPayoutDays: String(oneDayMemberPayoutBusinessDays),
    pointsPerBaht: String(rates.pointsPerBaht),
    minPointsExchange: baht(rates.minPointsExchange),
    firstBonus: baht(rates.firstBonus),
    newUserBonusSpendingThreshold: baht(rates.newUserBonusSpendingThreshold),
    newUserBonusQualifyingDays: String(newUserBonusQualifyingDays),
    firstWeekDays: String(firstWeekHours / 24),
    firstWeekMaxPerOrder: baht(rates.firstWeekMaxPerOrder),
    stairLevel1Bonus: percent(rates.stairLv1.bonusBasisPoints),
    stairLevel1Balance: baht(rates.stairLv1.minimumBalance),
    stairLevel2Bonus: percent(rates.stairLv2.bonusBasisPoints),
    stairLevel2Balance: baht(rates.stairLv2.minimumBalance),
    stairLevel3Bonus: percent(rates.stairLv3.bonusBasisPoints),
    stairLevel3Balance: baht(rates.stairLv3.minimumBalance),
    specialCashbackMonths: String(specialCashbackMonths),
    premiumBonus: percent(rates.vip),
    premiumPrice: baht(rates.premiumPrice),
    premiumYears: String(premiumMonths / 12),
    referralBonus: baht(rates.getFriend),
    referralSpendingThreshold: baht(rates.referralSpendingThreshold),
    referralRedeemHours: String(referralRedeemHours),
  }
}

const figurePattern = /\{([A-Za-z0-9]+)\}/g

function isHelpFigureName(name: string): name is HelpFigureName {
  return (helpFigureNames as readonly string[]).includes(name)
}

/** The `{name}`s a text names, in order (unknown names too: the content test refuses them). */
export function listHelpFigureNames(text: string): string[] {
  return [...text.matchAll(figurePattern)].map((match) => match[1] ?? '')
}

/** `text` with each `{name}` replaced by its figure; an unknown name is left as written. */
export function fillHelpText(text: string, figures: HelpFigures): string {
  return text.replace(figurePattern, (written, name: string) => (isHelpFigureName(name) ? figures[name] : written))
}

/** A localized help text in `locale`, its figures filled in. */
export function localizeHelpText(text: LocalizedText, locale: Locale, figures: HelpFigures): string {
  return fillHelpText(text[locale], figures)
}
