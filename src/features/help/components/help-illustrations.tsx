import type { ReactNode } from 'react'
import type { HelpIllustration as HelpIllustrationName } from '#domain/help/help-step'

/*
 * The help pages' drawings: small pictures of our own screens (the phone frame, the top bar, a
 * merchant row, the "Shop now" sheet, the wallet card) and of the ideas around them, drawn with
 * the design's colour tokens. They hold no words, only signs both languages read (฿, %, x2), so
 * one drawing serves Thai and English; the step's text beside it says what it shows, so they are
 * hidden from screen readers.
 */

function Scene({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 320 180" aria-hidden="true" focusable="false" className="block h-auto w-full">
      <rect width="320" height="180" rx="16" className="fill-brand-50" />
      <circle cx="24" cy="150" r="44" className="fill-brand-100" />
      <circle cx="300" cy="26" r="30" className="fill-brand-100" />
      {children}
    </svg>
  )
}

/** The app on a phone, cut off by the bottom edge: a top bar, then `children` in a 110-wide screen. */
function Phone({ x, y = 18, children }: { x: number; y?: number; children?: ReactNode }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width="122" height="190" rx="18" className="fill-ink" />
      <rect x="6" y="6" width="110" height="184" rx="13" className="fill-canvas" />
      <path d="M6 19a13 13 0 0 1 13-13h84a13 13 0 0 1 13 13v6H6z" className="fill-surface" />
      <rect x="14" y="12" width="26" height="6" rx="3" className="fill-brand-600" />
      <circle cx="106" cy="15" r="4" className="fill-line" />
      <g transform="translate(6 25)">{children}</g>
    </g>
  )
}

function TextLine({ x, y, width, tone = 'line' }: { x: number; y: number; width: number; tone?: Tone }) {
  return <rect x={x} y={y} width={width} height="5" rx="2.5" className={fills[tone]} />
}

type Tone = 'line' | 'muted' | 'brand' | 'brandLight' | 'orange' | 'orangeLight' | 'danger' | 'white' | 'surface'

const fills: Record<Tone, string> = {
  line: 'fill-line',
  muted: 'fill-ink-muted',
  brand: 'fill-brand-600',
  brandLight: 'fill-brand-100',
  orange: 'fill-cashback-500',
  orangeLight: 'fill-cashback-100',
  danger: 'fill-danger-600',
  white: 'fill-white',
  surface: 'fill-surface',
}

function Card({
  x,
  y,
  width,
  height,
  children,
}: {
  x: number
  y: number
  width: number
  height: number
  children?: ReactNode
}) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width={width} height={height} rx="8" className="fill-surface stroke-line" strokeWidth="1" />
      {children}
    </g>
  )
}

/** A button: a filled pill with a white label line. */
function PillButton({
  x,
  y,
  width,
  tone = 'brand',
}: {
  x: number
  y: number
  width: number
  tone?: 'brand' | 'danger'
}) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width={width} height="14" rx="7" className={tone === 'brand' ? 'fill-brand-600' : 'fill-danger-600'} />
      <rect x={width / 2 - width / 5} y="5" width={(width * 2) / 5} height="4" rx="2" className="fill-white" />
    </g>
  )
}

function Check({ x, y, r = 9, tone = 'brand' }: { x: number; y: number; r?: number; tone?: 'brand' | 'white' }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <circle r={r} className={tone === 'brand' ? 'fill-brand-600' : 'fill-white'} />
      <path
        d={`M${-r * 0.45} 0l${r * 0.3} ${r * 0.32}l${r * 0.6} ${-r * 0.62}`}
        className={tone === 'brand' ? 'fill-none stroke-white' : 'fill-none stroke-brand-600'}
        strokeWidth={r / 4}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </g>
  )
}

function Cross({ x, y, r = 9 }: { x: number; y: number; r?: number }) {
  const arm = r * 0.4
  return (
    <g transform={`translate(${x} ${y})`}>
      <circle r={r} className="fill-danger-600" />
      <path
        d={`M${-arm} ${-arm}L${arm} ${arm}M${arm} ${-arm}L${-arm} ${arm}`}
        className="stroke-white"
        strokeWidth={r / 4}
        strokeLinecap="round"
      />
    </g>
  )
}

function Coin({ x, y, r = 14, tone = 'orange' }: { x: number; y: number; r?: number; tone?: 'orange' | 'brand' }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <circle r={r} className={tone === 'orange' ? 'fill-cashback-500' : 'fill-brand-600'} />
      <circle r={r - 3} className={tone === 'orange' ? 'fill-cashback-600' : 'fill-brand-700'} />
      <Sign x={0} y={r * 0.38} size={r * 1.1} tone="white">
        ฿
      </Sign>
    </g>
  )
}

function Sign({
  x,
  y,
  size,
  tone,
  children,
}: {
  x: number
  y: number
  size: number
  tone: 'white' | 'brand' | 'orange' | 'danger' | 'ink'
  children: string
}) {
  const classes = {
    white: 'fill-white',
    brand: 'fill-brand-700',
    orange: 'fill-cashback-700',
    danger: 'fill-danger-700',
    ink: 'fill-ink',
  }
  return (
    <text x={x} y={y} fontSize={size} fontWeight="700" textAnchor="middle" className={classes[tone]}>
      {children}
    </text>
  )
}

