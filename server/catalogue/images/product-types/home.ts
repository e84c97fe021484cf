import {
  band,
  circle,
  ellipse,
  flat,
  leaf,
  line,
  paint,
  path,
  rect,
  rotate,
  shade,
  shine,
  steam,
  type TypeDrawing,
} from './drawing-kit.ts'

/** The leaves of a house plant fanning up from (x, y). */
function plantLeaves(x: number, y: number, scale: number): string {
  return [
    { angle: -150, length: 74, colour: paint.leaf },
    { angle: -30, length: 74, colour: paint.leaf },
    { angle: -118, length: 92, colour: paint.leafDeep },
    { angle: -62, length: 92, colour: paint.leafDeep },
    { angle: -90, length: 100, colour: paint.leafLight },
  ]
    .map(({ angle, length, colour }) => leaf(x, y, length * scale, 42 * scale, angle, colour))
    .join('')
}

export const homeDrawings: Record<string, TypeDrawing> = {
  'rice-cooker': {
    natural: '#f6f5f1',
    shadow: 130,
    draw: ({ base, deep, light }) =>
      rect(150, 66, 100, 22, 11, paint.inkSoft) +
      path('M86 150q0-58 114-58t114 58z', base) +
      rect(78, 146, 244, 20, 10, deep) +
      path('M86 166H314v110q0 40-40 40H126q-40 0-40-40z', base) +
      shade('M314 166v110q0 40-40 40h-40V166z', 0.08) +
      rect(150, 206, 100, 70, 16, paint.screen) +
      flat(
        circle(176, 242, 8, paint.red) + circle(204, 242, 8, paint.leafLight) + rect(222, 236, 16, 12, 3, paint.sky),
      ) +
      rect(130, 286, 140, 10, 5, light) +
      shine(100, 180, 10, 70),
  },
  'floor-fan': {
    natural: '#f6f5f1',
    shadow: 90,
    draw: ({ base, deep }) =>
      rect(190, 214, 20, 96, 6, base) +
      path('M126 326q0-24 74-24t74 24z', base) +
      flat(circle(240, 314, 5, paint.leaf) + circle(222, 316, 5, deep)) +
      circle(200, 136, 100, paint.white) +
      [0, 120, 240]
        .map((angle) => rotate(path('M200 136c-24-30-20-74 12-76 26 0 24 50-12 76z', paint.sky), angle, 200, 136))
        .join('') +
      circle(200, 136, 20, base) +
      flat(line('M200 36v200M100 136h200M130 66l140 140M270 66L130 206', paint.metalDeep, 2)) +
      line('M100 136a100 100 0 1 0 200 0a100 100 0 1 0-200 0', paint.ink, 6),
  },
  'air-purifier': {
    natural: '#f6f5f1',
    shadow: 90,
    draw: ({ base, deep }) =>
      // A tall purifier breathing clean air out of its top.
      line('M160 70q-10-20 0-40M200 64q-10-20 0-40M240 70q-10-20 0-40', paint.teal, 7) +
      rect(130, 84, 140, 236, 36, base) +
      shade('M270 120v164a36 36 0 0 1-36 36h-34V84h34a36 36 0 0 1 36 36z', 0.07) +
      rect(144, 96, 112, 20, 10, deep) +
      flat(Array.from({ length: 9 }, (_, index) => rect(152, 170 + index * 14, 96, 6, 3, deep)).join('')) +
      flat(circle(200, 146, 9, paint.teal)) +
      shine(142, 130, 9, 120),
  },
  'bedding-set': {
    natural: '#27395f',
    shadow: 150,
    draw: ({ base, deep, light }) =>
      // A folded duvet with its sheet and two pillows stacked on top.
      rect(64, 226, 272, 96, 22, base) +
      flat(line('M64 258H336M64 290H336', light, 4)) +
      rect(80, 186, 240, 48, 18, light) +
      rect(90, 106, 220, 70, 30, paint.white) +
      rect(96, 76, 208, 56, 26, base) +
      flat(line('M110 104H290', light, 3, '6 8') + line('M110 206H290', deep, 3, '6 8')) +
      shine(80, 236, 10, 40),
  },
  'ceramic-pot': {
    natural: '#f2e3c2',
    draw: ({ base, deep, light }) =>
      plantLeaves(200, 190, 1.05) +
      path('M122 198h156l-18 114a12 12 0 0 1-12 10H152a12 12 0 0 1-12-10z', base) +
      rect(112, 182, 176, 32, 10, deep) +
      flat(line('M138 250q15-12 31 0t31 0 31 0 31 0', light, 5)) +
      shade('M278 214l-18 98a12 12 0 0 1-12 10h-36V214z', 0.09),
  },
  'cordless-vacuum': {
    natural: '#8d969d',
    shadow: 120,
    draw: ({ base, deep }) =>
      // A stick vacuum: pistol grip, motor and clear bin up top, long wand, floor head below.
      rotate(
        rect(192, 150, 16, 150, 6, paint.metalDeep) +
          rect(136, 298, 128, 26, 12, base) +
          flat(rect(146, 316, 108, 6, 3, paint.red)) +
          circle(200, 300, 12, deep) +
          band('M214 70q44-4 44 36v44', deep, 18) +
          rect(226, 130, 44, 44, 10, base) +
          rect(172, 92, 56, 80, 18, paint.glass) +
          flat(rect(180, 134, 40, 30, 10, paint.metal)) +
          rect(178, 50, 44, 48, 14, base) +
          circle(200, 74, 12, paint.yellow) +
          shine(180, 102, 7, 36),
        22,
        200,
        312,
      ),
  },
  'air-fryer': {
    natural: '#33383d',
    shadow: 130,
    draw: ({ base, deep, light }) =>
      // A rounded fryer with its dial on top and the basket drawer's big handle.
      path('M130 62h140q30 0 34 30l14 206a16 16 0 0 1-16 18H98a16 16 0 0 1-16-18l14-206q4-30 34-30z', base) +
      shade('M300 92l14 206a16 16 0 0 1-16 18h-60V62h32q30 0 34 30z', 0.12) +
      rect(136, 78, 128, 50, 14, paint.screen) +
      flat(rect(150, 94, 44, 18, 5, paint.orange)) +
      circle(232, 103, 15, light) +
      flat(line('M232 103v-10', paint.ink, 4)) +
      path('M96 162H304l10 120a8 8 0 0 1-8 8H94a8 8 0 0 1-8-8z', deep) +
      rect(150, 206, 100, 40, 18, paint.inkSoft) +
      flat(rect(166, 214, 68, 8, 4, light)) +
      shine(100, 80, 9, 64),
  },
  'garden-hose': {
    natural: '#3a9d5b',
    shadow: 140,
    draw: ({ base, light }) =>
      // A coiled hose with its spray gun, watering.
      [58, 46, 34]
        .map((radius) => band(`M200 ${200 - radius}a${radius * 1.7} ${radius} 0 1 0 1 0`, base, 14))
        .join('') +
      band('M200 242C250 290 300 300 300 250', base, 14) +
      rect(86, 178, 30, 16, 4, paint.gold) +
      rotate(
        rect(288, 200, 26, 60, 8, paint.yellow) +
          rect(282, 188, 64, 22, 8, paint.yellow) +
          rect(340, 192, 16, 14, 3, paint.gold),
        0,
        300,
        230,
      ) +
      flat(line('M350 196q20-30 18-70M350 200q30-20 38-52M350 206q30-6 44-30', paint.water, 6, '2 12')) +
      flat(line('M200 198q30-8 40 4', light, 3)),
  },
  'blackout-curtains': {
    natural: '#27395f',
    shadow: 150,
    draw: ({ base, deep, light }) =>
      // Heavy curtains drawn back from a window with the sun outside.
      rect(112, 76, 176, 240, 6, paint.sky) +
      flat(circle(200, 170, 30, paint.yellow)) +
      line('M48 68H352', paint.inkSoft, 10) +
      circle(46, 68, 10, paint.gold) +
      circle(354, 68, 10, paint.gold) +
      path('M64 68h100q-20 90 0 130 20 60 10 126H64z', base) +
      path('M236 68h100v256H226q-10-66 10-126 20-40 0-130z', base) +
      flat(line('M88 80v240M116 80v240M312 80v240M284 80v240', deep, 4)) +
      flat(line('M140 80q-8 60 6 120M258 80q8 60-6 120', light, 3)) +
      rect(148, 188, 30, 16, 8, paint.gold) +
      rect(222, 188, 30, 16, 8, paint.gold),
  },
  'electric-kettle': {
    natural: '#c8d0d6',
    shadow: 120,
    draw: ({ base, deep }) =>
      path('M100 300h200l4 22H96z', paint.ink) +
      band('M262 120q60 0 60 70t-50 90', deep, 16) +
      path('M138 96h124l22 204H116z', base) +
      path('M138 130L94 106l4 26 38 30z', base) +
      rect(134, 78, 132, 28, 12, deep) +
      rect(180, 60, 40, 24, 10, deep) +
      rect(156, 150, 22, 110, 10, paint.glass) +
      flat(rect(158, 200, 18, 56, 8, paint.water)) +
      shine(196, 120, 10, 150) +
      shade('M262 96l22 204h-60l-10-204z', 0.08),
  },
  'dinnerware-set': {
    natural: '#f6f5f1',
    shadow: 150,
    draw: ({ base, deep }) =>
      // Plates stacked, a bowl on top and a cup beside.
      [0, 1, 2]
        .map(
          (index) =>
            ellipse(172, 300 - index * 20, 120, 20, base) +
            flat(line(`M66 ${296 - index * 20}q106 18 212 0`, paint.blue, 3)),
        )
        .join('') +
      path('M108 226h128a64 56 0 0 1-128 0z', base) +
      ellipse(172, 226, 64, 14, deep) +
      flat(line('M120 250q52 22 104 0', paint.blue, 4)) +
      path('M256 196h70l-6 76a14 14 0 0 1-14 12h-30a14 14 0 0 1-14-12z', base) +
      band('M326 214q26 0 24 24t-28 24', base, 8) +
      flat(line('M262 222h58', paint.blue, 4)) +
      steam(278, 176, paint.metalDeep, 20),
  },
  'desk-lamp': {
    natural: '#f6f5f1',
    shadow: 100,
    draw: ({ base, deep }) =>
      // An architect's lamp: weighted base, two arms and a shade casting light down.
      flat(path('M246 196L318 318H176z', paint.yellow)) +
      path('M104 322q0-26 46-26t46 26z', base) +
      line('M150 298L110 186L226 122', deep, 12) +
      line('M150 298L110 186L226 122', base, 5) +
      circle(110, 186, 12, paint.metalDeep) +
      circle(150, 298, 10, paint.metalDeep) +
      rotate(
        path('M216 104h44l34 78H182z', base) + circle(238, 190, 16, paint.yellow) + shine(214, 116, 8, 50),
        -28,
        238,
        150,
      ) +
      circle(226, 122, 10, paint.metalDeep),
  },
}
