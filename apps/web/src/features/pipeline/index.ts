export { StageFilter } from './components/StageFilter';
export { PipelineBoard } from './lazyPipelineBoard';
