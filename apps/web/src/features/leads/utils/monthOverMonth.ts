/** "+12% from last month", "-5% from last month", or "No data last month" when there is nothing to compare with. */
export function monthOverMonth(thisMonth: number, lastMonth: number): string {
  if (lastMonth === 0) return 'No data last month';
  const change = Math.round(((thisMonth - lastMonth) / lastMonth) * 100);
  return `${change > 0 ? '+' : ''}${change}% from last month`;
}
