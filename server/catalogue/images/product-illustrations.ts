import type { MerchantCategoryId } from '#domain/categories'
import { fixedColours as fixed, type ProductColours } from './product-palette.ts'
import {
  describeLeaf,
  describeSparkle,
  describeStar,
  drawCircle,
  drawEllipse,
  drawGroup,
  drawLine,
  drawRect,
  drawShape,
  drawSoftShape,
} from './svg-shapes.ts'

/**
 * Each illustration draws one object on the 400 × 300 canvas, centred on x = 200 and standing on
 * the ground line at y ≈ 240 where the picture draws its shadow. Flat fills only, no outlines, so
 * every category shares one visual language.
 */
export type Illustration = (colours: ProductColours) => string

function drawBookStack({ main, accent }: ProductColours): string {
  const drawBook = (x: number, y: number, width: number, height: number, cover: string, band: string) =>
    drawRect(x, y, width, height, 8, cover) +
    drawRect(x + 18, y + 7, width - 18, height - 14, 3, fixed.cream) +
    drawLine(`M${x + 30} ${y + height / 2}H${x + width - 8}`, fixed.paperLine, 2) +
    drawRect(x + 7, y + 6, 4, height - 12, 2, band)
  return (
    drawBook(106, 198, 188, 42, main.base, main.deep) +
    drawBook(124, 158, 164, 40, accent.base, accent.deep) +
    drawBook(114, 122, 170, 36, main.deep, main.light) +
    drawLine('M232 86c0-6 2-10 6-12', fixed.woodDeep, 4) +
    drawCircle(232, 104, 19, fixed.tomato) +
    drawGroup(drawShape(describeLeaf(18, 12), fixed.leaf), { transform: 'translate(236 80) rotate(-20)' })
  )
}

function drawLaptop({ main, accent }: ProductColours): string {
  return (
    drawRect(116, 102, 168, 116, 12, fixed.inkSoft) +
    drawRect(126, 112, 148, 96, 5, main.soft) +
    drawCircle(242, 138, 14, accent.base) +
    drawShape('M126 208v-28c22-22 44-24 66-8 20 14 40 6 82-14v50z', main.base) +
    drawShape('M126 208v-14c30-10 60-4 90 4 22 6 40 2 58-6v16z', main.deep) +
    drawSoftShape('M96 218h208l8 16H88z', fixed.metal, 4) +
    drawRect(178, 218, 44, 6, 3, fixed.metalDeep)
  )
}

function drawHeadphones({ main, accent }: ProductColours): string {
  return (
    drawLine('M130 184v-34a70 70 0 0 1 140 0v34', main.deep, 14) +
    drawLine('M150 104a70 70 0 0 1 100 0', main.light, 6) +
    drawRect(142, 160, 22, 64, 10, main.deep) +
    drawRect(236, 160, 22, 64, 10, main.deep) +
    drawRect(106, 150, 46, 84, 22, main.base) +
    drawRect(248, 150, 46, 84, 22, main.base) +
    drawCircle(129, 192, 9, accent.light) +
    drawCircle(271, 192, 9, accent.light)
  )
}

function drawGamepad({ main, accent }: ProductColours): string {
  return (
    drawCircle(144, 198, 36, main.base) +
    drawCircle(256, 198, 36, main.base) +
    drawRect(102, 122, 196, 96, 48, main.base) +
    drawRect(142, 146, 16, 44, 4, fixed.white) +
    drawRect(128, 160, 44, 16, 4, fixed.white) +
    drawCircle(252, 146, 9, accent.light) +
    drawCircle(272, 166, 9, accent.base) +
    drawCircle(252, 186, 9, accent.light) +
    drawCircle(232, 166, 9, accent.base) +
    drawRect(184, 150, 14, 7, 3.5, main.deep) +
    drawRect(202, 150, 14, 7, 3.5, main.deep) +
    drawCircle(178, 200, 13, main.deep) +
    drawCircle(222, 200, 13, main.deep)
  )
}

