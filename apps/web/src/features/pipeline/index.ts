export { PipelineBoard } from './components/PipelineBoard';
export { StageFilter } from './components/StageFilter';
