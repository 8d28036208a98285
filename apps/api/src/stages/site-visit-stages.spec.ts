import type { Stage } from '../database/models';
import { siteVisitScheduledStage, stageAfterSiteVisit } from './site-visit-stages';

const at = new Date('2026-11-01T00:00:00Z');
const stage = (id: string, name: string, position: number, kind = 'open', archived = false): Stage => ({ id, name, kind, position, archived, createdAt: at, updatedAt: at });
const PIPELINE = [
  stage('new', 'New', 1),
  stage('contacted', 'Contacted', 2),
  stage('scheduled', 'Site Visit Scheduled', 3),
  stage('done', 'Site Visit Done', 4),
  stage('won', 'Booked', 5, 'won'),
  stage('lost', 'Lost', 6, 'lost'),
];

describe('the site visit stages', () => {
  it('finds "Site Visit Scheduled" by its name in any case', () => {
    expect(siteVisitScheduledStage(PIPELINE)?.id).toBe('scheduled');
    expect(siteVisitScheduledStage([stage('x', ' site visit SCHEDULED ', 1)])?.id).toBe('x');
    expect(siteVisitScheduledStage([stage('new', 'New', 1)])).toBeNull();
  });

  it('suggests the next stage on the board to a lead before it', () => {
    expect(stageAfterSiteVisit(PIPELINE, 'scheduled')?.id).toBe('done');
    expect(stageAfterSiteVisit(PIPELINE, 'new')?.id).toBe('done');
  });

  it('skips archived stages, and suggests nothing to a lead there already, beyond, won or lost', () => {
    expect(stageAfterSiteVisit([...PIPELINE.slice(0, 3), { ...PIPELINE[3], archived: true }, stage('nego', 'Negotiation', 5)], 'scheduled')?.id).toBe('nego');
    expect(stageAfterSiteVisit(PIPELINE, 'done')).toBeNull();
    expect(stageAfterSiteVisit(PIPELINE, 'won')).toBeNull();
    expect(stageAfterSiteVisit(PIPELINE, 'lost')).toBeNull();
    expect(stageAfterSiteVisit(PIPELINE.slice(0, 3), 'new')).toBeNull();
    expect(stageAfterSiteVisit([stage('new', 'New', 1), stage('contacted', 'Contacted', 2)], 'new')).toBeNull();
  });
});