function Arrow({ from, to, dashed = false }: { from: [number, number]; to: [number, number]; dashed?: boolean }) {
  const [x1, y1] = from
  const [x2, y2] = to
  const angle = Math.atan2(y2 - y1, x2 - x1)
  const head = 7
  const left: [number, number] = [x2 - head * Math.cos(angle - 0.5), y2 - head * Math.sin(angle - 0.5)]
  const right: [number, number] = [x2 - head * Math.cos(angle + 0.5), y2 - head * Math.sin(angle + 0.5)]
  return (
    <g className="fill-none stroke-brand-600" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
      <path d={`M${x1} ${y1}L${x2} ${y2}`} strokeDasharray={dashed ? '2 7' : undefined} />
      <path d={`M${left[0]} ${left[1]}L${x2} ${y2}L${right[0]} ${right[1]}`} />
    </g>
  )
}

/** A merchant row of the list: logo, name, and the cashback badge. */
function MerchantRow({ y, logo }: { y: number; logo: Tone }) {
  return (
    <g transform={`translate(6 ${y})`}>
      <rect width="98" height="26" rx="6" className="fill-surface" />
      <circle cx="13" cy="13" r="8" className={fills[logo]} />
      <TextLine x={26} y={7} width={34} tone="muted" />
      <TextLine x={26} y={15} width={22} />
      <rect x="66" y="7" width="28" height="12" rx="6" className="fill-cashback-100" />
      <Sign x={80} y={17} size={10} tone="orange">
        %
      </Sign>
    </g>
  )
}

function Storefront({ x, y, faded = false }: { x: number; y: number; faded?: boolean }) {
  return (
    <g transform={`translate(${x} ${y})`} opacity={faded ? 0.45 : 1}>
      <rect x="4" y="20" width="64" height="50" rx="4" className="fill-surface stroke-line" />
      <path d="M0 20l8-18h56l8 18z" className="fill-cashback-500" />
      <path d="M14 2l-4 18M28 2l-2 18M44 2l2 18M58 2l4 18" className="stroke-white" strokeWidth="3" />
      <rect x="26" y="42" width="20" height="28" rx="2" className="fill-brand-100" />
      <rect x="10" y="30" width="12" height="12" rx="2" className="fill-brand-100" />
      <rect x="50" y="30" width="12" height="12" rx="2" className="fill-brand-100" />
    </g>
  )
}

function WalletIcon({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width="64" height="46" rx="9" className="fill-brand-600" />
      <rect x="40" y="15" width="28" height="16" rx="6" className="fill-brand-700" />
      <circle cx="50" cy="23" r="3.5" className="fill-white" />
      <path d="M6 0h46a6 6 0 0 1 6 6" className="fill-none stroke-brand-200" strokeWidth="3" />
    </g>
  )
}

function Cart({ x, y, scale = 1 }: { x: number; y: number; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <path
        d="M0 6h10l8 34h36l8-26H16"
        className="fill-none stroke-ink"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="22" cy="50" r="5" className="fill-ink" />
      <circle cx="50" cy="50" r="5" className="fill-ink" />
    </g>
  )
}

function Photo({ x, y, width = 34, height = 28 }: { x: number; y: number; width?: number; height?: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width={width} height={height} rx="4" className="fill-surface stroke-line" />
      <rect x="3" y="3" width={width - 6} height={height - 6} rx="2" className="fill-brand-100" />
      <path
        d={`M3 ${height - 3}l${width * 0.3} ${-height * 0.45}l${width * 0.22} ${height * 0.28}l${width * 0.14} ${-height * 0.14}L${width - 3} ${height - 3}z`}
        className="fill-brand-500"
      />
      <circle cx={width - 9} cy="9" r="3" className="fill-cashback-500" />
    </g>
  )
}

function Person({ x, y, tone }: { x: number; y: number; tone: 'brand' | 'orange' }) {
  const fill = tone === 'brand' ? 'fill-brand-600' : 'fill-cashback-500'
  return (
    <g transform={`translate(${x} ${y})`}>
      <circle cx="0" cy="0" r="13" className={fill} />
      <path d="M-24 44a24 24 0 0 1 48 0z" className={fill} />
    </g>
  )
}

function MerchantList() {
  return (
    <Scene>
      <Phone x={99}>
        <rect x="6" y="6" width="98" height="14" rx="7" className="fill-surface stroke-line" />
        <circle cx="15" cy="13" r="3.5" className="fill-none stroke-ink-muted" strokeWidth="1.5" />
        <TextLine x={23} y={10.5} width={40} />
        <MerchantRow y={26} logo="brand" />
        <MerchantRow y={56} logo="orange" />
        <MerchantRow y={86} logo="danger" />
        <MerchantRow y={116} logo="muted" />
      </Phone>
      <g transform="translate(40 60)">
        <circle r="22" className="fill-surface" />
        <circle cx="-3" cy="-3" r="10" className="fill-none stroke-brand-600" strokeWidth="4" />
        <path d="M5 5l8 8" className="stroke-brand-600" strokeWidth="5" strokeLinecap="round" />
      </g>
      <g transform="translate(268 118)">
        <rect x="-26" y="-17" width="52" height="34" rx="17" className="fill-cashback-500" />
        <Sign x={0} y={8} size={22} tone="white">
          %
        </Sign>
      </g>
    </Scene>
  )
}

