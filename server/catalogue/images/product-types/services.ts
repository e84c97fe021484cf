import {
  band,
  check,
  circle,
  dropPath,
  ellipse,
  flat,
  lettersABC,
  line,
  move,
  paint,
  path,
  rect,
  rotate,
  shade,
  shieldPath,
  sparkle,
  steam,
  wheel,
  wifi,
  type TypeDrawing,
} from './drawing-kit.ts'
import { laptop, phoneFront } from './electronics.ts'
import { airliner } from './travel.ts'

/** A family car in profile, nose to the right, wheels on the ground line. */
function car(body: string, deep: string): string {
  return (
    path('M40 290v-40q0-20 20-24l46-8 40-44q12-12 30-12h92q20 0 32 14l36 42 26 6q18 4 18 24v42z', body) +
    path('M156 178q6-6 16-6h34v46h-76zM224 172h42q10 0 16 8l28 38h-86z', paint.glass) +
    flat(line('M40 262H380', deep, 4)) +
    rect(356, 240, 20, 12, 5, paint.yellow) +
    wheel(118, 294, 32) +
    wheel(306, 294, 32)
  )
}

/** A spray bottle: a trigger head over a tapering bottle. */
function sprayBottle(x: number, y: number, body: string, head: string, scale = 1): string {
  return move(
    path('M-20 0h40l-8 28H-12z', head) +
      path('M-26-60h52l16 18v30h-20l-8 12H-20z', head) +
      path('M-30 28h60l14 150a12 12 0 0 1-12 14H-32a12 12 0 0 1-12-14z', body) +
      rect(-24, 80, 48, 60, 10, paint.white) +
      flat(path(dropPath(0, 112, 12), body)),
    x,
    y,
    scale,
  )
}

