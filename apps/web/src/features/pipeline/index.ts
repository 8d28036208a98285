export { StageFilter } from './components/StageFilter';
export { PipelineBoard } from './lazyPipelineBoard';
export { useStages } from './hooks/useStages';
