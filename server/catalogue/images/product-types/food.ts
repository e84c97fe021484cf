import {
  circle,
  ellipse,
  flat,
  leaf,
  line,
  move,
  paint,
  path,
  pouch,
  rect,
  rotate,
  shade,
  shine,
  spikyPath,
  steam,
  thin,
  type TypeDrawing,
} from './drawing-kit.ts'

/** A label panel on a pack: a rounded light rectangle. */
function label(x: number, y: number, width: number, height: number, fill: string = paint.paper): string {
  return rect(x, y, width, height, 12, fill)
}

function coffeeBean(x: number, y: number, angle: number): string {
  return rotate(
    ellipse(x, y, 16, 11, paint.chocolate) + flat(line(`M${x - 10} ${y}q10-6 20 0`, '#8a5a3c', 3)),
    angle,
    x,
    y,
  )
}

function chilli(x: number, y: number, angle: number, scale = 1): string {
  return rotate(
    move(
      path('M0 0c10-4 34 0 56 22 10 10 6 16-4 12C34 26 12 18 0 14z', paint.red) +
        line('M0 6c-6-2-10-10-8-18', paint.leafDeep, 5),
      x,
      y,
      scale,
    ),
    angle,
    x,
    y,
  )
}

function durian(x: number, y: number, scale: number): string {
  return move(
    path(spikyPath(0, 0, 50, 60, 18, 0.16), '#9cbf3f') +
      flat(line('M-20-30q10 30 0 60M14-36q10 36 0 70', '#6e9a2a', 3)) +
      line('M0-58v-18', paint.woodDeep, 8),
    x,
    y,
    scale,
  )
}

function mango(x: number, y: number, angle: number, scale = 1): string {
  return rotate(
    move(
      path('M-10-40c44-10 76 16 70 44S20 50-16 44s-54-24-48-50 18-30 54-34z', '#ffb23e') +
        flat(
          path('M30-30c20 6 30 20 28 36-10-6-16-20-28-36z', '#f26b3a') + path('M-40-14c-8 10-10 22-6 32', '#ffd98a'),
        ) +
        leaf(-14, -40, 34, 16, -150, paint.leaf),
      x,
      y,
      scale,
    ),
    angle,
    x,
    y,
  )
}

/** A noodle bowl icon, as printed on instant-noodle packs and cookbooks. */
function noodleBowl(x: number, y: number, scale: number): string {
  return move(
    flat(line('M-26-8q8-14 16 0t16 0 16 0 16 0', paint.yellow, 5)) +
      path('M-44-4H44a44 36 0 0 1-88 0z', paint.white) +
      flat(line('M-30 10H30', paint.red, 4)),
    x,
    y,
    scale,
  )
}

