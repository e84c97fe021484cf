import {
  band,
  circle,
  dropPath,
  ellipse,
  flat,
  heart,
  leaf,
  line,
  paint,
  path,
  rect,
  ring,
  rotate,
  shade,
  shine,
  sparkle,
  type TypeDrawing,
} from './drawing-kit.ts'

/** A squeeze tube standing on its cap, crimped at the top. */
function tube(x: number, y: number, width: number, height: number, body: string, cap: string): string {
  const capHeight = 46
  return (
    path(`M${x} ${y}H${x + width}l-${width * 0.08} ${height}H${x + width * 0.08}z`, body) +
    rect(x - 4, y - 16, width + 8, 22, 4, body) +
    flat(line(`M${x + 6} ${y - 5}H${x + width - 6}`, paint.metalDeep, 3, '3 5')) +
    rect(x + width * 0.16, y + height, width * 0.68, capHeight, 8, cap) +
    shine(x + 12, y + 20, 10, height * 0.6)
  )
}

/** Foam bubbles. */
function bubbles(points: readonly (readonly [number, number, number])[]): string {
  return points
    .map(
      ([x, y, radius]) =>
        circle(x, y, radius, paint.white) +
        flat(circle(x - radius * 0.35, y - radius * 0.35, radius * 0.25, paint.sky)),
    )
    .join('')
}

/** A bottle with a pump head, its nozzle pointing left. */
function pumpBottle(body: string, pump: string): string {
  return (
    rect(186, 60, 28, 36, 4, pump) +
    path('M214 66H140a10 10 0 0 0-10 10v8h14v-4h70z', pump) +
    rect(174, 94, 52, 34, 8, pump) +
    rect(132, 124, 136, 196, 34, body) +
    shade('M268 158v128a34 34 0 0 1-34 34h-34V124h34a34 34 0 0 1 34 34z', 0.08) +
    shine(146, 144, 10, 110)
  )
}

