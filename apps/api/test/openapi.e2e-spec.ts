import { callRecordSchema, createLeadRequestSchema, leadSchema, listLeadsQuerySchema, sourceCountSchema } from '@lead-desk/contracts';
import { startTestApp, type TestApp } from './support/test-app';

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
}

/** Answers that are not JSON: a file, audio, an event stream, or nothing (204, or the 202 of a chat's end). */
const NOT_JSON = ['GET /api/leads/export.csv', 'GET /api/jobs/{id}/export.csv', 'GET /api/calls/{id}/recording', 'POST /api/privacy/access', 'GET /api/events', 'POST /api/chat/messages', 'POST /api/chat/sessions/{sessionId}/end', 'POST /api/auth/sign-out', 'DELETE /api/staff/{id}', 'DELETE /api/leads/{id}/notes/{noteId}', 'DELETE /api/views/{id}', 'POST /api/leads/duplicates/{id}/dismiss', 'DELETE /api/lead-sources/{id}', 'DELETE /api/lead-sources/{id}/keys/{keyId}', 'GET /api/calendar/feed/{file}', 'DELETE /api/staff/me/calendar-feed'];

describe('the OpenAPI document (/api/docs)', () => {
  let testApp: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    testApp = await startTestApp('sqlite');
    doc = (await testApp.http.get('/api/docs-json').expect(200)).body;
  });
  afterAll(() => testApp.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })));

  it('shows the schema of every JSON answer', () => {
    const undocumented = operations()
      .filter(({ route }) => !NOT_JSON.includes(route))
      .filter(({ operation }) => !Object.entries(operation.responses).some(([status, answer]) => status.startsWith('2') && answer.content?.['application/json']?.schema))
      .map(({ route }) => route);
    expect(undocumented).toEqual([]);
  });

  it('describes answers with the contracts’ fields, a nullable field as nullable', () => {
    const { LeadOutput, CallOutput } = doc.components.schemas;
    expect(Object.keys(LeadOutput.properties)).toEqual(Object.keys(leadSchema.shape));
    expect(Object.keys(CallOutput.properties)).toEqual(Object.keys(callRecordSchema.shape));
    expect(LeadOutput.properties.email).toEqual({ type: 'string', nullable: true });
    expect(LeadOutput.properties.budget).toEqual({ anyOf: [{ type: 'number' }, { type: 'string' }], nullable: true });
    expect(CallOutput.properties.cost).toEqual({ type: 'number', nullable: true });
    // An OpenAPI 3.0 type is one name: a list of names is read as an array by clients.
    expect(JSON.stringify(doc)).not.toMatch(/"type":\[/);
  });

  it('documents the bodies and queries the routes validate', () => {
    const find = (route: string) => operations().find((candidate) => candidate.route === route)!.operation;
    expect(find('POST /api/leads').requestBody?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CreateLeadInput' });
    expect(Object.keys(doc.components.schemas.CreateLeadInput.properties)).toEqual(Object.keys(createLeadRequestSchema.shape));
    expect(find('GET /api/leads').parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(
      Object.keys(listLeadsQuerySchema.shape).map((name) => `query:${name}`),
    );
    expect(find('GET /api/calls/{id}').parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(['path:id']);
    expect(find('GET /api/leads/sources').parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(['query:archived']);
    expect(Object.keys(doc.components.schemas.SourceCountOutput.properties)).toEqual(Object.keys(sourceCountSchema.shape));
  });
});
