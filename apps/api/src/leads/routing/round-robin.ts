/** An agent who may take new leads, with the routing turn in which they last got one. */
export interface RoutableAgent {
  id: string;
  name: string;
  email: string;
  routingTurn: number;
}

/**
 * Gives `count` leads, in order, to `agents` by round-robin: each lead goes to the agent
 * with the lowest turn (then the lowest id), whose turn becomes the highest so far plus
 * one. Answers each lead's agent and the new turn of every agent who got one.
 */
export function roundRobin(agents: readonly RoutableAgent[], count: number): { owners: RoutableAgent[]; turns: Map<string, number> } {
  if (agents.length === 0) return { owners: [], turns: new Map() };
  const queue = [...agents].sort((a, b) => a.routingTurn - b.routingTurn || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let highest = Math.max(...agents.map((agent) => agent.routingTurn));
  const owners: RoutableAgent[] = [];
  const turns = new Map<string, number>();
  for (let lead = 0; lead < count; lead += 1) {
    // The first in the queue has the lowest turn; after its lead it has the highest, so it goes last.
    const next = queue.shift()!;
    highest += 1;
    turns.set(next.id, highest);
    owners.push(next);
    queue.push(next);
  }
  return { owners, turns };
}