function ShopNow() {
  return (
    <Scene>
      <Phone x={62}>
        <rect width="110" height="160" className="fill-ink" opacity="0.35" />
        <path d="M0 62a12 12 0 0 1 12-12h86a12 12 0 0 1 12 12v98H0z" className="fill-surface" />
        <TextLine x={10} y={60} width={60} tone="muted" />
        {[76, 92, 108].map((y) => (
          <g key={y}>
            <Check x={15} y={y + 2} r={5} />
            <TextLine x={25} y={y} width={70} />
          </g>
        ))}
        <PillButton x={10} y={124} width={90} />
      </Phone>
      <Arrow from={[196, 124]} to={[228, 110]} dashed />
      <Storefront x={232} y={60} />
    </Scene>
  )
}

function Checkout() {
  return (
    <Scene>
      <Cart x={40} y={62} scale={1.3} />
      <rect x="70" y="56" width="20" height="16" rx="3" className="fill-brand-500" />
      <rect x="88" y="50" width="16" height="22" rx="3" className="fill-cashback-500" />
      <Arrow from={[138, 96]} to={[170, 96]} />
      <Card x={182} y={34} width={104} height={120}>
        <TextLine x={12} y={14} width={50} tone="muted" />
        <TextLine x={12} y={30} width={70} />
        <TextLine x={12} y={42} width={56} />
        <rect x="12" y="58" width="80" height="1" className="fill-line" />
        <TextLine x={12} y={68} width={36} tone="muted" />
        <Sign x={78} y={75} size={14} tone="ink">
          ฿
        </Sign>
        <PillButton x={12} y={92} width={80} />
      </Card>
      <Check x={284} y={40} r={13} />
    </Scene>
  )
}

function StatusTimeline() {
  const nodes: { x: number; done: boolean }[] = [
    { x: 46, done: true },
    { x: 122, done: true },
    { x: 198, done: true },
    { x: 274, done: false },
  ]
  return (
    <Scene>
      <rect x="46" y="86" width="228" height="6" rx="3" className="fill-brand-200" />
      <rect x="46" y="86" width="152" height="6" rx="3" className="fill-brand-600" />
      {nodes.map((node, index) => (
        <g key={node.x}>
          <circle
            cx={node.x}
            cy="89"
            r="20"
            className={node.done ? 'fill-brand-600' : 'fill-surface stroke-brand-600'}
            strokeWidth="3"
          />
          <TextLine x={node.x - 22} y={122} width={44} tone={node.done ? 'muted' : 'line'} />
          <TextLine x={node.x - 14} y={132} width={28} />
          {index === 0 ? <path d={`M${node.x - 5} 80l0 16l4-4l4 7l3-2l-4-7l6 0z`} className="fill-white" /> : null}
          {index === 1 ? (
            <g className="fill-none stroke-white" strokeWidth="2.5" strokeLinecap="round">
              <circle cx={node.x} cy="89" r="8" />
              <path d={`M${node.x} 84v5l3 3`} />
            </g>
          ) : null}
          {index === 2 ? (
            <path
              d={`M${node.x - 6} 80h12l-6 9l6 9h-12l6-9z`}
              className="fill-none stroke-white"
              strokeWidth="2.5"
              strokeLinejoin="round"
            />
          ) : null}
          {index === 3 ? (
            <Sign x={node.x} y={96} size={20} tone="brand">
              ฿
            </Sign>
          ) : null}
        </g>
      ))}
      <g transform="translate(252 36)">
        <rect width="44" height="22" rx="11" className="fill-cashback-500" />
        <Sign x={22} y={16} size={14} tone="white">
          ฿
        </Sign>
      </g>
    </Scene>
  )
}

function AcceptCashback() {
  return (
    <Scene>
      <Phone x={54}>
        <rect x="6" y="8" width="98" height="74" rx="8" className="fill-surface" />
        <circle cx="20" cy="24" r="8" className="fill-cashback-500" />
        <TextLine x={34} y={18} width={40} tone="muted" />
        <TextLine x={34} y={27} width={26} />
        <rect x="14" y="40" width="44" height="12" rx="6" className="fill-brand-100" />
        <Check x={22} y={46} r={4} />
        <TextLine x={30} y={43.5} width={22} tone="brand" />
        <Sign x={86} y={51} size={13} tone="brand">
          ฿
        </Sign>
        <PillButton x={14} y={60} width={82} />
        <rect x="6" y="90" width="98" height="40" rx="8" className="fill-surface" />
        <TextLine x={14} y={100} width={60} />
        <TextLine x={14} y={112} width={40} />
      </Phone>
      <Arrow from={[190, 92]} to={[222, 92]} />
      <WalletIcon x={230} y={70} />
      <Coin x={262} y={56} r={13} />
    </Scene>
  )
}

