import {
  band,
  circle,
  circlePath,
  ellipse,
  flat,
  line,
  move,
  paint,
  path,
  rect,
  ring,
  rotate,
  round,
  shade,
  shine,
  type Tone,
  type TypeDrawing,
} from './drawing-kit.ts'

/** A running shoe in profile, toe to the right; `stripe` and `sole` set the model's details. */
function runningShoe(
  { base, deep, light }: Tone,
  { stripe, sole, heelLoop }: { stripe: string; sole: string; heelLoop: boolean },
): string {
  return (
    (heelLoop ? band('M76 156q-22-10-20 18', paint.pink, 8) : '') +
    path('M60 240C54 200 58 170 72 150q20-6 34 4 24 22 56 14l28-28q14-10 28 2l56 56q52 10 72 38-14 6-40 4H60z', base) +
    path('M186 146l6-32q10-8 20 2l-2 36z', light) +
    shade('M278 210q52 10 72 38-14 6-40 4h-40z', 0.1) +
    band('M86 226q70 0 150-62', stripe, 10) +
    line([0, 1, 2, 3].map((index) => `M${214 + index * 18} ${154 + index * 16}l-18 20`).join(''), paint.white, 6) +
    path('M52 240H300q30 0 50-12 10 16 0 32-16 22-56 24H82q-30 0-30-26z', sole) +
    flat(path('M56 272q6 12 26 12h212q36-2 52-22l4 8q-18 26-56 28H80q-24-2-28-22z', paint.inkSoft)) +
    flat(line('M96 258q40-10 80 0t80 0', deep, 3)) +
    shine(78, 170, 8, 44)
  )
}

/** A regular pentagon's points, pointing up. */
function pentagon(centerX: number, centerY: number, radius: number, turn = 0): string {
  const points = Array.from({ length: 5 }, (_, index) => {
    const angle = ((turn + index * 72 - 90) * Math.PI) / 180
    return `${round(centerX + radius * Math.cos(angle))} ${round(centerY + radius * Math.sin(angle))}`
  })
  return `M${points.join('L')}Z`
}

