export { FollowUps } from './components/FollowUps';
export { LeadTasks } from './components/LeadTasks';
export type { LeadOpener } from './leadOpener';
