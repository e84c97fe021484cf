import {
  band,
  circle,
  circlePath,
  flat,
  line,
  paint,
  path,
  rect,
  ring,
  rotate,
  shade,
  shine,
  sparkle,
  type Tone,
  type TypeDrawing,
} from './drawing-kit.ts'

/** A small five-petalled flower for prints. */
function blossom(x: number, y: number, petal: string, heart: string): string {
  return (
    [0, 72, 144, 216, 288]
      .map((angle) => {
        const radians = (angle * Math.PI) / 180
        return circle(Math.round(x + 8 * Math.sin(radians)), Math.round(y - 8 * Math.cos(radians)), 6, petal)
      })
      .join('') + circle(x, y, 4, heart)
  )
}

/** A T-shirt body; `sleeves` draws long sleeves instead of short ones. */
function shirtBody({ base, deep }: Tone): string {
  return (
    path('M160 70L110 90 70 150l40 28 22-18v160h136v-160l22 18 40-28-40-60-50-20c-10 22-70 22-80 0z', base) +
    line('M160 70c10 22 70 22 80 0', deep, 8) +
    line('M78 142l34 26M322 142l-34 26', deep, 5) +
    shade('M268 160v160h-40v-160z', 0.08) +
    shine(148, 124, 10, 90)
  )
}