export const serviceDrawings: Record<string, TypeDrawing> = {
  'english-course': {
    natural: '#c8d0d6',
    shadow: 150,
    draw: (tone) =>
      laptop(
        tone,
        rect(110, 88, 180, 128, 4, paint.white) +
          lettersABC(134, 118, 50, paint.blue, 9) +
          flat(rect(130, 188, 140, 10, 5, paint.leafLight)),
      ) +
      // A mortarboard: this is a course.
      move(
        path('M0 20L60 0l60 20-60 20z', paint.ink) +
          path('M24 30v22q36 18 72 0V30L60 42z', paint.ink) +
          line('M112 22v30', paint.gold, 5),
        262,
        40,
        0.8,
      ),
  },
  'home-cleaning': {
    natural: '#2f6fd6',
    shadow: 150,
    draw: ({ base, light }) =>
      // A bucket of suds with a mop, and a spray bottle.
      line('M148 40L184 250', paint.wood, 12) +
      path('M88 196h152l-16 118a10 10 0 0 1-10 8H114a10 10 0 0 1-10-8z', base) +
      band('M96 200q68-70 136 0', paint.inkSoft, 6) +
      circle(120, 190, 20, paint.white) +
      circle(152, 180, 26, paint.white) +
      circle(190, 186, 22, paint.white) +
      circle(216, 194, 16, paint.white) +
      flat(rect(100, 240, 124, 12, 0, light)) +
      sprayBottle(288, 128, paint.teal, paint.white) +
      sparkle(80, 110, 18, paint.yellow) +
      sparkle(340, 70, 14, paint.yellow),
  },
  'air-con-cleaning': {
    natural: '#f6f5f1',
    shadow: 0,
    draw: ({ base, deep }) =>
      // A wall air-conditioner being washed: sparkling, with water running off.
      rect(44, 76, 312, 118, 26, base) +
      shade('M356 102v66a26 26 0 0 1-26 26H200V76h130a26 26 0 0 1 26 26z', 0.06) +
      rect(70, 158, 260, 22, 8, deep) +
      flat(line('M84 170H316', paint.inkSoft, 3) + circle(320, 104, 6, paint.leaf) + rect(70, 100, 120, 8, 4, deep)) +
      [110, 160, 210, 260, 300].map((x, index) => path(dropPath(x, 228 + (index % 2) * 26, 10), paint.water)).join('') +
      sparkle(100, 48, 16, paint.yellow) +
      sparkle(310, 44, 12, paint.yellow) +
      sprayBottle(336, 250, paint.sky, paint.white, 0.6),
  },
  'car-insurance': {
    natural: '#e03a3e',
    shadow: 160,
    draw: ({ base, deep }) =>
      move(car(base, deep), 0, 20) +
      path(shieldPath(300, 40, 120, 150), paint.leaf) +
      check(296, 112, 24, paint.white, 12),
  },
  'home-internet': {
    natural: '#2f6fd6',
    shadow: 130,
    draw: ({ base, deep }) =>
      // A house with the Wi-Fi signal coming from it.
      rect(100, 190, 200, 132, 8, paint.paper) +
      path('M74 200L200 100l126 100z', base) +
      rect(256, 112, 24, 50, 4, deep) +
      rect(176, 246, 48, 76, 6, paint.wood) +
      rect(120, 216, 40, 40, 6, paint.sky) +
      rect(240, 216, 40, 40, 6, paint.sky) +
      wifi(200, 84, 24, paint.blue, 9),
  },
  'thai-massage': {
    natural: '#22b3a6',
    shadow: 170,
    draw: ({ base, deep }) =>
      // A client lying on the mat, the masseur kneeling behind and pressing along the back.
      path('M196 250q-6-100 54-104 60 4 54 104z', base) +
      circle(250, 108, 28, paint.skin) +
      path('M222 102a28 28 0 0 1 56 0q-28-14-56 0z', paint.chocolate) +
      band('M214 164q-30 20-20 66', paint.skin, 18) +
      band('M286 164q10 30 4 66', paint.skin, 18) +
      rect(40, 270, 320, 36, 14, deep) +
      rect(52, 240, 80, 34, 14, paint.white) +
      rect(116, 226, 224, 50, 25, paint.orange) +
      flat(line('M150 240h170', '#f7a561', 4)) +
      ellipse(194, 230, 18, 10, paint.skin) +
      ellipse(290, 230, 18, 10, paint.skin) +
      circle(96, 234, 30, paint.skin) +
      path('M68 228a30 30 0 0 1 56-12q-20-4-30 6t-26 6z', paint.chocolate) +
      [0, 72, 144, 216, 288].map((angle) => rotate(ellipse(76, 88, 10, 20, paint.white), angle, 76, 108)).join('') +
      circle(76, 108, 8, paint.yellow),
  },
  'health-check': {
    natural: '#2f6fd6',
    draw: ({ base }) =>
      // A clipboard with a heartbeat trace, and a stethoscope.
      rect(98, 66, 180, 250, 16, paint.wood) +
      rect(114, 90, 148, 210, 8, paint.white) +
      rect(152, 54, 72, 30, 10, paint.metalDeep) +
      line('M124 170h32l12-30 20 60 16-44 10 14h40', paint.red, 6) +
      flat(
        rect(130, 222, 116, 10, 5, paint.grey) +
          rect(130, 244, 80, 10, 5, paint.grey) +
          rect(130, 110, 60, 12, 6, base),
      ) +
      band('M300 100v90q0 60-60 70', paint.inkSoft, 8) +
      band('M290 98q-20-10-20 10M310 98q20-10 20 10', paint.inkSoft, 6) +
      circle(240, 262, 22, paint.metal) +
      flat(circle(240, 262, 10, base)),
  },
  'phone-repair': {
    natural: '#33383d',
    draw: ({ base }) =>
      // A phone with a cracked screen and the screwdriver to fix it.
      rotate(
        phoneFront(
          96,
          74,
          base,
          flat(line('M150 110l22 40-18 20 30 34-10 40M172 150l36-16M184 204l30 10', paint.white, 3)),
        ),
        -8,
        160,
        192,
      ) +
      rotate(
        rect(268, 60, 14, 130, 3, paint.metalDeep) +
          path('M268 60l7-16 7 16z', paint.metalDeep) +
          rect(256, 186, 38, 112, 16, paint.yellow) +
          flat(line('M268 206v70M282 206v70', paint.goldDeep, 4)),
        28,
        275,
        200,
      ),
  },
  'cooking-class': {
    natural: '#f6f5f1',
    shadow: 150,
    draw: ({ base, deep }) =>
      // A chef's hat over a wok with a wooden spatula: a class in the kitchen.
      path('M126 136a40 40 0 0 1 30-64 50 50 0 0 1 88 0 40 40 0 0 1 30 64v30H126z', base) +
      rect(126, 156, 148, 34, 6, base) +
      flat(line('M150 160v26M176 160v26M200 160v26M224 160v26M250 160v26', deep, 3)) +
      path('M62 238H314a126 64 0 0 1-252 0z', paint.inkSoft) +
      rect(306, 230, 80, 18, 9, paint.wood) +
      flat(
        line('M100 248q88 20 176 0', paint.metalDeep, 4) +
          circle(150, 254, 10, paint.red) +
          circle(196, 262, 9, paint.leaf) +
          circle(236, 256, 10, paint.yellow),
      ) +
      steam(170, 226, paint.metalDeep, 26),
  },
  'airport-transfer': {
    natural: '#f6f5f1',
    shadow: 160,
    draw: ({ base, deep }) =>
      // A van waiting on the road, a plane taking off above it.
      move(rotate(airliner(paint.blue), -16, 200, 200), 90, -30, 0.55) +
      path('M40 300v-90q0-26 24-28l200-4q30 0 50 22l48 56q18 6 18 24v20z', base) +
      path('M70 194h50v44H70zM134 194h50v44h-50zM198 194h54v44h-54z', paint.glass) +
      path('M264 194h14q20 2 32 18l22 26h-68z', paint.glass) +
      flat(rect(40, 256, 340, 14, 0, paint.blue)) +
      line('M40 276H380', deep, 3) +
      wheel(110, 302, 30) +
      wheel(310, 302, 30),
  },
}
