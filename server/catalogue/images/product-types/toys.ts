import {
  band,
  circle,
  ellipse,
  flat,
  line,
  paint,
  path,
  rect,
  rotate,
  shade,
  shine,
  star,
  wheel,
  type TypeDrawing,
} from './drawing-kit.ts'

/** A toy brick seen from the front, its studs along the top. */
function brick(x: number, y: number, studs: number, fill: string): string {
  const width = studs * 40
  return (
    Array.from({ length: studs }, (_, index) => rect(x + 8 + index * 40, y - 14, 24, 18, 4, fill)).join('') +
    rect(x, y, width, 60, 6, fill) +
    shade(`M${x + width - 14} ${y + 4}h10v52h-10z`, 0.12) +
    shine(x + 10, y + 10, Math.max(width - 40, 10), 7)
  )
}

/** A tub of play dough with its coloured lid. */
function doughTub(x: number, y: number, colour: string): string {
  return (
    path(`M${x - 34} ${y}h68l-6 70a8 8 0 0 1-8 8H${x - 20}a8 8 0 0 1-8-8z`, paint.white) +
    rect(x - 40, y - 20, 80, 26, 8, colour) +
    flat(rect(x - 20, y + 26, 40, 22, 6, colour))
  )
}

export const toyDrawings: Record<string, TypeDrawing> = {
  'building-blocks': {
    natural: '#e03a3e',
    shadow: 140,
    draw: ({ base }) =>
      brick(80, 258, 6, base) +
      brick(120, 184, 4, paint.blue) +
      brick(160, 110, 2, paint.yellow) +
      brick(270, 184, 1, paint.leaf),
  },
  'teddy-bear': {
    natural: '#b07a4a',
    shadow: 110,
    draw: ({ base, light }) =>
      ellipse(200, 252, 70, 62, base) +
      ellipse(200, 262, 38, 34, light) +
      circle(130, 292, 26, base) +
      circle(270, 292, 26, base) +
      flat(circle(130, 296, 13, light) + circle(270, 296, 13, light)) +
      circle(132, 220, 22, base) +
      circle(268, 220, 22, base) +
      circle(146, 84, 28, base) +
      circle(254, 84, 28, base) +
      flat(circle(146, 84, 14, light) + circle(254, 84, 14, light)) +
      circle(200, 134, 66, base) +
      ellipse(200, 160, 28, 22, light) +
      ellipse(200, 150, 11, 8, paint.ink) +
      line('M200 158v10M190 172q10 8 20 0', paint.ink, 4) +
      flat(circle(176, 124, 7, paint.ink) + circle(224, 124, 7, paint.ink)) +
      path('M200 200l-30-14v30zM200 200l30-14v30z', paint.red) +
      circle(200, 200, 8, '#b3261e'),
  },
  'rc-car': {
    natural: '#e03a3e',
    shadow: 170,
    draw: ({ base, deep, light }) =>
      // A toy buggy with big wheels, and its remote with the antenna up.
      line('M86 140V40', paint.ink, 5) +
      circle(86, 40, 7, paint.red) +
      rect(40, 136, 100, 72, 16, paint.inkSoft) +
      circle(68, 172, 14, paint.screen) +
      circle(112, 172, 14, paint.screen) +
      flat(circle(68, 172, 6, paint.grey) + circle(112, 172, 6, paint.grey)) +
      path('M140 246l20-46q8-14 24-14h92q16 0 24 10l34 50z', base) +
      path('M190 200h50v-26q0-10-10-10h-30q-10 0-10 10z', paint.glass) +
      rect(120, 240, 240, 34, 14, deep) +
      flat(rect(130, 248, 220, 8, 4, light)) +
      line('M320 200l24-30', paint.ink, 6) +
      rect(330, 160, 44, 14, 6, paint.ink) +
      wheel(170, 284, 38, paint.yellow) +
      wheel(320, 284, 38, paint.yellow),
  },
  'jigsaw-1000': {
    natural: '#2f6fd6',
    shadow: 130,
    draw: ({ base, light }) =>
      // Four picture pieces that fit together, one lifted out.
      rect(70, 70, 120, 120, 6, paint.sky) +
      rect(190, 70, 120, 120, 6, paint.sky) +
      rect(70, 190, 120, 120, 6, base) +
      circle(190, 130, 20, paint.sky) +
      circle(130, 190, 20, base) +
      circle(190, 250, 20, light) +
      flat(
        circle(250, 110, 22, paint.yellow) +
          path('M72 188q60-30 116 0v-8H72z', paint.leafLight) +
          line('M90 250q20-10 40 0t40 0', light, 4),
      ) +
      rotate(
        rect(220, 216, 120, 120, 6, light) +
          circle(220, 276, 20, light) +
          circle(280, 216, 20, light) +
          flat(line('M236 300q20-10 40 0t40 0', base, 4)),
        14,
        280,
        276,
      ),
  },
  'board-game': {
    natural: '#3a9d5b',
    shadow: 170,
    draw: ({ base, light }) =>
      // The board in perspective with its track, pawns and a die.
      path('M40 262L120 150H360L280 262z', base) +
      path('M40 262H280v16H40z', '#27704a') +
      path('M280 262L360 150v16l-80 112z', '#27704a') +
      flat(
        Array.from({ length: 8 }, (_, index) => {
          const colours = [paint.red, paint.yellow, paint.sky, paint.white]
          const x = 80 + index * 26
          return (
            path(`M${x} 236l12 -16h22l-12 16z`, colours[index % 4] ?? paint.white) +
            path(`M${x + 56} 176l10 -14h22l-10 14z`, colours[(index + 2) % 4] ?? paint.white)
          )
        }).join('') + path('M120 200h160', light),
      ) +
      circle(168, 186, 12, paint.red) +
      path('M158 222q10-30 20 0z', paint.red) +
      circle(236, 176, 12, paint.blue) +
      path('M226 212q10-30 20 0z', paint.blue) +
      rotate(
        rect(290, 200, 60, 60, 12, paint.white) +
          flat(circle(306, 216, 6, paint.ink) + circle(320, 230, 6, paint.ink) + circle(334, 244, 6, paint.ink)),
        12,
        320,
        230,
      ),
  },
  'toy-kitchen': {
    natural: '#f49ac1',
    shadow: 140,
    draw: ({ base, deep, light }) =>
      // A play kitchen: hob with a pot, oven door, cupboard and tap.
      rect(70, 60, 260, 80, 10, light) +
      flat(circle(110, 100, 10, paint.yellow) + circle(140, 100, 10, paint.sky)) +
      band('M270 140v-50h-30v14', paint.metalDeep, 8) +
      rect(70, 140, 260, 180, 12, base) +
      rect(62, 134, 276, 20, 8, paint.white) +
      ellipse(130, 140, 34, 8, paint.inkSoft) +
      path('M100 136h60v-34h-60z', paint.sky) +
      rect(92, 96, 76, 12, 6, paint.sky) +
      rect(90, 172, 120, 120, 10, deep) +
      rect(106, 196, 88, 70, 8, paint.screen) +
      rect(110, 178, 80, 10, 5, paint.white) +
      rect(226, 172, 88, 120, 10, deep) +
      circle(300, 232, 7, paint.white) +
      rect(230, 130, 70, 10, 5, paint.white),
  },
  'robot-kit': {
    natural: '#8d969d',
    draw: ({ base, deep, light }) =>
      // The build: a plastic frame of parts, and the robot they make.
      line('M40 80H190V280H40zM40 180H190M115 80V280', light, 8) +
      flat(
        circle(78, 130, 16, light) +
          rect(130, 112, 40, 40, 6, light) +
          rect(60, 206, 36, 50, 6, light) +
          rect(136, 200, 30, 60, 8, light),
      ) +
      line('M250 72V50', paint.ink, 5) +
      circle(250, 46, 9, paint.red) +
      rect(200, 72, 100, 78, 16, base) +
      rect(214, 88, 72, 44, 10, paint.screen) +
      flat(circle(234, 110, 8, paint.sky) + circle(266, 110, 8, paint.sky)) +
      rect(206, 160, 88, 96, 14, base) +
      rect(226, 178, 48, 34, 6, deep) +
      flat(circle(238, 195, 5, paint.yellow) + circle(262, 195, 5, paint.leafLight)) +
      rect(178, 168, 24, 70, 10, deep) +
      rect(298, 168, 24, 70, 10, deep) +
      rect(216, 256, 26, 56, 8, deep) +
      rect(258, 256, 26, 56, 8, deep) +
      rect(206, 306, 42, 16, 6, paint.inkSoft) +
      rect(252, 306, 42, 16, 6, paint.inkSoft),
  },
  'play-dough': {
    natural: '#f5862a',
    shadow: 160,
    draw: ({ base }) =>
      doughTub(96, 214, base) +
      doughTub(196, 190, paint.blue) +
      doughTub(296, 214, paint.leaf) +
      path('M60 320q-6-30 30-30 10-20 34-10 30-10 34 18 10 22-10 26H74q-12 0-14-4z', paint.pink) +
      star(314, 292, 34, paint.yellow),
  },
  'wooden-toy': {
    natural: '#d49a5e',
    shadow: 150,
    draw: ({ base, deep }) =>
      // A wooden counting abacus.
      rect(70, 60, 24, 262, 8, base) +
      rect(306, 60, 24, 262, 8, base) +
      rect(58, 300, 284, 22, 8, deep) +
      rect(70, 60, 260, 18, 6, base) +
      [110, 160, 210, 260]
        .map((y, row) => {
          const colours = [paint.red, paint.yellow, paint.leaf, paint.blue]
          const colour = colours[row] ?? paint.red
          return (
            line(`M94 ${y}H306`, paint.metalDeep, 5) +
            Array.from({ length: 5 }, (_, index) => ellipse(116 + index * 28 + (row % 2) * 60, y, 14, 18, colour)).join(
              '',
            )
          )
        })
        .join(''),
  },
  'kids-scooter': {
    natural: '#2f6fd6',
    shadow: 150,
    draw: ({ base, deep }) =>
      // A three-wheeled kick scooter with a T-bar.
      line('M264 292L236 70', base, 14) +
      line('M196 68H276', paint.inkSoft, 14) +
      rect(178, 58, 30, 20, 8, paint.pink) +
      rect(264, 58, 30, 20, 8, paint.pink) +
      path('M80 270h180q14 0 14 14v4H80z', base) +
      rect(70, 282, 196, 16, 8, deep) +
      flat(rect(96, 276, 140, 6, 3, paint.metal)) +
      wheel(90, 302, 22, paint.yellow) +
      wheel(264, 302, 22, paint.yellow) +
      wheel(296, 306, 18, paint.yellow),
  },
}