export const sportsDrawings: Record<string, TypeDrawing> = {
  'running-shoes-men': {
    natural: '#2f6fd6',
    shadow: 150,
    draw: (tone) => runningShoe(tone, { stripe: paint.white, sole: paint.white, heelLoop: false }),
  },
  'running-shoes-women': {
    natural: '#f49ac1',
    shadow: 150,
    draw: (tone) => move(runningShoe(tone, { stripe: tone.deep, sole: '#d9f2ea', heelLoop: true }), 20, 20, 0.9),
  },
  'yoga-mat': {
    natural: '#3a9d5b',
    shadow: 160,
    draw: ({ base, deep, light }) =>
      // A mat half unrolled, the roll at its far end.
      path('M52 298L112 236H356L296 298z', base) +
      path('M52 298H296v12H52z', deep) +
      path('M296 298L356 236v12l-60 62z', deep) +
      flat(line('M96 290L140 246M310 246L266 290', light, 3)) +
      rect(112, 150, 244, 92, 46, base) +
      ellipse(112, 196, 30, 46, light) +
      flat(line('M112 196m-4 0a4 6 0 1 1 8 0a10 16 0 1 1-20 0a16 26 0 1 1 32 0a22 36 0 1 1-44 0', deep, 3)) +
      shine(150, 160, 160, 9),
  },
  'adjustable-dumbbells': {
    natural: '#e03a3e',
    shadow: 160,
    draw: ({ base, deep }) =>
      // The dumbbell sitting in its weight tray, plates stacked at each end.
      path('M56 250H344l-14 64a10 10 0 0 1-10 8H80a10 10 0 0 1-10-8z', paint.inkSoft) +
      rect(146, 170, 108, 24, 10, paint.metalDeep) +
      flat(line('M160 182h80', paint.grey, 3, '3 5')) +
      [
        { from: 70, step: 12 },
        { from: 258, step: 12 },
      ]
        .map(({ from, step }) =>
          Array.from({ length: 6 }, (_, index) =>
            rect(
              from + index * step,
              112 + Math.abs(index - 2.5) * 3,
              14,
              140 - Math.abs(index - 2.5) * 6,
              5,
              index % 2 === 0 ? paint.screen : '#44505a',
            ),
          ).join(''),
        )
        .join('') +
      circle(60, 182, 16, base) +
      circle(340, 182, 16, base) +
      flat(rect(56, 172, 8, 20, 3, deep) + rect(336, 172, 8, 20, 3, deep)) +
      flat(rect(70, 290, 260, 8, 4, base)),
  },
  'badminton-racket': {
    natural: '#2f6fd6',
    shadow: 110,
    draw: ({ base, deep }) =>
      rotate(
        rect(192, 236, 16, 56, 6, paint.metalDeep) +
          rect(186, 288, 28, 70, 12, paint.inkSoft) +
          flat(line('M188 302l24 10M188 318l24 10M188 334l24 10', paint.grey, 3)) +
          ellipse(200, 140, 66, 92, base) +
          ellipse(200, 140, 52, 78, paint.white) +
          flat(
            line(
              Array.from({ length: 7 }, (_, index) => `M${164 + index * 12} 70V210`).join('') +
                Array.from({ length: 9 }, (_, index) => `M150 ${82 + index * 15}H250`).join(''),
              paint.metalDeep,
              2,
            ),
          ) +
          line('M200 232v8', deep, 8),
        -24,
        200,
        200,
      ) +
      // The shuttlecock.
      path('M318 250l-34 62h56z', paint.white) +
      flat(line('M300 280h26M304 264l-14 40M318 254v58M332 264l14 40', paint.metal, 2)) +
      path('M284 312h56q0 22-28 22t-28-22z', paint.red),
  },
  football: {
    natural: '#f6f5f1',
    shadow: 110,
    draw: ({ base }) =>
      circle(200, 196, 120, base) +
      path(pentagon(200, 196, 38), paint.ink) +
      [0, 72, 144, 216, 288]
        .map((angle) => {
          const radians = ((angle - 90) * Math.PI) / 180
          const x = round(200 + 100 * Math.cos(radians))
          const y = round(196 + 100 * Math.sin(radians))
          const seamX = round(200 + 38 * Math.cos(radians))
          const seamY = round(196 + 38 * Math.sin(radians))
          return (
            path(pentagon(x, y, 26, 36), paint.ink) +
            line(
              `M${seamX} ${seamY}L${round(200 + 74 * Math.cos(radians))} ${round(196 + 74 * Math.sin(radians))}`,
              paint.metalDeep,
              3,
            )
          )
        })
        .join('') +
      shade('M320 196a120 120 0 0 1-120 120 120 120 0 0 0 90-120 120 120 0 0 0-40-90 120 120 0 0 1 70 90z', 0.1) +
      line(circlePath(200, 196, 120), paint.ink, 6) +
      shine(124, 110, 16, 50),
  },
  'mountain-bike': {
    natural: '#e03a3e',
    shadow: 170,
    draw: ({ base, deep }) =>
      [96, 304]
        .map(
          (x) =>
            ring(circlePath(x, 250, 62), paint.screen, 14) +
            flat(line(`M${x - 46} 250h92M${x} 204v92M${x - 32} 218l64 64M${x + 32} 218l-64 64`, paint.metalDeep, 2)) +
            circle(x, 250, 8, paint.metal),
        )
        .join('') +
      line('M96 250L186 256L168 150M96 250L168 150M186 256L262 156L168 150', base, 12) +
      line('M262 136L304 250', paint.metalDeep, 10) +
      line('M264 146l10 28', deep, 14) +
      line('M244 122h40', paint.ink, 10) +
      path('M144 140h48q4 12-10 12h-34q-10 0-4-12z', paint.ink) +
      line('M168 152v-8', paint.metalDeep, 8) +
      circle(186, 256, 16, paint.metalDeep) +
      line('M186 256l14 24', paint.ink, 6),
  },
  'muay-thai-shorts': {
    natural: '#e03a3e',
    draw: ({ base, deep, light }) =>
      path('M102 104H298l26 192-104 12-20-76-20 76-104-12z', base) +
      path('M102 104h52l-20 196-58-4z', deep) +
      path('M298 104h-52l20 196 58-4z', deep) +
      rect(94, 60, 212, 60, 12, base) +
      flat(line('M94 72H306M94 108H306', paint.gold, 6) + line('M96 292l104 12 104-12', paint.gold, 5)) +
      path('M150 196l20-40 20 40-20 14z', paint.gold) +
      flat(rect(200, 80, 60, 10, 5, light)) +
      shine(176, 136, 9, 50),
  },
  'insulated-bottle': {
    natural: '#2f6fd6',
    shadow: 70,
    draw: ({ base, deep }) =>
      band('M180 72q0-40 20-40t20 40', paint.ink, 8) +
      rect(164, 60, 72, 54, 14, paint.screen) +
      rect(168, 106, 64, 16, 4, paint.metal) +
      path('M168 120h64q14 10 14 30v158a16 16 0 0 1-16 16h-60a16 16 0 0 1-16-16V150q0-20 14-30z', base) +
      shade('M246 150v158a16 16 0 0 1-16 16h-24V120h26q14 10 14 30z', 0.12) +
      flat(rect(154, 290, 92, 10, 0, deep)) +
      shine(166, 146, 10, 110),
  },
  treadmill: {
    natural: '#33383d',
    shadow: 170,
    draw: ({ base, light }) =>
      // The belt deck, the upright and the console with its handles.
      line('M292 290L264 110', base, 16) +
      line('M262 128l-70 8M262 150l-74 6', paint.inkSoft, 10) +
      rect(232, 82, 96, 54, 12, base) +
      rect(244, 92, 70, 30, 6, paint.screen) +
      flat(rect(252, 100, 32, 12, 3, paint.leafLight) + circle(298, 106, 5, paint.red)) +
      path('M36 280q0-14 14-14h266q24 0 34 24v18H36z', base) +
      rect(50, 270, 270, 12, 6, paint.inkSoft) +
      flat(line('M60 276H310', light, 2, '10 10')) +
      circle(58, 306, 8, paint.inkSoft) +
      circle(330, 306, 8, paint.inkSoft),
  },
  'camping-tent': {
    natural: '#f5862a',
    shadow: 170,
    draw: ({ base, deep, light }) =>
      // A dome tent with its door rolled open, pegged out on the ground.
      line('M40 318L100 210M360 318L300 210', paint.inkSoft, 3) +
      path('M46 312Q100 90 200 70q100 20 154 242z', base) +
      path('M200 70Q160 160 150 312H46Q100 90 200 70z', light) +
      path('M200 130l-50 182h100z', paint.screen) +
      path('M200 130l-50 182h22q10-120 28-182z', deep) +
      line('M200 70Q160 160 150 312M200 70q40 90 50 242', deep, 4) +
      line('M46 312H354', paint.inkSoft, 6),
  },
  'gps-watch': {
    natural: '#33383d',
    shadow: 70,
    draw: ({ base, deep }) =>
      rect(160, 40, 80, 110, 16, base) +
      rect(160, 250, 80, 90, 16, base) +
      flat([0, 1, 2].map((index) => circle(200, 280 + index * 18, 5, deep)).join('')) +
      rect(100, 160, 18, 24, 5, paint.metalDeep) +
      rect(282, 160, 18, 24, 5, paint.metalDeep) +
      rect(282, 216, 18, 24, 5, paint.red) +
      circle(200, 200, 92, paint.inkSoft) +
      flat(
        [0, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 330]
          .map((angle) => rotate(rect(198, 112, 4, 10, 2, paint.grey), angle, 200, 200))
          .join(''),
      ) +
      circle(200, 200, 74, '#cfe8c8') +
      // The run's route on the map, ending at a pin.
      flat(
        line('M140 180q20 30 50 10t40 20 20 40', paint.white, 10) +
          line('M140 180q20 30 50 10t40 20 20 40', paint.blue, 5, '1 0'),
      ) +
      path('M252 208c0-14 24-14 24 0 0 10-12 24-12 24s-12-14-12-24z', paint.red) +
      flat(circle(264, 208, 4, paint.white) + circle(140, 180, 7, paint.leaf)) +
      shine(150, 140, 8, 30),
  },
}
