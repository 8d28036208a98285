export { startApi } from './api-process';
export { FakeVapiServer, type FakeDeleteBehaviour, type FakeRecordingBehaviour, type FakeVapiBehaviour, type RecordedVapiRequest } from './fake-vapi/fake-vapi-server';
export { vapiHmacHeaders, type SignedDelivery, type VapiHmacPlan } from './fake-vapi/sign-webhook';
export { freePort } from './free-port';
export { REPOSITORY_ROOT } from './repository-root';
export { EndedBeforeReadyError, startServerProcess, type ProcessExit, type ServerProcess } from './server-process';
export { TcpProxy } from './tcp-proxy';