function drawTickets({ main, accent }: ProductColours): string {
  const ticket = 'M96 118H304V152A18 18 0 0 0 304 188V222H96V188A18 18 0 0 0 96 152Z'
  return (
    drawGroup(drawShape(ticket, accent.base), { transform: 'rotate(8 200 170)' }) +
    drawGroup(
      drawShape(ticket, main.base) +
        drawLine('M246 130V210', main.light, 4, '2 10') +
        drawShape(describeStar(168, 170, 30, 13), fixed.white) +
        drawCircle(276, 146, 5, main.light) +
        drawCircle(276, 170, 5, main.light) +
        drawCircle(276, 194, 5, main.light),
      { transform: 'rotate(-8 200 170)' },
    )
  )
}

function drawTShirt({ main, accent }: ProductColours): string {
  return (
    drawSoftShape(
      'M164 78 120 94 88 134l32 24 18-14v92h124v-92l18 14 32-24-32-40-44-16c-10 18-62 18-72 0z',
      main.base,
    ) +
    drawLine('M164 78c10 18 62 18 72 0', main.deep, 8) +
    drawLine('M96 128 126 151', main.deep, 6) +
    drawLine('M304 128 274 151', main.deep, 6) +
    drawRect(138, 172, 124, 16, 0, accent.base) +
    drawRect(138, 194, 124, 6, 0, accent.light)
  )
}

function drawHandbag({ main, accent }: ProductColours): string {
  return (
    drawLine('M160 140v-18a40 40 0 0 1 80 0v18', main.deep, 12) +
    drawSoftShape('M120 138h160l14 96H106z', main.base, 6) +
    drawSoftShape('M120 138h160l-8 38c-48 20-96 20-144 0z', main.deep, 6) +
    drawCircle(200, 180, 12, accent.light) +
    drawCircle(200, 180, 5, accent.base) +
    drawLine('M118 218H282', main.light, 3, '6 8')
  )
}

function drawNoodleBowl({ main, accent }: ProductColours): string {
  return (
    drawLine('M252 56 292 150', fixed.wood, 8) +
    drawLine('M272 52 304 146', fixed.woodDeep, 8) +
    drawLine('M168 112c-10-12 10-22 0-36', fixed.white, 6) +
    drawLine('M200 104c-10-12 10-22 0-36', fixed.white, 6) +
    drawEllipse(200, 158, 92, 26, fixed.noodle) +
    drawCircle(146, 150, 20, fixed.leaf) +
    drawCircle(130, 160, 14, fixed.leafLight) +
    drawCircle(186, 142, 14, fixed.tomato) +
    drawEllipse(238, 146, 26, 18, fixed.white) +
    drawCircle(242, 148, 10, fixed.gold) +
    drawRect(168, 226, 64, 14, 6, main.deep) +
    drawShape('M96 164H304A104 70 0 0 1 96 164Z', main.base) +
    drawRect(90, 156, 220, 16, 8, main.deep) +
    drawLine('M132 194q17-12 34 0t34 0 34 0 34 0', accent.light, 5)
  )
}

function drawGroceryBag({ main, accent }: ProductColours): string {
  return (
    drawGroup(
      drawRect(230, 58, 28, 110, 14, fixed.bread) +
        drawLine('M238 84l12-6M238 104l12-6M238 124l12-6', fixed.breadDeep, 4),
      {
        transform: 'rotate(16 244 113)',
      },
    ) +
    drawGroup(drawShape(describeLeaf(84, 40), fixed.leafDeep), { transform: 'translate(170 140) rotate(-112)' }) +
    drawGroup(drawShape(describeLeaf(76, 36), fixed.leaf), { transform: 'translate(170 140) rotate(-140)' }) +
    drawCircle(204, 122, 22, fixed.tomato) +
    drawEllipse(214, 98, 10, 5, fixed.leaf) +
    drawSoftShape('M126 134h148l8 102H118z', main.base, 6) +
    drawRect(120, 128, 160, 18, 6, main.deep) +
    drawCircle(200, 190, 24, main.light) +
    drawGroup(drawShape(describeLeaf(30, 20), accent.base), { transform: 'translate(188 202) rotate(-45)' })
  )
}

