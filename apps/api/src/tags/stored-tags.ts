/** A lead's tags as the leads table keeps them beside the lead (a JSON array), for its JSON without a join. */
export function tagsFromColumn(column: string): string[] {
  return JSON.parse(column) as string[];
}

export function tagsToColumn(tags: string[]): string {
  return JSON.stringify(tags);
}
