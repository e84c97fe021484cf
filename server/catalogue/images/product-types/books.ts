import {
  circle,
  crescent,
  flat,
  line,
  move,
  paint,
  path,
  rect,
  ring,
  rotate,
  shine,
  star,
  steam,
  thin,
  type TypeDrawing,
} from './drawing-kit.ts'

type Book = { x: number; y: number; width: number; height: number; cover: string; spine: string; pages?: number }

/** A book seen from the front, its pages showing along the right and bottom edges. */
function book({ x, y, width, height, cover, spine, pages = 12 }: Book): string {
  const pageLines = [0.3, 0.5, 0.7]
    .map((step) => `M${x + width + pages * 0.5} ${y + pages + height * step}v${height * 0.14}`)
    .join('')
  return (
    (pages > 0
      ? rect(x + pages, y + pages, width, height, 10, paint.paper) + flat(line(pageLines, paint.metalDeep, 2))
      : '') +
    rect(x, y, width, height, 10, cover) +
    path(`M${x + 10} ${y}H${x + 26}V${y + height}H${x + 10}a10 10 0 0 1-10-10V${y + 10}a10 10 0 0 1 10-10z`, spine) +
    shine(x + 34, y + 14, 9, height * 0.4)
  )
}

/** The title on a cover: a light bar with a line of "text" in it. */
function titleBar(x: number, y: number, width: number, fill: string = paint.paper): string {
  return rect(x, y, width, 30, 8, fill) + flat(line(`M${x + 14} ${y + 15}H${x + width - 14}`, paint.inkSoft, 5))
}

const standard = { x: 116, y: 66, width: 164, height: 246 } as const
const coverCentre = 214

/** A chedi (bell-shaped stupa) as on a history book's cover. */
function chedi(centerX: number, baseY: number, scale: number, fill: string): string {
  return move(
    path('M-44 0h88v-12h-76v-12h64v-10h-52c0-34 18-50 24-56 6 6 24 22 24 56h-52M0-90l-5-40h10z', fill) +
      flat(line('M-38-6h76M-28-18h56', paint.goldDeep, 2)),
    centerX,
    baseY,
    scale,
  )
}

