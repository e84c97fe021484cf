import { drawGroup } from '../svg-shapes.ts'
import {
  band,
  circle,
  flat,
  heart,
  line,
  paint,
  path,
  rect,
  rotate,
  shade,
  shine,
  thin,
  waves,
  wifi,
  type Tone,
  type TypeDrawing,
} from './drawing-kit.ts'

/** A grid of rounded tiles (app icons, keys, LEDs), coloured in turn from `colours`. */
function tiles(
  x: number,
  y: number,
  columns: number,
  rows: number,
  size: number,
  gap: number,
  colours: readonly string[],
): string {
  return flat(
    Array.from({ length: columns * rows }, (_, index) => {
      const column = index % columns
      const row = Math.floor(index / columns)
      const colour = colours[index % colours.length] ?? paint.white
      return rect(x + column * (size + gap), y + row * (size + gap), size, size, size * 0.28, colour)
    }).join(''),
  )
}

const appColours = [
  paint.yellow,
  paint.pink,
  paint.sky,
  paint.leafLight,
  paint.orange,
  paint.purple,
  paint.teal,
  paint.red,
]

/** A screen's wallpaper: sky with rolling hills, cut to the screen's rectangle. */
function wallpaper(x: number, y: number, width: number, height: number): string {
  return (
    rect(x, y, width, height, 4, paint.sky) +
    flat(
      path(
        `M${x} ${y + height * 0.62}q${width * 0.3}-${height * 0.3} ${width * 0.6} 0t${width * 0.4} 0V${y + height - 4}H${x}z`,
        paint.leafLight,
      ) +
        path(
          `M${x} ${y + height * 0.8}q${width * 0.35}-${height * 0.25} ${width} 0V${y + height - 4}H${x}z`,
          paint.leaf,
        ) +
        circle(x + width * 0.78, y + height * 0.28, height * 0.1, paint.yellow),
    )
  )
}

/** An open laptop seen from the front; `screen` is drawn in the 180 × 128 display at (110, 88). */
export function laptop({ base, deep }: Tone, screen: string): string {
  return (
    rect(96, 74, 208, 156, 14, base) +
    screen +
    flat(circle(200, 81, 3, paint.inkSoft)) +
    path('M58 232H342l-12 26a10 10 0 0 1-9 6H79a10 10 0 0 1-9-6z', base) +
    flat(rect(172, 232, 56, 8, 4, deep)) +
    shade('M342 232l-12 26a10 10 0 0 1-9 6H200v-32z', 0.1)
  )
}

/** A phone face on, its screen `screen` (drawn in the 108 × 216 display at (x + 10, y + 10)). */
export function phoneFront(x: number, y: number, frame: string, screen: string): string {
  return (
    rect(x, y, 128, 236, 24, frame) +
    rect(x + 10, y + 10, 108, 216, 16, paint.screen) +
    screen +
    flat(rect(x + 46, y + 16, 36, 8, 4, paint.ink))
  )
}

