import { readFileSync } from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

const SCHEMA_PREFIX = '#/components/schemas/';

/**
 * Validates values against the schemas of an OpenAPI document, as an extract script wrote them
 * (`{ roots, schemas }`, each schema referring to the others as `#/components/schemas/<name>`).
 * Compiled on first use, each schema once.
 */
export class OpenApiSchemaValidator<Name extends string> {
  private ajv?: Ajv;
  private readonly validators = new Map<Name, ValidateFunction>();

  constructor(private readonly extractPath: string) {}

  /** Where `value` does not fit the schema, one line each ("template.language: must have required property 'code'"); empty when it fits. */
  errors(name: Name, value: unknown): string[] {
    const validate = this.validatorFor(name);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => {
      const path = error.instancePath.slice(1).replaceAll('/', '.');
      const property = error.keyword === 'additionalProperties' ? `property ${String(error.params.additionalProperty)} should not exist` : error.message;
      return path ? `${path}: ${property}` : String(property);
    });
  }

  private validatorFor(name: Name): ValidateFunction {
    let validate = this.validators.get(name);
    if (validate) return validate;
    if (!this.ajv) {
      const { schemas } = JSON.parse(readFileSync(this.extractPath, 'utf8')) as { schemas: Record<string, object> };
      // OpenAPI 3.0 is not strict JSON Schema (keywords without a type, `nullable`, formats such as `url`).
      this.ajv = new Ajv({ allErrors: true, strict: false, inlineRefs: false, validateFormats: false });
      addFormats(this.ajv);
      for (const [schemaName, schema] of Object.entries(schemas)) this.ajv.addSchema(schema, `${SCHEMA_PREFIX}${schemaName}`);
    }
    validate = this.ajv.getSchema(`${SCHEMA_PREFIX}${name}`);
    if (!validate) throw new Error(`No schema ${name} in ${this.extractPath}: add it to the extract script's roots`);
    this.validators.set(name, validate);
    return validate;
  }
}