export const foodDrawings: Record<string, TypeDrawing> = {
  'jasmine-rice-5kg': {
    natural: '#3a9d5b',
    draw: ({ base }) =>
      // A sack of rice tied at the neck, with grains spilt in front.
      path(
        'M138 96c-10-18 0-34 20-28 16 6 30 8 42 8s26-2 42-8c20-6 30 10 20 28-8 16-14 30-14 40 40 14 68 60 68 118 0 40-20 66-64 66h-104c-44 0-64-26-64-66 0-58 28-104 68-118 0-10-6-24-14-40z',
        paint.paper,
      ) +
      shade('M262 136c40 14 68 60 68 118 0 40-20 66-64 66h-40c40-20 50-110 36-184z', 0.07) +
      label(128, 188, 144, 94, base) +
      flat(
        line('M200 270c0-30 4-52 20-70', paint.gold, 4) +
          [0, 1, 2, 3]
            .map((index) => ellipse(214 + index * 6 - index * index * 2, 250 - index * 16, 6, 10, paint.gold))
            .join('') +
          rect(146, 206, 44, 10, 5, paint.white) +
          rect(146, 224, 30, 10, 5, paint.white),
      ) +
      shine(104, 214, 10, 60) +
      thin(
        [
          [92, 320, 10],
          [110, 326, -30],
          [300, 322, 20],
          [318, 316, -10],
          [288, 330, 60],
        ]
          .map(([x = 0, y = 0, angle = 0]) => rotate(ellipse(x, y, 4, 9, paint.white), angle, x, y))
          .join(''),
        2,
      ) +
      line('M158 128q42 12 84 0', paint.woodDeep, 8) +
      path('M196 132l-20 18 6 6 14-14zM204 132l20 18-6 6-14-14z', paint.woodDeep),
  },
  'ground-coffee': {
    natural: '#b07a4a',
    draw: ({ base, deep }) =>
      pouch(120, 62, 160, 250, base, deep) +
      flat(circle(200, 110, 7, deep)) +
      label(142, 150, 116, 120) +
      coffeeBean(200, 200, -30) +
      flat(rect(162, 236, 76, 10, 5, deep) + rect(176, 252, 48, 8, 4, base)) +
      coffeeBean(96, 306, 20) +
      coffeeBean(306, 300, -20) +
      coffeeBean(278, 320, 40),
  },
  matcha: {
    natural: '#3a9d5b',
    draw: ({ base, deep, light }) =>
      // A tin of matcha beside a bowl of whisked tea and the bamboo whisk.
      rect(92, 84, 128, 226, 14, base) +
      rect(86, 70, 140, 42, 10, deep) +
      label(108, 148, 96, 110, paint.cream) +
      leaf(128, 230, 60, 34, -50, light) +
      flat(line('M132 228l36-38', deep, 3)) +
      shine(102, 124, 10, 100) +
      path('M196 250H340a72 64 0 0 1-144 0z', paint.cream) +
      ellipse(268, 250, 72, 14, '#8fc45a') +
      flat(ellipse(268, 248, 40, 7, '#b8dc84')) +
      rotate(rect(318, 150, 16, 90, 6, paint.wood) + path('M310 236h32l-6 34h-20z', '#e8c796'), 24, 326, 210),
  },
  'fish-sauce': {
    natural: '#b8661c',
    shadow: 70,
    draw: ({ base, light }) =>
      path('M186 84h28v52c26 10 36 26 36 50v124a12 12 0 0 1-12 12h-76a12 12 0 0 1-12-12V186c0-24 10-40 36-50z', base) +
      rect(182, 52, 36, 38, 6, paint.red) +
      label(160, 206, 80, 80, paint.paper) +
      // A fish on the label.
      path('M178 246c10-16 34-16 44 0-10 16-34 16-44 0zM178 246l-10-10v20z', paint.blue) +
      flat(circle(210, 243, 3, paint.white)) +
      flat(rect(170, 270, 60, 6, 3, paint.red)) +
      shine(166, 160, 9, 34) +
      flat(rect(168, 140, 64, 10, 5, light)),
  },
  'dried-durian': {
    natural: '#f2c230',
    draw: ({ base, deep }) =>
      pouch(120, 62, 160, 250, base, deep) +
      // A window onto the golden pieces inside.
      path('M150 226h100v54a10 10 0 0 1-10 10h-80a10 10 0 0 1-10-10z', paint.glass) +
      flat(
        [0, 1, 2, 3].map((index) => ellipse(170 + index * 20, 262 + (index % 2) * 8, 14, 9, paint.yellow)).join(''),
      ) +
      durian(200, 160, 0.8),
  },
  'dried-mango': {
    natural: '#f5862a',
    draw: ({ base, deep }) =>
      pouch(120, 62, 160, 250, base, deep) +
      label(142, 110, 116, 120) +
      mango(196, 170, -20, 0.8) +
      flat(rect(162, 214, 76, 8, 4, base)) +
      [
        [80, 300, -20],
        [306, 300, 16],
        [320, 262, 40],
      ]
        .map(([x = 0, y = 0, angle = 0]) =>
          rotate(
            rect(x - 30, y - 11, 60, 22, 11, '#ffa53a') + flat(rect(x - 20, y - 5, 30, 5, 2.5, '#ffd27a')),
            angle,
            x,
            y,
          ),
        )
        .join(''),
  },
  'chilli-paste': {
    natural: '#b3261e',
    draw: ({ base, deep }) =>
      path('M120 130h160v160a30 30 0 0 1-30 30H150a30 30 0 0 1-30-30z', base) +
      shade('M280 130v160a30 30 0 0 1-30 30h-30V130z', 0.14) +
      rect(112, 74, 176, 58, 14, paint.red) +
      // A gingham cloth over the lid, tied with string.
      flat(line('M130 84v38M154 84v38M178 84v38M202 84v38M226 84v38M250 84v38M274 84v38', paint.white, 8)) +
      path('M112 120h176l-10 24H122z', paint.red) +
      line('M118 136H282', paint.woodDeep, 4) +
      label(140, 180, 120, 96) +
      chilli(160, 206, 10, 1.2) +
      shine(132, 150, 10, 90) +
      flat(rect(160, 264, 60, 6, 3, deep)),
  },
  'thai-pastries': {
    natural: '#e9bd78',
    shadow: 140,
    draw: ({ base, deep }) =>
      // Round flaky pastries stamped with a red dot, on a plate.
      ellipse(200, 290, 150, 30, paint.white) +
      flat(ellipse(200, 286, 120, 20, paint.metal)) +
      [
        [136, 246],
        [264, 246],
        [200, 196],
      ]
        .map(
          ([x = 0, y = 0]) =>
            ellipse(x, y + 18, 70, 24, deep) +
            ellipse(x, y, 70, 28, base) +
            flat(circle(x, y, 9, paint.red) + ellipse(x - 26, y - 9, 16, 5, paint.paper)),
        )
        .join(''),
  },
  'almond-milk': {
    natural: '#2f6fd6',
    draw: ({ base }) =>
      // A gable-top carton with an almond on its face.
      path('M128 112l32-44h80l32 44z', paint.paper) +
      rect(180, 50, 40, 24, 4, base) +
      path('M128 112H272V312a10 10 0 0 1-10 10H138a10 10 0 0 1-10-10z', paint.white) +
      path('M272 112l30-20v212l-30 18z', paint.metal) +
      path('M128 112l32-44h80l32 44', 'none') +
      path('M128 206q36-22 72 0t72 0v106a10 10 0 0 1-10 10H138a10 10 0 0 1-10-10z', base) +
      path('M200 138c16 10 30 30 28 48s-14 26-28 26-26-8-28-26 12-38 28-48z', '#c98b54') +
      flat(
        circle(192, 172, 2.5, '#a06a3c') +
          circle(208, 186, 2.5, '#a06a3c') +
          circle(196, 196, 2.5, '#a06a3c') +
          circle(210, 164, 2.5, '#a06a3c') +
          rect(150, 262, 100, 12, 6, paint.white) +
          rect(166, 282, 68, 10, 5, paint.white),
      ) +
      shine(138, 124, 9, 60),
  },
  'instant-noodles': {
    natural: '#e03a3e',
    shadow: 140,
    draw: ({ base, deep, light }) =>
      // Three of the ten pillow packs, each with the bowl on its face.
      [
        { x: 62, y: 74, angle: -10 },
        { x: 122, y: 112, angle: -2 },
        { x: 138, y: 176, angle: 6 },
      ]
        .map(({ x, y, angle }, index) =>
          rotate(
            path(
              `M${x} ${y + 8}l10-8 10 8 10-8 10 8 10-8 10 8 10-8 10 8 10-8 10 8 10-8 10 8 10-8 10 8 10-8 10 8 10-8 10 8v118l-10 8-10-8-10 8-10-8-10 8-10-8-10 8-10-8-10 8-10-8-10 8-10-8-10 8-10-8-10 8-10-8-10 8-10-8z`,
              index === 2 ? base : deep,
            ) +
              (index === 2
                ? rect(x + 18, y + 22, 144, 92, 12, light) +
                  noodleBowl(x + 72, y + 74, 0.9) +
                  chilli(x + 120, y + 34, 30, 0.5) +
                  steam(x + 54, y + 52, paint.white, 16)
                : ''),
            angle,
            x + 90,
            y + 66,
          ),
        )
        .join(''),
  },
  'wild-honey': {
    natural: '#f0a020',
    draw: ({ base, deep }) =>
      path('M126 138h148v150a32 32 0 0 1-32 32h-84a32 32 0 0 1-32-32z', base) +
      shade('M274 138v150a32 32 0 0 1-32 32h-30V138z', 0.12) +
      path('M126 138h148v16c-14 0-14 26-28 26s-14-16-28-16-14 30-28 30-14-20-28-20-12 12-22 12-14-20-14-20z', deep) +
      rect(118, 96, 164, 46, 12, paint.wood) +
      label(146, 204, 108, 82) +
      // A bee on the label.
      ellipse(200, 246, 24, 16, paint.yellow) +
      flat(line('M194 232v28M206 232v28', paint.ink, 5)) +
      ellipse(192, 228, 12, 8, paint.white) +
      ellipse(210, 226, 12, 8, paint.white) +
      shine(138, 190, 10, 70) +
      // The honey dipper.
      rotate(
        rect(270, 30, 12, 130, 6, paint.wood) +
          rect(262, 132, 28, 50, 12, paint.wood) +
          flat(line('M262 146h28M262 160h28', paint.woodDeep, 3)),
        24,
        276,
        110,
      ),
  },
  'dark-chocolate': {
    natural: '#7a2e2a',
    shadow: 130,
    draw: ({ base, deep }) =>
      rotate(
        // The bar, its wrapper and gold foil peeled back from the squares.
        rect(102, 60, 196, 270, 14, paint.chocolate) +
          flat(
            [0, 1, 2]
              .map((row) =>
                [0, 1, 2].map((column) => rect(116 + column * 60, 74 + row * 56, 48, 44, 6, '#74483a')).join(''),
              )
              .join(''),
          ) +
          path('M98 232l204-20v108a14 14 0 0 1-14 14H112a14 14 0 0 1-14-14z', paint.gold) +
          path('M98 246H302v76a14 14 0 0 1-14 14H112a14 14 0 0 1-14-14z', base) +
          rect(136, 270, 128, 40, 10, paint.cream) +
          flat(rect(152, 284, 96, 10, 5, deep)) +
          shine(112, 80, 8, 60),
        -8,
        200,
        200,
      ),
  },
}
