import type { MerchantCategoryId } from '#domain/categories'

/**
 * Outline glyphs on a 24-unit grid, drawn to be stroked 2 units wide with round caps and joins:
 * the same shape language as the Lucide icons the app uses, so a logo sits well beside them.
 */
export const categoryGlyphs: Record<MerchantCategoryId, string> = {
  books:
    '<path d="M12 7.5v13"/><path d="M3 4.5h5a4 4 0 0 1 4 4 4 4 0 0 1 4-4h5v13h-6a3 3 0 0 0-3 3 3 3 0 0 0-3-3H3z"/>',
  computers: '<rect x="4" y="4.5" width="16" height="11" rx="2"/><path d="M2 19.5h20"/>',
  entertainment: '<circle cx="12" cy="12" r="9"/><path d="M10 8.5l5 3.5-5 3.5z"/>',
  fashion: '<path d="M8.5 3.5 3 6.5l2 4.5 2.5-1.2V20.5h9V9.8l2.5 1.2 2-4.5-5.5-3a3.5 3.5 0 0 1-7 0z"/>',
  food: '<path d="M3 12h18a9 9 0 0 1-18 0z"/><path d="M9 3.5c-1 1.5 1 2.5 0 4.5"/><path d="M15 3.5c-1 1.5 1 2.5 0 4.5"/>',
  health:
    '<path d="M12 20.5s-8-4.6-8-10.3A4.6 4.6 0 0 1 12 7.4a4.6 4.6 0 0 1 8 2.8c0 5.7-8 10.3-8 10.3z"/><path d="M12 11v5"/><path d="M9.5 13.5h5"/>',
  furniture:
    '<path d="M5 11V8a3 3 0 0 1 3-3h8a3 3 0 0 1 3 3v3"/><path d="M2.5 18v-5a2 2 0 0 1 4 0v2h11v-2a2 2 0 0 1 4 0v5z"/><path d="M5 18v2.5"/><path d="M19 18v2.5"/>',
  home: '<path d="M3 11 12 3.5l9 7.5"/><path d="M5.5 9v11.5h13V9"/><path d="M10 20.5v-6h4v6"/>',
  travel:
    '<rect x="3" y="7" width="18" height="13.5" rx="2.5"/><path d="M9 7V5a1.5 1.5 0 0 1 1.5-1.5h3A1.5 1.5 0 0 1 15 5v2"/><path d="M8 7v13.5"/><path d="M16 7v13.5"/>',
  marketplace: '<path d="M4.5 8h15l-1.2 12.5H5.7z"/><path d="M9 10.5V7a3 3 0 0 1 6 0v3.5"/>',
  services: '<path d="M3 18.5h18"/><path d="M4.5 18.5a7.5 7.5 0 0 1 15 0"/><path d="M12 11V8"/><path d="M10 8h4"/>',
  sports:
    '<path d="M6.5 6.5v11"/><path d="M17.5 6.5v11"/><path d="M3 9.5v5"/><path d="M21 9.5v5"/><path d="M6.5 12h11"/>',
  toys: '<circle cx="12" cy="13.5" r="7"/><circle cx="6" cy="6" r="2.5"/><circle cx="18" cy="6" r="2.5"/><path d="M10 16.5a3 3 0 0 0 4 0"/><path d="M9.5 12h.01"/><path d="M14.5 12h.01"/>',
}