export const fashionDrawings: Record<string, TypeDrawing> = {
  'crew-neck-tee': {
    natural: '#2f6fd6',
    draw: (tone) => shirtBody(tone),
  },
  'skinny-jeans': {
    natural: '#27395f',
    draw: ({ base, deep, light }) =>
      path(
        'M128 62H272L266 318a8 8 0 0 1-8 8H216a8 8 0 0 1-8-8L200 150l-8 168a8 8 0 0 1-8 8H142a8 8 0 0 1-8-8z',
        base,
      ) +
      rect(124, 56, 152, 30, 6, deep) +
      flat(rect(144, 52, 8, 38, 3, deep) + rect(196, 52, 8, 38, 3, deep) + rect(248, 52, 8, 38, 3, deep)) +
      circle(228, 71, 7, paint.gold) +
      flat(
        line('M136 92q24 28 40 0M264 92q-24 28-40 0M200 88V150M142 300H184M216 300H258', paint.gold, 3, '6 6') +
          line('M170 150L162 316M230 150L238 316', light, 3),
      ) +
      shine(138, 104, 9, 120),
  },
  'floral-dress': {
    natural: '#f49ac1',
    draw: ({ base, deep, light }) =>
      path(
        'M164 54h12l8 50h32l8-50h12l12 66c4 26-4 42-16 50l72 150c-60 20-172 20-232 0l72-150c-12-8-20-24-16-50z',
        base,
      ) +
      rect(150, 164, 100, 16, 8, deep) +
      flat(
        [
          [180, 130],
          [222, 126],
          [150, 220],
          [206, 240],
          [258, 214],
          [128, 286],
          [182, 296],
          [240, 284],
          [288, 294],
        ]
          .map(([x = 0, y = 0], index) => blossom(x, y, index % 2 === 0 ? paint.white : light, paint.yellow))
          .join(''),
      ) +
      shine(160, 196, 10, 80),
  },
  'canvas-sneakers': {
    natural: '#e03a3e',
    shadow: 150,
    draw: ({ base, deep, light }) =>
      path('M72 262L70 170q2-20 22-20 38 20 78 10l26-18q18-6 24 8l80 72q36 14 38 40z', base) +
      path('M194 146l14-30q10-8 18 4l8 40z', light) +
      path('M288 226q44 10 54 36H284q-8-18 4-36z', paint.white) +
      path('M58 256H344q10 0 10 12v16q0 16-16 16H72q-14 0-14-14z', paint.white) +
      flat(line('M62 276H350', base, 4)) +
      flat(line('M74 290H340', paint.grey, 2, '4 6')) +
      [
        [200, 166],
        [222, 184],
        [244, 202],
        [266, 220],
      ]
        .map(([x = 0, y = 0]) => circle(x, y, 5, paint.metal))
        .join('') +
      line([0, 1, 2, 3].map((index) => `M${220 + index * 22} ${158 + index * 18}l-18 24`).join(''), paint.white, 6) +
      circle(102, 206, 16, paint.white) +
      flat(circle(102, 206, 7, deep)) +
      shine(84, 170, 8, 60),
  },
  'crossbody-bag': {
    natural: '#33383d',
    draw: ({ base, deep, light }) =>
      // A small flap bag on a long strap, made to be worn across the body.
      band('M130 222C96 120 120 40 200 40s104 80 70 182', deep, 8) +
      rect(176, 30, 48, 20, 5, paint.gold) +
      rect(116, 200, 168, 126, 26, base) +
      path('M116 226a26 26 0 0 1 26-26h116a26 26 0 0 1 26 26v30q-84 32-168 0z', deep) +
      rect(186, 254, 28, 28, 6, paint.gold) +
      flat(rect(194, 263, 12, 10, 3, deep) + line('M130 310H270', light, 2, '6 6')) +
      circle(130, 222, 8, paint.gold) +
      circle(270, 222, 8, paint.gold) +
      shine(130, 276, 50, 8),
  },
  wristwatch: {
    natural: '#c8d0d6',
    shadow: 70,
    draw: ({ base, deep, light }) =>
      rect(164, 44, 72, 110, 12, base) +
      rect(164, 246, 72, 90, 12, base) +
      flat(line('M164 70h72M164 96h72M164 122h72M164 272h72M164 298h72', deep, 3)) +
      rect(272, 186, 18, 28, 5, light) +
      circle(200, 200, 80, light) +
      circle(200, 200, 64, paint.paper) +
      flat([0, 90, 180, 270].map((angle) => rotate(rect(197, 142, 6, 14, 3, paint.ink), angle, 200, 200)).join('')) +
      line('M200 200V158M200 200l28 16', paint.ink, 6) +
      circle(200, 200, 6, paint.red) +
      shine(150, 160, 8, 30),
  },
  sunglasses: {
    natural: '#33383d',
    shadow: 140,
    draw: ({ base, deep }) =>
      line('M56 170l-20 40M344 170l20 40', deep, 10) +
      path('M52 156H348l-4 16h-4c-4 64-30 96-70 96s-60-30-62-86h-16c-2 56-22 86-62 86s-66-32-70-96h-4z', base) +
      path('M76 174h100c0 56-14 80-48 80s-48-28-52-80zM224 174h100c-4 52-18 80-52 80s-48-24-48-80z', paint.screen) +
      flat(path('M94 184l30 0-34 44zM242 184l30 0-34 44z', paint.sky)) +
      shine(60, 160, 90, 6),
  },
  'long-sleeve-shirt': {
    natural: '#f6f5f1',
    draw: ({ base, deep, light }) =>
      path('M158 70L112 86Q92 96 88 128L70 304h42l26-150v166h124V154l26 150h42l-18-176q-4-32-24-42l-46-16z', base) +
      rect(68, 290, 46, 24, 6, deep) +
      rect(286, 290, 46, 24, 6, deep) +
      path('M158 70l42 32-24 28-30-34zM242 70l-42 32 24 28 30-34z', light) +
      line('M200 104V318', deep, 4) +
      flat([140, 180, 220, 260, 300].map((y) => circle(208, y, 5, deep)).join('')) +
      path('M226 160h30v34h-30z', base) +
      shade('M262 154v166h-40v-166z', 0.07) +
      shine(150, 150, 9, 80),
  },
  'silk-scarf': {
    natural: '#e03a3e',
    draw: ({ base, deep, light }) =>
      // Tied in a loop with two ends hanging, in a woven Thai pattern.
      band('M150 150C120 100 150 52 200 52s80 48 50 98', deep, 26) +
      path('M176 150C150 210 130 260 120 306h62c4-50 12-100 20-150z', base) +
      path('M214 150c10 50 34 100 68 136l-50 24c-20-50-34-100-40-158z', deep) +
      flat(
        line('M128 288H178M240 282l36-18', paint.gold, 7) +
          [190, 230].map((y) => path(`M${176 - (y - 150) * 0.3} ${y - 14}l12 14-12 14-12-14z`, paint.gold)).join('') +
          line(
            'M132 308v16M146 308v16M160 308v16M174 308v16M238 306l8 14M252 300l8 14M266 292l8 14M278 286l8 14',
            paint.gold,
            4,
          ) +
          line('M186 160l-16 120', light, 3, '2 9'),
      ) +
      rect(176, 130, 48, 42, 16, base) +
      flat(line('M186 150h28', light, 4)),
  },
  sandals: {
    natural: '#8b5a36',
    shadow: 130,
    draw: ({ base, deep, light }) =>
      [
        { x: 140, y: 190, angle: -12 },
        { x: 258, y: 196, angle: 10 },
      ]
        .map(({ x, y, angle }) =>
          rotate(
            path(
              `M${x} ${y - 120}c34 0 46 30 44 70-2 30-14 46-12 80 2 30-6 54-32 54s-34-24-32-54c2-34-10-50-12-80-2-40 10-70 44-70z`,
              base,
            ) +
              flat(
                path(
                  `M${x} ${y - 108}c24 0 34 24 32 58-2 28-12 42-10 74 2 26-4 44-22 44s-24-18-22-44c2-32-8-46-10-74-2-34 8-58 32-58z`,
                  light,
                ),
              ) +
              band(`M${x - 38} ${y - 14}Q${x} ${y - 64} ${x + 38} ${y - 14}`, deep, 18),
            angle,
            x,
            y,
          ),
        )
        .join(''),
  },
  'leather-wallet': {
    natural: '#8b5a36',
    shadow: 130,
    draw: ({ base, deep, light }) =>
      rotate(rect(118, 112, 120, 80, 6, paint.blue), -8, 178, 152) +
      rotate(rect(150, 104, 120, 80, 6, paint.gold), 4, 210, 144) +
      rect(78, 140, 244, 170, 22, base) +
      path('M78 182h244v40a22 22 0 0 1-22 22H100a22 22 0 0 1-22-22z', deep) +
      rect(268, 196, 30, 28, 8, paint.gold) +
      flat(line('M92 154H308M92 296H308', light, 3, '7 7')) +
      shine(96, 254, 80, 8),
  },
  'silver-earrings': {
    natural: '#c8d0d6',
    shadow: 90,
    draw: ({ base, deep }) =>
      rect(96, 58, 208, 268, 16, paint.cream) +
      flat(line('M116 78H284', paint.wood, 3)) +
      [150, 250]
        .map(
          (x) =>
            circle(x, 110, 6, paint.ink) +
            ring(`M${x} 110v22`, base, 6) +
            ring(circlePath(x, 186, 40), base, 12) +
            path(`M${x} 226l16 24-16 26-16-26z`, paint.sky) +
            flat(path(`M${x} 232l6 18-6 8z`, paint.white)) +
            flat(line(`M${x - 26} 160a34 34 0 0 1 16-12`, deep, 4)),
        )
        .join('') +
      sparkle(200, 140, 14, paint.metalDeep) +
      sparkle(282, 296, 10, paint.metalDeep),
  },
}
