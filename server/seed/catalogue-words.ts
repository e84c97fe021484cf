import type { MerchantCategoryId } from '#domain/categories'
import type { LocalizedText } from '#domain/contracts/catalogue'

/**
 * Word lists the demo catalogue is built from. Names are composed the way Thai shops and listings
 * are really named: Thai merchant names are transliterated English or Thai words run together
 * ('บ้านสวนมาร์ท' / 'Baan Suan Mart'), product listings start with the kind of product and carry a
 * Latin brand and model ('หูฟังไร้สาย Sonix A12 สีดำ'). Brands are invented.
 */

export type Word = LocalizedText

/** The colours a product can come in; the product's picture is tinted with it. */
export const colourNames = {
  black: { th: 'สีดำ', en: 'black' },
  white: { th: 'สีขาว', en: 'white' },
  silver: { th: 'สีเงิน', en: 'silver' },
  blue: { th: 'สีน้ำเงิน', en: 'blue' },
  pink: { th: 'สีชมพู', en: 'pink' },
  grey: { th: 'สีเทา', en: 'grey' },
  navy: { th: 'สีกรม', en: 'navy' },
  cream: { th: 'สีครีม', en: 'cream' },
  red: { th: 'สีแดง', en: 'red' },
  mint: { th: 'สีเขียวมิ้นต์', en: 'mint' },
  orange: { th: 'สีส้ม', en: 'orange' },
  green: { th: 'สีเขียว', en: 'green' },
  brown: { th: 'สีน้ำตาล', en: 'brown' },
  gold: { th: 'สีทอง', en: 'gold' },
} as const satisfies Record<string, Word>

export type ColourKey = keyof typeof colourNames

/** One way a product type comes: a colour, a size, a pack, or several of these together. */
export type Variant = Word & {
  key: string
  colour?: ColourKey
  /** The variant's price against the type's usual price (a 500 ml bottle costs more than 300 ml). */
  priceFactor?: number
}

export type ProductType = {
  /** Part of the comparison key, and the product's picture (server/catalogue/images/product-type-pictures.ts). */
  key: string
  th: string
  /** As used inside an English sentence: lower case unless a proper noun. */
  en: string
  minimumBaht: number
  maximumBaht: number
  /** Only variants that fit the type: no scents on a blood-pressure monitor. */
  variants: readonly [Variant, ...Variant[]]
  /** The units a listing of this type may name (`มล.` for a lotion, `ก.` for a powder); checked by a test. */
  units: readonly string[]
  /** Said once for every listing of the type: '14 นิ้ว' / '14-inch'. */
  thSuffix?: string
  enSuffix?: string
  /** Priced at face value: the variant key is the value in baht (gift cards, top-ups). */
  fixedBaht?: boolean
}

/** Whether listings of a category tell models apart by a code (A12); books go by title (demo-catalogue.ts). */
export type ModelStyle = 'code' | 'none'

export type CategoryWords = {
  /** In Thai and English, for descriptions: 'สุขภาพและความงาม' / 'health and beauty products'. */
  description: Word
  /** Words that go into merchant names of this category. */
  merchantStems: readonly [Word, ...Word[]]
  productTypes: readonly [ProductType, ...ProductType[]]
  brands: readonly [string, ...string[]]
  modelStyle: ModelStyle
  /** The usual range of an up-to rate in basis points. */
  rateBasisPoints: readonly [number, number]
}

function type(
  key: string,
  th: string,
  en: string,
  minimumBaht: number,
  maximumBaht: number,
  variants: readonly Variant[],
  units: readonly string[],
  options: Pick<ProductType, 'thSuffix' | 'enSuffix' | 'fixedBaht'> = {},
): ProductType {
  const [first, ...rest] = variants
  if (first === undefined) throw new Error(`Product type ${key} has no variants`)
  return { key, th, en, minimumBaht, maximumBaht, variants: [first, ...rest], units, ...options }
}

function v(key: string, th: string, en: string, options: Pick<Variant, 'colour' | 'priceFactor'> = {}): Variant {
  return { key, th, en, ...options }
}

function colours(...keys: ColourKey[]): Variant[] {
  return keys.map((key) => v(key, colourNames[key].th, colourNames[key].en, { colour: key }))
}

/** Every pairing of two variant lists: '128GB สีดำ' / '128GB, black'. */
function cross(left: readonly Variant[], right: readonly Variant[]): Variant[] {
  return left.flatMap((a) =>
    right.map((b) => {
      const colour = a.colour ?? b.colour
      return v(`${a.key}-${b.key}`, `${a.th} ${b.th}`, `${a.en}, ${b.en}`, {
        ...(colour === undefined ? {} : { colour }),
        priceFactor: (a.priceFactor ?? 1) * (b.priceFactor ?? 1),
      })
    }),
  )
}

/** Amounts of one unit, each priced by its size against the first (bigger packs cost less per unit). */
function amounts(values: readonly number[], th: string, en: string): Variant[] {
  const first = values[0] ?? 1
  return values.map((value) =>
    v(
      `${value}${en.replace(/\W/g, '')}`,
      `${value.toLocaleString('en-US')} ${th}`,
      `${value.toLocaleString('en-US')} ${en}`,
      {
        priceFactor: (value / first) ** 0.8,
      },
    ),
  )
}

const grams = (...values: number[]) => amounts(values, 'ก.', 'g')
const millilitres = (...values: number[]) => amounts(values, 'มล.', 'ml')
const tablets = (...values: number[]) => amounts(values, 'เม็ด', 'tablets')
const pieces = (...values: number[]) => amounts(values, 'ชิ้น', 'pieces')

function litres(...values: string[]): Variant[] {
  const first = Number(values[0] ?? 1)
  return values.map((value) =>
    v(`${value}l`, `${value} ลิตร`, `${value} L`, { priceFactor: (Number(value) / first) ** 0.6 }),
  )
}

function storage(...sizes: string[]): Variant[] {
  return sizes.map((size, index) => v(size.toLowerCase(), size, size, { priceFactor: 1 + index * 0.2 }))
}

const clothingSizes = ['S', 'M', 'L', 'XL'].map((size) =>
  v(`size-${size.toLowerCase()}`, `ไซซ์ ${size}`, `size ${size}`),
)
const shoeSizes = [39, 40, 41, 42, 43].map((size) => v(`eu-${size}`, `ไซซ์ ${size}`, `EU ${size}`))
const waistSizes = [28, 30, 32, 34].map((size) => v(`waist-${size}`, `เอว ${size} นิ้ว`, `waist ${size} in`))
const bookFormats = [
  v('paperback', 'ปกอ่อน', 'paperback'),
  v('hardcover', 'ปกแข็ง', 'hardcover', { priceFactor: 1.4 }),
  v('e-book', 'อีบุ๊ก', 'e-book', { priceFactor: 0.7 }),
]
const woodFinishes = [
  v('teak', 'ไม้สัก', 'teak', { colour: 'brown', priceFactor: 1.3 }),
  v('oak', 'สีไม้โอ๊ค', 'oak finish', { colour: 'cream' }),
  v('white', 'สีขาว', 'white', { colour: 'white' }),
  v('walnut', 'สีวอลนัท', 'walnut finish', { colour: 'brown' }),
]
const upholstery = [
  v('grey-fabric', 'ผ้าสีเทา', 'grey fabric', { colour: 'grey' }),
  v('cream-fabric', 'ผ้าสีครีม', 'cream fabric', { colour: 'cream' }),
  v('brown-leather', 'หนังสีน้ำตาล', 'brown leather', { colour: 'brown', priceFactor: 1.4 }),
]

