import { vi } from 'vitest';

/**
 * jsdom lays nothing out, so the virtual lead list would see a box 0 px high and show
 * no card. This gives its scroll box the height a browser would.
 */
export function giveLeadListHeight(height = 800): void {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('lead-list') ? height : 0;
  });
}
