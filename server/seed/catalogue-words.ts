import type { MerchantCategoryId } from '#domain/categories'
import type { LocalizedText } from '#domain/contracts/catalogue'

/**
 * Word lists the demo catalogue is built from. Names are composed the way Thai shops and listings
 * are really named: Thai merchant names are transliterated English or Thai words run together
 * ('บ้านสวนมาร์ท' / 'Baan Suan Mart'), product listings start with the kind of product and carry a
 * Latin brand and model ('หูฟังไร้สาย Sonix A12 สีดำ'). Brands are invented.
 */

export type Word = LocalizedText

export type ProductType = {
  /** Part of the comparison key. */
  key: string
  th: string
  /** As used inside an English sentence: lower case unless a proper noun. */
  en: string
  minimumBaht: number
  maximumBaht: number
}

export type Variant = Word & { key: string }

/** How listings of a category tell models apart: a code (A12), a volume (vol. 3) or nothing. */
export type ModelStyle = 'code' | 'volume' | 'none'

export type CategoryWords = {
  /** In Thai and English, for descriptions: 'สุขภาพและความงาม' / 'health and beauty products'. */
  description: Word
  /** Words that go into merchant names of this category. */
  merchantStems: readonly [Word, ...Word[]]
  productTypes: readonly [ProductType, ...ProductType[]]
  variants: readonly [Variant, ...Variant[]]
  brands: readonly [string, ...string[]]
  modelStyle: ModelStyle
  /** The usual range of an up-to rate in basis points. */
  rateBasisPoints: readonly [number, number]
}

function type(key: string, th: string, en: string, minimumBaht: number, maximumBaht: number): ProductType {
  return { key, th, en, minimumBaht, maximumBaht }
}

