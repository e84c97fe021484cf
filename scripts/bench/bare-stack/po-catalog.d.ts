// Catalogs are imported as `.po` files and compiled by @lingui/vite-plugin (as src/po-catalog.d.ts).
declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