/** Invented titles for books, as a listing names them. */
export const bookTitles: readonly [Word, ...Word[]] = [
  { th: 'ทะเลดาว', en: 'Sea of Stars' },
  { th: 'บ้านริมคลอง', en: 'The House by the Canal' },
  { th: 'เงาจันทร์', en: 'Moon Shadow' },
  { th: 'ฝนแรกของเดือนหก', en: 'First Rain of June' },
  { th: 'ร้านกาแฟสุดซอย', en: 'The Café at the End of the Soi' },
  { th: 'เส้นทางสายไหม', en: 'The Silk Road' },
  { th: 'ครัวคุณยาย', en: "Grandma's Kitchen" },
  { th: 'เริ่มต้นวันละนิด', en: 'A Little Every Day' },
  { th: 'กรุงศรีที่รัก', en: 'Dear Ayutthaya' },
  { th: 'แมวส้มกับดวงดาว', en: 'The Ginger Cat and the Stars' },
  { th: 'ภูเขาในเมฆ', en: 'Mountains in the Clouds' },
  { th: 'นักเดินทางตัวจิ๋ว', en: 'The Tiny Traveller' },
]

export const merchantNamePrefixes: readonly [Word, ...Word[]] = [
  { th: 'สยาม', en: 'Siam' },
  { th: 'บ้าน', en: 'Baan' },
  { th: 'ไทย', en: 'Thai' },
  { th: 'แฮปปี้', en: 'Happy' },
  { th: 'สมาร์ท', en: 'Smart' },
  { th: 'ซุปเปอร์', en: 'Super' },
  { th: 'กรุงเทพ', en: 'Krungthep' },
  { th: 'เชียงใหม่', en: 'Chiang Mai' },
  { th: 'ภูเก็ต', en: 'Phuket' },
  { th: 'ใจดี', en: 'Jai Dee' },
  { th: 'มีดี', en: 'Mee Dee' },
  { th: 'ศรี', en: 'Sri' },
  { th: 'ทอง', en: 'Thong' },
  { th: 'ยิ้ม', en: 'Yim' },
  { th: 'สุข', en: 'Suk' },
  { th: 'อุดม', en: 'Udom' },
  { th: 'เมือง', en: 'Muang' },
  { th: 'ริมน้ำ', en: 'Rim Nam' },
  { th: 'โกลเด้น', en: 'Golden' },
  { th: 'ซันนี่', en: 'Sunny' },
  { th: 'กรีน', en: 'Green' },
  { th: 'บลู', en: 'Blue' },
  { th: 'ดี', en: 'Dee' },
  { th: 'นครา', en: 'Nakhara' },
]

export const merchantNameSuffixes: readonly [Word, ...Word[]] = [
  { th: 'มาร์ท', en: 'Mart' },
  { th: 'สโตร์', en: 'Store' },
  { th: 'ช้อป', en: 'Shop' },
  { th: 'พลัส', en: 'Plus' },
  { th: 'เฮาส์', en: 'House' },
  { th: 'ซิตี้', en: 'City' },
  { th: 'เวิลด์', en: 'World' },
  { th: 'ดี', en: 'Dee' },
  { th: 'โปร', en: 'Pro' },
  { th: 'ฮับ', en: 'Hub' },
  { th: 'เซ็นเตอร์', en: 'Center' },
  { th: 'ออนไลน์', en: 'Online' },
  { th: 'ดีไลท์', en: 'Delight' },
  { th: 'แลนด์', en: 'Land' },
]

