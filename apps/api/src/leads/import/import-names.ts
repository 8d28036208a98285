import type { Stage, StaffUser } from '../../database/models';

export type ImportStage = Pick<Stage, 'id' | 'name' | 'kind' | 'archived'>;
export type ImportOwner = Pick<StaffUser, 'id' | 'name' | 'email'>;

type Named<T> = { ok: true; value: T } | { ok: false; message: string };

/** How a name is compared: case and surrounding or repeated spaces do not count. */
function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The pipeline's stages and the staff, as an imported file names them: a stage by its name,
 * an owner by email or name, neither case-sensitive. Read once per import (a team has a
 * handful of each); a name that is none of them is the row's error, never a new stage or account.
 */
export class ImportNames {
  private readonly stagesByName = new Map<string, ImportStage>();
  private readonly ownersByEmail = new Map<string, ImportOwner>();
  private readonly ownersByName = new Map<string, ImportOwner[]>();
  private readonly stagesById: Map<string, ImportStage>;
  private readonly ownersById: Map<string, ImportOwner>;

  constructor(
    private readonly stages: ImportStage[],
    staff: ImportOwner[],
  ) {
    // The first stage of a name wins, as the board lists them; an archived one only when no open one has the name.
    for (const stage of [...stages.filter((s) => !s.archived), ...stages.filter((s) => s.archived)]) {
      if (!this.stagesByName.has(nameKey(stage.name))) this.stagesByName.set(nameKey(stage.name), stage);
    }
    this.stagesById = new Map(stages.map((stage) => [stage.id, stage]));
    this.ownersById = new Map(staff.map((member) => [member.id, member]));
    for (const member of staff) {
      this.ownersByEmail.set(nameKey(member.email), member);
      this.ownersByName.set(nameKey(member.name), [...(this.ownersByName.get(nameKey(member.name)) ?? []), member]);
    }
  }

  stage(text: string): Named<ImportStage> {
    const stage = this.stagesByName.get(nameKey(text));
    const known = this.stages.filter((s) => !s.archived).map((s) => s.name);
    if (!stage) return { ok: false, message: `is not a stage of the pipeline (${known.join(', ')})` };
    if (stage.archived) return { ok: false, message: `is an archived stage (open ones: ${known.join(', ')})` };
    return { ok: true, value: stage };
  }

  owner(text: string): Named<ImportOwner> {
    const byEmail = this.ownersByEmail.get(nameKey(text));
    if (byEmail) return { ok: true, value: byEmail };
    const byName = this.ownersByName.get(nameKey(text)) ?? [];
    if (byName.length === 1) return { ok: true, value: byName[0] };
    if (byName.length > 1) return { ok: false, message: 'names several members of staff: write their email instead' };
    return { ok: false, message: 'is not a member of staff: write a staff email or name' };
  }

  /** A stored lead's stage or owner by name, as the preview shows it (a stage or member made since the file was opened by its id). */
  stageName(id: string): string {
    return this.stagesById.get(id)?.name ?? id;
  }

  ownerName(id: string | null): string | null {
    return id === null ? null : (this.ownersById.get(id)?.name ?? id);
  }
}
