import {
  circle,
  ellipse,
  flat,
  leaf,
  line,
  paint,
  path,
  rect,
  shade,
  shine,
  type Tone,
  type TypeDrawing,
} from './drawing-kit.ts'

/** Wood grain: a few faint strokes across a board. */
function grain(pathData: string, { deep }: Tone): string {
  return flat(line(pathData, deep, 2))
}

/** A short tapered furniture leg standing on the ground line. */
function leg(x: number, top: number, fill: string, bottom = 322): string {
  return path(`M${x - 7} ${top}h14l-3 ${bottom - top}h-8z`, fill)
}

/** A small shoe in profile, for the shoe cabinet's open shelf. */
function littleShoe(x: number, y: number, fill: string): string {
  return (
    path(`M${x} ${y}v-20q0-6 6-6 10 6 18 0l22 14q10 4 10 12z`, fill) + flat(rect(x - 2, y - 4, 60, 6, 3, paint.white))
  )
}

/** Books standing on a shelf, in turn from a few spine colours. */
function shelfBooks(x: number, y: number, count: number): string {
  const colours = [paint.red, paint.blue, paint.yellow, paint.teal, paint.pink, paint.purple]
  return Array.from({ length: count }, (_, index) => {
    const height = 38 + ((index * 7) % 12)
    return rect(x + index * 18, y - height, 16, height, 3, colours[index % colours.length] ?? paint.red)
  }).join('')
}

