import type { CallOfRequest } from '../server-request-message';

/** What a tool knows of the call it was called in. */
export interface ToolCallContext {
  call: CallOfRequest;
  /** Vapi's id of this tool call: a tool that writes is idempotent on it (a retried call books nothing more). */
  toolCallId: string;
}

/** What the model is told: a result to use, or an error it can say (ToolCallResult's `result` or `error`). */
export type ToolOutcome = { result: string } | { error: string };

/** One of the agent's function tools, answered by name during a call. */
export interface AgentTool {
  readonly name: string;
  run(args: Record<string, unknown>, context: ToolCallContext): Promise<ToolOutcome>;
}

/** The tools a `tool-calls` message may name (ServerRequestsModule provides them). */
export const AGENT_TOOLS = Symbol('AGENT_TOOLS');
