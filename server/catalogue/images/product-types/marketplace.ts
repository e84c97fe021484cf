import {
  band,
  circle,
  flat,
  leaf,
  line,
  paint,
  path,
  rect,
  rotate,
  shine,
  sparkle,
  type TypeDrawing,
} from './drawing-kit.ts'

/** A bow of two loops and two tails, centred on (x, y). */
function bow(x: number, y: number, fill: string, knot: string): string {
  return (
    path(`M${x} ${y}l-20 40h14l6-14 6 14h14z`, fill) +
    path(`M${x} ${y}c-20-30-56-34-56-10s36 20 56 10z`, fill) +
    path(`M${x} ${y}c20-30 56-34 56-10s-36 20-56 10z`, fill) +
    circle(x, y, 11, knot)
  )
}

export const marketplaceDrawings: Record<string, TypeDrawing> = {
  'gift-card': {
    natural: '#e8457c',
    draw: ({ base, light }) =>
      rotate(
        rect(60, 112, 280, 180, 20, base) +
          flat(rect(60, 186, 280, 26, 0, paint.gold) + rect(120, 112, 26, 180, 0, paint.gold)) +
          flat(rect(200, 236, 110, 14, 7, light) + rect(240, 258, 70, 10, 5, light)) +
          shine(76, 126, 90, 8) +
          bow(133, 199, paint.gold, paint.goldDeep),
        -8,
        200,
        202,
      ),
  },
  'mystery-box': {
    natural: '#8b5cf6',
    draw: ({ base, deep, light }) =>
      // A box with its lid lifting, a question mark on its side.
      rect(92, 150, 216, 170, 12, base) +
      flat(rect(186, 150, 28, 170, 0, paint.yellow)) +
      rotate(rect(80, 108, 240, 50, 10, deep) + flat(rect(186, 108, 28, 50, 0, paint.gold)), -6, 200, 133) +
      line('M134 212q0-28 28-28t26 24c0 20-24 20-24 42', paint.white, 12) +
      circle(164, 284, 8, paint.white) +
      flat(rect(240, 184, 48, 10, 5, light) + rect(240, 206, 32, 10, 5, light)) +
      sparkle(88, 88, 18, paint.yellow) +
      sparkle(320, 70, 14, paint.yellow) +
      sparkle(200, 60, 10, paint.yellow),
  },
  'gift-hamper': {
    natural: '#c0834f',
    shadow: 140,
    draw: ({ base, deep }) =>
      // A wicker basket of treats with a bow on its handle.
      band('M96 196C96 60 304 60 304 196', deep, 12) +
      rect(226, 96, 40, 110, 10, paint.leafDeep) +
      rect(234, 74, 24, 30, 6, paint.gold) +
      circle(128, 180, 30, paint.red) +
      circle(176, 170, 32, paint.orange) +
      leaf(176, 140, 30, 14, -70, paint.leaf) +
      circle(292, 186, 26, paint.yellow) +
      path('M196 190l26-56 24 56z', paint.pink) +
      path('M74 192h252l-22 122a12 12 0 0 1-12 10H108a12 12 0 0 1-12-10z', base) +
      flat(
        line('M84 232H316M90 268H310M98 300H302', deep, 4) +
          line('M130 196l8 124M170 196l4 124M210 196v124M250 196l-4 124M290 196l-8 124', paint.wood, 3),
      ) +
      rect(66, 184, 268, 22, 10, deep) +
      bow(200, 90, paint.red, '#b3261e'),
  },
  'tote-bag': {
    natural: '#f2e3c2',
    draw: ({ base, deep }) =>
      band('M150 140V96q0-50 20-50h0q20 0 20 50v44', deep, 10) +
      band('M210 140V96q0-50 20-50t20 50v44', deep, 10) +
      path('M100 126h200l10 196H90z', base) +
      flat(line('M104 140H296', deep, 3, '6 6')) +
      // A leaf printed on the canvas: this bag replaces plastic ones.
      circle(200, 232, 58, paint.paper) +
      leaf(200, 276, 88, 48, -90, paint.leaf) +
      flat(line('M200 272V204', paint.leafLight, 4)) +
      rect(136, 122, 28, 24, 4, deep) +
      rect(236, 122, 28, 24, 4, deep),
  },
}
