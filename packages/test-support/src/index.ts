export { startApi } from './api-process';
export { FakeVapiServer, type FakeDeleteBehaviour, type FakeRecordingBehaviour, type FakeVapiBehaviour, type RecordedVapiRequest } from './fake-vapi/fake-vapi-server';
export { vapiHmacHeaders, type SignedDelivery, type VapiHmacPlan } from './fake-vapi/sign-webhook';
export { FakeMetaGraphServer, type FakeMetaGraphBehaviour, type FakeMetaLead, type RecordedGraphRequest } from './fake-meta-graph/fake-meta-graph-server';
export { metaLeadgenNotification, metaSignature } from './fake-meta-graph/sign-meta-delivery';
export { freePort } from './free-port';
export { REPOSITORY_ROOT } from './repository-root';
export { EndedBeforeReadyError, startServerProcess, type ProcessExit, type ServerProcess } from './server-process';
export { TcpProxy } from './tcp-proxy';
