/**
 * The height of the home screen's paste-a-link card, kept by its stand-in until the card's code
 * has loaded, so nothing below it moves (the first-screen budget allows no layout shift). It fits
 * the card at 360–430 px in both languages (a two-line text at most).
 */
export const pasteLinkCardHeight = 'min-h-[16.25rem]'