function Wallet() {
  return (
    <Scene>
      <Phone x={40}>
        <rect x="6" y="8" width="98" height="58" rx="10" className="fill-brand-600" />
        <TextLine x={14} y={16} width={34} tone="brandLight" />
        <Sign x={30} y={48} size={22} tone="white">
          ฿
        </Sign>
        <rect x="44" y="34" width="46" height="10" rx="5" className="fill-white" />
        <rect x="6" y="74" width="98" height="14" rx="7" className="fill-brand-600" />
        <rect x="40" y="79" width="30" height="4" rx="2" className="fill-white" />
        <rect x="6" y="96" width="98" height="40" rx="8" className="fill-surface" />
        <TextLine x={14} y={106} width={50} />
        <TextLine x={14} y={118} width={70} />
      </Phone>
      <Arrow from={[178, 90]} to={[206, 90]} dashed />
      <BankIcon x={224} y={34} />
      <QrIcon x={224} y={84} />
      <PhoneWalletIcon x={262} y={124} />
    </Scene>
  )
}

function BankIcon({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width="44" height="40" rx="8" className="fill-surface" />
      <path d="M8 16l14-9l14 9z" className="fill-brand-600" />
      <path d="M12 19v11M19 19v11M26 19v11M33 19v11" className="stroke-brand-600" strokeWidth="3" />
      <rect x="8" y="31" width="28" height="3" rx="1.5" className="fill-brand-600" />
    </g>
  )
}

function QrIcon({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width="44" height="40" rx="8" className="fill-surface" />
      {[
        [9, 7],
        [25, 7],
        [9, 21],
      ].map(([squareX = 0, squareY = 0]) => (
        <g key={`${squareX}-${squareY}`}>
          <rect x={squareX} y={squareY} width="10" height="10" rx="2" className="fill-ink" />
          <rect x={squareX + 3} y={squareY + 3} width="4" height="4" className="fill-surface" />
        </g>
      ))}
      <rect x="25" y="21" width="4" height="4" className="fill-brand-600" />
      <rect x="31" y="27" width="4" height="4" className="fill-brand-600" />
      <rect x="25" y="29" width="4" height="4" className="fill-ink" />
    </g>
  )
}

function PhoneWalletIcon({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width="44" height="40" rx="8" className="fill-surface" />
      <rect x="14" y="5" width="17" height="30" rx="4" className="fill-cashback-500" />
      <rect x="17" y="10" width="11" height="16" rx="1.5" className="fill-white" />
      <Sign x={22.5} y={23} size={10} tone="orange">
        ฿
      </Sign>
    </g>
  )
}

function AdBlocker() {
  return (
    <Scene>
      <Phone x={22}>
        <TextLine x={8} y={10} width={60} tone="muted" />
        <rect x="6" y="22" width="98" height="40" rx="8" className="fill-surface" />
        <PillButton x={14} y={36} width={82} />
      </Phone>
      <Arrow from={[150, 80]} to={[230, 80]} dashed />
      <g transform="translate(190 80)">
        <path d="M0 -30l24 9v16c0 16-10 27-24 33c-14-6-24-17-24-33v-16z" className="fill-danger-600" />
        <path d="M-10 -8l20 20M10 -8l-20 20" className="stroke-white" strokeWidth="4" strokeLinecap="round" />
      </g>
      <Storefront x={236} y={50} faded />
      <g transform="translate(170 128)">
        <rect width="44" height="24" rx="12" className="fill-line" />
        <circle cx="12" cy="12" r="9" className="fill-surface" />
      </g>
    </Scene>
  )
}

function Ticket({ x, y, tone }: { x: number; y: number; tone: 'brand' | 'orange' }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <path
        d="M0 6a6 6 0 0 1 6-6h76a6 6 0 0 1 6 6v10a6 6 0 0 0 0 12v10a6 6 0 0 1-6 6H6a6 6 0 0 1-6-6V28a6 6 0 0 0 0-12z"
        className={tone === 'brand' ? 'fill-brand-600' : 'fill-cashback-500'}
      />
      <path d="M60 4v36" className="stroke-white" strokeWidth="2" strokeDasharray="3 4" />
      <Sign x={30} y={29} size={18} tone="white">
        %
      </Sign>
    </g>
  )
}

function LastClick() {
  return (
    <Scene>
      <Ticket x={28} y={40} tone="brand" />
      <Check x={112} y={44} r={11} />
      <Ticket x={28} y={104} tone="orange" />
      <Cross x={112} y={108} r={11} />
      <Arrow from={[134, 62]} to={[220, 86]} />
      <path
        d="M134 126L180 112"
        className="stroke-danger-600"
        strokeWidth="3"
        strokeDasharray="2 7"
        strokeLinecap="round"
      />
      <Storefront x={228} y={56} />
    </Scene>
  )
}

