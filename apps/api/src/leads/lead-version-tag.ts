import { versionFromIfMatch as versionOfRecordFromIfMatch } from '../common/version-tag';

export { versionTag } from '../common/version-tag';

/** The lead's version an If-Match header names (see common/version-tag). */
export function versionFromIfMatch(header: string | undefined): number | undefined {
  return versionOfRecordFromIfMatch(header, 'lead');
}