function drawLotion({ main, accent }: ProductColours): string {
  return (
    drawLine('M190 84V70h36', main.deep, 8) +
    drawRect(168, 82, 44, 16, 6, main.deep) +
    drawRect(174, 96, 32, 22, 4, main.deep) +
    drawRect(146, 116, 88, 124, 22, main.base) +
    drawRect(158, 150, 64, 62, 10, fixed.white) +
    drawShape('M190 162c9 11 13 18 13 25a13 13 0 0 1-26 0c0-7 4-14 13-25z', accent.base) +
    drawGroup(drawRect(156, 128, 8, 40, 4, fixed.white), { opacity: 0.35 }) +
    drawRect(242, 194, 68, 46, 14, accent.base) +
    drawRect(242, 208, 68, 14, 0, accent.light) +
    drawRect(238, 178, 76, 20, 8, accent.deep)
  )
}

function drawSofa({ main, accent }: ProductColours): string {
  return (
    drawRect(112, 114, 176, 86, 26, main.base) +
    drawGroup(drawRect(136, 138, 42, 42, 10, accent.base), { transform: 'rotate(-12 157 159)' }) +
    drawGroup(drawRect(222, 140, 38, 38, 10, accent.light), { transform: 'rotate(10 241 159)' }) +
    drawRect(118, 180, 164, 32, 10, main.base) +
    drawLine('M200 186V206', main.deep, 3) +
    drawRect(88, 152, 44, 72, 20, main.deep) +
    drawRect(268, 152, 44, 72, 20, main.deep) +
    drawRect(100, 206, 200, 22, 10, main.deep) +
    drawRect(118, 224, 10, 16, 3, fixed.woodDeep) +
    drawRect(272, 224, 10, 16, 3, fixed.woodDeep)
  )
}

function drawArmchair({ main, accent }: ProductColours): string {
  return (
    drawSoftShape('M136 226h12l-4 14h-6z', fixed.woodDeep, 2) +
    drawSoftShape('M252 226h12l-2 14h-6z', fixed.woodDeep, 2) +
    drawRect(138, 92, 124, 116, 32, main.base) +
    drawLine('M170 112V160M200 108V160M230 112V160', main.deep, 3) +
    drawGroup(drawRect(174, 134, 52, 44, 12, accent.base), { transform: 'rotate(-8 200 156)' }) +
    drawRect(132, 176, 136, 36, 14, main.light) +
    drawRect(110, 150, 40, 80, 18, main.deep) +
    drawRect(250, 150, 40, 80, 18, main.deep) +
    drawRect(128, 206, 144, 24, 10, main.deep)
  )
}

function drawPottedPlant({ main, accent }: ProductColours): string {
  const leaves = [
    { angle: -150, length: 82, colour: fixed.leaf },
    { angle: -30, length: 82, colour: fixed.leaf },
    { angle: -118, length: 98, colour: fixed.leafDeep },
    { angle: -62, length: 98, colour: fixed.leafDeep },
    { angle: -90, length: 104, colour: fixed.leafLight },
  ]
  return (
    leaves
      .map(({ angle, length, colour }) =>
        drawGroup(drawShape(describeLeaf(length, 46), colour), { transform: `translate(200 178) rotate(${angle})` }),
      )
      .join('') +
    drawSoftShape('M156 190h88l-10 46h-68z', main.base, 4) +
    drawRect(146, 172, 108, 22, 7, main.deep) +
    drawLine('M170 214q7.5-8 15 0t15 0 15 0 15 0', accent.light, 4)
  )
}

