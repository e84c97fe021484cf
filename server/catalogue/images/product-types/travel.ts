import {
  band,
  circle,
  cloud,
  crescent,
  flat,
  leaf,
  line,
  move,
  paint,
  path,
  rect,
  rotate,
  shieldPath,
  shine,
  star,
  wheel,
  type TypeDrawing,
} from './drawing-kit.ts'

/** An airliner in profile, nose to the right, its tail in `tail`; drawn around (200, 200). */
export function airliner(tail: string, body: string = paint.white): string {
  return (
    path('M188 206l-62 70h34l84-70z', paint.metal) +
    path('M88 186L64 128h30l40 58z', tail) +
    path('M78 186h222c30 0 46 10 46 22s-16 22-46 22H96c-14 0-22-8-22-22 0-8 2-14 4-22z', body) +
    flat(path('M318 196h16q8 6 8 12h-24z', paint.screen)) +
    flat([0, 1, 2, 3, 4, 5, 6].map((index) => circle(130 + index * 24, 202, 5, paint.sky)).join('')) +
    flat(rect(80, 214, 240, 6, 3, tail)) +
    path('M200 212l-48 34h32l52-34z', paint.metal) +
    rect(168, 230, 40, 18, 9, paint.metalDeep)
  )
}

/** A front view of a made bed: headboard, two pillows, a turned-down duvet. */
function hotelBed(duvet: string, stripe: string): string {
  return (
    rect(70, 122, 260, 120, 24, paint.wood) +
    rect(84, 136, 232, 60, 14, '#e6b582') +
    rect(92, 172, 100, 46, 18, paint.white) +
    rect(208, 172, 100, 46, 18, paint.white) +
    path('M58 210H342v76a12 12 0 0 1-12 12H70a12 12 0 0 1-12-12z', duvet) +
    rect(58, 210, 284, 26, 10, paint.white) +
    flat(rect(58, 250, 284, 14, 0, stripe)) +
    rect(70, 298, 14, 24, 4, paint.woodDeep) +
    rect(316, 298, 14, 24, 4, paint.woodDeep)
  )
}