export const healthDrawings: Record<string, TypeDrawing> = {
  'vitamin-c-serum': {
    natural: '#c9742a',
    shadow: 80,
    draw: ({ base, light }) =>
      // An amber dropper bottle with an orange slice on its label.
      rect(184, 58, 32, 62, 16, paint.ink) +
      rect(172, 110, 56, 40, 8, paint.ink) +
      path('M150 160a20 20 0 0 1 20-20h60a20 20 0 0 1 20 20v150a14 14 0 0 1-14 14h-72a14 14 0 0 1-14-14z', base) +
      rect(158, 208, 84, 84, 10, paint.paper) +
      circle(200, 250, 28, paint.orange) +
      flat(
        circle(200, 250, 22, '#ffc56b') + line('M200 230v40M180 250h40M186 236l28 28M214 236l-28 28', paint.orange, 3),
      ) +
      shine(160, 160, 9, 36) +
      flat(rect(228, 160, 6, 40, 3, light)),
  },
  'sunscreen-spf50': {
    natural: '#f6b73c',
    shadow: 80,
    draw: ({ base, deep }) =>
      tube(136, 78, 128, 198, base, paint.blue) +
      circle(200, 170, 34, paint.white) +
      circle(200, 170, 20, paint.yellow) +
      flat(
        [0, 45, 90, 135, 180, 225, 270, 315]
          .map((angle) => rotate(rect(197, 134, 6, 10, 3, paint.orange), angle, 200, 170))
          .join('') +
          rect(164, 222, 72, 10, 5, deep) +
          rect(176, 240, 48, 8, 4, paint.white),
      ) +
      sparkle(300, 104, 18, paint.yellow),
  },
  'matte-lipstick': {
    natural: '#c2403e',
    shadow: 110,
    draw: ({ base, deep }) =>
      // The lipstick wound up, and its cap lying beside it.
      path('M166 150V96q0-26 38-44v98z', base) +
      flat(path('M204 56v94h-12V70q4-8 12-14z', deep)) +
      rect(160, 146, 50, 36, 4, paint.gold) +
      rect(150, 178, 70, 146, 8, paint.ink) +
      shine(160, 194, 9, 100) +
      flat(rect(150, 192, 70, 8, 0, paint.gold)) +
      rotate(rect(226, 228, 64, 110, 8, paint.ink) + flat(rect(226, 238, 64, 8, 0, paint.gold)), 60, 258, 283),
  },
  'herbal-shampoo': {
    natural: '#3a9d5b',
    shadow: 90,
    draw: ({ base, light }) =>
      rect(168, 56, 64, 40, 10, paint.white) +
      rect(176, 48, 28, 14, 5, paint.white) +
      path('M150 96h100q20 0 20 24v186a16 16 0 0 1-16 16H146a16 16 0 0 1-16-16V120q0-24 20-24z', base) +
      shade('M270 120v186a16 16 0 0 1-16 16h-40V96h36q20 0 20 24z', 0.1) +
      rect(148, 160, 104, 120, 14, paint.paper) +
      leaf(170, 250, 64, 30, -60, paint.leaf) +
      leaf(196, 240, 52, 26, -20, paint.leafLight) +
      flat(rect(166, 176, 68, 8, 4, light)) +
      shine(140, 112, 9, 40) +
      bubbles([
        [296, 106, 18],
        [318, 150, 12],
        [288, 172, 9],
      ]),
  },
  multivitamins: {
    natural: '#f5862a',
    draw: ({ base, deep }) =>
      // A pill bottle with tablets and capsules poured out in front.
      rect(116, 66, 132, 48, 10, base) +
      flat(line('M132 74v32M148 74v32M164 74v32M180 74v32M196 74v32M212 74v32M228 74v32', deep, 3)) +
      rect(110, 110, 144, 200, 16, paint.white) +
      rect(124, 150, 116, 110, 10, base) +
      path('M170 180h24v20h20v24h-20v20h-24v-20h-20v-24h20z', paint.white) +
      shine(122, 124, 9, 150) +
      rotate(
        rect(236, 280, 68, 30, 15, paint.yellow) +
          flat(rect(270, 283, 31, 24, 12, paint.white)) +
          line('M270 280v30', paint.ink, 4),
        -24,
        270,
        295,
      ) +
      circle(318, 232, 20, paint.white) +
      flat(line('M304 232h28', paint.metal, 3)) +
      circle(96, 304, 18, paint.leafLight) +
      rotate(rect(280, 300, 56, 26, 13, paint.red) + flat(rect(308, 303, 25, 20, 10, paint.white)), 30, 308, 313),
  },
  'facial-foam': {
    natural: '#f49ac1',
    draw: ({ base, deep }) =>
      // A tube lying on its side, foam rising from its nozzle.
      rotate(
        path('M100 170h160l40-16v92l-40-16H100z', base) +
          rect(70, 164, 34, 72, 6, paint.white) +
          rect(300, 166, 24, 68, 6, base) +
          rect(126, 184, 110, 32, 10, paint.paper) +
          flat(rect(140, 196, 80, 8, 4, deep)) +
          shine(110, 176, 120, 7),
        -14,
        200,
        200,
      ) +
      bubbles([
        [76, 132, 34],
        [114, 108, 26],
        [50, 100, 22],
        [96, 70, 16],
        [144, 84, 12],
      ]),
  },
  perfume: {
    natural: '#f49ac1',
    shadow: 100,
    draw: ({ base, light }) =>
      // A faceted glass bottle with a gold collar and spray.
      rect(170, 54, 60, 54, 10, paint.gold) +
      flat(rect(178, 62, 12, 38, 6, paint.yellow)) +
      rect(178, 106, 44, 22, 4, paint.goldDeep) +
      path('M130 140l20-16h100l20 16v150l-20 26H150l-20-26z', light) +
      path('M144 164h112v116l-12 16H156l-12-16z', base) +
      flat(path('M150 140l10-8h20l-26 170h-6l-10-12z', paint.white)) +
      rect(168, 200, 64, 44, 8, paint.paper) +
      flat(rect(180, 216, 40, 10, 5, paint.gold)) +
      sparkle(98, 110, 16, paint.gold) +
      sparkle(300, 180, 12, paint.gold),
  },
  'body-lotion': {
    natural: '#f2e3c2',
    shadow: 90,
    draw: ({ base, deep }) =>
      pumpBottle(base, paint.white) +
      rect(152, 178, 96, 110, 14, paint.white) +
      path(dropPath(200, 230, 22), '#ffb38a') +
      flat(rect(172, 268, 56, 8, 4, deep)) +
      path(dropPath(108, 62, 10), paint.white),
  },
  collagen: {
    natural: '#f49ac1',
    shadow: 140,
    draw: ({ base, deep }) =>
      // A tub of powder with a full scoop beside it.
      rect(78, 114, 170, 200, 18, paint.white) +
      rect(70, 84, 186, 48, 12, base) +
      rect(96, 168, 134, 104, 12, base) +
      flat(
        rect(116, 190, 94, 14, 7, paint.white) +
          rect(116, 214, 64, 10, 5, paint.white) +
          circle(196, 248, 10, paint.white),
      ) +
      shine(88, 144, 9, 140) +
      path('M236 288h98v-4a40 34 0 0 0-98 0z', paint.paper) +
      path('M230 288h110a55 40 0 0 1-110 0z', deep) +
      rect(336, 290, 40, 14, 7, deep),
  },
  'blood-pressure-monitor': {
    natural: '#f6f5f1',
    shadow: 150,
    draw: ({ base, deep }) =>
      // The cuff, its tube, and the monitor with the reading on its screen.
      band('M150 250C120 250 130 290 96 290', paint.inkSoft, 8) +
      ring('M92 196a36 62 0 1 0 1 0', '#3b6fb6', 30) +
      flat(line('M70 214q-8 40 6 80', '#8fb2e4', 4, '5 6')) +
      rect(150, 90, 180, 220, 28, base) +
      shade('M330 118v164a28 28 0 0 1-28 28h-60V90h60a28 28 0 0 1 28 28z', 0.06) +
      rect(170, 112, 140, 118, 12, '#bfe3c9') +
      flat(
        rect(186, 130, 80, 20, 6, paint.screen) +
          rect(186, 160, 60, 20, 6, paint.screen) +
          rect(186, 192, 40, 18, 6, paint.screen),
      ) +
      heart(280, 200, 14, paint.red) +
      circle(240, 270, 22, paint.blue) +
      circle(190, 270, 12, deep) +
      circle(290, 270, 12, deep) +
      shine(160, 104, 8, 50),
  },
  'herbal-toothpaste': {
    natural: '#3a9d5b',
    shadow: 150,
    draw: ({ base }) =>
      // The tube and a brush carrying a stripe of paste.
      rotate(
        path('M60 240l196-24v64l-196-24z', paint.white) +
          rect(250, 218, 36, 60, 8, base) +
          path('M60 232l110-12v48l-110-12z', base) +
          leaf(112, 248, 40, 18, -20, paint.leafLight),
        -6,
        180,
        250,
      ) +
      rotate(
        rect(60, 120, 230, 22, 11, paint.sky) +
          rect(232, 100, 64, 22, 6, paint.white) +
          flat(line('M240 100v-10M252 100v-10M264 100v-10M276 100v-10M288 100v-10', paint.blue, 5)) +
          path('M236 84q30-16 56 0q-6 10-28 10t-28-10z', paint.leafLight),
        -10,
        200,
        110,
      ),
  },
  'sheet-masks': {
    natural: '#8fdcc0',
    draw: ({ base, deep }) =>
      // A mask sheet, cut to a face, in front of its sachet.
      rotate(
        rect(150, 60, 170, 230, 18, base) +
          flat(rect(150, 60, 170, 22, 0, deep)) +
          rect(180, 200, 110, 50, 10, paint.white),
        10,
        235,
        175,
      ) +
      path('M150 90c50 0 76 40 76 100s-30 120-76 120-76-60-76-120 26-100 76-100z', paint.white) +
      flat(
        ellipse(122, 176, 20, 10, base) +
          ellipse(178, 176, 20, 10, base) +
          ellipse(150, 256, 24, 11, base) +
          path('M142 200h16l-8 22z', base),
      ) +
      flat(line('M96 140q54-34 108 0', paint.metal, 3, '4 6')),
  },
}