export const categoryWords: Record<MerchantCategoryId, CategoryWords> = {
  books: {
    description: { th: 'หนังสือและสื่อ', en: 'books and media' },
    merchantStems: [
      { th: 'บุ๊ค', en: 'Book' },
      { th: 'อักษร', en: 'Aksorn' },
      { th: 'นักอ่าน', en: 'Nak Arn' },
      { th: 'ปากกา', en: 'Pakka' },
      { th: 'ห้องสมุด', en: 'Library' },
      { th: 'เพจ', en: 'Page' },
      { th: 'วรรณกรรม', en: 'Wannakam' },
      { th: 'สำนักพิมพ์', en: 'Press' },
    ],
    productTypes: [
      type('translated-novel', 'นิยายแปล', 'translated novel', 189, 459, bookFormats, []),
      type(
        'picture-book',
        'หนังสือนิทานเด็ก',
        "children's picture book",
        95,
        350,
        [v('paperback', 'ปกอ่อน', 'paperback'), v('hardcover', 'ปกแข็ง', 'hardcover', { priceFactor: 1.4 })],
        [],
      ),
      type(
        'manga',
        'การ์ตูนมังงะ',
        'manga',
        65,
        150,
        [v('single', 'แยกเล่ม', 'single volume'), v('box-set', 'บ็อกซ์เซ็ต', 'box set', { priceFactor: 6 })],
        [],
      ),
      type('self-help', 'หนังสือพัฒนาตนเอง', 'self-help book', 199, 395, bookFormats, []),
      type(
        'cookbook',
        'หนังสือสอนทำอาหารไทย',
        'Thai cookbook',
        250,
        690,
        [v('paperback', 'ปกอ่อน', 'paperback'), v('hardcover', 'ปกแข็ง', 'hardcover', { priceFactor: 1.4 })],
        [],
      ),
      type(
        'exam-guide',
        'หนังสือเตรียมสอบ',
        'exam prep guide',
        180,
        450,
        [v('2569', 'ฉบับปรับปรุง 2569', '2026 edition'), v('with-answers', 'พร้อมเฉลยละเอียด', 'with worked answers')],
        [],
      ),
      type(
        'magazine',
        'นิตยสารรายเดือน',
        'monthly magazine',
        80,
        160,
        [
          v('issue', 'ฉบับล่าสุด', 'latest issue'),
          v('year', 'สมัครสมาชิก 12 ฉบับ', '12-issue subscription', { priceFactor: 10 }),
        ],
        ['ฉบับ'],
      ),
      type(
        'travel-photo-book',
        'หนังสือภาพท่องเที่ยว',
        'travel photo book',
        390,
        1290,
        [v('hardcover', 'ปกแข็ง', 'hardcover')],
        [],
      ),
      type('audiobook', 'หนังสือเสียง', 'audiobook', 149, 399, [v('download', 'แบบดาวน์โหลด', 'download')], []),
      type(
        'colouring-book',
        'สมุดระบายสี',
        'colouring book',
        79,
        250,
        [v('a4', 'ขนาด A4', 'A4'), v('with-pencils', 'พร้อมสีไม้ 12 สี', 'with 12 coloured pencils', { priceFactor: 1.6 })],
        ['สี'],
      ),
      type(
        'dictionary',
        'พจนานุกรมไทย-อังกฤษ',
        'Thai–English dictionary',
        290,
        890,
        [v('pocket', 'ฉบับพกพา', 'pocket edition', { priceFactor: 0.6 }), v('desk', 'ฉบับตั้งโต๊ะ', 'desk edition')],
        [],
      ),
      type('history-book', 'หนังสือประวัติศาสตร์ไทย', 'Thai history book', 250, 750, bookFormats, []),
    ],
    brands: ['Bookwise', 'Nakorn Press', 'Lotus Pages', 'Inkwell', 'Moonlit', 'Paperboat', 'Readmore', 'Sabai Books'],
    modelStyle: 'none',
    rateBasisPoints: [300, 1000],
  },
  computers: {
    description: { th: 'คอมพิวเตอร์และอิเล็กทรอนิกส์', en: 'computers and electronics' },
    merchantStems: [
      { th: 'ไอที', en: 'IT' },
      { th: 'ดิจิทัล', en: 'Digital' },
      { th: 'เทค', en: 'Tech' },
      { th: 'คอม', en: 'Com' },
      { th: 'โฟน', en: 'Phone' },
      { th: 'ไฟฟ้า', en: 'Fai Fa' },
      { th: 'แกดเจ็ต', en: 'Gadget' },
      { th: 'พาวเวอร์', en: 'Power' },
    ],
    productTypes: [
      type(
        'wireless-earbuds',
        'หูฟังไร้สาย',
        'wireless earbuds',
        590,
        5990,
        colours('black', 'white', 'blue', 'pink'),
        [],
      ),
      type(
        'laptop',
        'โน้ตบุ๊ก',
        'laptop',
        12900,
        45900,
        cross(storage('256GB', '512GB'), colours('silver', 'grey')),
        ['GB', 'นิ้ว'],
        { thSuffix: '14 นิ้ว', enSuffix: '14-inch' },
      ),
      type('wireless-mouse', 'เมาส์ไร้สาย', 'wireless mouse', 290, 1890, colours('black', 'white', 'pink', 'grey'), []),
      type(
        'gaming-keyboard',
        'คีย์บอร์ดเกมมิ่ง',
        'gaming keyboard',
        890,
        4590,
        [
          v('red-switch', 'สวิตช์แดง', 'red switches'),
          v('blue-switch', 'สวิตช์น้ำเงิน', 'blue switches'),
          v('brown-switch', 'สวิตช์น้ำตาล', 'brown switches'),
        ],
        [],
      ),
      type(
        'monitor-27',
        'จอมอนิเตอร์ 27 นิ้ว',
        '27-inch monitor',
        4990,
        14900,
        [
          v('fhd', 'Full HD 75Hz', 'Full HD 75Hz'),
          v('qhd', 'QHD 144Hz', 'QHD 144Hz', { priceFactor: 1.5 }),
          v('4k', '4K 60Hz', '4K 60Hz', { priceFactor: 1.9 }),
        ],
        ['นิ้ว', 'Hz'],
      ),
      type(
        'smartphone',
        'สมาร์ทโฟน',
        'smartphone',
        3990,
        39900,
        cross(storage('128GB', '256GB'), colours('black', 'blue', 'silver', 'pink')),
        ['GB'],
      ),
      type(
        'tablet',
        'แท็บเล็ต',
        'tablet',
        5990,
        29900,
        cross(storage('64GB', '128GB'), colours('grey', 'silver')),
        ['GB', 'นิ้ว'],
        { thSuffix: '11 นิ้ว', enSuffix: '11-inch' },
      ),
      type(
        'power-bank',
        'พาวเวอร์แบงก์',
        'power bank',
        390,
        1590,
        cross(
          [v('10000', '10000mAh', '10,000 mAh'), v('20000', '20000mAh', '20,000 mAh', { priceFactor: 1.4 })],
          colours('black', 'white'),
        ),
        ['mAh'],
      ),
      type(
        'bluetooth-speaker',
        'ลำโพงบลูทูธ',
        'Bluetooth speaker',
        690,
        6990,
        colours('black', 'blue', 'red', 'grey'),
        [],
      ),
      type('smartwatch', 'สมาร์ทวอทช์', 'smartwatch', 1290, 12900, colours('black', 'silver', 'pink'), []),
      type(
        'wifi-router',
        'เราเตอร์ไวไฟ',
        'Wi-Fi router',
        890,
        4990,
        [v('wifi-6', 'Wi-Fi 6', 'Wi-Fi 6'), v('mesh-2', 'Mesh แพ็กคู่', 'mesh, pack of two', { priceFactor: 1.8 })],
        [],
      ),
      type(
        'portable-drive',
        'ฮาร์ดดิสก์พกพา',
        'portable hard drive',
        1590,
        2990,
        cross(storage('1TB', '2TB'), colours('black', 'blue')),
        ['TB'],
      ),
    ],
    brands: ['Sonix', 'Volta', 'Nexa', 'Kraton', 'Lumio', 'Zentek', 'Orbix', 'Pixelon'],
    modelStyle: 'code',
    rateBasisPoints: [100, 500],
  },
  entertainment: {
    description: { th: 'บันเทิง', en: 'entertainment' },
    merchantStems: [
      { th: 'ฟัน', en: 'Fun' },
      { th: 'โชว์', en: 'Show' },
      { th: 'มูฟวี่', en: 'Movie' },
      { th: 'เกม', en: 'Game' },
      { th: 'มิวสิค', en: 'Music' },
      { th: 'ตั๋ว', en: 'Tua' },
      { th: 'สนุก', en: 'Sanuk' },
      { th: 'สเตจ', en: 'Stage' },
    ],
    productTypes: [
      type(
        'cinema-ticket',
        'บัตรชมภาพยนตร์',
        'cinema ticket',
        160,
        450,
        [
          v('normal', 'ที่นั่งปกติ', 'standard seat'),
          v('premium', 'ที่นั่งพรีเมียม', 'premium seat', { priceFactor: 1.5 }),
          v('pair', 'แพ็กคู่ 2 ที่นั่ง', '2 seats', { priceFactor: 2 }),
        ],
        ['ที่นั่ง'],
      ),
      type(
        'concert-ticket',
        'บัตรคอนเสิร์ต',
        'concert ticket',
        1200,
        6500,
        [
          v('standing', 'โซนยืน', 'standing zone'),
          v('seated', 'โซนที่นั่ง', 'seated zone', { priceFactor: 1.4 }),
          v('vip', 'โซน VIP', 'VIP zone', { priceFactor: 2 }),
        ],
        [],
      ),
      type(
        'streaming-plan',
        'แพ็กเกจสตรีมมิ่ง',
        'streaming plan',
        99,
        419,
        [
          v('monthly', 'รายเดือน', 'monthly'),
          v('mobile', 'รายเดือน ดูบนมือถือ', 'monthly, mobile only', { priceFactor: 0.6 }),
        ],
        [],
      ),
      type(
        'console-game',
        'เกมคอนโซล',
        'console game',
        990,
        2190,
        [
          v('standard', 'รุ่นมาตรฐาน', 'standard edition'),
          v('deluxe', 'ฉบับดีลักซ์', 'deluxe edition', { priceFactor: 1.4 }),
        ],
        [],
      ),
      type(
        'game-top-up',
        'บัตรเติมเงินเกม',
        'game top-up card',
        100,
        1000,
        [v('300', 'มูลค่า 300 บาท', 'worth 300 baht'), v('500', 'มูลค่า 500 บาท', 'worth 500 baht')],
        ['บาท'],
        { fixedBaht: true },
      ),
      type(
        'vinyl-record',
        'แผ่นเสียงไวนิล',
        'vinyl record',
        890,
        2490,
        [
          v('black', 'แผ่นสีดำ', 'black vinyl', { colour: 'black' }),
          v('red', 'แผ่นสีแดง ลิมิเต็ด', 'limited red vinyl', { colour: 'red', priceFactor: 1.3 }),
        ],
        [],
      ),
      type(
        'karaoke-set',
        'ชุดคาราโอเกะ',
        'karaoke set',
        1490,
        8900,
        [v('single', 'ไมค์ 1 ตัว', '1 microphone'), v('double', 'ไมค์ 2 ตัว', '2 microphones', { priceFactor: 1.3 })],
        ['ตัว'],
      ),
      type(
        'theme-park-ticket',
        'บัตรสวนสนุก',
        'theme park ticket',
        450,
        1800,
        [v('adult', 'ผู้ใหญ่', 'adult'), v('child', 'เด็ก', 'child', { priceFactor: 0.6 })],
        [],
      ),
      type('wireless-microphone', 'ไมโครโฟนไร้สาย', 'wireless microphone', 590, 3490, colours('black', 'silver'), []),
      type(
        'game-controller',
        'จอยเกมไร้สาย',
        'wireless game controller',
        890,
        2590,
        colours('black', 'white', 'blue'),
        [],
      ),
    ],
    brands: ['Starlight', 'Funzone', 'Playhaus', 'Beatbox', 'Cinemax Thai', 'Joyride', 'Neon Nights', 'Rhythmo'],
    modelStyle: 'code',
    rateBasisPoints: [200, 800],
  },
  fashion: {
    description: { th: 'แฟชั่นและเครื่องประดับ', en: 'fashion and accessories' },
    merchantStems: [
      { th: 'แฟชั่น', en: 'Fashion' },
      { th: 'สไตล์', en: 'Style' },
      { th: 'ผ้าไทย', en: 'Pha Thai' },
      { th: 'เดรส', en: 'Dress' },
      { th: 'ชิค', en: 'Chic' },
      { th: 'แต่งตัว', en: 'Taeng Tua' },
      { th: 'บูติก', en: 'Boutique' },
      { th: 'ลุค', en: 'Look' },
    ],
    productTypes: [
      type(
        'crew-neck-tee',
        'เสื้อยืดคอกลม',
        'crew-neck T-shirt',
        199,
        690,
        cross(colours('black', 'white', 'navy', 'red'), clothingSizes),
        ['ไซซ์'],
      ),
      type('skinny-jeans', 'กางเกงยีนส์ขาเดฟ', 'skinny jeans', 490, 1890, cross(colours('navy', 'black'), waistSizes), [
        'เอว',
        'นิ้ว',
      ]),
      type(
        'floral-dress',
        'เดรสลายดอก',
        'floral dress',
        390,
        1590,
        cross(colours('cream', 'pink', 'navy'), clothingSizes),
        ['ไซซ์'],
      ),
      type(
        'canvas-sneakers',
        'รองเท้าผ้าใบ',
        'canvas sneakers',
        590,
        2990,
        cross(colours('white', 'black', 'red', 'navy'), shoeSizes),
        ['ไซซ์'],
      ),
      type(
        'crossbody-bag',
        'กระเป๋าสะพายข้าง',
        'crossbody bag',
        490,
        3490,
        colours('black', 'cream', 'brown', 'pink'),
        [],
      ),
      type(
        'wristwatch',
        'นาฬิกาข้อมือ',
        'wristwatch',
        890,
        8900,
        [
          v('steel', 'สายสแตนเลส', 'steel strap', { colour: 'silver' }),
          v('leather', 'สายหนังสีน้ำตาล', 'brown leather strap', { colour: 'brown' }),
          v('gold', 'สีทอง', 'gold tone', { colour: 'gold', priceFactor: 1.3 }),
        ],
        [],
      ),
      type(
        'sunglasses',
        'แว่นกันแดด',
        'sunglasses',
        390,
        4590,
        [
          v('black', 'กรอบสีดำ', 'black frame', { colour: 'black' }),
          v('tortoise', 'กรอบลายกระ', 'tortoiseshell frame', { colour: 'brown' }),
          v('gold', 'กรอบสีทอง', 'gold frame', { colour: 'gold' }),
        ],
        [],
      ),
      type(
        'long-sleeve-shirt',
        'เสื้อเชิ้ตแขนยาว',
        'long-sleeve shirt',
        390,
        1490,
        cross(colours('white', 'blue', 'navy'), clothingSizes),
        ['ไซซ์'],
      ),
      type('silk-scarf', 'ผ้าพันคอไหมไทย', 'Thai silk scarf', 590, 3900, colours('red', 'blue', 'gold', 'green'), []),
      type('sandals', 'รองเท้าแตะ', 'sandals', 190, 990, cross(colours('black', 'brown'), shoeSizes), ['ไซซ์']),
      type('leather-wallet', 'กระเป๋าสตางค์หนัง', 'leather wallet', 490, 2490, colours('black', 'brown'), []),
      type(
        'silver-earrings',
        'ต่างหูเงิน',
        'silver earrings',
        290,
        1990,
        [v('stud', 'แบบติดหู', 'studs', { colour: 'silver' }), v('hoop', 'แบบห่วง', 'hoops', { colour: 'silver' })],
        [],
      ),
    ],
    brands: ['Maliwan', 'Urbano', 'Kinnaree', 'Lanna Line', 'Velvetine', 'Pimlada', 'Norte', 'Saranya'],
    modelStyle: 'code',
    rateBasisPoints: [400, 1200],
  },
  food: {
    description: { th: 'อาหารและของชำ', en: 'food and groceries' },
    merchantStems: [
      { th: 'อร่อย', en: 'Aroi' },
      { th: 'ฟู้ด', en: 'Food' },
      { th: 'ตลาด', en: 'Talad' },
      { th: 'ครัว', en: 'Krua' },
      { th: 'ของฝาก', en: 'Khong Fak' },
      { th: 'ผักสด', en: 'Fresh Veg' },
      { th: 'กรอเซอรี่', en: 'Grocery' },
      { th: 'ขนม', en: 'Khanom' },
    ],
    productTypes: [
      type(
        'jasmine-rice-5kg',
        'ข้าวหอมมะลิ 5 กก.',
        'jasmine rice 5 kg',
        165,
        289,
        [v('new-crop', 'ข้าวใหม่', 'new crop'), v('organic', 'ออร์แกนิก', 'organic', { priceFactor: 1.3 })],
        ['กก.'],
      ),
      type(
        'ground-coffee',
        'กาแฟคั่วบด',
        'ground roast coffee',
        180,
        590,
        cross(grams(250, 500), [v('medium', 'คั่วกลาง', 'medium roast'), v('dark', 'คั่วเข้ม', 'dark roast')]),
        ['ก.'],
      ),
      type('matcha', 'ชาเขียวมัทฉะ', 'matcha green tea', 220, 890, grams(50, 100), ['ก.']),
      type('fish-sauce', 'น้ำปลาแท้', 'fish sauce', 35, 120, millilitres(300, 700), ['มล.']),
      type('dried-durian', 'ทุเรียนอบแห้ง', 'dried durian', 159, 450, grams(100, 250), ['ก.']),
      type('dried-mango', 'มะม่วงอบแห้ง', 'dried mango', 89, 259, grams(100, 200), ['ก.']),
      type('chilli-paste', 'น้ำพริกเผา', 'chilli paste', 45, 150, grams(200, 500), ['ก.']),
      type(
        'thai-pastries',
        'ขนมเปี๊ยะ',
        'Thai pastries',
        90,
        280,
        cross([v('mung-bean', 'ไส้ถั่ว', 'mung bean'), v('durian', 'ไส้ทุเรียน', 'durian')], pieces(4, 8)),
        ['ชิ้น'],
      ),
      type(
        'almond-milk',
        'นมอัลมอนด์',
        'almond milk',
        65,
        189,
        [v('1l', '1 ลิตร', '1 L'), v('180ml-3', '180 มล. แพ็ก 3', '180 ml, pack of 3', { priceFactor: 0.8 })],
        ['ลิตร', 'มล.'],
      ),
      type(
        'instant-noodles',
        'บะหมี่กึ่งสำเร็จรูป แพ็ก 10',
        'instant noodles, pack of 10',
        59,
        159,
        [
          v('tom-yum', 'รสต้มยำกุ้ง', 'tom yum shrimp'),
          v('pork', 'รสหมูสับ', 'minced pork'),
          v('green-curry', 'รสแกงเขียวหวาน', 'green curry'),
        ],
        [],
      ),
      type('wild-honey', 'น้ำผึ้งป่า', 'wild honey', 150, 490, grams(250, 500), ['ก.']),
      type(
        'dark-chocolate',
        'ช็อกโกแลตดาร์ก',
        'dark chocolate',
        79,
        350,
        cross([v('70', 'โกโก้ 70%', '70% cocoa'), v('85', 'โกโก้ 85%', '85% cocoa')], grams(100)),
        ['ก.', '%'],
      ),
    ],
    brands: [
      'Baan Rai',
      'Mae Ploy Farm',
      'Doi Kham Valley',
      'Aroi Dee',
      'Golden Field',
      'Sabai Kitchen',
      'Chao Phraya',
      'Thai Harvest',
    ],
    modelStyle: 'none',
    rateBasisPoints: [200, 600],
  },
  health: {
    description: { th: 'สุขภาพและความงาม', en: 'health and beauty products' },
    merchantStems: [
      { th: 'บิวตี้', en: 'Beauty' },
      { th: 'สวย', en: 'Suay' },
      { th: 'เฮลท์ตี้', en: 'Healthy' },
      { th: 'ฟาร์มาซี', en: 'Pharmacy' },
      { th: 'สกินแคร์', en: 'Skincare' },
      { th: 'ออร่า', en: 'Aura' },
      { th: 'สมุนไพร', en: 'Samunprai' },
      { th: 'โกลว์', en: 'Glow' },
    ],
    productTypes: [
      type('vitamin-c-serum', 'เซรั่มวิตามินซี', 'vitamin C serum', 290, 1890, millilitres(15, 30), ['มล.']),
      type('sunscreen-spf50', 'ครีมกันแดด SPF50', 'SPF50 sunscreen', 199, 990, millilitres(30, 50), ['มล.']),
      type(
        'matte-lipstick',
        'ลิปสติกเนื้อแมตต์',
        'matte lipstick',
        159,
        1290,
        [
          v('brick', 'สีแดงอิฐ', 'brick red', { colour: 'red' }),
          v('nude', 'สีชมพูนู้ด', 'nude pink', { colour: 'pink' }),
          v('coral', 'สีส้มคอรัล', 'coral', { colour: 'orange' }),
        ],
        [],
      ),
      type('herbal-shampoo', 'แชมพูสมุนไพร', 'herbal shampoo', 99, 490, millilitres(300, 500), ['มล.']),
      type('multivitamins', 'วิตามินรวม', 'multivitamins', 290, 1290, tablets(30, 60), ['เม็ด']),
      type('facial-foam', 'โฟมล้างหน้า', 'facial foam', 89, 450, grams(100, 150), ['ก.']),
      type('perfume', 'น้ำหอมผู้หญิง', "women's perfume", 890, 4900, millilitres(50, 100), ['มล.']),
      type('body-lotion', 'โลชั่นบำรุงผิวกาย', 'body lotion', 129, 690, millilitres(200, 400), ['มล.']),
      type('collagen', 'คอลลาเจนผง', 'collagen powder', 390, 1590, grams(100, 200), ['ก.']),
      type(
        'blood-pressure-monitor',
        'เครื่องวัดความดัน',
        'blood pressure monitor',
        990,
        2990,
        [v('upper-arm', 'แบบต้นแขน', 'upper-arm'), v('wrist', 'แบบข้อมือ', 'wrist', { priceFactor: 0.8 })],
        [],
      ),
      type('herbal-toothpaste', 'ยาสีฟันสมุนไพร', 'herbal toothpaste', 45, 180, grams(100, 160), ['ก.']),
      type(
        'sheet-masks',
        'มาส์กหน้า แพ็ก 10',
        'sheet masks, pack of 10',
        199,
        590,
        [v('hydrating', 'สูตรชุ่มชื้น', 'hydrating'), v('brightening', 'สูตรกระจ่างใส', 'brightening')],
        [],
      ),
    ],
    brands: ['Dara Glow', 'Herbana', 'Purelle', 'Kularb', 'Mintra', 'Vitaleaf', 'Siam Spa', 'Nuanchan'],
    modelStyle: 'none',
    rateBasisPoints: [500, 1500],
  },
  furniture: {
    description: { th: 'เฟอร์นิเจอร์', en: 'furniture' },
    merchantStems: [
      { th: 'เฟอร์นิเจอร์', en: 'Furniture' },
      { th: 'ไม้สัก', en: 'Mai Sak' },
      { th: 'ดีไซน์', en: 'Design' },
      { th: 'โซฟา', en: 'Sofa' },
      { th: 'ลิฟวิ่ง', en: 'Living' },
      { th: 'สบาย', en: 'Sabai' },
      { th: 'โฮม', en: 'Home' },
      { th: 'วู้ด', en: 'Wood' },
    ],
    productTypes: [
      type('sofa-3-seater', 'โซฟา 3 ที่นั่ง', '3-seater sofa', 6900, 35900, upholstery, ['ที่นั่ง']),
      type(
        'work-desk',
        'โต๊ะทำงาน',
        'work desk',
        1990,
        8900,
        cross(woodFinishes, [
          v('120', 'กว้าง 120 ซม.', '120 cm wide'),
          v('140', 'กว้าง 140 ซม.', '140 cm wide', { priceFactor: 1.2 }),
        ]),
        ['ซม.'],
      ),
      type('office-chair', 'เก้าอี้สำนักงาน', 'office chair', 1490, 9900, colours('black', 'grey'), []),
      type('bed-frame-5ft', 'เตียงนอน 5 ฟุต', '5-ft bed frame', 4990, 19900, woodFinishes, ['ฟุต']),
      type(
        'wardrobe',
        'ตู้เสื้อผ้า',
        'wardrobe',
        3990,
        15900,
        cross(woodFinishes, [
          v('2-door', '2 บานประตู', '2 doors'),
          v('3-door', '3 บานประตู', '3 doors', { priceFactor: 1.4 }),
        ]),
        ['บาน'],
      ),
      type(
        'bookshelf',
        'ชั้นวางหนังสือ',
        'bookshelf',
        890,
        4590,
        cross(woodFinishes, [v('4-tier', '4 ชั้น', '4 tiers'), v('5-tier', '5 ชั้น', '5 tiers', { priceFactor: 1.2 })]),
        ['ชั้น'],
      ),
      type('dining-table', 'โต๊ะกินข้าว 4 ที่นั่ง', '4-seat dining table', 2990, 12900, woodFinishes, ['ที่นั่ง']),
      type(
        'latex-mattress',
        'ที่นอนยางพารา',
        'latex mattress',
        5900,
        29900,
        cross(
          [
            v('3.5ft', '3.5 ฟุต', '3.5 ft', { priceFactor: 0.7 }),
            v('5ft', '5 ฟุต', '5 ft'),
            v('6ft', '6 ฟุต', '6 ft', { priceFactor: 1.2 }),
          ],
          [v('6in', 'หนา 6 นิ้ว', '6 in thick'), v('8in', 'หนา 8 นิ้ว', '8 in thick', { priceFactor: 1.25 })],
        ),
        ['ฟุต', 'นิ้ว'],
      ),
      type('shoe-cabinet', 'ตู้รองเท้า', 'shoe cabinet', 990, 3990, woodFinishes, []),
      type(
        'bar-stool',
        'เก้าอี้บาร์',
        'bar stool',
        590,
        2490,
        cross(colours('black', 'white'), [
          v('single', '1 ตัว', '1 piece'),
          v('pair', 'แพ็กคู่', 'pack of two', { priceFactor: 1.9 }),
        ]),
        ['ตัว'],
      ),
    ],
    brands: ['Teakwood', 'Norda', 'Ruen Thai', 'Casa Siam', 'Loftline', 'Sabai Living', 'Mai Mai', 'Kraft & Co'],
    modelStyle: 'code',
    rateBasisPoints: [300, 900],
  },
  home: {
    description: { th: 'บ้านและสวน', en: 'home and garden' },
    merchantStems: [
      { th: 'สวน', en: 'Suan' },
      { th: 'โฮม', en: 'Home' },
      { th: 'การ์เด้น', en: 'Garden' },
      { th: 'ครัวเรือน', en: 'Kruaruean' },
      { th: 'ของใช้', en: 'Khong Chai' },
      { th: 'ต้นไม้', en: 'Ton Mai' },
      { th: 'ลิฟวิ่ง', en: 'Living' },
      { th: 'คลีน', en: 'Clean' },
    ],
    productTypes: [
      type('rice-cooker', 'หม้อหุงข้าว', 'rice cooker', 690, 3990, cross(litres('1', '1.8'), colours('white', 'mint')), [
        'ลิตร',
      ]),
      type(
        'floor-fan',
        'พัดลมตั้งพื้น',
        'floor fan',
        590,
        2490,
        cross(
          [v('16', '16 นิ้ว', '16-inch'), v('18', '18 นิ้ว', '18-inch', { priceFactor: 1.2 })],
          colours('white', 'mint', 'grey'),
        ),
        ['นิ้ว'],
      ),
      type(
        'air-purifier',
        'เครื่องฟอกอากาศ',
        'air purifier',
        2490,
        12900,
        [
          v('30', 'ห้อง 30 ตร.ม.', 'rooms up to 30 m²'),
          v('50', 'ห้อง 50 ตร.ม.', 'rooms up to 50 m²', { priceFactor: 1.4 }),
        ],
        ['ตร.ม.'],
      ),
      type(
        'bedding-set',
        'ชุดเครื่องนอน',
        'bedding set',
        590,
        2990,
        cross(
          [v('5ft', '5 ฟุต', '5 ft'), v('6ft', '6 ฟุต', '6 ft', { priceFactor: 1.15 })],
          colours('white', 'grey', 'navy'),
        ),
        ['ฟุต'],
      ),
      type(
        'ceramic-pot',
        'กระถางต้นไม้เซรามิก',
        'ceramic plant pot',
        129,
        890,
        cross(
          [v('6', '6 นิ้ว', '6-inch'), v('10', '10 นิ้ว', '10-inch', { priceFactor: 1.8 })],
          colours('white', 'cream', 'green'),
        ),
        ['นิ้ว'],
      ),
      type('cordless-vacuum', 'เครื่องดูดฝุ่นไร้สาย', 'cordless vacuum', 2990, 15900, colours('grey', 'blue'), []),
      type('air-fryer', 'หม้อทอดไร้น้ำมัน', 'air fryer', 1290, 4990, cross(litres('4.5', '6'), colours('black', 'white')), [
        'ลิตร',
      ]),
      type(
        'garden-hose',
        'สายยางรดน้ำ',
        'garden hose',
        290,
        1290,
        [v('10m', 'ยาว 10 ม.', '10 m'), v('20m', 'ยาว 20 ม.', '20 m', { priceFactor: 1.6 })],
        ['ม.'],
      ),
      type(
        'blackout-curtains',
        'ผ้าม่านกันแสง',
        'blackout curtains',
        390,
        1890,
        cross(colours('grey', 'cream', 'navy'), [
          v('window', 'หน้าต่าง 150x160 ซม.', 'window, 150x160 cm'),
          v('door', 'ประตู 150x220 ซม.', 'door, 150x220 cm', { priceFactor: 1.3 }),
        ]),
        ['ซม.'],
      ),
      type(
        'electric-kettle',
        'กาต้มน้ำไฟฟ้า',
        'electric kettle',
        390,
        1890,
        cross(litres('1.7'), colours('white', 'silver', 'black')),
        ['ลิตร'],
      ),
      type(
        'dinnerware-set',
        'ชุดจานชาม',
        'dinnerware set',
        490,
        2990,
        cross(pieces(12, 20), colours('white', 'cream')),
        ['ชิ้น'],
      ),
      type('desk-lamp', 'โคมไฟตั้งโต๊ะ', 'desk lamp', 290, 1590, colours('white', 'black'), []),
    ],
    brands: ['Homey', 'Suan Sook', 'Kleenza', 'Breezo', 'Potter & Leaf', 'Chefmate', 'Lumina', 'Baan Dee'],
    modelStyle: 'code',
    rateBasisPoints: [200, 800],
  },
  travel: {
    description: { th: 'ท่องเที่ยวและที่พัก', en: 'travel deals' },
    merchantStems: [
      { th: 'ทราเวล', en: 'Travel' },
      { th: 'เที่ยว', en: 'Tiew' },
      { th: 'ทัวร์', en: 'Tour' },
      { th: 'โฮเทล', en: 'Hotel' },
      { th: 'ทริป', en: 'Trip' },
      { th: 'ทะเล', en: 'Talay' },
      { th: 'ฮอลิเดย์', en: 'Holiday' },
      { th: 'จองดี', en: 'Jong Dee' },
    ],
    productTypes: [
      type(
        'hotel-night',
        'ห้องพักโรงแรม 1 คืน',
        'hotel room, 1 night',
        890,
        5900,
        [
          v('breakfast', 'รวมอาหารเช้า', 'breakfast included'),
          v('room-only', 'ไม่รวมอาหารเช้า', 'room only', { priceFactor: 0.85 }),
          v('sea-view', 'ห้องวิวทะเล', 'sea view', { priceFactor: 1.3 }),
        ],
        ['คืน'],
      ),
      type(
        'phi-phi-day-trip',
        'ทัวร์เกาะพีพี 1 วัน',
        '1-day Phi Phi trip',
        1290,
        3290,
        [v('speedboat', 'เรือสปีดโบ๊ท', 'by speedboat'), v('big-boat', 'เรือใหญ่', 'by big boat', { priceFactor: 0.8 })],
        ['วัน'],
      ),
      type(
        'domestic-flight',
        'ตั๋วเครื่องบินในประเทศ',
        'domestic flight',
        990,
        4590,
        [
          v('bkk-cnx', 'กรุงเทพฯ-เชียงใหม่', 'Bangkok–Chiang Mai'),
          v('bkk-hkt', 'กรุงเทพฯ-ภูเก็ต', 'Bangkok–Phuket'),
          v('bkk-kkc', 'กรุงเทพฯ-ขอนแก่น', 'Bangkok–Khon Kaen'),
        ],
        [],
      ),
      type(
        'resort-package',
        'แพ็กเกจรีสอร์ต 2 วัน 1 คืน',
        '2-day, 1-night resort package',
        2490,
        12900,
        [v('for-two', 'สำหรับ 2 ท่าน', 'for 2'), v('family', 'ครอบครัว 4 ท่าน', 'family of 4', { priceFactor: 1.6 })],
        ['วัน', 'คืน', 'ท่าน'],
      ),
      type(
        'travel-sim',
        'ซิมท่องเที่ยว',
        'travel SIM',
        199,
        890,
        [v('8-day', '8 วัน 15GB', '8 days, 15 GB'), v('15-day', '15 วัน 30GB', '15 days, 30 GB', { priceFactor: 1.6 })],
        ['วัน', 'GB'],
      ),
      type(
        'suitcase-24',
        'กระเป๋าเดินทาง 24 นิ้ว',
        '24-inch suitcase',
        1490,
        6900,
        colours('black', 'silver', 'navy', 'pink'),
        ['นิ้ว'],
      ),
      type(
        'travel-insurance',
        'ประกันการเดินทาง',
        'travel insurance',
        290,
        1490,
        [
          v('asia', 'โซนเอเชีย 7 วัน', 'Asia, 7 days'),
          v('worldwide', 'ทั่วโลก 7 วัน', 'worldwide, 7 days', { priceFactor: 1.8 }),
        ],
        ['วัน'],
      ),
      type(
        'sleeper-train',
        'ตั๋วรถไฟตู้นอน',
        'sleeper train ticket',
        590,
        1690,
        [v('lower', 'เตียงล่าง', 'lower berth'), v('upper', 'เตียงบน', 'upper berth', { priceFactor: 0.9 })],
        [],
      ),
      type(
        'doi-inthanon-tour',
        'ทัวร์ดอยอินทนนท์',
        'Doi Inthanon tour',
        990,
        2590,
        [
          v('join', 'จอยทัวร์ 1 วัน', '1-day group tour'),
          v('private', 'ทัวร์ส่วนตัว 1 วัน', '1-day private tour', { priceFactor: 1.8 }),
        ],
        ['วัน'],
      ),
      type(
        'hostel-bed',
        'เตียงโฮสเทล',
        'hostel bed',
        250,
        790,
        [v('dorm-6', 'ห้องรวม 6 เตียง', '6-bed dorm'), v('dorm-4', 'ห้องรวม 4 เตียง', '4-bed dorm', { priceFactor: 1.2 })],
        ['เตียง'],
      ),
    ],
    brands: [
      'Andaman Escapes',
      'Sawasdee Trips',
      'Lanna Journeys',
      'Blue Lagoon',
      'Island Hopper',
      'Go Siam',
      'Palm Stay',
      'Northern Star',
    ],
    modelStyle: 'none',
    rateBasisPoints: [300, 800],
  },
  marketplace: {
    description: { th: 'ของใช้ทุกหมวด', en: 'everyday goods' },
    merchantStems: [
      { th: 'ช้อป', en: 'Shop' },
      { th: 'มอลล์', en: 'Mall' },
      { th: 'ตลาดนัด', en: 'Talad Nat' },
      { th: 'ดีล', en: 'Deal' },
      { th: 'ทุกอย่าง', en: 'Tuk Yang' },
      { th: 'บาซาร์', en: 'Bazaar' },
    ],
    productTypes: [
      type(
        'gift-card',
        'บัตรของขวัญ',
        'gift card',
        300,
        3000,
        [v('500', 'มูลค่า 500 บาท', 'worth 500 baht'), v('1000', 'มูลค่า 1,000 บาท', 'worth 1,000 baht')],
        ['บาท'],
        { fixedBaht: true },
      ),
      type(
        'mystery-box',
        'กล่องสุ่ม',
        'mystery box',
        199,
        999,
        [v('gadget', 'ไอทีแกดเจ็ต', 'gadgets'), v('beauty', 'บิวตี้', 'beauty')],
        [],
      ),
      type(
        'gift-hamper',
        'ชุดของขวัญ',
        'gift hamper',
        590,
        2990,
        [v('new-year', 'ธีมปีใหม่', 'New Year'), v('health', 'เพื่อสุขภาพ', 'healthy treats')],
        [],
      ),
      type('tote-bag', 'ถุงผ้ารักษ์โลก', 'reusable tote bag', 99, 390, colours('cream', 'green', 'navy'), []),
    ],
    brands: ['Dealdee', 'Mall Plus', 'Bazaar Thai', 'Everymart'],
    modelStyle: 'none',
    rateBasisPoints: [100, 600],
  },
  services: {
    description: { th: 'งานบริการ', en: 'home and personal services' },
    merchantStems: [
      { th: 'เซอร์วิส', en: 'Service' },
      { th: 'แคร์', en: 'Care' },
      { th: 'ช่าง', en: 'Chang' },
      { th: 'เรียน', en: 'Rian' },
      { th: 'คลีนนิ่ง', en: 'Cleaning' },
      { th: 'ประกัน', en: 'Prakan' },
      { th: 'ง่าย', en: 'Ngai' },
      { th: 'เฮลพ์', en: 'Help' },
    ],
    productTypes: [
      type(
        'english-course',
        'คอร์สเรียนภาษาอังกฤษออนไลน์',
        'online English course',
        990,
        6900,
        [v('3-month', '3 เดือน', '3 months'), v('6-month', '6 เดือน', '6 months', { priceFactor: 1.7 })],
        ['เดือน'],
      ),
      type(
        'home-cleaning',
        'บริการทำความสะอาดบ้าน',
        'home cleaning service',
        590,
        2490,
        [v('3h', '3 ชั่วโมง', '3 hours'), v('5h', '5 ชั่วโมง', '5 hours', { priceFactor: 1.6 })],
        ['ชั่วโมง'],
      ),
      type(
        'air-con-cleaning',
        'บริการล้างแอร์',
        'air-con cleaning',
        500,
        1500,
        [v('1-unit', '1 เครื่อง', '1 unit'), v('2-unit', '2 เครื่อง', '2 units', { priceFactor: 1.8 })],
        ['เครื่อง'],
      ),
      type(
        'car-insurance',
        'ประกันรถยนต์ชั้น 1',
        'type 1 car insurance',
        12900,
        29900,
        [v('sedan', 'รถเก๋ง', 'sedan'), v('pickup', 'รถกระบะ', 'pickup', { priceFactor: 1.1 })],
        [],
      ),
      type(
        'home-internet',
        'แพ็กเกจอินเทอร์เน็ตบ้าน',
        'home internet plan',
        399,
        1299,
        [v('500', '500/500 Mbps', '500/500 Mbps'), v('1000', '1000/500 Mbps', '1000/500 Mbps', { priceFactor: 1.4 })],
        ['Mbps'],
      ),
      type(
        'thai-massage',
        'บริการนวดแผนไทย',
        'Thai massage',
        300,
        1200,
        [v('60', '60 นาที', '60 minutes'), v('120', '120 นาที', '120 minutes', { priceFactor: 1.8 })],
        ['นาที'],
      ),
      type(
        'health-check',
        'ตรวจสุขภาพประจำปี',
        'annual health check',
        1990,
        8900,
        [v('basic', 'แพ็กเกจพื้นฐาน', 'basic package'), v('full', 'แพ็กเกจครบถ้วน', 'full package', { priceFactor: 2 })],
        [],
      ),
      type(
        'phone-repair',
        'บริการซ่อมมือถือ',
        'phone repair',
        490,
        3990,
        [
          v('screen', 'เปลี่ยนหน้าจอ', 'screen replacement'),
          v('battery', 'เปลี่ยนแบตเตอรี่', 'battery replacement', { priceFactor: 0.6 }),
        ],
        [],
      ),
      type(
        'cooking-class',
        'คอร์สทำอาหารไทย',
        'Thai cooking class',
        990,
        2990,
        [v('half-day', 'ครึ่งวัน', 'half day'), v('full-day', 'เต็มวัน', 'full day', { priceFactor: 1.7 })],
        [],
      ),
      type(
        'airport-transfer',
        'บริการรับส่งสนามบิน',
        'airport transfer',
        590,
        1890,
        [
          v('sedan', 'รถเก๋ง 3 ท่าน', 'sedan, 3 passengers'),
          v('van', 'รถตู้ 9 ท่าน', 'van, 9 passengers', { priceFactor: 1.6 }),
        ],
        ['ท่าน'],
      ),
    ],
    brands: ['Fixit', 'Care Plus', 'Learnova', 'Sabai Care', 'Siam Assure', 'Sparkle Home', 'Netfast', 'Krungthep Go'],
    modelStyle: 'none',
    rateBasisPoints: [300, 1500],
  },
  sports: {
    description: { th: 'กีฬาและฟิตเนส', en: 'sports and fitness gear' },
    merchantStems: [
      { th: 'สปอร์ต', en: 'Sport' },
      { th: 'ฟิต', en: 'Fit' },
      { th: 'รันนิ่ง', en: 'Running' },
      { th: 'แอคทีฟ', en: 'Active' },
      { th: 'มวย', en: 'Muay' },
      { th: 'จิม', en: 'Gym' },
      { th: 'เอาท์ดอร์', en: 'Outdoor' },
      { th: 'แชมป์', en: 'Champ' },
    ],
    productTypes: [
      type(
        'running-shoes-men',
        'รองเท้าวิ่งผู้ชาย',
        "men's running shoes",
        1290,
        5990,
        cross(colours('black', 'blue', 'orange'), shoeSizes),
        ['ไซซ์'],
      ),
      type(
        'running-shoes-women',
        'รองเท้าวิ่งผู้หญิง',
        "women's running shoes",
        1290,
        5990,
        cross(colours('pink', 'white', 'mint'), shoeSizes.slice(0, 3)),
        ['ไซซ์'],
      ),
      type(
        'yoga-mat',
        'เสื่อโยคะ',
        'yoga mat',
        290,
        1890,
        cross(
          [v('6mm', 'หนา 6 มม.', '6 mm thick'), v('10mm', 'หนา 10 มม.', '10 mm thick', { priceFactor: 1.3 })],
          colours('pink', 'blue', 'green'),
        ),
        ['มม.'],
      ),
      type(
        'adjustable-dumbbells',
        'ดัมเบลปรับน้ำหนัก',
        'adjustable dumbbells',
        1490,
        8900,
        [v('10kg', '10 กก.', '10 kg'), v('20kg', '20 กก.', '20 kg', { priceFactor: 1.7 })],
        ['กก.'],
      ),
      type('badminton-racket', 'ไม้แบดมินตัน', 'badminton racket', 590, 4990, colours('black', 'red', 'blue'), []),
      type(
        'football',
        'ลูกฟุตบอล',
        'football',
        390,
        2490,
        [v('size-5', 'เบอร์ 5', 'size 5'), v('size-4', 'เบอร์ 4', 'size 4', { priceFactor: 0.9 })],
        ['เบอร์'],
      ),
      type(
        'mountain-bike',
        'จักรยานเสือภูเขา',
        'mountain bike',
        5900,
        29900,
        cross(
          [v('27.5', 'ล้อ 27.5 นิ้ว', '27.5-inch wheels'), v('29', 'ล้อ 29 นิ้ว', '29-inch wheels', { priceFactor: 1.15 })],
          colours('black', 'red', 'blue'),
        ),
        ['นิ้ว'],
      ),
      type(
        'muay-thai-shorts',
        'กางเกงมวยไทย',
        'Muay Thai shorts',
        290,
        990,
        cross(colours('red', 'blue', 'black'), clothingSizes),
        ['ไซซ์'],
      ),
      type(
        'insulated-bottle',
        'ขวดน้ำเก็บความเย็น',
        'insulated water bottle',
        290,
        1290,
        cross(millilitres(500, 750), colours('black', 'blue', 'pink', 'mint')),
        ['มล.'],
      ),
      type(
        'treadmill',
        'ลู่วิ่งไฟฟ้า',
        'treadmill',
        8900,
        39900,
        [v('2hp', 'มอเตอร์ 2 แรงม้า', '2 hp motor'), v('3hp', 'มอเตอร์ 3 แรงม้า', '3 hp motor', { priceFactor: 1.4 })],
        ['แรงม้า'],
      ),
      type('camping-tent', 'เต็นท์แคมปิ้ง 2 คน', '2-person camping tent', 990, 4990, colours('green', 'orange', 'grey'), [
        'คน',
      ]),
      type('gps-watch', 'นาฬิกาวิ่ง GPS', 'GPS running watch', 2990, 15900, colours('black', 'blue', 'white'), []),
    ],
    brands: ['Stride', 'Kaizen Sport', 'Velox', 'Muay Pro', 'Trailhawk', 'Fitlane', 'Aero', 'Peakform'],
    modelStyle: 'code',
    rateBasisPoints: [300, 1000],
  },
  toys: {
    description: { th: 'ของเล่น', en: 'toys' },
    merchantStems: [
      { th: 'ทอย', en: 'Toy' },
      { th: 'คิดส์', en: 'Kids' },
      { th: 'เบบี้', en: 'Baby' },
      { th: 'ของเล่น', en: 'Khong Len' },
      { th: 'เพลย์', en: 'Play' },
      { th: 'หนูน้อย', en: 'Nu Noi' },
    ],
    productTypes: [
      type(
        'building-blocks',
        'ตัวต่อบล็อก',
        'building blocks',
        290,
        2990,
        [v('300', '300 ชิ้น', '300 pieces'), v('1000', '1,000 ชิ้น', '1,000 pieces', { priceFactor: 2.5 })],
        ['ชิ้น'],
      ),
      type(
        'teddy-bear',
        'ตุ๊กตาหมี',
        'teddy bear',
        190,
        1290,
        cross(
          [v('30cm', '30 ซม.', '30 cm'), v('60cm', '60 ซม.', '60 cm', { priceFactor: 2 })],
          colours('brown', 'cream', 'pink'),
        ),
        ['ซม.'],
      ),
      type('rc-car', 'รถบังคับวิทยุ', 'remote-control car', 590, 3490, colours('red', 'blue', 'green', 'orange'), []),
      type(
        'jigsaw-1000',
        'จิ๊กซอว์ 1000 ชิ้น',
        '1,000-piece jigsaw',
        290,
        890,
        [
          v('temple', 'ลายวัดอรุณ', 'Wat Arun'),
          v('sea', 'ลายทะเลอันดามัน', 'Andaman Sea'),
          v('cats', 'ลายแมวไทย', 'Thai cats'),
        ],
        ['ชิ้น'],
      ),
      type(
        'board-game',
        'บอร์ดเกมครอบครัว',
        'family board game',
        490,
        1890,
        [v('2-4', 'สำหรับ 2-4 คน', '2–4 players'), v('3-6', 'สำหรับ 3-6 คน', '3–6 players')],
        ['คน'],
      ),
      type('toy-kitchen', 'ชุดเครื่องครัวของเล่น', 'toy kitchen set', 390, 2490, colours('pink', 'mint'), []),
      type(
        'robot-kit',
        'โมเดลหุ่นยนต์',
        'robot model kit',
        590,
        3990,
        [v('8+', 'สำหรับ 8 ปีขึ้นไป', 'ages 8+'), v('12+', 'สำหรับ 12 ปีขึ้นไป', 'ages 12+', { priceFactor: 1.5 })],
        ['ปี'],
      ),
      type(
        'play-dough',
        'ชุดดินน้ำมันเด็ก',
        'play dough set',
        99,
        390,
        [v('12', '12 สี', '12 colours'), v('24', '24 สี', '24 colours', { priceFactor: 1.7 })],
        ['สี'],
      ),
      type(
        'wooden-toy',
        'ของเล่นไม้เสริมพัฒนาการ',
        'wooden learning toy',
        190,
        990,
        [v('shapes', 'บล็อกรูปทรง', 'shape sorter'), v('abacus', 'ลูกคิดนับเลข', 'counting abacus')],
        [],
      ),
      type('kids-scooter', 'สกู๊ตเตอร์เด็ก', "kids' scooter", 790, 2990, colours('pink', 'blue', 'green'), []),
    ],
    brands: ['Toytopia', 'Little Siam', 'Brickly', 'Kidora', 'Funbee', 'Woodie', 'Robomo', 'Happy Chang'],
    modelStyle: 'code',
    rateBasisPoints: [300, 1000],
  },
}