export const travelDrawings: Record<string, TypeDrawing> = {
  'hotel-night': {
    natural: '#2f6fd6',
    shadow: 160,
    draw: ({ base, light }) =>
      hotelBed(light, base) +
      crescent(300, 70, 30, paint.yellow) +
      star(246, 56, 10, paint.yellow) +
      star(348, 118, 7, paint.yellow),
  },
  'phi-phi-day-trip': {
    natural: '#c0834f',
    shadow: 0,
    draw: ({ base, deep }) =>
      // A longtail boat in the lagoon under the limestone cliffs.
      path('M40 250c-4-60 4-150 40-168 28-12 44 30 52 60 8-50 40-80 64-60 20 18 10 100 14 168z', '#9fb3a6') +
      flat(
        path('M52 120c20-14 36 0 44 20M150 100c14-14 30-10 36 10', paint.leaf) +
          path('M60 92q20-24 40 0zM140 70q24-20 44 6z', paint.leafDeep),
      ) +
      path('M250 250c0-50 10-100 40-110 28-8 50 40 60 110z', '#b7c7bb') +
      flat(path('M270 148q20-20 40 0z', paint.leafDeep)) +
      rect(20, 246, 360, 96, 30, paint.water) +
      flat(line('M60 300q20-8 40 0t40 0M250 320q20-8 40 0t40 0', paint.white, 4)) +
      path('M92 262h210q30 0 50-24-8 48-58 56H128q-28-6-36-32z', base) +
      flat(line('M112 276H310', deep, 4)) +
      rect(160, 232, 80, 32, 8, paint.paper) +
      line('M90 262q-30-30-60-20', paint.inkSoft, 6) +
      band('M346 238l12-48', paint.red, 6) +
      flat(path('M358 190l14 8-12 6z', paint.yellow)),
  },
  'domestic-flight': {
    natural: '#2f6fd6',
    shadow: 0,
    draw: ({ base }) =>
      cloud(100, 306, 1.2) + cloud(318, 130, 1) + rotate(airliner(base), -12, 200, 200) + cloud(300, 316, 0.8),
  },
  'resort-package': {
    natural: '#f5862a',
    shadow: 160,
    draw: ({ base, light }) =>
      // A palm tree, a sun lounger and a parasol on the sand.
      flat(circle(300, 76, 30, paint.yellow)) +
      path('M64 300q136-40 272 0v30H64z', '#f7dba0') +
      band('M112 300q-10-100 30-190', paint.woodDeep, 12) +
      leaf(142, 110, 86, 30, -170, paint.leaf) +
      leaf(142, 110, 86, 30, -120, paint.leafDeep) +
      leaf(142, 110, 86, 30, -60, paint.leaf) +
      leaf(142, 110, 86, 30, -10, paint.leafDeep) +
      leaf(142, 110, 70, 26, 40, paint.leafLight) +
      circle(134, 124, 9, paint.woodDeep) +
      line('M262 156V300', paint.inkSoft, 6) +
      path('M188 160q74-90 148 0z', base) +
      flat(path('M238 160q24-60 48 0z', light)) +
      path('M176 262h150l26-34 10 8-24 38H176z', paint.white) +
      flat(line('M200 262v10M230 262v10M260 262v10M290 262v10', paint.sky, 6)) +
      line('M190 276l-6 30M316 276l6 30', paint.inkSoft, 6),
  },
  'travel-sim': {
    natural: '#2f6fd6',
    shadow: 130,
    draw: ({ base, deep }) =>
      // A SIM card in front of the globe it works across.
      circle(220, 160, 110, paint.sky) +
      flat(
        path(
          'M150 96q30-20 60 6t-4 60-46 24q-30-20-10-90zM240 170q40-20 60 10t-10 60q-40 10-50-30t0-40zM240 70q30 0 36 20t-22 20q-20-10-14-40z',
          paint.leaf,
        ) + line('M110 160h220M220 50v220', paint.white, 3),
      ) +
      line('M220 50a110 110 0 1 0 0 220a110 110 0 1 0 0-220', paint.ink, 6) +
      path('M84 170h110l30 30v120a10 10 0 0 1-10 10H84a10 10 0 0 1-10-10V180a10 10 0 0 1 10-10z', base) +
      rect(102, 212, 84, 76, 12, paint.gold) +
      flat(line('M102 238h84M102 262h84M130 212v26M158 262v26', paint.goldDeep, 4)) +
      flat(rect(96, 304, 60, 8, 4, deep)),
  },
  'suitcase-24': {
    natural: '#27395f',
    shadow: 100,
    draw: ({ base, deep, light }) =>
      // A hard-shell spinner with its handle pulled up.
      line('M168 96V40h64v56', paint.metalDeep, 10) +
      rect(160, 30, 80, 22, 10, paint.inkSoft) +
      rect(118, 84, 164, 226, 24, base) +
      flat([150, 184, 216, 250].map((x) => rect(x - 5, 104, 10, 188, 5, deep)).join('')) +
      flat(rect(118, 190, 164, 10, 0, deep)) +
      shine(130, 100, 10, 90) +
      rect(172, 74, 56, 16, 6, paint.inkSoft) +
      [138, 262].map((x) => rect(x - 10, 308, 20, 10, 3, paint.inkSoft) + circle(x, 322, 9, paint.ink)).join('') +
      flat(circle(200, 240, 4, light)),
  },
  'travel-insurance': {
    natural: '#3a9d5b',
    shadow: 110,
    draw: ({ base, deep }) =>
      // The cover: a shield over a plane and a passport.
      rotate(
        rect(70, 110, 130, 176, 12, '#233d7a') +
          flat(
            circle(135, 186, 30, paint.gold) + circle(135, 186, 20, '#233d7a') + rect(100, 240, 70, 8, 4, paint.gold),
          ),
        -12,
        135,
        198,
      ) +
      path(shieldPath(232, 70, 170, 240), base) +
      path(shieldPath(232, 92, 130, 194), deep) +
      move(rotate(airliner(paint.sky), -30, 200, 200), 140, 108, 0.46),
  },
  'sleeper-train': {
    natural: '#2f6fd6',
    shadow: 0,
    draw: ({ base, light }) =>
      // A night train: a carriage with its berths lit, under the moon.
      crescent(80, 76, 28, paint.yellow) +
      star(150, 56, 9, paint.yellow) +
      star(320, 70, 7, paint.yellow) +
      line('M20 322H380', paint.inkSoft, 8) +
      flat(line('M40 330h20M90 330h20M140 330h20M190 330h20M240 330h20M290 330h20M340 330h20', paint.woodDeep, 6)) +
      path('M30 140h286q54 0 56 70v66a10 10 0 0 1-10 10H30z', base) +
      flat(rect(30, 256, 342, 14, 0, light)) +
      [0, 1, 2]
        .map(
          (index) =>
            rect(52 + index * 86, 164, 66, 70, 8, paint.yellow) +
            flat(line(`M${58 + index * 86} 198h54`, paint.orange, 5)),
        )
        .join('') +
      path('M316 164h20q24 4 28 46h-48z', paint.sky) +
      [90, 150, 250, 310].map((x) => wheel(x, 294, 22)).join(''),
  },
  'doi-inthanon-tour': {
    natural: '#3a9d5b',
    shadow: 160,
    draw: ({ base, deep, light }) =>
      // Misty mountains with the twin royal pagodas on the summit.
      flat(circle(300, 90, 28, paint.yellow)) +
      path('M40 310L150 150l40 50 60-110 110 220z', deep) +
      flat(path('M250 90l-24 44 18-8 8 16 16-20 14 10z', paint.white)) +
      path('M40 310l90-80 60 40 70-60 100 100z', base) +
      flat(path('M70 290l60-50 40 30z', light)) +
      move(path('M-14 0h28l-4-20h-20zM-10-20q10-26 20 0zM0-44v-8', paint.gold), 234, 122, 1.3) +
      move(path('M-14 0h28l-4-20h-20zM-10-20q10-26 20 0zM0-44v-8', '#c9a7d8'), 264, 120, 1.2) +
      cloud(120, 220, 0.9) +
      cloud(310, 250, 0.8),
  },
  'hostel-bed': {
    natural: '#2f6fd6',
    shadow: 150,
    draw: ({ base, light }) =>
      // A bunk bed with its ladder, and a backpack at its foot.
      rect(70, 60, 14, 262, 6, paint.inkSoft) +
      rect(316, 60, 14, 262, 6, paint.inkSoft) +
      [126, 246]
        .map(
          (y) =>
            rect(84, y, 232, 34, 8, light) +
            rect(96, y - 18, 60, 24, 10, paint.white) +
            rect(166, y - 8, 150, 14, 6, base) +
            rect(84, y + 34, 232, 12, 4, paint.inkSoft),
        )
        .join('') +
      line('M282 172v74M306 172v74M282 194h24M282 222h24', paint.inkSoft, 5) +
      rect(328, 234, 56, 86, 18, paint.orange) +
      rect(334, 270, 44, 30, 10, '#f7a561') +
      line('M340 240q16-26 32 0', paint.ink, 6),
  },
}
