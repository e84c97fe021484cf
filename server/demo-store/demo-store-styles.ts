import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

/**
 * The demo storefront's only stylesheet, served from its own path: the app's CSP allows styles
 * from our origin only (`style-src 'self'`), so inline `<style>` would be blocked. It looks
 * deliberately unlike the app, as a merchant's shop would.
 */
export const demoStoreStylesheetRoute = '/assets/demo-store.css'
export const demoStoreStylesheetPath = `/demo-store${demoStoreStylesheetRoute}`

/**
 * The Thai glyphs of the app's own font, served from the installed package: phones and Debian's
 * Chromium may have no Thai font at all, and the page would show boxes. Demo mode only, where
 * dependencies are installed.
 */
export const demoStoreFontRoute = '/assets/thai'
const fontFiles = new Map<number, Promise<ArrayBuffer>>()

export function readDemoStoreFont(weight: 400 | 700): Promise<ArrayBuffer> {
  let file = fontFiles.get(weight)
  if (file === undefined) {
    const path = createRequire(import.meta.url).resolve(
      `@fontsource/ibm-plex-sans-thai/files/ibm-plex-sans-thai-thai-${weight}-normal.woff2`,
    )
    file = readFile(path).then((buffer) => new Uint8Array(buffer).buffer)
    fontFiles.set(weight, file)
  }
  return file
}

export const demoStoreStylesheet = `
@font-face {
  font-family: 'Demo Store Thai';
  font-weight: 400;
  font-display: swap;
  src: url('/demo-store${demoStoreFontRoute}/400') format('woff2');
  /* Thai letters only: Latin text keeps the system font. */
  unicode-range: U+0E01-0E5B, U+200C-200D, U+25CC;
}
@font-face {
  font-family: 'Demo Store Thai';
  font-weight: 700;
  font-display: swap;
  src: url('/demo-store${demoStoreFontRoute}/700') format('woff2');
  /* Thai letters only: Latin text keeps the system font. */
  unicode-range: U+0E01-0E5B, U+200C-200D, U+25CC;
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0;
  font-family: 'Demo Store Thai', system-ui, -apple-system, 'Segoe UI', sans-serif;
  line-height: 1.5;
  color: #1f2328;
  background: #f6f3ee;
}
a { color: #8a3b12; }
.banner {
  position: sticky; top: 0; z-index: 1;
  padding: 0.5rem 1rem;
  background: #fde68a; color: #5b3a00;
  font-weight: 700; text-align: center;
  border-bottom: 2px dashed #b45309;
}
main { max-width: 40rem; margin: 0 auto; padding: 1rem; }
.store-header { display: flex; align-items: center; gap: 0.75rem; margin-bottom: 1rem; }
.store-header img { width: 3.5rem; height: 3.5rem; border-radius: 0.75rem; background: #fff; }
.store-header h1 { margin: 0; font-size: 1.25rem; }
.store-header p { margin: 0; color: #57606a; font-size: 0.875rem; }
.notice { margin: 0 0 1rem; padding: 0.75rem; border-radius: 0.5rem; background: #fff; border-left: 4px solid #b45309; }
.notice.warning { border-left-color: #cf222e; }
.products { display: grid; grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr)); gap: 0.75rem; padding: 0; list-style: none; }
.product { display: flex; flex-direction: column; gap: 0.25rem; padding: 0.75rem; border-radius: 0.75rem; background: #fff; }
.product img { width: 100%; aspect-ratio: 1; object-fit: contain; border-radius: 0.5rem; background: #f6f8fa; }
.product h2 { margin: 0; font-size: 0.9375rem; }
.product .name-en { margin: 0; color: #57606a; font-size: 0.8125rem; }
.price { margin: 0; font-size: 1.125rem; font-weight: 700; color: #8a3b12; }
form { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; margin: 0; }
label { font-size: 0.875rem; }
select { font: inherit; padding: 0.25rem; border-radius: 0.375rem; }
button {
  font: inherit; font-weight: 700;
  min-height: 2.75rem; padding: 0.5rem 1rem;
  border: 0; border-radius: 999px;
  background: #c2410c; color: #fff; cursor: pointer;
}
button.secondary { background: #fff; color: #1f2328; border: 1px solid #d0d7de; }
.order { padding: 1rem; border-radius: 0.75rem; background: #fff; }
.order dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; margin: 0; }
.order dt { color: #57606a; }
.order dd { margin: 0; overflow-wrap: anywhere; }
.network { margin-top: 1rem; padding: 1rem; border-radius: 0.75rem; background: #eef2f7; }
.network h2 { margin-top: 0; font-size: 1rem; }
.network form { margin-top: 0.5rem; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1rem; }
.back { display: inline-flex; align-items: center; min-height: 2.75rem; font-weight: 700; }
`
