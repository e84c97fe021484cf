import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { appRoutePatterns } from '#domain/app-routes'

describe('the route list the server uses', () => {
  it('equals the router tree, so a page added on one side only fails here', () => {
    const routeTree = readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8')
    const fullPathsBlock = /fullPaths:([^\n]*(?:\n\s+\|[^\n]*)*)/.exec(routeTree)?.[1] ?? ''
    const routerPaths = [...fullPathsBlock.matchAll(/'([^']+)'/g)]
      .map((match) => match[1] ?? '')
      .map((path) => path.replace(/^\/\{-\$locale\}/, '') || '/')
      .map((path) => (path.length > 1 ? path.replace(/\/$/, '') : path))
    expect([...new Set(routerPaths)].sort()).toEqual([...appRoutePatterns].sort())
  })
})
