/** How the page opens a lead's details: the app gives it, as the leads feature shows them. */
export interface LeadOpener {
  /** A link to the lead's details (for a new tab, or a copied link). */
  href: (leadId: string) => string;
  /** Opens the lead's details over the dashboard. */
  open: (leadId: string) => void;
}
