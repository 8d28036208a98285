/** The agent's function tools by the names the model calls them (pnpm vapi:setup creates them so). */
export const SEARCH_PROPERTIES = 'search_properties';
export const BOOK_SITE_VISIT = 'book_site_visit';
