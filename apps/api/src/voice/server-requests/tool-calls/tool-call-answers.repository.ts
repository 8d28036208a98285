import { Injectable } from '@nestjs/common';
import type { TransactionClient } from '../../../database/prisma-client';
import type { ToolOutcome } from './agent-tool';

type Db = Pick<TransactionClient, 'toolCallAnswer'>;

/** The answers of the agent's tool calls that changed something, by Vapi's tool call id: a retried call gets the same answer. */
@Injectable()
export class ToolCallAnswersRepository {
  async find(toolCallId: string, db: Db): Promise<ToolOutcome | null> {
    const stored = await db.toolCallAnswer.findUnique({ where: { toolCallId }, select: { answer: true } });
    return stored ? (JSON.parse(stored.answer) as ToolOutcome) : null;
  }

  /** In the transaction of the change itself: the change and its answer are kept together or not at all. */
  async record(toolCallId: string, vapiCallId: string | null, name: string, outcome: ToolOutcome, db: Db, now: Date): Promise<void> {
    await db.toolCallAnswer.create({ data: { toolCallId, vapiCallId, name, answer: JSON.stringify(outcome), createdAt: now } });
  }
}