export const bookDrawings: Record<string, TypeDrawing> = {
  'translated-novel': {
    natural: '#34508a',
    draw: ({ base, deep }) =>
      book({ ...standard, cover: base, spine: deep }) +
      titleBar(148, 96, 116) +
      crescent(206, 196, 40, paint.gold) +
      star(246, 172, 11, paint.yellow) +
      star(252, 222, 7, paint.yellow) +
      flat(line('M152 272H246', paint.white, 4)),
  },
  'picture-book': {
    natural: '#f7c948',
    shadow: 130,
    draw: ({ base, deep }) =>
      book({ x: 72, y: 96, width: 244, height: 206, cover: base, spine: deep, pages: 10 }) +
      circle(270, 136, 18, paint.white) +
      path('M98 290c30-54 84-70 120-48 22-22 70-24 96 14v34H98z', paint.leafLight) +
      // A round little elephant, the kind of character a children's book is about.
      circle(196, 208, 44, '#9fb7d9') +
      circle(150, 194, 24, '#b6c9e4') +
      circle(242, 194, 24, '#b6c9e4') +
      path('M182 232c0 24-4 40 10 42 10 1 8-10 6-14', '#9fb7d9') +
      flat(
        circle(180, 200, 6, paint.ink) +
          circle(212, 200, 6, paint.ink) +
          circle(168, 218, 7, paint.pink) +
          circle(226, 218, 7, paint.pink),
      ) +
      titleBar(108, 112, 112, paint.white),
  },
  manga: {
    natural: '#e0393e',
    draw: ({ base, deep }) =>
      rotate(book({ x: 150, y: 58, width: 150, height: 230, cover: paint.white, spine: deep, pages: 8 }), 6, 225, 173) +
      book({ x: 104, y: 82, width: 154, height: 232, cover: paint.white, spine: base, pages: 8 }) +
      flat(
        line(
          'M190 210L140 150M190 210L180 120M190 210L236 126M190 210L250 180M190 210L248 262M190 210L208 296M190 210L140 286M190 210L132 226',
          paint.grey,
          5,
        ),
      ) +
      // A spiky-haired hero's face: the cover a manga volume wears.
      path('M156 206l8-40 14 18 12-30 12 30 16-20 4 42z', paint.ink) +
      circle(190, 222, 30, paint.skin) +
      flat(rect(176, 216, 8, 12, 4, paint.ink) + rect(198, 216, 8, 12, 4, paint.ink)) +
      rect(136, 98, 110, 34, 6, base) +
      flat(line('M152 115H230', paint.white, 6)),
  },
  'self-help': {
    natural: '#17a398',
    draw: ({ base, deep, light }) =>
      book({ ...standard, cover: base, spine: deep }) +
      titleBar(148, 92, 116) +
      rect(150, 248, 30, 30, 4, light) +
      rect(180, 218, 30, 60, 4, light) +
      rect(210, 188, 30, 90, 4, light) +
      line('M152 226L200 176L222 154', paint.yellow, 9) +
      path('M214 144l24-6-6 24z', paint.yellow) +
      star(246, 146, 14, paint.yellow),
  },
  cookbook: {
    natural: '#f0803c',
    draw: ({ base, deep }) =>
      book({ ...standard, cover: base, spine: deep }) +
      titleBar(148, 92, 116) +
      line('M200 184l44-48M212 186l40-42', paint.woodDeep, 6) +
      path('M156 200H272a58 50 0 0 1-116 0Z', paint.white) +
      rect(150, 194, 128, 14, 7, paint.white) +
      flat(line('M176 230q10-8 20 0t20 0 20 0 20 0', paint.red, 5)) +
      steam(190, 170, paint.white, 22),
  },
  'exam-guide': {
    natural: '#3b82f6',
    draw: ({ base, deep }) =>
      book({ ...standard, cover: base, spine: deep }) +
      titleBar(148, 90, 116) +
      rect(150, 140, 108, 140, 8, paint.white) +
      [166, 204, 242]
        .map((y) => rect(162, y, 20, 20, 4, paint.white) + flat(line(`M192 ${y + 10}H244`, paint.grey, 5)))
        .join('') +
      line('M164 176l8 8 14-16M164 214l8 8 14-16', paint.leaf, 5) +
      rotate(
        rect(262, 120, 22, 150, 4, paint.yellow) +
          path('M262 270h22l-11 28z', paint.skin) +
          rect(262, 108, 22, 16, 4, paint.pink),
        24,
        273,
        200,
      ),
  },
  magazine: {
    natural: '#ec4899',
    draw: ({ base }) =>
      rotate(rect(134, 70, 170, 240, 6, paint.white), 7, 219, 190) +
      rect(108, 60, 178, 254, 6, paint.sky) +
      // The cover model's head and shoulders.
      path('M132 314c4-56 34-78 66-78s62 22 66 78z', base) +
      circle(198, 200, 38, paint.skin) +
      path('M160 200c-4-40 16-62 40-62s46 20 38 62c-4-18-14-30-38-34-22 4-34 14-40 34z', paint.chocolate) +
      rect(108, 60, 178, 48, 6, base) +
      flat(
        line('M124 84H270', paint.white, 12) +
          line('M122 252H162M122 270H150', paint.white, 6) +
          line('M238 132H272M246 146H272', paint.white, 5),
      ),
  },
  'travel-photo-book': {
    natural: '#0e7490',
    shadow: 135,
    draw: ({ base, deep }) =>
      book({ x: 66, y: 102, width: 256, height: 192, cover: base, spine: deep, pages: 10 }) +
      rect(112, 122, 186, 140, 4, paint.white) +
      rect(124, 132, 162, 102, 2, paint.sky) +
      flat(circle(252, 160, 14, paint.yellow)) +
      path('M124 234l44-62 30 36 26-34 62 60z', paint.leafDeep) +
      path('M124 234l44-62 12 14-10 48z', paint.leafLight) +
      rotate(
        path('M176 150h30l12-10h6l-6 14h12l4-4h4l-2 8 2 8h-4l-4-4h-12l6 14h-6l-12-10h-30z', paint.white),
        -10,
        200,
        156,
      ) +
      flat(line('M124 250H220', paint.metalDeep, 4)),
  },
  audiobook: {
    natural: '#7c3aed',
    draw: ({ base, deep }) =>
      book({ x: 124, y: 96, width: 152, height: 216, cover: base, spine: deep }) +
      circle(210, 214, 40, paint.white) +
      path('M198 192l32 22-32 22z', base) +
      // Headphones resting over the book.
      ring('M98 212v-42a104 104 0 0 1 208 0v42', paint.inkSoft, 12) +
      rect(80, 186, 40, 78, 16, paint.inkSoft) +
      rect(282, 186, 40, 78, 16, paint.inkSoft) +
      flat(rect(90, 198, 8, 40, 4, paint.grey) + rect(292, 198, 8, 40, 4, paint.grey)),
  },
  'colouring-book': {
    natural: '#f472b6',
    shadow: 135,
    draw: ({ base, deep }) =>
      path('M64 120q68-18 136 8 68-26 136-8v182q-68-18-136 8-68-26-136-8z', deep) +
      path('M72 112q64-16 128 8v178q-64-24-128-8z', paint.white) +
      path('M200 120q64-24 128-8v178q-64-16-128 8z', paint.white) +
      // A flower drawn in outline, half coloured in.
      thin(
        [0, 72, 144, 216, 288]
          .map((angle) =>
            rotate(
              path('M136 206c-14-20-14-40 0-48 14 8 14 28 0 48z', angle < 150 ? base : paint.white),
              angle,
              136,
              206,
            ),
          )
          .join('') +
          circle(136, 206, 12, paint.yellow) +
          line('M136 218V270', paint.leaf, 4),
        3,
      ) +
      flat(line('M224 156h80M224 176h60', paint.grey, 4)) +
      [
        { x: 238, colour: paint.red, angle: -12 },
        { x: 268, colour: paint.blue, angle: 0 },
        { x: 298, colour: paint.leaf, angle: 12 },
      ]
        .map(({ x, colour, angle }) =>
          rotate(
            rect(x - 10, 196, 20, 100, 3, colour) +
              path(`M${x - 10} 196l10-26 10 26z`, paint.wood) +
              path(`M${x - 4} 180l4-10 4 10z`, colour),
            angle,
            x,
            246,
          ),
        )
        .join(''),
  },
  dictionary: {
    natural: '#9f1d2d',
    draw: ({ base, deep }) =>
      rect(132, 84, 170, 236, 12, paint.paper) +
      flat(line('M294 110v180', paint.metalDeep, 2)) +
      // Thumb-index tabs cut into the page edge.
      [122, 160, 198, 236, 274].map((y) => path(`M302 ${y}h-10a8 8 0 0 1 0-16h10`, paint.ink)).join('') +
      rect(104, 62, 184, 244, 12, base) +
      path('M114 62H134V306H114a10 10 0 0 1-10-10V72a10 10 0 0 1 10-10z', deep) +
      shine(144, 78, 9, 110) +
      rect(150, 96, 120, 132, 10, deep) +
      line('M168 200l22-74 22 74M176 176h28', paint.gold, 9) +
      line('M222 200v-44q0-18 16-18t16 18v44M222 158q-8-4-6-14', paint.gold, 8) +
      flat(line('M156 260H266M170 278H252', paint.gold, 4)),
  },
  'history-book': {
    natural: '#8c3b2a',
    draw: ({ base, deep }) =>
      book({ ...standard, cover: base, spine: deep }) +
      titleBar(148, 88, 116, paint.cream) +
      circle(coverCentre, 200, 56, deep) +
      chedi(coverCentre, 262, 1.05, paint.gold) +
      flat(line('M160 286H268', paint.gold, 4)),
  },
}
