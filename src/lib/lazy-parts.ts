/**
 * Lazy parts of the app whose messages are catalog files of their own (docs/decisions/014): the
 * build (vite.config.ts, `ownCatalogParts`) names each part's files in the route catalogs under its
 * key here, and the app loads them with the part (`withPartMessages`, src/lib/i18n.ts). Their
 * messages are then in no page's first load.
 *
 * No imports: vite.config.ts reads this too.
 */

/** What only a signed-in member's phone runs (src/components/layout/member-shell.tsx). */
export const memberShellPart = 'part:member-shell'

/** The screen a desktop gets instead of the app (src/components/layout/desktop-screen.tsx). */
export const desktopScreenPart = 'part:desktop-screen'

/** The prompt to reload for a new version (src/components/layout/update-prompt.tsx). */
export const updatePromptPart = 'part:update-prompt'

/** The home page's paste-a-link card, loaded when the browser is idle (src/features/links/components/paste-link-card-slot.tsx). */
export const pasteLinkCardPart = 'part:paste-link-card'

/** The home page's offer to install the app, shown from a second visit on (src/features/home/components/install-app-card.tsx). */
export const installCardPart = 'part:install-card'
