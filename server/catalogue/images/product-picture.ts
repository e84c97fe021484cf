import type { MerchantCategoryId } from '#domain/categories'
import { productIllustrations } from './product-illustrations.ts'
import { productColourPairs, type ProductColours } from './product-palette.ts'
import { pickBySeed } from './seeded-choice.ts'
import { describeSparkle, drawCircle, drawEllipse, drawGroup, drawRect, drawShape } from './svg-shapes.ts'
import { renderSvgDocument } from './svg-document.ts'

const width = 400
const height = 300

type Decoration = (colours: ProductColours) => string

/** Twinkles and dots in the corners the object leaves empty; three layouts so neighbours differ. */
const decorationLayouts: readonly [Decoration, ...Decoration[]] = [
  ({ main, accent }) =>
    drawShape(describeSparkle(70, 70, 14), accent.light) +
    drawCircle(334, 76, 7, main.light) +
    drawCircle(346, 218, 5, accent.light),
  ({ main, accent }) =>
    drawShape(describeSparkle(334, 72, 13), accent.light) +
    drawCircle(64, 92, 6, main.light) +
    drawShape(describeSparkle(58, 214, 9), main.light),
  ({ main, accent }) =>
    drawCircle(72, 66, 8, accent.light) +
    drawShape(describeSparkle(340, 196, 12), main.light) +
    drawCircle(322, 62, 5, main.light),
]

export function renderProductPictureSvg({
  productId,
  categoryId,
  label,
}: {
  productId: string
  categoryId: MerchantCategoryId
  label: string
}): string {
  const colours = pickBySeed(productColourPairs, productId, 'product-colour')
  const illustrate = pickBySeed(productIllustrations[categoryId], productId, 'product-illustration')
  const decorate = pickBySeed(decorationLayouts, productId, 'product-decoration')

  const body =
    drawRect(0, 0, width, height, 0, colours.main.tint) +
    drawCircle(200, 150, 112, colours.main.soft) +
    decorate(colours) +
    drawGroup(drawEllipse(200, 242, 108, 9, colours.main.deep), { opacity: 0.14 }) +
    illustrate(colours)

  return renderSvgDocument({ width, height, title: label, body })
}