/** Spec section 5: the terms every merchant shares, in the order the screens show them. */
export const commonTerms: readonly Word[] = [
  { th: 'ผู้ซื้อต้องมีอายุ 18 ปีขึ้นไป', en: 'You must be 18 or older.' },
  { th: 'ผู้ซื้อต้องมีถิ่นพำนักในประเทศไทย', en: 'You must be a resident of Thailand.' },
  {
    th: 'ต้องชำระเงินให้เสร็จสมบูรณ์ คำสั่งซื้อที่ยกเลิกหรือคืนสินค้าจะไม่ได้รับเงินคืน',
    en: 'Complete the payment; cancelled or returned orders earn no cashback.',
  },
  { th: 'การซื้อเพื่อนำไปขายต่อไม่ได้รับเงินคืน', en: 'Purchases for resale earn no cashback.' },
  {
    th: 'ซื้อสินค้าชิ้นเดียวกันได้ไม่เกิน 5 ชิ้นต่อวัน มิฉะนั้นเงินคืนอาจถูกยกเลิก',
    en: 'Buy no more than 5 of the same item per day, or the cashback may be cancelled.',
  },
]

/** Merchant-specific terms; each merchant gets a few. */
export const extraTerms: readonly [Word, ...Word[]] = [
  {
    th: 'ห้ามใช้โค้ดส่วนลดจากเว็บไซต์อื่น มิฉะนั้นจะไม่ได้รับเงินคืน',
    en: 'Coupon codes from other sites void the cashback.',
  },
  { th: 'ค่าจัดส่งและภาษีไม่นำมาคิดเงินคืน', en: 'Shipping and taxes are not part of the cashback amount.' },
  {
    th: 'ทำรายการให้เสร็จในแท็บเดียวกันหลังจากกดไปที่ร้านค้า',
    en: 'Finish the purchase in the same browser tab after clicking through.',
  },
  { th: 'บัตรของขวัญและการเติมเงินไม่ได้รับเงินคืน', en: 'Gift cards and top-ups earn no cashback.' },
  {
    th: 'ปิดโปรแกรมบล็อกโฆษณาก่อนกดไปที่ร้านค้า เพื่อให้ระบบติดตามคำสั่งซื้อได้',
    en: 'Turn off ad blockers before clicking through so the order can be tracked.',
  },
  {
    th: 'สินค้าในตะกร้าก่อนกดผ่านแอปอาจไม่ได้รับเงินคืน',
    en: 'Items already in the cart before you click through may not be tracked.',
  },
]