function SameBrowser() {
  return (
    <Scene>
      <g transform="translate(26 26)">
        <rect width="176" height="128" rx="12" className="fill-surface stroke-line" />
        <path d="M0 12a12 12 0 0 1 12-12h152a12 12 0 0 1 12 12v10H0z" className="fill-line" />
        <circle cx="12" cy="11" r="3" className="fill-danger-600" />
        <circle cx="22" cy="11" r="3" className="fill-cashback-500" />
        <circle cx="32" cy="11" r="3" className="fill-brand-500" />
        <rect x="44" y="6" width="120" height="10" rx="5" className="fill-surface" />
        <g transform="translate(14 44)">
          <rect width="36" height="14" rx="7" className="fill-brand-600" />
        </g>
        <Arrow from={[56, 51]} to={[74, 51]} />
        <Cart x={80} y={40} scale={0.55} />
        <Arrow from={[120, 51]} to={[136, 51]} />
        <Check x={152} y={51} r={10} />
        <TextLine x={14} y={84} width={120} />
        <TextLine x={14} y={96} width={90} />
        <TextLine x={14} y={108} width={104} />
      </g>
      <g transform="translate(236 52)">
        <rect width="50" height="80" rx="10" className="fill-ink" opacity="0.3" />
        <rect x="5" y="5" width="40" height="70" rx="6" className="fill-surface" opacity="0.6" />
      </g>
      <Cross x={284} y={56} r={12} />
    </Scene>
  )
}

function FreshCart() {
  return (
    <Scene>
      <g transform="translate(40 40)" opacity="0.5">
        <rect width="26" height="22" rx="4" className="fill-ink-muted" />
      </g>
      <Cross x={68} y={40} r={10} />
      <g transform="translate(94 30)">
        <rect width="40" height="18" rx="9" className="fill-brand-600" />
        <rect x="10" y="7" width="20" height="4" rx="2" className="fill-white" />
      </g>
      <Arrow from={[140, 40]} to={[176, 64]} />
      <Cart x={150} y={84} scale={1.5} />
      <rect x="186" y="82" width="22" height="20" rx="4" className="fill-brand-500" />
      <rect x="210" y="76" width="20" height="26" rx="4" className="fill-cashback-500" />
      <Check x={262} y={70} r={14} />
    </Scene>
  )
}

function FullPayment() {
  return (
    <Scene>
      <g transform="translate(108 18)">
        <path
          d="M0 8a8 8 0 0 1 8-8h88a8 8 0 0 1 8 8v140l-9-6l-9 6l-9-6l-9 6l-9-6l-9 6l-9-6l-9 6l-9-6l-9 6l-9-6l-8 6z"
          className="fill-surface stroke-line"
        />
        <TextLine x={14} y={16} width={50} tone="muted" />
        <TextLine x={14} y={32} width={76} />
        <TextLine x={14} y={44} width={60} />
        <TextLine x={14} y={56} width={70} />
        <rect x="14" y="74" width="76" height="1" className="fill-line" />
        <rect x="14" y="86" width="76" height="10" rx="5" className="fill-brand-100" />
        <rect x="14" y="86" width="76" height="10" rx="5" className="fill-brand-600" />
        <Sign x={52} y={124} size={22} tone="brand">
          ฿
        </Sign>
      </g>
      <Check x={226} y={38} r={16} />
      <Coin x={70} y={120} r={16} />
    </Scene>
  )
}

function Chat() {
  return (
    <Scene>
      <Phone x={99}>
        <path d="M8 14a8 8 0 0 1 8-8h52a8 8 0 0 1 8 8v10a8 8 0 0 1-8 8H18l-10 6z" className="fill-surface" />
        <TextLine x={16} y={14} width={50} />
        <TextLine x={16} y={23} width={34} />
        <path d="M102 50a8 8 0 0 0-8-8H40a8 8 0 0 0-8 8v10a8 8 0 0 0 8 8h54l8 6z" className="fill-brand-600" />
        <TextLine x={40} y={50} width={50} tone="brandLight" />
        <TextLine x={40} y={59} width={30} tone="brandLight" />
        <Photo x={62} y={80} width={40} height={32} />
        <path d="M8 128a8 8 0 0 1 8-8h40a8 8 0 0 1 8 8v6a8 8 0 0 1-8 8H16l-8 6z" className="fill-surface" />
        <TextLine x={16} y={128} width={36} />
      </Phone>
      <g transform="translate(50 70)">
        <circle r="24" className="fill-brand-600" />
        <path
          d="M-11 -7h22a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4h-12l-8 6v-6h-2a4 4 0 0 1-4-4v-10a4 4 0 0 1 4-4z"
          className="fill-white"
        />
      </g>
    </Scene>
  )
}

function RejectedPurchase() {
  return (
    <Scene>
      <Phone x={99}>
        <rect x="6" y="8" width="98" height="98" rx="8" className="fill-surface" />
        <circle cx="20" cy="24" r="8" className="fill-brand-500" />
        <TextLine x={34} y={18} width={40} tone="muted" />
        <TextLine x={34} y={27} width={26} />
        <rect x="14" y="40" width="46" height="12" rx="6" className="fill-danger-50" />
        <TextLine x={20} y={43.5} width={34} tone="danger" />
        <rect x="14" y="60" width="82" height="36" rx="6" className="fill-danger-50" />
        <TextLine x={20} y={68} width={64} tone="danger" />
        <TextLine x={20} y={80} width={44} tone="danger" />
        <rect x="6" y="114" width="98" height="30" rx="8" className="fill-surface" />
        <Photo x={14} y={118} width={26} height={20} />
        <rect x="46" y="122" width="50" height="12" rx="6" className="fill-brand-600" />
      </Phone>
      <g transform="translate(60 82)">
        <circle r="24" className="fill-danger-600" />
        <rect x="-3" y="-14" width="6" height="18" rx="3" className="fill-white" />
        <circle cy="11" r="3.5" className="fill-white" />
      </g>
    </Scene>
  )
}