export const furnitureDrawings: Record<string, TypeDrawing> = {
  'sofa-3-seater': {
    natural: '#8d969d',
    shadow: 160,
    draw: ({ base, deep, light }) =>
      rect(74, 120, 252, 110, 28, base) +
      [0, 1, 2].map((index) => rect(90 + index * 76, 134, 68, 84, 18, light)).join('') +
      rect(84, 212, 232, 44, 14, light) +
      flat(line('M162 216v36M238 216v36', deep, 3)) +
      rect(46, 168, 52, 112, 22, base) +
      rect(302, 168, 52, 112, 22, base) +
      rect(62, 250, 276, 36, 12, deep) +
      leg(86, 286, paint.woodDeep, 318) +
      leg(314, 286, paint.woodDeep, 318) +
      shine(58, 182, 8, 60),
  },
  'work-desk': {
    natural: '#c89663',
    shadow: 160,
    draw: (tone) =>
      // A desk with a drawer unit, a small plant and a mug on top.
      rect(234, 160, 88, 162, 6, tone.base) +
      [0, 1, 2]
        .map(
          (index) =>
            rect(244, 172 + index * 50, 68, 40, 5, tone.light) + rect(266, 188 + index * 50, 24, 8, 4, paint.inkSoft),
        )
        .join('') +
      rect(80, 160, 18, 162, 4, tone.base) +
      rect(52, 136, 296, 26, 6, tone.base) +
      grain('M70 146h90M200 152h120', tone) +
      shade('M98 162h136v10H98z', 0.15) +
      path('M84 96h44l-6 40H90z', paint.orange) +
      leaf(106, 98, 40, 18, -120, paint.leaf) +
      leaf(106, 98, 40, 18, -60, paint.leafDeep) +
      rect(270, 100, 34, 36, 6, paint.white) +
      line('M304 110q14 0 14 10t-14 10', paint.ink, 5),
  },
  'office-chair': {
    natural: '#33383d',
    draw: ({ base, deep, light }) =>
      // Backrest, seat, gas lift and the five-legged base on castors.
      path('M136 74q64-34 128 0l-8 116H144z', base) +
      flat(line('M156 84v96M178 74v106M200 70v110M222 74v106M244 84v96', light, 3)) +
      rect(188, 186, 24, 22, 4, paint.metalDeep) +
      rect(110, 200, 180, 40, 20, base) +
      line('M114 170v36M286 170v36', deep, 12) +
      rect(96, 160, 36, 14, 7, deep) +
      rect(268, 160, 36, 14, 7, deep) +
      rect(190, 240, 20, 50, 4, paint.metalDeep) +
      line('M200 292L110 306M200 292L290 306M200 292L160 318M200 292L240 318', paint.inkSoft, 10) +
      [110, 290, 160, 240].map((x, index) => circle(x, index < 2 ? 314 : 324, 9, paint.ink)).join('') +
      shine(150, 86, 8, 70),
  },
  'bed-frame-5ft': {
    natural: '#8b5a36',
    shadow: 170,
    draw: (tone) =>
      // A wooden frame in profile: tall headboard, low footboard, a plain mattress.
      rect(48, 86, 40, 236, 10, tone.base) +
      rect(54, 100, 28, 120, 6, tone.light) +
      rect(86, 196, 250, 52, 14, paint.white) +
      flat(line('M98 208H324', paint.metal, 3)) +
      rect(110, 176, 70, 30, 14, paint.paper) +
      rect(72, 240, 284, 36, 6, tone.base) +
      grain('M100 252h80M220 262h100', tone) +
      rect(330, 170, 30, 152, 8, tone.base) +
      leg(100, 276, tone.deep) +
      leg(300, 276, tone.deep),
  },
  wardrobe: {
    natural: '#c89663',
    shadow: 110,
    draw: (tone) =>
      rect(104, 44, 192, 262, 8, tone.base) +
      rect(96, 36, 208, 22, 6, tone.deep) +
      rect(118, 70, 78, 192, 6, tone.light) +
      rect(204, 70, 78, 192, 6, tone.light) +
      rect(118, 272, 164, 24, 5, tone.light) +
      rect(182, 150, 8, 40, 4, paint.gold) +
      rect(210, 150, 8, 40, 4, paint.gold) +
      rect(188, 279, 24, 10, 5, paint.gold) +
      grain('M130 90v60M266 110v70M140 200v40', tone) +
      leg(122, 306, tone.deep) +
      leg(278, 306, tone.deep),
  },
  bookshelf: {
    natural: '#c89663',
    shadow: 110,
    draw: (tone) =>
      rect(104, 40, 192, 284, 8, tone.base) +
      [0, 1, 2, 3].map((row) => rect(120, 56 + row * 66, 160, 52, 3, tone.deep)).join('') +
      shelfBooks(126, 108, 6) +
      shelfBooks(126, 174, 3) +
      path('M216 174h40l-6-26h-28z', paint.orange) +
      leaf(236, 148, 30, 14, -120, paint.leaf) +
      leaf(236, 148, 30, 14, -60, paint.leafDeep) +
      shelfBooks(182, 240, 5) +
      rect(130, 210, 40, 30, 4, paint.white) +
      shelfBooks(126, 306, 8),
  },
  'dining-table': {
    natural: '#c89663',
    shadow: 170,
    draw: (tone) =>
      // A table for four, two of its chairs pulled up at the ends.
      [
        { back: 44, seat: 44, front: 112 },
        { back: 342, seat: 280, front: 288 },
      ]
        .map(
          ({ back, seat, front }) =>
            rect(back, 116, 14, 206, 6, tone.deep) + rect(seat, 222, 76, 16, 6, tone.deep) + leg(front, 238, tone.deep),
        )
        .join('') +
      rect(86, 158, 228, 22, 6, tone.base) +
      rect(100, 178, 200, 14, 0, tone.deep) +
      grain('M104 168h80M220 168h80', tone) +
      leg(112, 192, tone.base) +
      leg(288, 192, tone.base) +
      ellipse(170, 152, 40, 8, paint.white) +
      path('M150 152q20-30 40 0', paint.orange) +
      rect(236, 116, 24, 40, 6, paint.glass),
  },
  'latex-mattress': {
    natural: '#f3eedf',
    shadow: 170,
    draw: ({ base, deep }) =>
      // A thick latex slab with its pinhole pattern, and a cut corner showing the foam.
      path('M40 190L110 130H360L290 190z', base) +
      path('M40 190H290v86a8 8 0 0 1-8 8H48a8 8 0 0 1-8-8z', base) +
      path('M290 190L360 130v86a8 8 0 0 1-3 6l-67 62z', deep) +
      flat(
        Array.from({ length: 24 }, (_, index) => {
          const column = index % 8
          const row = Math.floor(index / 8)
          return circle(98 + column * 30 - row * 18, 146 + row * 16, 3, deep)
        }).join('') + line('M40 206H290M40 266H290', paint.sky, 5),
      ) +
      shine(60, 222, 120, 8),
  },
  'shoe-cabinet': {
    natural: '#f6f5f1',
    shadow: 150,
    draw: (tone) =>
      rect(74, 96, 252, 224, 8, tone.base) +
      rect(90, 112, 220, 76, 4, tone.deep) +
      littleShoe(100, 180, paint.red) +
      littleShoe(170, 180, paint.blue) +
      littleShoe(240, 180, paint.yellow) +
      rect(90, 198, 106, 110, 5, tone.light) +
      rect(204, 198, 106, 110, 5, tone.light) +
      rect(178, 240, 8, 28, 4, paint.gold) +
      rect(214, 240, 8, 28, 4, paint.gold) +
      path('M120 96h30v-30h-30z', paint.white) +
      leaf(135, 66, 26, 12, -120, paint.leaf) +
      leaf(135, 66, 26, 12, -60, paint.leafDeep),
  },
  'bar-stool': {
    natural: '#33383d',
    shadow: 90,
    draw: ({ base, deep }) =>
      // A round seat high on splayed legs with a footrest ring.
      line('M180 110L130 322M220 110L270 322M200 110v212', paint.metalDeep, 10) +
      line('M142 246q58 20 116 0', paint.metalDeep, 8) +
      rect(120, 92, 160, 36, 14, deep) +
      ellipse(200, 94, 80, 20, base) +
      shine(150, 86, 50, 7),
  },
}
