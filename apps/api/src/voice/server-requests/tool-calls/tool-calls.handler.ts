import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Vapi } from '@vapi-ai/server-sdk';
import { callOfRequest, type ToolCallsMessage } from '../server-request-message';
import { AGENT_TOOLS, type AgentTool, type ToolOutcome } from './agent-tool';
import { toolArguments } from './tool-arguments';

/** What the model hears when a tool failed in a way it cannot fix by asking again. */
export const TOOL_FAILED = 'Sorry, I could not do that just now because of a problem on our side. Please offer that an adviser will call back.';

/**
 * Answers a `tool-calls` message: each call by its tool's name, one after the other (two
 * bookings in one message must see each other), each with `result` or `error`
 * (ServerMessageResponseToolCalls). A tool that throws is logged with its call and answered
 * with an error the agent can say, so one failure never costs the others their answers.
 */
@Injectable()
export class ToolCallsHandler {
  private readonly logger = new Logger(ToolCallsHandler.name);
  private readonly tools: Map<string, AgentTool>;

  constructor(@Inject(AGENT_TOOLS) tools: AgentTool[]) {
    this.tools = new Map(tools.map((tool) => [tool.name, tool]));
  }

  async answer(message: ToolCallsMessage): Promise<Vapi.ServerMessageResponseToolCalls> {
    const call = callOfRequest(message);
    const results: Vapi.ToolCallResult[] = [];
    for (const toolCall of message.toolCallList) {
      const outcome = await this.run(toolCall.name, toolCall.arguments, { call, toolCallId: toolCall.id });
      results.push({ toolCallId: toolCall.id, name: toolCall.name, ...outcome });
    }
    return { results };
  }

  private async run(name: string, rawArguments: unknown, context: Parameters<AgentTool['run']>[1]): Promise<ToolOutcome> {
    const tool = this.tools.get(name);
    if (!tool) return { error: `There is no tool named ${name || '(none)'}.` };
    const args = toolArguments(rawArguments);
    if (!args.ok) return { error: args.error };
    try {
      return await tool.run(args.value, context);
    } catch (error) {
      this.logger.error({ err: error, tool: name, toolCallId: context.toolCallId, vapiCallId: context.call.vapiCallId, vapiSessionId: context.call.vapiSessionId }, 'A tool call failed');
      return { error: TOOL_FAILED };
    }
  }
}