function ProofPhotos() {
  const positions: [number, number][] = [
    [42, 34],
    [102, 34],
    [162, 34],
    [72, 92],
    [132, 92],
  ]
  return (
    <Scene>
      {positions.map(([x, y]) => (
        <Photo key={`${x}-${y}`} x={x} y={y} width={52} height={44} />
      ))}
      <g transform="translate(244 110)">
        <circle r="26" className="fill-brand-600" />
        <path d="M-12 -2h6l4-6h8l4 6h6v16h-28z" className="fill-white" />
        <circle cy="6" r="6" className="fill-brand-600" />
      </g>
    </Scene>
  )
}

function ProofReview() {
  return (
    <Scene>
      <Photo x={60} y={30} width={120} height={100} />
      <g transform="translate(166 104)">
        <circle r="30" className="fill-white" opacity="0.6" />
        <circle r="30" className="fill-none stroke-ink" strokeWidth="7" />
        <path d="M22 22l24 24" className="stroke-ink" strokeWidth="10" strokeLinecap="round" />
      </g>
      <g transform="translate(266 48)">
        <circle r="22" className="fill-cashback-500" />
        <path d="M-8 -11h16l-8 11l8 11h-16l8-11z" className="fill-white" />
      </g>
    </Scene>
  )
}

function PayoutMethods() {
  return (
    <Scene>
      <g transform="translate(24 56) scale(1.5)">
        <BankIcon x={0} y={0} />
      </g>
      <g transform="translate(126 56) scale(1.5)">
        <QrIcon x={0} y={0} />
      </g>
      <g transform="translate(228 56) scale(1.5)">
        <PhoneWalletIcon x={0} y={0} />
      </g>
      <Coin x={160} y={36} r={14} />
      <path
        d="M146 36h-72M174 36h72"
        className="stroke-brand-600"
        strokeWidth="3"
        strokeDasharray="2 7"
        strokeLinecap="round"
      />
      <path
        d="M57 36v14M263 36v14M160 50v0"
        className="stroke-brand-600"
        strokeWidth="3"
        strokeDasharray="2 7"
        strokeLinecap="round"
      />
      <TextLine x={38} y={130} width={40} tone="muted" />
      <TextLine x={140} y={130} width={40} tone="muted" />
      <TextLine x={242} y={130} width={40} tone="muted" />
    </Scene>
  )
}

function WithdrawForm() {
  const fields = [8, 36, 64, 92]
  return (
    <Scene>
      <Phone x={99}>
        {fields.map((y, index) => (
          <g key={y}>
            <TextLine x={8} y={y} width={index === 0 ? 40 : 30} tone="muted" />
            <rect x="6" y={y + 8} width="98" height="14" rx="5" className="fill-surface stroke-line" />
            {index === 1 ? (
              <path d={`M92 ${y + 13}l4 4l4-4`} className="fill-none stroke-ink-muted" strokeWidth="1.5" />
            ) : (
              <TextLine x={12} y={y + 12.5} width={index === 0 ? 30 : 54} />
            )}
          </g>
        ))}
        <PillButton x={6} y={124} width={98} />
      </Phone>
      <BankIcon x={40} y={60} />
      <g transform="translate(258 90)">
        <rect x="-22" y="-18" width="44" height="36" rx="8" className="fill-surface" />
        <path
          d="M-10 -2l7 7l13 -13"
          className="fill-none stroke-brand-600"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
    </Scene>
  )
}

function FeeSummary() {
  return (
    <Scene>
      <Card x={70} y={26} width={180} height={128}>
        <TextLine x={16} y={20} width={60} tone="muted" />
        <Sign x={150} y={27} size={16} tone="ink">
          ฿
        </Sign>
        <Sign x={22} y={60} size={20} tone="danger">
          −
        </Sign>
        <TextLine x={36} y={52} width={50} tone="danger" />
        <Sign x={150} y={60} size={16} tone="danger">
          %
        </Sign>
        <rect x="16" y="76" width="148" height="2" rx="1" className="fill-ink" />
        <rect x="16" y="90" width="148" height="26" rx="8" className="fill-brand-50" />
        <Sign x={24} y={109} size={18} tone="brand">
          =
        </Sign>
        <TextLine x={36} y={100} width={60} tone="brand" />
        <Sign x={150} y={110} size={18} tone="brand">
          ฿
        </Sign>
      </Card>
      <Coin x={46} y={58} r={16} />
      <Check x={274} y={130} r={14} />
    </Scene>
  )
}

