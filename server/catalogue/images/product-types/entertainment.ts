import {
  band,
  circle,
  circlePath,
  coin,
  fade,
  flat,
  line,
  move,
  paint,
  path,
  rect,
  ring,
  rotate,
  shade,
  shine,
  sparkle,
  star,
  thin,
  ticketPath,
  waves,
  type TypeDrawing,
} from './drawing-kit.ts'

/** A ticket with its stub torn off along a dotted line; `art` is drawn on the left part. */
function ticket(fill: string, stripe: string, art: string, angle: number): string {
  return rotate(
    path(ticketPath(64, 122, 272, 144, 18), fill) +
      flat(line('M262 136V252', stripe, 5, '3 12')) +
      flat(rect(280, 146, 34, 8, 4, stripe) + rect(280, 166, 24, 8, 4, stripe) + rect(280, 234, 34, 8, 4, stripe)) +
      art,
    angle,
    200,
    194,
  )
}

/** A handheld microphone: mesh ball head, a collar and a tapering handle. */
function microphone(body: string, bodyDeep: string): string {
  return (
    path('M170 150l-96 150a16 16 0 0 0 28 14l96-152z', body) +
    shade('M198 162l-96 152a16 16 0 0 1-14 4l98-158z', 0.18) +
    rotate(rect(158, 140, 52, 26, 8, bodyDeep), 33, 184, 153) +
    circle(212, 108, 50, paint.metal) +
    flat(
      line(
        'M176 86q36 12 72 0M166 110h92M176 134q36-12 72 0M212 60v96M190 64q-12 44 0 88M234 64q12 44 0 88',
        paint.metalDeep,
        3,
      ),
    ) +
    shine(180, 76, 10, 30)
  )
}

