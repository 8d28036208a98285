import { listTasksQuerySchema, newTaskSchema, taskChangesSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { z } from 'zod';

export class NewTaskInput extends createZodDto(newTaskSchema) {}
export class TaskChangesInput extends createZodDto(taskChangesSchema) {}
export class ListTasksQuery extends createZodDto(listTasksQuerySchema) {}

/** A new task as validated: what TasksService.create takes (the agent's bookings build one too). */
export type ValidNewTask = z.output<typeof newTaskSchema>;
export type ValidTaskChanges = z.output<typeof taskChangesSchema>;
export type ValidListTasksQuery = z.output<typeof listTasksQuerySchema>;
