import type { Lead, Stage } from '@lead-desk/contracts';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useCallback, useId, useMemo, useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import type { LeadView } from '../../leads/types';
import { boardAnnouncements, boardInstructions } from '../boardAnnouncements';
import { boardKeyboardCoordinates } from '../boardKeyboardCoordinates';
import { useBoardCounts } from '../hooks/useBoardCounts';
import { useMoveLead } from '../hooks/useMoveLead';
import { useStages } from '../hooks/useStages';
import { BoardColumn } from './BoardColumn';
import { BoardMoveFailure } from './BoardMoveFailure';
import { DraggedCard } from './DraggedCard';
import { LostReasonDialog } from './LostReasonDialog';
import '../pipeline.css';

const TEXT = {
  title: 'Pipeline',
  loading: 'Loading the pipeline…',
  stagesFailed: 'Could not load the stages',
  countsFailed: 'Could not count the leads of each stage',
};

/** A pointer over a column decides; a keyboard-moved card (no pointer) goes to the column it overlaps most. */
const columnUnderCard: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : rectIntersection(args);
};

interface PipelineBoardProps {
  view: LeadView;
  highlighted: ReadonlySet<string>;
  onViewDetails: (lead: Lead) => void;
}

/** The pipeline as columns, one per stage in use, whose cards are dragged (or moved by keyboard) from stage to stage. */
export function PipelineBoard({ view, highlighted, onViewDetails }: PipelineBoardProps) {
  const headingId = useId();
  const stages = useStages();
  const board = useBoardCounts(view);
  const { move, failure, dismissFailure } = useMoveLead();
  const [dragged, setDragged] = useState<Lead | null>(null);
  const [losing, setLosing] = useState<{ lead: Lead; stage: Stage } | null>(null);
  const sensors = useSensors(
    // A click on a card's button is not a drag: it must travel a few pixels first.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    // An instant scroll when the next column is out of view: a smooth one would still be running when Space drops the card.
    useSensor(KeyboardSensor, { coordinateGetter: boardKeyboardCoordinates, scrollBehavior: 'auto' }),
  );
  const columns = useMemo(() => (stages.data ?? []).filter((stage) => !stage.archived).toSorted((a, b) => a.position - b.position), [stages.data]);
  const announcements = useMemo(
    () => boardAnnouncements((id) => columns.find((stage) => stage.id === id)?.name ?? String(id)),
    [columns],
  );

  const onDragStart = useCallback((event: DragStartEvent) => setDragged((event.active.data.current?.lead as Lead | undefined) ?? null), []);
  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      setDragged(null);
      const lead = active.data.current?.lead as Lead | undefined;
      const stage = columns.find((column) => column.id === over?.id);
      if (!lead || !stage || stage.id === lead.stage.id) return;
      if (stage.kind === 'lost') setLosing({ lead, stage });
      else move({ lead, stage });
    },
    [columns, move],
  );

  return (
    <section className="pipeline-board" aria-labelledby={headingId}>
      <h4 id={headingId} className="visually-hidden">
        {TEXT.title}
      </h4>
      {failure && <BoardMoveFailure message={failure} onDismiss={dismissFailure} />}
      {board.error && <ErrorNotice title={TEXT.countsFailed} error={board.error} onRetry={() => void board.refetch()} />}
      {stages.error ? (
        <ErrorNotice title={TEXT.stagesFailed} error={stages.error} onRetry={() => void stages.refetch()} />
      ) : stages.isPending ? (
        <p role="status">{TEXT.loading}</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={columnUnderCard}
          accessibility={{ announcements, screenReaderInstructions: boardInstructions }}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragged(null)}
        >
          <div className="pipeline-board__columns">
            {columns.map((stage, index) => (
              <BoardColumn
                key={stage.id}
                stage={stage}
                index={index}
                view={view}
                count={board.counts.get(stage.id)}
                highlighted={highlighted}
                onViewDetails={onViewDetails}
              />
            ))}
          </div>
          <DragOverlay>{dragged && <DraggedCard lead={dragged} />}</DragOverlay>
        </DndContext>
      )}
      {losing && (
        <LostReasonDialog
          lead={losing.lead}
          stage={losing.stage}
          onCancel={() => setLosing(null)}
          onMove={(lostReason) => {
            move({ ...losing, lostReason });
            setLosing(null);
          }}
        />
      )}
    </section>
  );
}