function PayoutDate() {
  return (
    <Scene>
      <g transform="translate(74 28)">
        <rect width="124" height="122" rx="12" className="fill-surface stroke-line" />
        <path d="M0 12a12 12 0 0 1 12-12h100a12 12 0 0 1 12 12v16H0z" className="fill-brand-600" />
        <rect x="26" y="-8" width="8" height="18" rx="4" className="fill-ink" />
        <rect x="90" y="-8" width="8" height="18" rx="4" className="fill-ink" />
        {[0, 1, 2, 3].map((row) =>
          [0, 1, 2, 3, 4].map((column) => (
            <rect
              key={`${row}-${column}`}
              x={12 + column * 21}
              y={38 + row * 20}
              width="16"
              height="14"
              rx="3"
              className={column > 3 ? 'fill-canvas' : 'fill-brand-50'}
            />
          )),
        )}
        <circle cx="83" cy="85" r="13" className="fill-none stroke-cashback-600" strokeWidth="3" />
      </g>
      <Arrow from={[222, 110]} to={[250, 92]} />
      <Coin x={268} y={78} r={18} />
    </Scene>
  )
}

function Points() {
  return (
    <Scene>
      <Coin x={82} y={90} r={30} />
      <Arrow from={[128, 90]} to={[186, 90]} />
      <g transform="translate(238 90)">
        <circle r="34" className="fill-brand-600" />
        <path
          d="M0 -20l6 12l13 2l-9.5 9.5l2.3 13.5l-11.8-6.3l-11.8 6.3l2.3-13.5l-9.5-9.5l13-2z"
          className="fill-white"
        />
      </g>
      <circle cx="278" cy="48" r="6" className="fill-cashback-500" />
      <circle cx="290" cy="128" r="4" className="fill-cashback-500" />
      <circle cx="200" cy="136" r="5" className="fill-brand-500" />
    </Scene>
  )
}

function RatingGauge() {
  return (
    <Scene>
      <g transform="translate(160 128)">
        <path d="M-90 0a90 90 0 0 1 180 0" className="fill-none stroke-line" strokeWidth="18" strokeLinecap="round" />
        <path
          d="M-90 0a90 90 0 0 1 170 -30"
          className="fill-none stroke-brand-500"
          strokeWidth="18"
          strokeLinecap="round"
        />
        <path d="M86 -26l14 -4" className="stroke-ink" strokeWidth="4" strokeLinecap="round" />
        <path d="M0 0L74 -36" className="stroke-ink" strokeWidth="6" strokeLinecap="round" />
        <circle r="10" className="fill-ink" />
        <Sign x={0} y={-34} size={28} tone="brand">
          %
        </Sign>
      </g>
      <g transform="translate(274 40)">
        <circle r="18" className="fill-cashback-500" />
        <path d="M2 -12l-10 14h8l-2 10l10 -14h-8z" className="fill-white" />
      </g>
    </Scene>
  )
}

function RatingMoves() {
  return (
    <Scene>
      <g transform="translate(70 90)">
        <circle r="38" className="fill-surface" />
        <path
          d="M0 22V-20M-16 -4L0 -20L16 -4"
          className="fill-none stroke-brand-600"
          strokeWidth="8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
      <g transform="translate(160 90)">
        <circle r="38" className="fill-surface" />
        <path
          d="M0 -22V20M-16 4L0 20L16 4"
          className="fill-none stroke-danger-600"
          strokeWidth="8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
      <g transform="translate(250 90)">
        <circle r="38" className="fill-surface" />
        <path d="M-18 0H18" className="stroke-ink-muted" strokeWidth="8" strokeLinecap="round" />
      </g>
      <Check x={96} y={60} r={11} />
      <Cross x={186} y={60} r={11} />
    </Scene>
  )
}

function OneDay() {
  return (
    <Scene>
      <g transform="translate(70 36)">
        <rect width="100" height="106" rx="12" className="fill-surface stroke-line" />
        <path d="M0 12a12 12 0 0 1 12-12h76a12 12 0 0 1 12 12v16H0z" className="fill-brand-600" />
        <rect x="22" y="-8" width="8" height="18" rx="4" className="fill-ink" />
        <rect x="70" y="-8" width="8" height="18" rx="4" className="fill-ink" />
        <Sign x={50} y={88} size={54} tone="brand">
          1
        </Sign>
      </g>
      <g transform="translate(232 88)">
        <circle r="44" className="fill-cashback-500" />
        <path d="M6 -30l-24 36h18l-6 26l26 -38h-18z" className="fill-white" />
      </g>
    </Scene>
  )
}

function NegativeWallet() {
  return (
    <Scene>
      <WalletIcon x={48} y={62} />
      <g transform="translate(80 44)">
        <rect x="-22" y="-14" width="44" height="24" rx="12" className="fill-danger-600" />
        <Sign x={0} y={5} size={16} tone="white">
          −฿
        </Sign>
      </g>
      <Arrow from={[132, 88]} to={[180, 88]} />
      <Coin x={214} y={70} r={16} />
      <Sign x={214} y={122} size={26} tone="brand">
        +
      </Sign>
      <Coin x={262} y={104} r={16} tone="brand" />
    </Scene>
  )
}