function drawLamp({ main, accent }: ProductColours): string {
  return (
    drawGroup(drawShape('M140 150H260L284 238H116Z', accent.light), { opacity: 0.4 }) +
    drawRect(196, 140, 8, 86, 4, fixed.inkSoft) +
    drawRect(154, 222, 92, 18, 9, fixed.inkSoft) +
    drawSoftShape('M166 82h68l30 66H136z', main.base, 6) +
    drawRect(132, 144, 136, 10, 5, main.deep) +
    drawLine('M232 154v26', fixed.inkSoft, 3) +
    drawCircle(232, 184, 5, fixed.gold)
  )
}

function drawSuitcase({ main, accent }: ProductColours): string {
  return (
    drawLine('M176 106V92a10 10 0 0 1 10-10h28a10 10 0 0 1 10 10v14', main.deep, 10) +
    drawCircle(160, 234, 9, fixed.inkSoft) +
    drawCircle(240, 234, 9, fixed.inkSoft) +
    drawRect(126, 102, 148, 128, 20, main.base) +
    drawRect(160, 102, 10, 128, 0, main.deep) +
    drawRect(230, 102, 10, 128, 0, main.deep) +
    drawCircle(200, 142, 16, accent.light) +
    drawGroup(drawRect(184, 176, 36, 24, 5, accent.base), { transform: 'rotate(-8 202 188)' }) +
    drawShape(describeStar(200, 142, 9, 4), accent.deep)
  )
}

function drawShoppingBag({ main }: ProductColours): string {
  return (
    drawLine('M164 134v-22a36 36 0 0 1 72 0v22', main.deep, 10) +
    drawSoftShape('M126 122h148l10 112H116z', main.base, 6) +
    drawCircle(164, 136, 6, main.deep) +
    drawCircle(236, 136, 6, main.deep) +
    drawShape('M200 210s-32-18-32-38c0-14 18-20 32-6 14-14 32-8 32 6 0 20-32 38-32 38z', fixed.white) +
    drawCircle(290, 212, 28, fixed.goldDeep) +
    drawCircle(287, 209, 26, fixed.gold) +
    drawCircle(287, 209, 17, fixed.goldDeep) +
    drawCircle(287, 209, 14, fixed.gold) +
    drawShape(describeSparkle(287, 209, 8), fixed.white)
  )
}

function drawReceipt({ main, accent }: ProductColours): string {
  return (
    drawShape('M146 66H254V232l-13.5 10-13.5-10-13.5 10-13.5-10-13.5 10-13.5-10-13.5 10-13.5-10Z', fixed.white) +
    drawRect(162, 84, 76, 16, 8, main.base) +
    drawRect(162, 116, 60, 8, 4, fixed.paperLine) +
    drawRect(162, 134, 76, 8, 4, fixed.paperLine) +
    drawRect(162, 152, 48, 8, 4, fixed.paperLine) +
    drawLine('M162 176H238', fixed.paperLine, 3, '4 6') +
    drawRect(162, 190, 36, 10, 5, main.light) +
    drawCircle(248, 200, 28, accent.base) +
    drawLine('M236 200l8 8 16-16', fixed.white, 7)
  )
}

function drawTools({ main, accent }: ProductColours): string {
  const wrench =
    drawShape('M10-68.3A30 30 0 1 1-10-68.3V-50H10Z', main.base) + drawRect(-12, -20, 24, 126, 12, main.base)
  const screwdriver =
    drawRect(-5, -78, 10, 80, 3, fixed.metalDeep) +
    drawRect(-18, -2, 36, 92, 16, accent.base) +
    drawLine('M-6 18V66M6 18V66', accent.deep, 4)
  return (
    drawGroup(screwdriver, { transform: 'translate(200 168) rotate(38)' }) +
    drawGroup(wrench, { transform: 'translate(200 160) rotate(-40)' })
  )
}

