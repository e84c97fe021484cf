/**
 * The `performance.mark` the app sets when its first render is on screen (src/app-root.tsx): what a
 * page's first screen runs is the code asked for before it. The first-screen bench counts its
 * first-load JavaScript up to this mark (scripts/bench/first-screen.ts); later code (the service
 * worker's registration, the outbox) loads when the browser is idle.
 */
export const firstRenderMark = 'ngernkhuen:first-render'