function NewUserGift() {
  return (
    <Scene>
      <g transform="translate(110 52)">
        <rect y="26" width="100" height="74" rx="8" className="fill-brand-600" />
        <rect x="-6" y="8" width="112" height="26" rx="6" className="fill-brand-500" />
        <rect x="42" y="8" width="16" height="92" className="fill-cashback-500" />
        <path
          d="M50 8c-10-22-34-16-26-2c4 6 18 4 26 2zM50 8c10-22 34-16 26-2c-4 6-18 4-26 2z"
          className="fill-cashback-500"
        />
      </g>
      <Coin x={70} y={60} r={16} />
      <path d="M250 50l4 10l10 4l-10 4l-4 10l-4-10l-10-4l10-4z" className="fill-cashback-500" />
      <path d="M270 110l3 7l7 3l-7 3l-3 7l-3-7l-7-3l7-3z" className="fill-brand-500" />
      <path d="M56 118l3 7l7 3l-7 3l-3 7l-3-7l-7-3l7-3z" className="fill-brand-500" />
    </Scene>
  )
}

function DoubleCashback() {
  return (
    <Scene>
      <Coin x={104} y={96} r={34} />
      <Coin x={148} y={80} r={34} />
      <g transform="translate(238 90)">
        <rect x="-40" y="-28" width="80" height="56" rx="16" className="fill-brand-600" />
        <Sign x={0} y={14} size={38} tone="white">
          x2
        </Sign>
      </g>
    </Scene>
  )
}

function SpecialStairs() {
  const steps = [
    { x: 64, height: 40 },
    { x: 128, height: 74 },
    { x: 192, height: 108 },
  ]
  return (
    <Scene>
      {steps.map((step, index) => (
        <g key={step.x}>
          <rect
            x={step.x}
            y={160 - step.height}
            width="60"
            height={step.height}
            rx="6"
            className={index === 2 ? 'fill-brand-700' : index === 1 ? 'fill-brand-600' : 'fill-brand-500'}
          />
          <g transform={`translate(${step.x + 30} ${160 - step.height - 20})`}>
            <rect x="-20" y="-12" width="40" height="22" rx="11" className="fill-cashback-500" />
            <Sign x={0} y={5} size={14} tone="white">
              +%
            </Sign>
          </g>
        </g>
      ))}
      <Arrow from={[40, 120]} to={[70, 80]} />
      <Coin x={284} y={48} r={14} />
    </Scene>
  )
}

function Premium() {
  return (
    <Scene>
      <g transform="translate(160 92)">
        <circle r="56" className="fill-brand-600" />
        <circle r="46" className="fill-brand-700" />
        <path d="M-30 12l-6-34l20 16l16-26l16 26l20-16l-6 34z" className="fill-cashback-500" />
        <rect x="-30" y="16" width="60" height="10" rx="3" className="fill-cashback-500" />
      </g>
      <path d="M60 48l4 10l10 4l-10 4l-4 10l-4-10l-10-4l10-4z" className="fill-cashback-500" />
      <path d="M262 120l3 7l7 3l-7 3l-3 7l-3-7l-7-3l7-3z" className="fill-brand-500" />
      <g transform="translate(258 52)">
        <rect x="-24" y="-13" width="48" height="26" rx="13" className="fill-surface" />
        <Sign x={0} y={6} size={16} tone="brand">
          +%
        </Sign>
      </g>
    </Scene>
  )
}

function Referral() {
  return (
    <Scene>
      <Person x={64} y={64} tone="brand" />
      <Person x={256} y={64} tone="orange" />
      <g transform="translate(116 64)">
        <rect
          width="88"
          height="34"
          rx="8"
          className="fill-surface stroke-brand-600"
          strokeWidth="2"
          strokeDasharray="5 4"
        />
        {[0, 1, 2, 3].map((index) => (
          <rect key={index} x={12 + index * 17} y="12" width="12" height="10" rx="2" className="fill-brand-600" />
        ))}
      </g>
      <Arrow from={[98, 80]} to={[112, 80]} />
      <Arrow from={[208, 80]} to={[222, 80]} />
      <Coin x={64} y={136} r={14} />
    </Scene>
  )
}

const illustrations: Record<HelpIllustrationName, () => ReactNode> = {
  'merchant-list': MerchantList,
  'shop-now': ShopNow,
  checkout: Checkout,
  'status-timeline': StatusTimeline,
  'accept-cashback': AcceptCashback,
  wallet: Wallet,
  'ad-blocker': AdBlocker,
  'last-click': LastClick,
  'same-browser': SameBrowser,
  'fresh-cart': FreshCart,
  'full-payment': FullPayment,
  chat: Chat,
  'rejected-purchase': RejectedPurchase,
  'proof-photos': ProofPhotos,
  'proof-review': ProofReview,
  'payout-methods': PayoutMethods,
  'withdraw-form': WithdrawForm,
  'fee-summary': FeeSummary,
  'payout-date': PayoutDate,
  points: Points,
  'rating-gauge': RatingGauge,
  'rating-moves': RatingMoves,
  'one-day': OneDay,
  'negative-wallet': NegativeWallet,
  'new-user-gift': NewUserGift,
  'double-cashback': DoubleCashback,
  'special-stairs': SpecialStairs,
  premium: Premium,
  referral: Referral,
}

/** One of the help pages' drawings (decorative: the text beside it says what it shows). */
export function HelpIllustration({ name }: { name: HelpIllustrationName }) {
  const Drawing = illustrations[name]
  return <Drawing />
}