function variant(key: string, th: string, en: string): Variant {
  return { key, th, en }
}

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
      type('translated-novel', 'นิยายแปล', 'translated novel', 189, 459),
      type('picture-book', 'หนังสือนิทานเด็ก', "children's picture book", 95, 350),
      type('manga', 'การ์ตูนมังงะ', 'manga', 65, 150),
      type('self-help', 'หนังสือพัฒนาตนเอง', 'self-help book', 199, 395),
      type('cookbook', 'หนังสือสอนทำอาหารไทย', 'Thai cookbook', 250, 690),
      type('exam-guide', 'หนังสือเตรียมสอบ', 'exam prep guide', 180, 450),
      type('magazine', 'นิตยสารรายเดือน', 'monthly magazine', 80, 160),
      type('travel-photo-book', 'หนังสือภาพท่องเที่ยว', 'travel photo book', 390, 1290),
      type('audiobook', 'หนังสือเสียง', 'audiobook', 149, 399),
      type('colouring-book', 'สมุดระบายสี', 'colouring book', 79, 250),
      type('dictionary', 'พจนานุกรมไทย-อังกฤษ', 'Thai–English dictionary', 290, 890),
      type('history-book', 'หนังสือประวัติศาสตร์ไทย', 'Thai history book', 250, 750),
    ],
    variants: [
      variant('paperback', 'ปกอ่อน', 'paperback'),
      variant('hardcover', 'ปกแข็ง', 'hardcover'),
      variant('new-edition', 'ฉบับพิมพ์ใหม่', 'new edition'),
      variant('signed', 'ฉบับมีลายเซ็น', 'signed edition'),
      variant('box-set', 'ชุดกล่อง', 'box set'),
      variant('e-book', 'ฉบับอีบุ๊ก', 'e-book edition'),
    ],
    brands: ['Bookwise', 'Nakorn Press', 'Lotus Pages', 'Inkwell', 'Moonlit', 'Paperboat', 'Readmore', 'Sabai Books'],
    modelStyle: 'volume',
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
      type('wireless-earbuds', 'หูฟังไร้สาย', 'wireless earbuds', 590, 5990),
      type('laptop', 'โน้ตบุ๊ก', 'laptop', 12900, 45900),
      type('wireless-mouse', 'เมาส์ไร้สาย', 'wireless mouse', 290, 1890),
      type('gaming-keyboard', 'คีย์บอร์ดเกมมิ่ง', 'gaming keyboard', 890, 4590),
      type('monitor-27', 'จอมอนิเตอร์ 27 นิ้ว', '27-inch monitor', 4990, 14900),
      type('smartphone', 'สมาร์ทโฟน', 'smartphone', 3990, 39900),
      type('tablet', 'แท็บเล็ต', 'tablet', 5990, 29900),
      type('power-bank', 'พาวเวอร์แบงก์', 'power bank', 390, 1590),
      type('bluetooth-speaker', 'ลำโพงบลูทูธ', 'Bluetooth speaker', 690, 6990),
      type('smartwatch', 'สมาร์ทวอทช์', 'smartwatch', 1290, 12900),
      type('wifi-router', 'เราเตอร์ไวไฟ', 'Wi-Fi router', 890, 4990),
      type('portable-drive', 'ฮาร์ดดิสก์พกพา 1TB', '1TB portable hard drive', 1590, 2990),
    ],
    variants: [
      variant('black', 'สีดำ', 'black'),
      variant('white', 'สีขาว', 'white'),
      variant('silver', 'สีเงิน', 'silver'),
      variant('blue', 'สีน้ำเงิน', 'blue'),
      variant('pink', 'สีชมพู', 'pink'),
      variant('grey', 'สีเทา', 'grey'),
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
      type('cinema-ticket', 'บัตรชมภาพยนตร์', 'cinema ticket', 160, 450),
      type('concert-ticket', 'บัตรคอนเสิร์ต', 'concert ticket', 1200, 6500),
      type('streaming-plan', 'แพ็กเกจสตรีมมิ่งรายเดือน', 'monthly streaming plan', 99, 419),
      type('console-game', 'เกมคอนโซล', 'console game', 990, 2190),
      type('game-top-up', 'บัตรเติมเงินเกม', 'game top-up card', 100, 1000),
      type('vinyl-record', 'แผ่นเสียงไวนิล', 'vinyl record', 890, 2490),
      type('karaoke-set', 'ชุดคาราโอเกะ', 'karaoke set', 1490, 8900),
      type('theme-park-ticket', 'บัตรสวนสนุก', 'theme park ticket', 450, 1800),
      type('wireless-microphone', 'ไมโครโฟนไร้สาย', 'wireless microphone', 590, 3490),
      type('game-controller', 'จอยเกมไร้สาย', 'wireless game controller', 890, 2590),
    ],
    variants: [
      variant('standard', 'รุ่นมาตรฐาน', 'standard edition'),
      variant('deluxe', 'ฉบับดีลักซ์', 'deluxe edition'),
      variant('pair', 'แพ็กคู่', 'pack of two'),
      variant('collector', 'ฉบับสะสม', "collector's edition"),
      variant('limited', 'รุ่นลิมิเต็ด', 'limited edition'),
      variant('gift-set', 'ชุดของขวัญ', 'gift set'),
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
      type('crew-neck-tee', 'เสื้อยืดคอกลม', 'crew-neck T-shirt', 199, 690),
      type('skinny-jeans', 'กางเกงยีนส์ขาเดฟ', 'skinny jeans', 490, 1890),
      type('floral-dress', 'เดรสลายดอก', 'floral dress', 390, 1590),
      type('canvas-sneakers', 'รองเท้าผ้าใบ', 'canvas sneakers', 590, 2990),
      type('crossbody-bag', 'กระเป๋าสะพายข้าง', 'crossbody bag', 490, 3490),
      type('wristwatch', 'นาฬิกาข้อมือ', 'wristwatch', 890, 8900),
      type('sunglasses', 'แว่นกันแดด', 'sunglasses', 390, 4590),
      type('long-sleeve-shirt', 'เสื้อเชิ้ตแขนยาว', 'long-sleeve shirt', 390, 1490),
      type('silk-scarf', 'ผ้าพันคอไหมไทย', 'Thai silk scarf', 590, 3900),
      type('sandals', 'รองเท้าแตะ', 'sandals', 190, 990),
      type('leather-wallet', 'กระเป๋าสตางค์หนัง', 'leather wallet', 490, 2490),
      type('silver-earrings', 'ต่างหูเงิน', 'silver earrings', 290, 1990),
    ],
    variants: [
      variant('black', 'สีดำ', 'black'),
      variant('white', 'สีขาว', 'white'),
      variant('navy', 'สีกรม', 'navy'),
      variant('cream', 'สีครีม', 'cream'),
      variant('red', 'สีแดง', 'red'),
      variant('size-m', 'ไซซ์ M', 'size M'),
      variant('size-l', 'ไซซ์ L', 'size L'),
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
      type('jasmine-rice-5kg', 'ข้าวหอมมะลิ 5 กก.', 'jasmine rice 5 kg', 165, 289),
      type('ground-coffee', 'กาแฟคั่วบด', 'ground roast coffee', 180, 590),
      type('matcha', 'ชาเขียวมัทฉะ', 'matcha green tea', 220, 890),
      type('fish-sauce', 'น้ำปลาแท้', 'fish sauce', 35, 120),
      type('dried-durian', 'ทุเรียนอบแห้ง', 'dried durian', 159, 450),
      type('dried-mango', 'มะม่วงอบแห้ง', 'dried mango', 89, 259),
      type('chilli-paste', 'น้ำพริกเผา', 'chilli paste', 45, 150),
      type('thai-pastries', 'ขนมเปี๊ยะ', 'Thai pastries', 90, 280),
      type('almond-milk', 'นมอัลมอนด์', 'almond milk', 65, 189),
      type('instant-noodles', 'บะหมี่กึ่งสำเร็จรูป แพ็ก 10', 'instant noodles, pack of 10', 59, 159),
      type('wild-honey', 'น้ำผึ้งป่า', 'wild honey', 150, 490),
      type('dark-chocolate', 'ช็อกโกแลตดาร์ก', 'dark chocolate', 79, 350),
    ],
    variants: [
      variant('original', 'สูตรดั้งเดิม', 'original recipe'),
      variant('spicy', 'รสเผ็ด', 'spicy'),
      variant('organic', 'ออร์แกนิก', 'organic'),
      variant('family-size', 'ขนาดครอบครัว', 'family size'),
      variant('pair', 'แพ็กคู่', 'pack of two'),
      variant('less-sugar', 'สูตรลดน้ำตาล', 'less sugar'),
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
      type('vitamin-c-serum', 'เซรั่มวิตามินซี', 'vitamin C serum', 290, 1890),
      type('sunscreen-spf50', 'ครีมกันแดด SPF50', 'SPF50 sunscreen', 199, 990),
      type('matte-lipstick', 'ลิปสติกเนื้อแมตต์', 'matte lipstick', 159, 1290),
      type('herbal-shampoo', 'แชมพูสมุนไพร', 'herbal shampoo', 99, 490),
      type('multivitamins', 'วิตามินรวม', 'multivitamins', 290, 1290),
      type('facial-foam', 'โฟมล้างหน้า', 'facial foam', 89, 450),
      type('perfume', 'น้ำหอมผู้หญิง', "women's perfume", 890, 4900),
      type('body-lotion', 'โลชั่นบำรุงผิวกาย', 'body lotion', 129, 690),
      type('collagen', 'คอลลาเจนผง', 'collagen powder', 390, 1590),
      type('blood-pressure-monitor', 'เครื่องวัดความดัน', 'blood pressure monitor', 990, 2990),
      type('herbal-toothpaste', 'ยาสีฟันสมุนไพร', 'herbal toothpaste', 45, 180),
      type('sheet-masks', 'มาส์กหน้า แพ็ก 10', 'sheet masks, pack of 10', 199, 590),
    ],
    variants: [
      variant('30ml', '30 มล.', '30 ml'),
      variant('50ml', '50 มล.', '50 ml'),
      variant('gentle', 'สูตรอ่อนโยน', 'gentle formula'),
      variant('sensitive', 'สำหรับผิวแพ้ง่าย', 'for sensitive skin'),
      variant('jasmine', 'กลิ่นมะลิ', 'jasmine scent'),
      variant('pair', 'แพ็กคู่', 'pack of two'),
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
      type('sofa-3-seater', 'โซฟา 3 ที่นั่ง', '3-seater sofa', 6900, 35900),
      type('work-desk', 'โต๊ะทำงาน', 'work desk', 1990, 8900),
      type('office-chair', 'เก้าอี้สำนักงาน', 'office chair', 1490, 9900),
      type('bed-frame-5ft', 'เตียงนอน 5 ฟุต', '5-ft bed frame', 4990, 19900),
      type('wardrobe', 'ตู้เสื้อผ้า', 'wardrobe', 3990, 15900),
      type('bookshelf', 'ชั้นวางหนังสือ', 'bookshelf', 890, 4590),
      type('dining-table', 'โต๊ะกินข้าว 4 ที่นั่ง', '4-seat dining table', 2990, 12900),
      type('latex-mattress', 'ที่นอนยางพารา', 'latex mattress', 5900, 29900),
      type('shoe-cabinet', 'ตู้รองเท้า', 'shoe cabinet', 990, 3990),
      type('bar-stool', 'เก้าอี้บาร์', 'bar stool', 590, 2490),
    ],
    variants: [
      variant('teak', 'ไม้สัก', 'teak'),
      variant('oak', 'ไม้โอ๊ค', 'oak'),
      variant('white', 'สีขาว', 'white'),
      variant('walnut', 'สีวอลนัท', 'walnut'),
      variant('grey-fabric', 'ผ้าสีเทา', 'grey fabric'),
      variant('brown-leather', 'หนังสีน้ำตาล', 'brown leather'),
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
      type('rice-cooker', 'หม้อหุงข้าว', 'rice cooker', 690, 3990),
      type('floor-fan', 'พัดลมตั้งพื้น', 'floor fan', 590, 2490),
      type('air-purifier', 'เครื่องฟอกอากาศ', 'air purifier', 2490, 12900),
      type('bedding-set', 'ชุดเครื่องนอน', 'bedding set', 590, 2990),
      type('ceramic-pot', 'กระถางต้นไม้เซรามิก', 'ceramic plant pot', 129, 890),
      type('cordless-vacuum', 'เครื่องดูดฝุ่นไร้สาย', 'cordless vacuum', 2990, 15900),
      type('air-fryer', 'หม้อทอดไร้น้ำมัน', 'air fryer', 1290, 4990),
      type('garden-hose', 'สายยางรดน้ำ', 'garden hose', 290, 1290),
      type('blackout-curtains', 'ผ้าม่านกันแสง', 'blackout curtains', 390, 1890),
      type('electric-kettle', 'กาต้มน้ำไฟฟ้า', 'electric kettle', 390, 1890),
      type('dinnerware-set', 'ชุดจานชาม', 'dinnerware set', 490, 2990),
      type('desk-lamp', 'โคมไฟตั้งโต๊ะ', 'desk lamp', 290, 1590),
    ],
    variants: [
      variant('white', 'สีขาว', 'white'),
      variant('mint', 'สีเขียวมิ้นต์', 'mint'),
      variant('grey', 'สีเทา', 'grey'),
      variant('small', 'ขนาดเล็ก', 'small'),
      variant('large', 'ขนาดใหญ่', 'large'),
      variant('energy-saving', 'รุ่นประหยัดไฟ', 'energy-saving'),
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
      type('hotel-night', 'ห้องพักโรงแรม 1 คืน', 'hotel room, one night', 890, 5900),
      type('phi-phi-day-trip', 'ทัวร์เกาะพีพี 1 วัน', 'Phi Phi day trip', 1290, 3290),
      type('domestic-flight', 'ตั๋วเครื่องบินในประเทศ', 'domestic flight', 990, 4590),
      type('resort-package', 'แพ็กเกจรีสอร์ต 2 วัน 1 คืน', '2-day resort package', 2490, 12900),
      type('travel-sim', 'ซิมท่องเที่ยว', 'travel SIM', 199, 890),
      type('suitcase-24', 'กระเป๋าเดินทาง 24 นิ้ว', '24-inch suitcase', 1490, 6900),
      type('travel-insurance', 'ประกันการเดินทาง', 'travel insurance', 290, 1490),
      type('sleeper-train', 'ตั๋วรถไฟตู้นอน', 'sleeper train ticket', 590, 1690),
      type('doi-inthanon-tour', 'ทัวร์ดอยอินทนนท์', 'Doi Inthanon tour', 990, 2590),
      type('hostel-bed', 'เตียงโฮสเทล', 'hostel bed', 250, 790),
    ],
    variants: [
      variant('weekday', 'วันธรรมดา', 'weekday'),
      variant('weekend', 'สุดสัปดาห์', 'weekend'),
      variant('breakfast', 'รวมอาหารเช้า', 'breakfast included'),
      variant('sea-view', 'ห้องวิวทะเล', 'sea view'),
      variant('for-two', 'สำหรับ 2 ท่าน', 'for two'),
      variant('free-cancellation', 'ยกเลิกฟรี', 'free cancellation'),
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
      type('gift-card', 'บัตรของขวัญ', 'gift card', 300, 3000),
      type('mystery-box', 'กล่องสุ่ม', 'mystery box', 199, 999),
      type('gift-hamper', 'ชุดของขวัญ', 'gift hamper', 590, 2990),
      type('tote-bag', 'ถุงผ้ารักษ์โลก', 'reusable tote bag', 99, 390),
    ],
    variants: [
      variant('thai-pattern', 'ลายไทย', 'Thai pattern'),
      variant('new-year', 'ธีมปีใหม่', 'New Year theme'),
      variant('classic', 'แบบคลาสสิก', 'classic'),
      variant('premium', 'พรีเมียม', 'premium'),
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
      type('english-course', 'คอร์สเรียนภาษาอังกฤษออนไลน์', 'online English course', 990, 6900),
      type('home-cleaning', 'บริการทำความสะอาดบ้าน', 'home cleaning service', 590, 2490),
      type('air-con-cleaning', 'บริการล้างแอร์', 'air-con cleaning', 500, 1500),
      type('car-insurance', 'ประกันรถยนต์ชั้น 1', 'first-class car insurance', 12900, 29900),
      type('home-internet', 'แพ็กเกจอินเทอร์เน็ตบ้าน', 'home internet plan', 399, 1299),
      type('thai-massage', 'บริการนวดแผนไทย', 'Thai massage', 300, 1200),
      type('health-check', 'ตรวจสุขภาพประจำปี', 'annual health check', 1990, 8900),
      type('phone-repair', 'บริการซ่อมมือถือ', 'phone repair', 490, 3990),
      type('cooking-class', 'คอร์สทำอาหารไทย', 'Thai cooking class', 990, 2990),
      type('airport-transfer', 'บริการรับส่งสนามบิน', 'airport transfer', 590, 1890),
    ],
    variants: [
      variant('basic', 'แพ็กเกจพื้นฐาน', 'basic package'),
      variant('premium', 'แพ็กเกจพรีเมียม', 'premium package'),
      variant('family', 'แพ็กเกจครอบครัว', 'family package'),
      variant('for-two', 'สำหรับ 2 ท่าน', 'for two'),
      variant('express', 'บริการด่วน', 'express'),
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
      type('running-shoes-men', 'รองเท้าวิ่งผู้ชาย', "men's running shoes", 1290, 5990),
      type('running-shoes-women', 'รองเท้าวิ่งผู้หญิง', "women's running shoes", 1290, 5990),
      type('yoga-mat', 'เสื่อโยคะ', 'yoga mat', 290, 1890),
      type('adjustable-dumbbells', 'ดัมเบลปรับน้ำหนัก', 'adjustable dumbbells', 1490, 8900),
      type('badminton-racket', 'ไม้แบดมินตัน', 'badminton racket', 590, 4990),
      type('football', 'ลูกฟุตบอล', 'football', 390, 2490),
      type('mountain-bike', 'จักรยานเสือภูเขา', 'mountain bike', 5900, 29900),
      type('muay-thai-shorts', 'กางเกงมวยไทย', 'Muay Thai shorts', 290, 990),
      type('insulated-bottle', 'ขวดน้ำเก็บความเย็น', 'insulated water bottle', 290, 1290),
      type('treadmill', 'ลู่วิ่งไฟฟ้า', 'treadmill', 8900, 39900),
      type('camping-tent', 'เต็นท์แคมปิ้ง 2 คน', '2-person camping tent', 990, 4990),
      type('gps-watch', 'นาฬิกาวิ่ง GPS', 'GPS running watch', 2990, 15900),
    ],
    variants: [
      variant('black', 'สีดำ', 'black'),
      variant('blue', 'สีน้ำเงิน', 'blue'),
      variant('orange', 'สีส้ม', 'orange'),
      variant('size-42', 'ไซซ์ 42', 'size 42'),
      variant('size-40', 'ไซซ์ 40', 'size 40'),
      variant('lightweight', 'รุ่นน้ำหนักเบา', 'lightweight'),
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
      type('building-blocks', 'ตัวต่อบล็อก', 'building blocks', 290, 2990),
      type('teddy-bear', 'ตุ๊กตาหมี', 'teddy bear', 190, 1290),
      type('rc-car', 'รถบังคับวิทยุ', 'remote-control car', 590, 3490),
      type('jigsaw-1000', 'จิ๊กซอว์ 1000 ชิ้น', '1,000-piece jigsaw', 290, 890),
      type('board-game', 'บอร์ดเกมครอบครัว', 'family board game', 490, 1890),
      type('toy-kitchen', 'ชุดเครื่องครัวของเล่น', 'toy kitchen set', 390, 2490),
      type('robot-kit', 'โมเดลหุ่นยนต์', 'robot model kit', 590, 3990),
      type('play-dough', 'ชุดดินน้ำมันเด็ก', 'play dough set', 99, 390),
      type('wooden-toy', 'ของเล่นไม้เสริมพัฒนาการ', 'wooden learning toy', 190, 990),
      type('kids-scooter', 'สกู๊ตเตอร์เด็ก', "kids' scooter", 790, 2990),
    ],
    variants: [
      variant('ages-3', 'สำหรับ 3 ปีขึ้นไป', 'ages 3+'),
      variant('ages-6', 'สำหรับ 6 ปีขึ้นไป', 'ages 6+'),
      variant('pastel', 'สีพาสเทล', 'pastel'),
      variant('large-set', 'ชุดใหญ่', 'large set'),
      variant('starter-set', 'ชุดเริ่มต้น', 'starter set'),
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