export const descriptionTemplates: readonly [
  (name: Word, category: Word) => Word,
  ...((name: Word, category: Word) => Word)[],
] = [
  (name, category) => ({
    th: `${name.th} รวมสินค้า${category.th}คุณภาพดีในราคาคุ้มค่า ส่งฟรีทั่วประเทศเมื่อซื้อครบตามเงื่อนไข`,
    en: `${name.en} brings quality ${category.en} at fair prices, with free delivery across Thailand on qualifying orders.`,
  }),
  (name, category) => ({
    th: `ช้อป${category.th}กับ ${name.th} แล้วรับเงินคืนทุกคำสั่งซื้อที่ร้านค้ายืนยัน`,
    en: `Shop ${category.en} at ${name.en} and get cashback on every order the shop confirms.`,
  }),
  (name, category) => ({
    th: `${name.th} ร้านค้าทางการด้าน${category.th} มีสินค้าใหม่ทุกสัปดาห์และโปรโมชันประจำเดือน`,
    en: `${name.en} is an official ${category.en} store with new arrivals every week and monthly promotions.`,
  }),
  (name, category) => ({
    th: `${name.th} ดูแลลูกค้ามากว่า 10 ปี คัดสรร${category.th}ที่คนไทยไว้ใจ`,
    en: `For over ten years ${name.en} has picked ${category.en} that Thai shoppers trust.`,
  }),
]
