import { describe, expect, it } from 'vitest'
import { fitWithin } from './prepare-proof-image'

describe('fitWithin', () => {
  it('scales the longer side down to the limit and keeps the shape', () => {
    expect(fitWithin(4032, 3024, 1600)).toEqual({ width: 1600, height: 1200 })
    expect(fitWithin(1170, 2532, 1600)).toEqual({ width: 739, height: 1600 })
  })

  it('never enlarges a small picture', () => {
    expect(fitWithin(640, 480, 1600)).toEqual({ width: 640, height: 480 })
  })

  it('keeps at least one pixel on a very thin picture', () => {
    expect(fitWithin(10_000, 2, 1600)).toEqual({ width: 1600, height: 1 })
  })
})