export const electronicsDrawings: Record<string, TypeDrawing> = {
  'wireless-earbuds': {
    natural: '#f6f5f1',
    draw: ({ base, deep, light }) =>
      // The charging case, lid open, and the two buds in front of it.
      path('M112 196a88 64 0 0 1 176 0z', base) +
      rect(112, 196, 176, 112, 48, base) +
      shade('M288 210v50a48 48 0 0 1-48 48h-40V210z', 0.08) +
      flat(line('M124 214H276', deep, 4) + circle(200, 270, 6, paint.leaf)) +
      shine(132, 228, 10, 44) +
      [
        { x: 150, angle: -16 },
        { x: 250, angle: 16 },
      ]
        .map(({ x, angle }) =>
          rotate(
            rect(x - 13, 130, 26, 96, 13, base) +
              circle(x, 126, 36, base) +
              circle(x, 120, 15, paint.inkSoft) +
              shine(x - 24, 108, 8, 22),
            angle,
            x,
            170,
          ),
        )
        .join('') +
      flat(circle(200, 196, 3, light)),
  },
  laptop: {
    natural: '#c8d0d6',
    shadow: 150,
    draw: (tone) => laptop(tone, wallpaper(110, 88, 180, 128)),
  },
  'wireless-mouse': {
    natural: '#33383d',
    shadow: 80,
    draw: ({ base, light, deep }) =>
      rotate(
        path('M200 84c54 0 74 46 74 112s-28 120-74 120-74-54-74-120 20-112 74-112z', base) +
          line('M200 86V170M128 170q72 18 144 0', deep, 5) +
          rect(191, 108, 18, 40, 9, light) +
          shine(144, 120, 12, 60),
        -14,
        200,
        200,
      ) + waves(286, 110, paint.blue, 2, 18),
  },
  'gaming-keyboard': {
    natural: '#33383d',
    shadow: 160,
    draw: ({ base, deep }) =>
      rect(46, 126, 308, 160, 18, base) +
      tiles(64, 144, 12, 4, 18, 6, [
        paint.red,
        paint.orange,
        paint.yellow,
        paint.leafLight,
        paint.teal,
        paint.sky,
        paint.blue,
        paint.purple,
        paint.pink,
      ]) +
      flat(rect(112, 240, 168, 18, 5, paint.white)) +
      thin(rect(300, 242, 36, 32, 6, deep), 3) +
      flat(rect(54, 272, 292, 6, 3, paint.purple)) +
      shine(58, 132, 80, 6),
  },
  'monitor-27': {
    natural: '#33383d',
    shadow: 90,
    draw: ({ base, deep }) =>
      rect(186, 240, 28, 72, 4, paint.metalDeep) +
      path('M132 322q0-16 16-16h104q16 0 16 16z', paint.metal) +
      rect(46, 66, 308, 186, 12, base) +
      wallpaper(58, 78, 284, 156) +
      flat(rect(196, 240, 8, 5, 2, deep)) +
      flat(tiles(80, 96, 1, 3, 22, 10, [paint.white])),
  },
  smartphone: {
    natural: '#33383d',
    draw: ({ base, deep, light }) =>
      // The front, its screen lit with apps, and the back in the phone's colour.
      rotate(phoneFront(92, 82, base, tiles(114, 116, 3, 4, 22, 12, appColours)), -10, 156, 200) +
      rotate(
        rect(186, 70, 128, 240, 24, base) +
          rect(202, 86, 54, 74, 16, deep) +
          circle(218, 104, 11, paint.screen) +
          circle(240, 104, 11, paint.screen) +
          circle(218, 136, 11, paint.screen) +
          flat(circle(240, 136, 5, paint.yellow)) +
          shine(284, 100, 10, 120) +
          flat(circle(250, 250, 12, light)),
        8,
        250,
        190,
      ),
  },
  tablet: {
    natural: '#8d969d',
    shadow: 150,
    draw: ({ base, deep }) =>
      rect(42, 86, 290, 214, 22, base) +
      wallpaper(58, 100, 258, 186) +
      tiles(78, 118, 4, 2, 30, 18, appColours) +
      flat(circle(50, 193, 4, deep)) +
      // The stylus leaning against its side.
      rotate(
        rect(330, 72, 16, 220, 8, paint.white) +
          path('M330 292h16l-8 22z', paint.metalDeep) +
          flat(rect(330, 92, 16, 10, 0, deep)),
        10,
        338,
        200,
      ),
  },
  'power-bank': {
    natural: '#33383d',
    draw: ({ base, light }) =>
      band('M158 110c0-40-40-50-76-40s-34 64 0 76', paint.inkSoft, 8) +
      rect(66, 140, 34, 40, 6, paint.metal) +
      rotate(
        rect(142, 88, 148, 232, 26, base) +
          rect(192, 78, 48, 14, 4, paint.inkSoft) +
          path('M226 150l-38 62h30l-14 52 40-66h-30z', paint.yellow) +
          flat(
            [0, 1, 2, 3].map((index) => circle(184 + index * 22, 290, 6, index < 3 ? paint.leafLight : light)).join(''),
          ) +
          shine(156, 104, 10, 120),
        6,
        216,
        204,
      ),
  },
  'bluetooth-speaker': {
    natural: '#2f6fd6',
    shadow: 130,
    draw: ({ base, deep, light }) =>
      rect(66, 168, 268, 128, 64, base) +
      flat(
        Array.from({ length: 36 }, (_, index) => {
          const column = index % 12
          const row = Math.floor(index / 12)
          return circle(116 + column * 16, 206 + row * 26, 4, deep)
        }).join(''),
      ) +
      rect(154, 154, 92, 20, 10, deep) +
      flat(circle(178, 164, 4, light) + circle(200, 164, 4, light) + circle(222, 164, 4, light)) +
      shine(86, 190, 10, 60) +
      waves(270, 120, paint.blue, 2, 18) +
      rotate(waves(130, 120, paint.blue, 2, 18), 180, 130, 120),
  },
  smartwatch: {
    natural: '#33383d',
    shadow: 70,
    draw: ({ base, deep }) =>
      rect(158, 46, 84, 110, 20, base) +
      rect(158, 244, 84, 86, 20, base) +
      flat(rect(192, 280, 16, 8, 4, deep) + rect(192, 300, 16, 8, 4, deep)) +
      rect(250, 178, 14, 34, 6, paint.metalDeep) +
      rect(128, 118, 128, 156, 36, paint.metal) +
      rect(140, 130, 104, 132, 26, paint.screen) +
      heart(192, 170, 18, paint.red) +
      flat(rect(160, 214, 64, 8, 4, paint.leafLight) + rect(160, 232, 44, 8, 4, paint.sky)) +
      shine(150, 138, 8, 40),
  },
  'wifi-router': {
    natural: '#f6f5f1',
    shadow: 140,
    draw: ({ base, deep }) =>
      [-22, -6, 10, 26]
        .map((angle, index) =>
          rotate(rect(96 + index * 62, 108, 18, 124, 9, paint.inkSoft), angle / 2, 105 + index * 62, 230),
        )
        .join('') +
      path('M70 222q0-24 24-24h212q24 0 24 24v68a14 14 0 0 1-14 14H84a14 14 0 0 1-14-14z', base) +
      shade('M70 268H330v22a14 14 0 0 1-14 14H84a14 14 0 0 1-14-14z', 0.1) +
      flat(
        [0, 1, 2, 3, 4]
          .map((index) => circle(120 + index * 26, 248, 6, index === 4 ? paint.sky : paint.leaf))
          .join('') + rect(262, 242, 44, 12, 6, deep),
      ) +
      wifi(200, 130, 24, paint.blue, 9),
  },
  'portable-drive': {
    natural: '#33383d',
    shadow: 140,
    draw: ({ base, deep, light }) =>
      // A slim drive lying flat, seen from above the front, with its cable.
      band('M306 214c36 0 44 40 20 62s-60 26-86 40', paint.inkSoft, 8) +
      rect(210, 300, 40, 28, 6, paint.metal) +
      path('M60 236L120 150H340L280 236z', base) +
      path('M60 236H280v26a8 8 0 0 1-8 8H68a8 8 0 0 1-8-8z', deep) +
      path('M280 236L340 150v26a8 8 0 0 1-2 5l-58 81z', deep) +
      flat(circle(246, 253, 5, paint.leaf)) +
      // A folder on its lid: this box keeps files.
      drawGroup(path('M0 0h30l8 10h44v46H0z', paint.yellow) + path('M0 16h82v40H0z', paint.gold), {
        transform: 'translate(176 162) skewX(-34)',
      }) +
      shine(124, 164, 90, 8) +
      flat(rect(96, 248, 60, 8, 4, light)),
  },
}