export const entertainmentDrawings: Record<string, TypeDrawing> = {
  'cinema-ticket': {
    natural: '#e0393e',
    draw: ({ base, light }) =>
      ticket(
        base,
        light,
        // A strip of film on the ticket.
        rect(100, 160, 140, 68, 6, paint.ink) +
          flat(
            [0, 1, 2, 3, 4, 5]
              .map(
                (index) =>
                  rect(108 + index * 22, 164, 12, 8, 2, paint.white) +
                  rect(108 + index * 22, 216, 12, 8, 2, paint.white),
              )
              .join('') +
              rect(112, 178, 52, 32, 3, paint.sky) +
              rect(176, 178, 52, 32, 3, paint.sky),
          ),
        -10,
      ) +
      // A popcorn bucket in front.
      [232, 256, 280, 300, 244, 270, 292]
        .map((x, index) => circle(x, index < 4 ? 230 : 212, 16, paint.paper))
        .join('') +
      path('M222 238h90l-12 90h-66z', paint.white) +
      flat(path('M240 238h14l-2 90h-8zM268 238h14l2 90h-8zM296 238h14l-4 90h-6z', paint.red)),
  },
  'concert-ticket': {
    natural: '#8b5cf6',
    draw: ({ base, light }) =>
      // Music rising from the ticket.
      line('M268 102V48l34 10', paint.ink, 7) +
      circle(258, 104, 12, paint.pink) +
      sparkle(96, 90, 16, paint.yellow) +
      sparkle(320, 300, 12, paint.yellow) +
      ticket(
        base,
        light,
        line('M134 232v-72l64-18v70', paint.white, 9) +
          circle(124, 234, 14, paint.white) +
          circle(188, 214, 14, paint.white) +
          star(230, 160, 16, paint.yellow),
        8,
      ),
  },
  'streaming-plan': {
    natural: '#e0393e',
    shadow: 120,
    draw: ({ base }) =>
      line('M120 296l-16 28M280 296l16 28', paint.inkSoft, 10) +
      rect(44, 74, 312, 218, 16, paint.ink) +
      rect(58, 88, 284, 190, 6, base) +
      circle(200, 183, 52, paint.white) +
      path('M184 155l44 28-44 28z', base) +
      flat(rect(80, 252, 240, 8, 4, paint.white) + rect(80, 252, 150, 8, 4, paint.yellow)) +
      shine(70, 100, 60, 8),
  },
  'console-game': {
    natural: '#2f6fd6',
    draw: ({ base, deep }) =>
      // The game's disc sliding out of its case.
      circle(268, 196, 92, paint.metal) +
      flat(
        path('M268 104a92 92 0 0 1 92 92h-30a62 62 0 0 0-62-62z', paint.sky) +
          path('M268 288a92 92 0 0 1-92-92h30a62 62 0 0 0 62 62z', paint.pink),
      ) +
      circle(268, 196, 22, paint.white) +
      rect(90, 62, 180, 268, 14, base) +
      rect(90, 62, 180, 44, 14, deep) +
      rect(108, 120, 144, 186, 6, paint.sky) +
      flat(path('M108 256l46-52 34 34 26-24 38 42v50H108z', paint.leafDeep) + circle(222, 160, 16, paint.yellow)) +
      // A gamepad on the cover art says what kind of disc this is.
      path(
        'M148 178h64c16 0 22 12 24 30s-4 30-16 30c-10 0-14-10-20-16h-40c-6 6-10 16-20 16-12 0-18-12-16-30s8-30 24-30z',
        paint.white,
      ) +
      flat(
        path('M152 200h8v-8h8v8h8v8h-8v8h-8v-8h-8z', paint.ink) +
          circle(204, 198, 5, paint.red) +
          circle(214, 210, 5, paint.blue),
      ) +
      flat(rect(112, 76, 58, 16, 8, paint.white)),
  },
  'game-top-up': {
    natural: '#7c3aed',
    draw: ({ base, light }) =>
      rotate(
        rect(70, 110, 260, 166, 20, base) +
          flat(rect(70, 242, 260, 18, 0, light)) +
          path('M200 132l54 0 26 34-80 86-80-86 26-34z', paint.sky) +
          flat(path('M146 132h54l-26 34h-54zM200 252l-26-86h52z', paint.white)) +
          thin(line('M120 166H280M174 166l26-34 26 34', paint.ink, 3), 3) +
          shine(88, 124, 60, 8),
        -6,
        200,
        193,
      ) +
      coin(296, 270, 34) +
      coin(90, 110, 24) +
      line('M318 108v32M302 124h32', paint.leaf, 9),
  },
  'vinyl-record': {
    natural: '#33383d',
    draw: ({ base, light }) =>
      circle(244, 200, 108, base) +
      flat(fade(line([92, 78, 64, 50].map((radius) => circlePath(244, 200, radius)).join(''), light, 3), 0.6)) +
      circle(244, 200, 36, paint.orange) +
      circle(244, 200, 6, paint.ink) +
      rect(60, 92, 180, 216, 8, paint.teal) +
      flat(
        circle(150, 200, 62, paint.yellow) + circle(150, 200, 36, paint.pink) + rect(78, 112, 60, 10, 5, paint.white),
      ) +
      shine(72, 104, 8, 80),
  },
  'karaoke-set': {
    natural: '#33383d',
    draw: ({ base, deep }) =>
      rect(166, 66, 162, 260, 18, base) +
      circle(247, 132, 42, deep) +
      circle(247, 132, 18, paint.metalDeep) +
      circle(247, 246, 58, deep) +
      circle(247, 246, 26, paint.metalDeep) +
      flat(circle(192, 86, 5, paint.leaf) + circle(210, 86, 5, paint.red) + star(300, 86, 8, paint.yellow)) +
      band('M92 300c-20 28 30 40 74 20', paint.inkSoft, 6) +
      move(microphone(paint.pink, '#c2417d'), -38, 36, 0.78),
  },
  'theme-park-ticket': {
    natural: '#f5862a',
    draw: ({ base, light }) =>
      // A Ferris wheel behind the ticket.
      line('M200 138L146 300M200 138L254 300', paint.inkSoft, 8) +
      ring(circlePath(200, 138, 96), paint.white, 6) +
      flat(line('M200 42V234M104 138H296M132 70l136 136M268 70L132 206', paint.metalDeep, 3)) +
      [0, 45, 90, 135, 180, 225, 270, 315]
        .map((angle, index) => {
          const x = Math.round(200 + 96 * Math.sin((angle * Math.PI) / 180))
          const y = Math.round(138 - 96 * Math.cos((angle * Math.PI) / 180))
          return rect(
            x - 11,
            y - 4,
            22,
            20,
            6,
            [paint.red, paint.sky, paint.yellow, paint.leafLight][index % 4] ?? paint.red,
          )
        })
        .join('') +
      move(
        path(ticketPath(0, 0, 230, 110, 14), base) +
          flat(line('M176 10V100', light, 5, '3 10')) +
          star(86, 55, 30, paint.yellow) +
          flat(rect(190, 30, 22, 8, 4, light) + rect(190, 70, 22, 8, 4, light)),
        86,
        218,
      ),
  },
  'wireless-microphone': {
    natural: '#33383d',
    shadow: 90,
    draw: ({ base, deep }) => move(microphone(base, deep), 24, 0) + waves(252, 224, paint.purple, 2, 18),
  },
  'game-controller': {
    natural: '#f6f5f1',
    shadow: 130,
    draw: ({ base, deep, light }) =>
      path(
        'M120 150h160c36 0 52 30 60 80s-4 80-34 80c-24 0-34-30-52-46h-108c-18 16-28 46-52 46-30 0-42-30-34-80s24-80 60-80z',
        base,
      ) +
      shade('M340 230c8 50-4 80-34 80-24 0-34-30-52-46h-54v-40z', 0.08) +
      path('M128 198h16v-16h20v16h16v20h-16v16h-20v-16h-16z', paint.inkSoft) +
      circle(262, 188, 10, paint.yellow) +
      circle(286, 210, 10, paint.red) +
      circle(238, 210, 10, paint.sky) +
      circle(262, 232, 10, paint.leaf) +
      circle(172, 252, 18, deep) +
      circle(228, 252, 18, deep) +
      flat(rect(186, 178, 28, 10, 5, light) + circle(200, 212, 8, paint.blue)) +
      shine(96, 176, 10, 50),
  },
}
