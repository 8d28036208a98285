import { roundRobin, type RoutableAgent } from './round-robin';

const agent = (id: string, routingTurn: number): RoutableAgent => ({ id, name: id, email: `${id}@example.in`, routingTurn });

describe('roundRobin', () => {
  it('gives leads in turn order, then id order, and moves each agent to the back', () => {
    const { owners, turns } = roundRobin([agent('c', 0), agent('b', 4), agent('a', 0)], 5);
    expect(owners.map(({ id }) => id)).toEqual(['a', 'c', 'b', 'a', 'c']);
    expect(Object.fromEntries(turns)).toEqual({ b: 7, a: 8, c: 9 });
  });

  it('lets an agent back from a break take one lead, then join the rotation', () => {
    const first = roundRobin([agent('a', 10), agent('b', 11), agent('c', 12), agent('d', 3)], 5);
    expect(first.owners.map(({ id }) => id)).toEqual(['d', 'a', 'b', 'c', 'd']);
  });

  it('gives nothing when no agent is available', () => {
    expect(roundRobin([], 3)).toEqual({ owners: [], turns: new Map() });
  });
});
