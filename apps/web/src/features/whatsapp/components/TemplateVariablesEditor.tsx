import { WHATSAPP_VARIABLE_SOURCES, type WhatsappVariableSource } from '@lead-desk/contracts';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { FormField } from '../../../components/FormField';
import { placeholder, VARIABLE_SOURCE_TEXT } from './variableSourceTexts';

const TEXT = {
  legend: 'Variables, in the body’s order',
  none: 'No variables: the body is sent as approved.',
  variable: (index: number) => `Variable ${placeholder(index)}`,
  key: 'Key',
  keyHint: 'What a send names it by: lower-case letters, digits and _.',
  source: 'Filled from',
  up: (index: number) => `Move ${placeholder(index)} up`,
  down: (index: number) => `Move ${placeholder(index)} down`,
  remove: (index: number) => `Remove ${placeholder(index)}`,
  add: 'Add a variable',
};

/** A variable as the form holds it: `id` keeps its row (and what was typed) when the list is reordered. */
export interface VariableDraft {
  id: string;
  key: string;
  source: WhatsappVariableSource;
}

let nextDraftId = 0;
export const variableDraft = (key = '', source: WhatsappVariableSource = 'lead.name'): VariableDraft => ({ id: `variable-${++nextDraftId}`, key, source });

interface TemplateVariablesEditorProps {
  variables: VariableDraft[];
  onChange: (variables: VariableDraft[]) => void;
  /** The API's message for a field under `variables` (`variables`, `variables.0.key`), with its label in front. */
  errorOf: (field: string) => string | undefined;
}

/** The template's variables in order ({{1}}, {{2}}…), each with its key and source: added, removed and moved. */
export function TemplateVariablesEditor({ variables, onChange, errorOf }: TemplateVariablesEditorProps) {
  const update = (index: number, changes: Partial<VariableDraft>) => onChange(variables.map((variable, at) => (at === index ? { ...variable, ...changes } : variable)));
  const move = (index: number, by: -1 | 1) => {
    const moved = [...variables];
    [moved[index], moved[index + by]] = [moved[index + by], moved[index]];
    onChange(moved);
  };
  const listError = errorOf('variables');
  return (
    <fieldset className="whatsapp-admin__variables">
      <legend className="form-field__label">{TEXT.legend}</legend>
      {variables.length === 0 && <p className="form-field__hint">{TEXT.none}</p>}
      <ol className="whatsapp-admin__variable-list">
        {variables.map((variable, index) => (
          <li key={variable.id}>
            <fieldset className="whatsapp-admin__variable">
              <legend>{TEXT.variable(index)}</legend>
              <FormField label={TEXT.key} hint={TEXT.keyHint} error={errorOf(`variables.${index}.key`)}>
                {(control) => <input {...control} value={variable.key} autoComplete="off" spellCheck={false} onChange={(event) => update(index, { key: event.target.value })} />}
              </FormField>
              <FormField label={TEXT.source} error={errorOf(`variables.${index}.source`)}>
                {(control) => (
                  <select {...control} value={variable.source} onChange={(event) => update(index, { source: event.target.value as WhatsappVariableSource })}>
                    {WHATSAPP_VARIABLE_SOURCES.map((source) => (
                      <option key={source} value={source}>
                        {VARIABLE_SOURCE_TEXT[source]} ({source})
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <div className="whatsapp-admin__variable-actions">
                <button type="button" className="button button--secondary" aria-label={TEXT.up(index)} aria-disabled={index === 0 || undefined} onClick={() => index > 0 && move(index, -1)}>
                  <ArrowUp aria-hidden size={16} />
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={TEXT.down(index)}
                  aria-disabled={index === variables.length - 1 || undefined}
                  onClick={() => index < variables.length - 1 && move(index, 1)}
                >
                  <ArrowDown aria-hidden size={16} />
                </button>
                <button type="button" className="button button--secondary" aria-label={TEXT.remove(index)} onClick={() => onChange(variables.filter((_, at) => at !== index))}>
                  <Trash2 aria-hidden size={16} />
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      {listError && <p className="form-field__error">{listError}</p>}
      <div>
        <button type="button" className="button button--secondary" onClick={() => onChange([...variables, variableDraft()])}>
          <Plus aria-hidden size={16} />
          {TEXT.add}
        </button>
      </div>
    </fieldset>
  );
}