function drawDumbbell({ main }: ProductColours): string {
  return drawGroup(
    drawRect(118, 176, 164, 14, 7, fixed.metalDeep) +
      drawRect(88, 172, 10, 22, 4, fixed.metalDeep) +
      drawRect(302, 172, 10, 22, 4, fixed.metalDeep) +
      drawRect(96, 148, 24, 70, 8, main.deep) +
      drawRect(280, 148, 24, 70, 8, main.deep) +
      drawRect(118, 132, 30, 102, 10, main.base) +
      drawRect(252, 132, 30, 102, 10, main.base) +
      drawGroup(drawRect(124, 140, 6, 44, 3, fixed.white) + drawRect(258, 140, 6, 44, 3, fixed.white), {
        opacity: 0.35,
      }),
    { transform: 'rotate(-10 200 183)' },
  )
}

function drawSneaker({ main, accent }: ProductColours): string {
  return (
    drawSoftShape('M112 212c-2-30 4-60 18-78 16 8 34 10 48 4 10 22 36 34 68 40 34 6 56 18 58 34z', main.base, 6) +
    drawSoftShape('M244 176c30 6 54 16 58 36h-50c-8-14-8-26-8-36z', main.deep, 6) +
    drawLine('M192 150l-12 12M210 160l-12 12M228 168l-12 12', fixed.white, 5) +
    drawRect(100, 206, 214, 30, 12, accent.base) +
    drawRect(100, 206, 214, 16, 8, accent.light) +
    drawShape('M112 150c-6 0-8 10-8 20v20h12z', accent.base)
  )
}

function drawTeddyBear({ main, accent }: ProductColours): string {
  return (
    drawEllipse(200, 202, 58, 42, main.base) +
    drawEllipse(200, 210, 30, 24, main.light) +
    drawCircle(148, 226, 16, main.deep) +
    drawCircle(252, 226, 16, main.deep) +
    drawCircle(158, 92, 22, main.base) +
    drawCircle(242, 92, 22, main.base) +
    drawCircle(158, 92, 11, main.light) +
    drawCircle(242, 92, 11, main.light) +
    drawCircle(200, 126, 50, main.base) +
    drawEllipse(200, 146, 22, 17, main.light) +
    drawEllipse(200, 139, 8, 6, fixed.ink) +
    drawCircle(182, 118, 5, fixed.ink) +
    drawCircle(218, 118, 5, fixed.ink) +
    drawShape('M200 176l-26-12v24zM200 176l26-12v24z', accent.base) +
    drawCircle(200, 176, 7, accent.deep)
  )
}

function drawToyBlocks({ main, accent }: ProductColours): string {
  return (
    drawRect(128, 172, 68, 68, 12, main.base) +
    drawCircle(162, 206, 16, fixed.white) +
    drawRect(204, 172, 68, 68, 12, accent.base) +
    drawShape('M238 188l18 34h-36z', fixed.white) +
    drawGroup(drawRect(166, 100, 68, 68, 12, fixed.gold) + drawShape(describeStar(200, 135, 19, 8), fixed.white), {
      transform: 'rotate(-8 200 134)',
    })
  )
}

/** One or two illustrations per category; a product's id picks which, so a list mixes them. */
export const productIllustrations: Record<MerchantCategoryId, readonly [Illustration, ...Illustration[]]> = {
  books: [drawBookStack],
  computers: [drawLaptop, drawHeadphones],
  entertainment: [drawGamepad, drawTickets],
  fashion: [drawTShirt, drawHandbag],
  food: [drawNoodleBowl, drawGroceryBag],
  health: [drawLotion],
  furniture: [drawSofa, drawArmchair],
  home: [drawPottedPlant, drawLamp],
  travel: [drawSuitcase],
  marketplace: [drawShoppingBag],
  services: [drawReceipt, drawTools],
  sports: [drawDumbbell, drawSneaker],
  toys: [drawTeddyBear, drawToyBlocks],
}
